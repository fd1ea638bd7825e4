import { createTestApp, type TestApp } from '@test/support';
import { readFileSync } from 'node:fs';
import { DOCUMENT_FILE, documentText, renderSchema, SCHEMA_FILE } from '../../scripts/sdk/sdk-files';

/**
 * CI fails when the SDK's committed files and the document the app serves differ: the SDK would
 * type another API than the service's (`npm run sdk:generate` regenerates both).
 */
describe('the SDK is generated from the served OpenAPI document', () => {
  let t: TestApp;
  let served: unknown;
  beforeAll(async () => {
    t = await createTestApp();
    served = (await t.http.get('/api/v1/openapi.json').expect(200)).body;
  });
  afterAll(() => t?.close());

  const stale = (file: string, generated: string) => {
    const committed = readFileSync(file, 'utf8');
    if (committed === generated) return;
    const lines = [committed.split('\n'), generated.split('\n')];
    const at = lines[0].findIndex((line, i) => line !== lines[1][i]);
    throw new Error(
      `${file} is out of date: run \`npm run sdk:generate\` and commit it.\nFirst difference at line ${at + 1}:\n- ${lines[0][at]}\n+ ${lines[1][at]}`,
    );
  };

  it('sdk/openapi.json is the served document, exactly', () => {
    stale(DOCUMENT_FILE, documentText(served));
  });

  it('sdk/src/schema.ts is what openapi-typescript makes of it', async () => {
    stale(SCHEMA_FILE, await renderSchema(served));
  }, 60_000);
});
