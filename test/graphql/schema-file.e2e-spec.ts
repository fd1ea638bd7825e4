import { createTestApp, type TestApp } from '@test/support';
import { readFileSync } from 'node:fs';
import { appSchemaText, SCHEMA_FILE } from '../../src/graphql/schema-file';

/** CI fails when the committed schema.gql and the code's schema differ (`npm run schema` fixes it). */
describe('schema.gql', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('is the schema the app serves, exactly', () => {
    const committed = readFileSync(SCHEMA_FILE, 'utf8');
    const generated = appSchemaText(t.app);
    if (committed !== generated) {
      throw new Error(`schema.gql is out of date: run \`npm run schema\` and commit it.\n--- code's schema ---\n${generated}`);
    }
  });

  it('is what introspection answers (the operations the issue names are there)', async () => {
    const res = await t.http
      .post('/graphql')
      .set('content-type', 'application/json')
      .send({ query: '{ __schema { queryType { fields { name } } mutationType { fields { name } } } }' });
    const queries = res.body.data.__schema.queryType.fields.map((f: { name: string }) => f.name);
    const mutations = res.body.data.__schema.mutationType.fields.map((f: { name: string }) => f.name);
    expect(queries).toEqual(expect.arrayContaining(['posts', 'post', 'connections', 'usage', 'webhooks', 'webhookDeliveries', 'sessions']));
    expect(mutations).toEqual(
      expect.arrayContaining([
        'createPost',
        'updatePost',
        'deletePost',
        'testConnection',
        'createWebhook',
        'updateWebhook',
        'deleteWebhook',
        'regenerateWebhookSecret',
        'sendTestWebhook',
        'redeliverWebhook',
        'createUploadUrl',
        'deleteMedia',
        'updateProfile',
        'changePassword',
        'revokeSession',
      ]),
    );
    for (const name of [...queries, ...mutations]) expect(readFileSync(SCHEMA_FILE, 'utf8')).toContain(`  ${name}`);
  });
});
