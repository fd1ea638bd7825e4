import { createAccount, createConnection, createTestApp, openTestDatabase, type TestAccount, type TestApp } from '@test/support';
import { FakeMastodonServer } from '@test/support/fakes';
import { Types } from 'mongoose';
import { randomBytes } from 'node:crypto';
import type { ConnectionRef } from '../../src/connections/connections.service';
import type { DatabaseServer } from '../../src/database/database-server';
import { DISCONNECT, gql } from '../connect/connect-helpers';
import { seedGroups } from '../posts/posts-helpers';
import { FAST_ENGINE_ENV, waitForGroup } from '../publishing/publishing-helpers';
import { startReceiver, type Receiver } from '../webhooks/receiver';

/**
 * Two app instances on one external database, as a scaled-out deployment runs (the e2e-external
 * project only: jest.config.js). What one instance changes, the other acts on at its very next
 * step: nothing here waits for a cache to expire.
 */

/** Sessions made on one instance are valid on the other; the local receivers and fakes are on 127.0.0.1. */
const SHARED = { SESSION_SECRET: 's'.repeat(40), WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' };
const FAST_WEBHOOKS = { WEBHOOKS_WORKER_ENABLED: 'true', WEBHOOKS_WORKER_INTERVAL_MS: '50', WEBHOOKS_DELIVERY_TIMEOUT_MS: '2000' };

const unique = (text: string) => `${text} ${randomBytes(4).toString('hex')}`;

async function mastodonConnection(t: TestApp, fake: FakeMastodonServer, account: TestAccount): Promise<ConnectionRef> {
  const token = `md-${randomBytes(6).toString('hex')}`;
  fake.setToken(token);
  return createConnection(t, account.userId, { platform: 'mastodon', accessToken: token, instanceUrl: fake.baseUrl });
}

/** create-post through `t`: due at `at` (default now). */
async function schedule(t: TestApp, account: TestAccount, content: string, connections: ConnectionRef[], at = new Date()): Promise<string> {
  const res = await t.http
    .post('/api/v1/create-post')
    .set(account.apiHeaders)
    .send({ content, platforms: connections.map((c) => c.platformId), scheduledTime: at.toISOString() });
  if (res.status !== 200) throw new Error(`create-post ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.postGroupId;
}

/** The texts the fake was asked to post (every request, a resend included). */
const sentTexts = (fake: FakeMastodonServer) => fake.calls('POST /api/v1/statuses').map((r) => (r.body as { status: string }).status);

describe('two instances on one database: A takes the API requests, B runs the scheduler and the webhook worker', () => {
  const mastodon = new FakeMastodonServer();
  const receivers: Receiver[] = [];
  let db: DatabaseServer;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    await mastodon.start();
    db = await openTestDatabase();
    a = await createTestApp({ databaseUri: db.uri, env: { ...SHARED, SCHEDULER_ENABLED: 'false', WEBHOOKS_WORKER_ENABLED: 'false' } });
    b = await createTestApp({ databaseUri: db.uri, env: { ...SHARED, ...FAST_ENGINE_ENV, ...FAST_WEBHOOKS } });
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await db?.stop();
    await Promise.all([mastodon.stop(), ...receivers.map((r) => r.close())]);
  });

  it('an API key revoked through A is refused by B on its very next request', async () => {
    const account = await createAccount(a);
    const created = await a.http.post('/auth/api-keys').set('Cookie', account.cookie).send({ name: 'revoked on A' }).expect(201);
    const key = { 'x-api-key': created.body.apiKey.rawKey };
    // B has verified the key once (a cache, were there one, would hold it now).
    await b.http.get('/api/v1/platform-connections').set(key).expect(200);
    await a.http.delete(`/auth/api-keys/${created.body.apiKey._id}`).set('Cookie', account.cookie).expect(200);
    expect((await b.http.get('/api/v1/platform-connections').set(key).expect(401)).body).toEqual({ error: 'Invalid API key' });
    await b.http.get('/api/v1/platform-connections').set(account.apiHeaders).expect(200);
  });

  it('a connection deleted through A is not published to by B: its scheduled post fails, a post stored just after the delete too', async () => {
    const account = await createAccount(a, { plan: 'premium', seats: 10 });
    const gone = await mastodonConnection(a, mastodon, account);
    const kept = await mastodonConnection(a, mastodon, account);
    // B publishes through the connection once, so it has read its credentials.
    const before = unique('before the disconnect');
    expect((await waitForGroup(a, account.apiHeaders, await schedule(a, account, before, [gone]))).status).toBe('published');

    // Far enough ahead that B cannot claim it before the disconnect lands.
    const dueSoon = new Date(Date.now() + 5000);
    const scheduled = await schedule(a, account, unique('due after the disconnect'), [gone], dueSoon);
    const control = unique('due with it, on another connection');
    const controlId = await schedule(a, account, control, [kept], dueSoon);
    expect((await gql(a, [account.cookie], DISCONNECT, { platformId: gone.platformId })).body).toEqual({ data: { disconnectConnection: true } });
    // As a create-post that checked the connection just before the delete and stored its post
    // just after would leave it: due now, on a connection that no longer exists.
    const [raced] = await seedGroups(a, account.userId, [
      { content: unique('stored after the disconnect'), status: 'scheduled', scheduledTime: new Date(), connections: [gone] },
    ]);

    const failed = await waitForGroup(a, account.apiHeaders, scheduled);
    expect(failed).toMatchObject({ status: 'failed' });
    expect(failed.posts[0].error).toMatchObject({
      code: 'CONNECTION_DISCONNECTED',
      message: 'The platform connection was disconnected before this post was published',
    });
    const racedGroup = await waitForGroup(a, account.apiHeaders, raced);
    expect(racedGroup).toMatchObject({ status: 'failed' });
    expect(racedGroup.posts[0].error).toMatchObject({ code: 'CONNECTION_NOT_FOUND', message: 'Platform connection not found' });
    // B's scheduler has gone past the due time of the failed post.
    expect((await waitForGroup(a, account.apiHeaders, controlId, 20_000)).status).toBe('published');
    expect(sentTexts(mastodon).filter((text) => text === before || text === control || text.includes('disconnect'))).toEqual([before, control]);
  });

  it('webhooks disabled or deleted through A get no delivery from B afterwards (nor a queued one)', async () => {
    const account = await createAccount(a, { plan: 'premium', seats: 10 });
    const connection = await mastodonConnection(a, mastodon, account);
    const [disabled, deleted, active] = await Promise.all([startReceiver(), startReceiver(), startReceiver()]);
    receivers.push(disabled, deleted, active);
    const hooks: string[] = [];
    for (const rx of [disabled, deleted, active]) {
      const res = await a.http
        .post('/api/v1/webhooks')
        .set(account.apiHeaders)
        .send({ name: 'rx', url: rx.url, events: ['post.scheduled'] })
        .expect(201);
      hooks.push(res.body.webhook._id);
    }
    const tomorrow = new Date(Date.now() + 86_400_000);
    // A post scheduled through B: B queues the event and delivers it to all three.
    await schedule(b, account, unique('first'), [connection], tomorrow);
    await Promise.all([disabled.waitFor(1), deleted.waitFor(1), active.waitFor(1)]);

    await a.http.patch(`/api/v1/webhooks/${hooks[0]}`).set(account.apiHeaders).send({ isActive: false }).expect(200);
    await a.http.delete(`/api/v1/webhooks/${hooks[1]}`).set(account.apiHeaders).expect(200);
    const second = await schedule(b, account, unique('second'), [connection], tomorrow);
    await active.waitFor(2);
    // The worker polls every 50 ms: a delivery to the others would have come by now.
    await new Promise((r) => setTimeout(r, 500));
    expect([disabled.requests.length, deleted.requests.length, active.requests.length]).toEqual([1, 1, 2]);
    expect(active.requests[1].body.data).toMatchObject({ postGroupId: second });
    const queued = await a.connection
      .collection('webhook_deliveries')
      .find({ userId: new Types.ObjectId(account.userId), payload: { $regex: second } })
      .toArray();
    expect(queued.map((d) => String(d.webhookId))).toEqual([hooks[2]]);
  });
});

describe('two instances on one database, both running the scheduler', () => {
  const mastodon = new FakeMastodonServer();
  const CONNECTIONS = 8;
  const GROUPS = 16;
  let db: DatabaseServer;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    await mastodon.start();
    // Each publish takes a while, and an instance holds few posts at once: both get some to claim.
    mastodon.latencyMs = 100;
    db = await openTestDatabase();
    const env = { ...SHARED, ...FAST_ENGINE_ENV, PUBLISH_CONCURRENCY: '2', PUBLISH_CLAIM_BATCH: '2', WEBHOOKS_WORKER_ENABLED: 'false' };
    // Started together on an empty database, as a deployment rolls out.
    [a, b] = await Promise.all([createTestApp({ databaseUri: db.uri, env }), createTestApp({ databaseUri: db.uri, env })]);
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await db?.stop();
    await mastodon.stop();
  });

  it('publishes each post due while both run exactly once, and both instances claim some of them', async () => {
    const account = await createAccount(a, { plan: 'premium', seats: CONNECTIONS + 2 });
    const connections: ConnectionRef[] = [];
    for (let i = 0; i < CONNECTIONS; i++) connections.push(await mastodonConnection(a, mastodon, account));
    const due = new Date(Date.now() + 2000);
    const contents = Array.from({ length: GROUPS }, (_, i) => unique(`post ${i}`));
    // Through both instances, each group on two connections.
    const ids = await Promise.all(
      contents.map((content, i) => schedule(i % 2 ? b : a, account, content, [connections[i % CONNECTIONS], connections[(i + 3) % CONNECTIONS]], due)),
    );

    const groups = await Promise.all(ids.map((id) => waitForGroup(a, account.apiHeaders, id, 60_000)));
    expect(groups.map((g) => g.status)).toEqual(ids.map(() => 'published'));
    const sends = new Map<string, number>();
    for (const r of mastodon.calls('POST /api/v1/statuses')) {
      const key = `${r.token} ${(r.body as { status: string }).status}`;
      sends.set(key, (sends.get(key) ?? 0) + 1);
    }
    expect(sends.size).toBe(GROUPS * 2);
    expect([...sends.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    const owners = await a.connection.collection('platform_posts').distinct('claim.owner', { userId: new Types.ObjectId(account.userId) });
    expect(owners).toHaveLength(2);
  }, 90_000);
});
