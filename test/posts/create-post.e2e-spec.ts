import { createAccount, createConnection, createTestApp, type TestApp } from '@test/support';
import { Types } from 'mongoose';
import { PostGroup } from '../../src/posts/schemas/post-group.schema';
import { accountWithConnections, isoIn, type Account } from './posts-helpers';
import { ConnectionsService, type ConnectionRef } from '../../src/connections/connections.service';

describe('POST /api/v1/create-post', () => {
  let t: TestApp;
  let account: Account;
  let linkedin: ConnectionRef;
  let threads: ConnectionRef;

  beforeAll(async () => {
    t = await createTestApp();
    const setup = await accountWithConnections(t, ['linkedin', 'threads'], { plan: 'pro' });
    account = setup.account;
    [linkedin, threads] = setup.connections;
  });
  afterAll(() => t.close());

  const create = (body: unknown, headers: Record<string, string> = {}) =>
    t.http
      .post('/api/v1/create-post')
      .set(account.apiHeaders)
      .set(headers)
      .send(body as object);

  it('creates a draft without scheduledTime: 200 { success, postGroupId }', async () => {
    const res = await create({ content: 'Draft post', platforms: [linkedin.platformId] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, postGroupId: expect.stringMatching(/^[0-9a-f]{24}$/) });
    const got = await t.http.get(`/api/v1/get-post/${res.body.postGroupId}`).set(account.apiHeaders);
    expect(got.body).toMatchObject({ status: 'draft', content: 'Draft post', processingStatus: 'pending' });
    expect(got.body.posts).toEqual([
      { postId: expect.any(String), platform: 'linkedin', platformId: linkedin.externalId, status: 'pending', content: 'Draft post' },
    ]);
    expect(got.body).not.toHaveProperty('scheduledTime');
    const logs = await t.http.get(`/api/v1/post-logs/${res.body.postGroupId}`).set(account.apiHeaders);
    expect(logs.body).toEqual({ success: true, logs: [] });
  });

  it('creates a scheduled group with one platform post per connection and scheduled log entries', async () => {
    const when = isoIn(60);
    const res = await create({ content: 'Scheduled', platforms: [linkedin.platformId, threads.platformId], scheduledTime: when });
    expect(res.status).toBe(200);
    const got = await t.http.get(`/api/v1/get-post/${res.body.postGroupId}`).set(account.apiHeaders);
    expect(got.body.status).toBe('scheduled');
    expect(got.body.scheduledTime).toBe(when);
    expect(got.body.posts.map((p: { platform: string; status: string }) => [p.platform, p.status])).toEqual([
      ['linkedin', 'scheduled'],
      ['threads', 'scheduled'],
    ]);
    const logs = await t.http.get(`/api/v1/post-logs/${res.body.postGroupId}`).set(account.apiHeaders);
    expect(logs.body.logs).toHaveLength(2);
    for (const log of logs.body.logs) {
      expect(log).toMatchObject({ event: 'scheduled', postGroupId: res.body.postGroupId, metadata: { scheduledTime: when } });
      expect(log.postId).toEqual(expect.any(String));
      expect(log).not.toHaveProperty('error');
      expect(log).not.toHaveProperty('retryCount');
      expect(log).not.toHaveProperty('userId');
    }
  });

  it('a past scheduledTime becomes now', async () => {
    const before = Date.now();
    const res = await create({ content: 'Past', platforms: [linkedin.platformId], scheduledTime: '2020-01-01T00:00:00Z' });
    expect(res.status).toBe(200);
    const got = await t.http.get(`/api/v1/get-post/${res.body.postGroupId}`).set(account.apiHeaders);
    expect(got.body.status).toBe('scheduled');
    expect(new Date(got.body.scheduledTime).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('accepts platforms as a JSON string and the +00:00 offset', async () => {
    const res = await create({
      content: 'JSON platforms',
      platforms: JSON.stringify([linkedin.platformId]),
      scheduledTime: isoIn(90).replace('.000Z', '+00:00'),
    });
    expect(res.status).toBe(200);
  });

  it('merges platformSettings over the defaults (object or JSON string), keeps optional platforms only when given, drops other keys', async () => {
    const res = await create({
      content: 'Settings',
      platforms: [threads.platformId],
      platformSettings: JSON.stringify({
        threads: { replyControl: 'mentioned_only' },
        youtube: { title: 'T' },
        telegram: { protectContent: true },
        myspace: { a: 1 },
        instagram: 'x',
      }),
    });
    expect(res.status).toBe(200);
    const stored = await t.connection.model(PostGroup.name).findById(res.body.postGroupId).lean<{ platformSettings: Record<string, unknown> }>();
    expect(stored!.platformSettings).toEqual({
      tiktok: {
        viewerSetting: 'PUBLIC_TO_EVERYONE',
        allowComments: true,
        allowDuet: false,
        allowStitch: false,
        commercialContent: false,
        brandOrganic: false,
        brandedContent: false,
      },
      instagram: { videoType: 'REELS' },
      youtube: { privacy: 'public', title: 'T' },
      threads: { replyControl: 'mentioned_only' },
      telegram: { disableWebPagePreview: false, disableNotification: false, showCaptionAboveMedia: false, protectContent: true },
    });
  });

  describe('400s, exact messages', () => {
    const cases: Array<[string, () => Record<string, unknown>, string]> = [
      ['missing content', () => ({ platforms: [linkedin.platformId] }), 'Content is required'],
      ['empty content', () => ({ content: '', platforms: [linkedin.platformId] }), 'Content is required'],
      ['whitespace content', () => ({ content: '  \t ', platforms: [linkedin.platformId] }), 'Content is required'],
      ['missing platforms', () => ({ content: 'x' }), 'Platforms are required'],
      ['null platforms', () => ({ content: 'x', platforms: null }), 'Platforms are required'],
      ['empty platforms', () => ({ content: 'x', platforms: [] }), 'At least one platform is required'],
      ['object platforms', () => ({ content: 'x', platforms: { a: 1 } }), 'Platforms must be an array'],
      ['bad JSON platforms', () => ({ content: 'x', platforms: '[linkedin-' }), 'Invalid platforms JSON format'],
      ['colon id', () => ({ content: 'x', platforms: ['bluesky-did:plc:abc'] }), 'Invalid platform ID format: bluesky-did:plc:abc'],
      ['uppercase prefix', () => ({ content: 'x', platforms: ['LinkedIn-1'] }), 'Invalid platform ID format: LinkedIn-1'],
      ['unknown connection', () => ({ content: 'x', platforms: ['linkedin-999'] }), 'Platform connection not found: linkedin-999'],
      ['bad time', () => ({ content: 'x', platforms: [linkedin.platformId], scheduledTime: 'tomorrow' }), 'Invalid scheduled time format'],
      ['date-only time', () => ({ content: 'x', platforms: [linkedin.platformId], scheduledTime: '2030-01-01' }), 'Invalid scheduled time format'],
      ['bad settings JSON', () => ({ content: 'x', platforms: [linkedin.platformId], platformSettings: '{x' }), 'Invalid platformSettings JSON'],
      ['array settings', () => ({ content: 'x', platforms: [linkedin.platformId], platformSettings: [1] }), 'platformSettings must be an object'],
    ];
    it.each(cases)('%s', async (_name, body, message) => {
      const res = await create(body());
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: message });
    });
  });

  it("another user's connection is not found", async () => {
    const other = await createAccount(t, { plan: 'pro' });
    const foreign = await createConnection(t, other.userId, { platform: 'linkedin' });
    const res = await create({ content: 'x', platforms: [foreign.platformId] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: `Platform connection not found: ${foreign.platformId}` });
  });

  it('sees a connection made or removed since its last post at once (the cached lookup is emptied by each)', async () => {
    const platformId = 'mastodon-424242';
    const refused = { error: `Platform connection not found: ${platformId}` };
    expect((await create({ content: 'x', platforms: [platformId] })).body).toEqual(refused);
    const made = await createConnection(t, account.userId, { platform: 'mastodon', externalId: '424242', instanceUrl: 'https://mastodon.example' });
    expect(made.platformId).toBe(platformId);
    // The same request as the refused one: the same cache entry.
    const res = await create({ content: 'x', platforms: [platformId] });
    expect(res.status).toBe(200);
    const got = await t.http.get(`/api/v1/get-post/${res.body.postGroupId}`).set(account.apiHeaders);
    expect(got.body.posts).toMatchObject([{ platform: 'mastodon', platformId: '424242' }]);
    await t.app.get(ConnectionsService).delete(account.userId, made);
    const again = await create({ content: 'x', platforms: [platformId] });
    expect(again.status).toBe(400);
    expect(again.body).toEqual(refused);
  });

  it('does not remember a refusal: a connection stored straight into the database (as with mongosh) is found by the next post', async () => {
    const platformId = 'linkedin-777000777';
    expect((await create({ content: 'x', platforms: [linkedin.platformId, platformId] })).status).toBe(400);
    const connections = t.connection.collection('platform_connections');
    const model = await connections.findOne({ platformId: linkedin.platformId });
    await connections.insertOne({ ...model, _id: new Types.ObjectId(), externalId: '777000777', platformId });
    const res = await create({ content: 'x', platforms: [linkedin.platformId, platformId] });
    expect(res.status).toBe(200);
  });

  it('a connection removed straight from the database (as with mongosh) is refused by the very next post', async () => {
    const made = await createConnection(t, account.userId, { platform: 'mastodon', externalId: '515151', instanceUrl: 'https://mastodon.example' });
    expect((await create({ content: 'x', platforms: [made.platformId] })).status).toBe(200);
    expect((await create({ content: 'x', platforms: [made.platformId] })).status).toBe(200);
    // Not through the repository (no invalidate): the cache learns of it from the write counter.
    await t.connection.collection('platform_connections').deleteOne({ platformId: made.platformId });
    const res = await create({ content: 'x', platforms: [made.platformId] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: `Platform connection not found: ${made.platformId}` });
  });

  it('requires an API key', async () => {
    const res = await t.http.post('/api/v1/create-post').send({ content: 'x', platforms: [linkedin.platformId] });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'API key is required' });
  });

  it('workspace mode: a managed user posts on its own connections', async () => {
    const owner = await createAccount(t, { plan: 'pro', workspacesEnabled: true, seats: 20 });
    const managed = await createAccount(t, { plan: 'pro', parentUserId: owner.userId });
    const conn = await createConnection(t, managed.userId, { platform: 'mastodon' });
    const headers = { ...owner.apiHeaders, 'x-service-user-id': managed.userId };
    const res = await t.http
      .post('/api/v1/create-post')
      .set(headers)
      .send({ content: 'for managed', platforms: [conn.platformId] });
    expect(res.status).toBe(200);
    // Visible to the managed user's scope, not to the owner's own.
    const asManaged = await t.http.get('/api/v1/list-posts').set(headers);
    expect(asManaged.body.posts.map((p: { postGroupId: string }) => p.postGroupId)).toContain(res.body.postGroupId);
    const asOwner = await t.http.get('/api/v1/list-posts').set(owner.apiHeaders);
    expect(asOwner.body.posts).toEqual([]);
    const ownerGet = await t.http.get(`/api/v1/get-post/${res.body.postGroupId}`).set(owner.apiHeaders);
    expect(ownerGet.status).toBe(404);
    // The owner's own connections are not the managed user's.
    const ownConn = await createConnection(t, owner.userId, { platform: 'linkedin' });
    const refused = await t.http
      .post('/api/v1/create-post')
      .set(headers)
      .send({ content: 'x', platforms: [ownConn.platformId] });
    expect(refused.body).toEqual({ error: `Platform connection not found: ${ownConn.platformId}` });
  });
});
