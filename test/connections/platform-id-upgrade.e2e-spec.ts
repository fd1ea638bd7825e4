import { createAccount, createConnection, createTestApp, openTestDatabase, type TestAccount, type TestApp } from '@test/support';
import { Types } from 'mongoose';
import type { DatabaseServer } from '../../src/database/database-server';
import { PlatformIdUpgrade } from '../../src/posts/platform-id-upgrade';
import { dataOf, gqlClient } from '../graphql/graphql-helpers';

/**
 * Connections stored before Bluesky's compound id was encoded (`bluesky-did:plc:…`, which
 * create-post refuses) get the current id at start-up, with their platform posts, on every
 * instance that starts (several at once here); test-connection still takes the older form.
 */
describe('Start-up upgrade of stored compound ids', () => {
  const PLC = 'did:plc:upgradexq2m4k7bz3wdnt5a';
  const OLD = `bluesky-${PLC}`;
  const NEW = 'bluesky-upgradexq2m4k7bz3wdnt5a';
  let database: DatabaseServer;
  let t: TestApp;
  let second: TestApp;
  let account: TestAccount;
  let other: TestAccount;
  let postGroupId: string;
  let scheduledGroupId: string;

  // Sessions and API keys of the first app must hold on the next ones.
  const env = { SESSION_SECRET: 's'.repeat(40) };
  const raw = (app: TestApp, name: string, userId: string) =>
    app.connection
      .collection(name)
      .find({ userId: new Types.ObjectId(userId) })
      .toArray();

  beforeAll(async () => {
    database = await openTestDatabase();
    // The data as the earlier version stored it: connections and platform posts under the DID form.
    const before = await createTestApp({ env, databaseUri: database.uri });
    try {
      account = await createAccount(before, { plan: 'premium', seats: 10 });
      other = await createAccount(before, { plan: 'premium', seats: 10 });
      await createConnection(before, account.userId, { platform: 'bluesky', externalId: PLC, instanceUrl: 'http://127.0.0.1:9' });
      await createConnection(before, account.userId, { platform: 'telegram', externalId: '-1009876543210' });
      await createConnection(before, other.userId, { platform: 'bluesky', externalId: 'did:web:other.example.com' });
      // An id with characters create-post refuses, as adminCreateConnection may have stored it.
      await createConnection(before, other.userId, { platform: 'linkedin', externalId: 'urn:li:person:abc' });
      const draft = await before.http
        .post('/api/v1/create-post')
        .set(account.apiHeaders)
        .send({ content: 'Old draft', platforms: [NEW, 'telegram--1009876543210'] });
      postGroupId = draft.body.postGroupId;
      const scheduled = await before.http
        .post('/api/v1/create-post')
        .set(account.apiHeaders)
        .send({ content: 'Old scheduled', platforms: [NEW], scheduledTime: new Date(Date.now() + 86400_000).toISOString() });
      scheduledGroupId = scheduled.body.postGroupId;
      const db = before.connection;
      await db.collection('platform_connections').updateOne({ platformId: NEW }, { $set: { platformId: OLD } });
      await db
        .collection('platform_connections')
        .updateOne({ platform: 'bluesky', userId: new Types.ObjectId(other.userId) }, { $set: { platformId: 'bluesky-did:web:other.example.com' } });
      await db.collection('platform_connections').updateOne({ platform: 'linkedin' }, { $set: { platformId: 'linkedin-urn:li:person:abc' } });
      await db.collection('platform_posts').updateMany({ platformId: NEW }, { $set: { platformId: OLD } });
      expect(await db.collection('platform_posts').countDocuments({ platformId: OLD })).toBe(2);
    } finally {
      await before.close();
    }
    // Two instances start on that database together; both run the upgrade.
    [t, second] = await Promise.all([createTestApp({ env, databaseUri: database.uri }), createTestApp({ env, databaseUri: database.uri })]);
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await t?.close();
    await database?.stop();
  });

  it('gives the connections and their platform posts the current ids; others are left as they were', async () => {
    const connections = await raw(t, 'platform_connections', account.userId);
    expect(connections.map((c) => [c.platformId, c.externalId]).sort()).toEqual([
      [NEW, PLC],
      ['telegram--1009876543210', '-1009876543210'],
    ]);
    expect((await raw(t, 'platform_connections', other.userId)).map((c) => c.platformId)).toEqual([
      'bluesky-web_other_example_com',
      expect.stringMatching(/^linkedin-id_[0-9a-f]{32}$/),
    ]);
    const posts = await raw(t, 'platform_posts', account.userId);
    expect(posts.map((p) => p.platformId).sort()).toEqual([NEW, NEW, 'telegram--1009876543210']);
    expect(posts.filter((p) => p.platform === 'bluesky').map((p) => p.externalId)).toEqual([PLC, PLC]);
    // Nothing left to do: a later start (or another instance) changes nothing.
    expect(await t.app.get(PlatformIdUpgrade).run()).toBe(0);
  });

  it('the connection list, list-posts and get-post show the new id; create-post takes it', async () => {
    const listed = await t.http.get('/api/v1/platform-connections').set(account.apiHeaders);
    expect(listed.body.connections.map((c: { platformId: string }) => c.platformId)).toEqual([NEW, 'telegram--1009876543210']);
    const posts = await t.http.get('/api/v1/list-posts?platform=bluesky').set(account.apiHeaders);
    expect(posts.body.posts.flatMap((g: { platforms: Array<{ platformId: string }> }) => g.platforms.map((p) => p.platformId))).toEqual(
      expect.arrayContaining([NEW]),
    );
    const detail = await t.http.get(`/api/v1/get-post/${postGroupId}`).set(account.apiHeaders);
    expect(detail.body.posts.map((p: { platformId: string }) => p.platformId).sort()).toEqual(['-1009876543210', 'upgradexq2m4k7bz3wdnt5a']);
    const created = await t.http
      .post('/api/v1/create-post')
      .set(account.apiHeaders)
      .send({ content: 'After the upgrade', platforms: [NEW] });
    expect(created.status).toBe(200);
  });

  it('editing a post’s platforms keeps its platform post on the renamed connection (matched by id)', async () => {
    const before = await raw(t, 'platform_posts', account.userId);
    const kept = before.find((p) => String(p.postGroupId) === scheduledGroupId)!;
    const updated = dataOf(
      await gqlClient(t)(
        `mutation($id: ID!, $input: UpdatePostInput!) { updatePost(id: $id, input: $input) { platformPosts { id platformId status } } }`,
        { id: scheduledGroupId, input: { platforms: [NEW, 'telegram--1009876543210'] } },
        account.cookie,
      ),
    ).updatePost;
    expect(updated.platformPosts).toEqual(
      expect.arrayContaining([
        { id: String(kept._id), platformId: NEW, status: 'scheduled' },
        expect.objectContaining({ platformId: 'telegram--1009876543210' }),
      ]),
    );
  });

  it('test-connection finds the connection by the new id and by the DID form (any prefix case)', async () => {
    for (const asked of [NEW, OLD, `Bluesky-${PLC}`]) {
      const res = await t.http.post(`/api/v1/test-connection/${asked}`).set(account.apiHeaders);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ platform: 'bluesky', platformId: NEW, status: 'error' });
    }
    // Another user's id stays invisible.
    const res = await t.http.post('/api/v1/test-connection/bluesky-did:web:other.example.com').set(account.apiHeaders);
    expect(res.status).toBe(404);
  });
});
