import { createAccount, createConnection, createTestApp, openTestDatabase, type TestAccount, type TestApp } from '@test/support';
import { Types } from 'mongoose';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Transactions } from '../../src/database/transactions';
import type { DatabaseServer } from '../../src/database/database-server';
import { WebhookDeliveriesRepository, type Delivered } from '../../src/webhooks/webhook-deliveries.repository';
import { WebhookDeliveryWorker } from '../../src/webhooks/webhook-delivery.worker';
import { WebhooksService } from '../../src/webhooks/webhooks.service';
import { eventually, startReceiver, type Receiver, type ReceivedRequest } from './receiver';

/**
 * Fast clocks for tests: retries after 200 ms, 600 ms, …; worker ticks every 50 ms. The 2 s
 * delivery timeout is long enough that a healthy local receiver on a loaded CI machine never hits it.
 */
const FAST = {
  WEBHOOKS_WORKER_ENABLED: 'true',
  WEBHOOKS_WORKER_INTERVAL_MS: '50',
  WEBHOOKS_DELIVERY_TIMEOUT_MS: '2000',
  WEBHOOKS_RETRY_BASE_MS: '200',
};

/** What a receiver does: HMAC-SHA256 over the raw bytes, compared in constant time. */
function verify(secret: string, r: ReceivedRequest): boolean {
  const expected = Buffer.from(createHmac('sha256', secret).update(r.raw).digest('hex'), 'hex');
  const given = Buffer.from(String(r.headers['x-service-signature']), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function createWebhook(t: TestApp, account: TestAccount, url: string, events: string[]): Promise<{ _id: string; secret: string }> {
  const res = await t.http.post('/api/v1/webhooks').set(account.apiHeaders).send({ name: 'rx', url, events });
  if (res.status !== 201) throw new Error(`create webhook: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.webhook;
}

const webhookDoc = (t: TestApp, id: string) => t.connection.collection('webhooks').findOne({ _id: new Types.ObjectId(id) });
const deliveries = (t: TestApp, webhookId: string) =>
  t.connection
    .collection('webhook_deliveries')
    .find({ webhookId: new Types.ObjectId(webhookId) })
    .toArray();

const postData = (n = 1) => ({
  postId: new Types.ObjectId().toHexString(),
  postGroupId: new Types.ObjectId().toHexString(),
  platform: 'twitter',
  scheduledAt: new Date(Date.now() + n * 60_000).toISOString(),
});

describe('webhook delivery (local receivers, WEBHOOKS_ALLOW_PRIVATE_TARGETS=true)', () => {
  let t: TestApp;
  let service: WebhooksService;
  const receivers: Receiver[] = [];
  const receiver = async (host?: string) => {
    const r = await startReceiver(host);
    receivers.push(r);
    return r;
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { ...FAST, WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' } });
    service = t.app.get(WebhooksService);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all(receivers.map((r) => r.close()));
  });

  it('delivers each event type, signed over the exact bytes, with event and delivery headers', async () => {
    const rx = await receiver();
    const account = await createAccount(t);
    const hook = await createWebhook(t, account, rx.url, ['post.scheduled', 'post.published', 'post.failed', 'token.expiring']);
    const at = '2026-05-01T10:00:00.000Z';
    const data = {
      'post.scheduled': { postId: 'p1', postGroupId: 'g1', platform: 'twitter', scheduledAt: at },
      'post.published': { postId: 'p1', postGroupId: 'g1', platform: 'twitter', publishedAt: at },
      'post.failed': {
        postId: 'p2',
        postGroupId: 'g1',
        platform: 'linkedin',
        error: { code: 'PLATFORM_AUTH_EXPIRED', message: 'Token expired' },
        failedAt: at,
      },
      'token.expiring': { platform: 'linkedin', platformId: 'linkedin-123', username: 'jane', expiresAt: at },
    } as const;
    for (const event of Object.keys(data) as Array<keyof typeof data>) {
      expect(await service.enqueue(account.userId, event, data[event] as never)).toBe(1);
    }
    const got = await rx.waitFor(4);
    expect(got.map((r) => r.body.event).sort()).toEqual(['post.failed', 'post.published', 'post.scheduled', 'token.expiring']);
    for (const r of got) {
      expect(verify(hook.secret, r)).toBe(true);
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['x-service-event']).toBe(r.body.event);
      expect(r.headers['x-service-delivery']).toMatch(/^[0-9a-f]{24}$/);
      expect(r.raw.toString()).toBe(JSON.stringify(r.body)); // compact JSON
      expect(r.body).toEqual({ event: r.body.event, timestamp: expect.any(String), data: data[r.body.event as keyof typeof data] });
      expect(new Date(r.body.timestamp).toISOString()).toBe(r.body.timestamp);
    }
    expect(new Set(got.map((r) => r.headers['x-service-delivery'])).size).toBe(4);
    const doc = await eventually(async () => {
      const d = await webhookDoc(t, hook._id);
      return d?.lastTriggeredAt ? d : null;
    });
    expect(doc.failureCount).toBe(0);
    // The dashboard shows the history.
    const history = await t.http.get(`/webhooks/${hook._id}/deliveries`).set('Cookie', account.cookie).expect(200);
    expect(history.body.deliveries).toHaveLength(4);
    expect(history.body.deliveries[0]).toMatchObject({ status: 'delivered', attemptCount: 1, lastStatusCode: 200, lastError: null });
  });

  it('only active webhooks of that user subscribed to the event get it; a regenerated secret signs', async () => {
    const rx = await receiver();
    const [owner, other] = await Promise.all([createAccount(t), createAccount(t)]);
    const subscribed = await createWebhook(t, owner, `${rx.url}?w=subscribed`, ['post.published']);
    await createWebhook(t, owner, `${rx.url}?w=unsubscribed`, ['post.failed']);
    const inactive = await createWebhook(t, owner, `${rx.url}?w=inactive`, ['post.published']);
    await t.http.patch(`/api/v1/webhooks/${inactive._id}`).set(owner.apiHeaders).send({ isActive: false }).expect(200);
    await createWebhook(t, other, `${rx.url}?w=other-user`, ['post.published']);
    const secret = (await t.http.post(`/api/v1/webhooks/${subscribed._id}/regenerate-secret`).set(owner.apiHeaders).expect(200)).body.secret;

    expect(await service.enqueue(owner.userId, 'post.published', { ...postData(), publishedAt: new Date().toISOString() } as never)).toBe(1);
    await rx.waitFor(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(rx.requests.map((r) => r.path)).toEqual(['/hook?w=subscribed']);
    expect(verify(secret, rx.requests[0])).toBe(true);
    expect(verify(subscribed.secret, rx.requests[0])).toBe(false);
  });

  it('which webhooks get an event follows every create, edit, disable and delete at once (the subscription cache)', async () => {
    const rx = await receiver();
    const owner = await createAccount(t);
    const published = () => service.enqueue(owner.userId, 'post.published', { ...postData(), publishedAt: new Date().toISOString() } as never);
    const failed = () => service.enqueue(owner.userId, 'post.failed', { ...postData(), error: 'x' } as never);
    expect(await published()).toBe(0); // read (and kept) while the user has no webhook
    const hook = await createWebhook(t, owner, rx.url, ['post.published']);
    expect(await published()).toBe(1);
    await t.http
      .patch(`/api/v1/webhooks/${hook._id}`)
      .set(owner.apiHeaders)
      .send({ events: ['post.failed'] })
      .expect(200);
    expect([await published(), await failed()]).toEqual([0, 1]);
    await t.http.patch(`/api/v1/webhooks/${hook._id}`).set(owner.apiHeaders).send({ isActive: false }).expect(200);
    expect(await failed()).toBe(0);
    await t.http.patch(`/api/v1/webhooks/${hook._id}`).set(owner.apiHeaders).send({ isActive: true }).expect(200);
    expect(await failed()).toBe(1);
    await t.http.delete(`/api/v1/webhooks/${hook._id}`).set(owner.apiHeaders).expect(200);
    expect(await failed()).toBe(0);
  });

  it('an edit made straight in the database (as with mongosh) applies to the very next event', async () => {
    const rx = await receiver();
    const owner = await createAccount(t);
    const published = () => service.enqueue(owner.userId, 'post.published', { ...postData(), publishedAt: new Date().toISOString() } as never);
    const hook = await createWebhook(t, owner, rx.url, ['post.published']);
    expect([await published(), await published()]).toEqual([1, 1]);
    // Not through the repository (no invalidate): the cache learns of it from the write counter.
    const webhooks = t.connection.collection('webhooks');
    await webhooks.updateOne({ _id: new Types.ObjectId(hook._id) }, { $set: { isActive: false } });
    expect(await published()).toBe(0);
    await webhooks.updateOne({ _id: new Types.ObjectId(hook._id) }, { $set: { isActive: true } });
    expect(await published()).toBe(1);
  });

  it('an aborted transaction leaves no delivery (outbox rows commit with the change)', async () => {
    const rx = await receiver();
    const account = await createAccount(t);
    const hook = await createWebhook(t, account, rx.url, ['post.scheduled']);
    await expect(
      t.app.get(Transactions).run(async () => {
        await service.enqueue(account.userId, 'post.scheduled', postData() as never);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await t.app.get(Transactions).run(() => service.enqueue(account.userId, 'post.scheduled', postData(2) as never));
    await rx.waitFor(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(rx.requests).toHaveLength(1);
    expect(await deliveries(t, hook._id)).toHaveLength(1);
  });

  it('scheduling a post through create-post delivers post.scheduled', async () => {
    const rx = await receiver();
    const account = await createAccount(t);
    const connection = await createConnection(t, account.userId, { platform: 'linkedin' });
    const hook = await createWebhook(t, account, rx.url, ['post.scheduled']);
    const scheduledTime = new Date(Date.now() + 3 * 3600_000).toISOString();
    const created = await t.http
      .post('/api/v1/create-post')
      .set(account.apiHeaders)
      .send({ content: 'Hello from the webhook test', platforms: [connection.platformId], scheduledTime })
      .expect(200);
    const [r] = await rx.waitFor(1);
    expect(verify(hook.secret, r)).toBe(true);
    expect(r.body.event).toBe('post.scheduled');
    expect(r.body.data).toEqual({
      postId: expect.stringMatching(/^[0-9a-f]{24}$/),
      postGroupId: created.body.postGroupId,
      platform: 'linkedin',
      scheduledAt: expect.any(String),
    });
  });

  it('a hanging receiver is cut at the timeout and retried, while another receiver keeps getting its events on time', async () => {
    const slow = await receiver();
    const fast = await receiver();
    slow.behave(() => undefined); // never answers
    const account = await createAccount(t);
    // One event for the hanging receiver (more would reach 5 consecutive failures and disable it
    // before its retry comes due), eight for the healthy one while the first one hangs.
    const slowHook = await createWebhook(t, account, slow.url, ['post.published']);
    await createWebhook(t, account, fast.url, ['post.scheduled']);
    await service.enqueue(account.userId, 'post.published', {
      postId: new Types.ObjectId().toHexString(),
      postGroupId: new Types.ObjectId().toHexString(),
      platform: 'linkedin',
      publishedAt: new Date().toISOString(),
    } as never);
    await slow.waitFor(1, 5000);

    const latencies: number[] = [];
    for (let i = 0; i < 8; i++) {
      const sent = Date.now();
      await service.enqueue(account.userId, 'post.scheduled', postData(i) as never);
      await fast.waitFor(i + 1, 3000);
      latencies.push(fast.requests[i].at - sent);
    }
    // Each fast delivery arrives within a few ticks, never behind the 2 s hang.
    expect(Math.max(...latencies)).toBeLessThan(1500);
    // The slow receiver got the first attempts, each cut at 2 s, and the first delivery is retried.
    await eventually(async () => {
      const docs = await deliveries(t, slowHook._id);
      return docs.some((d) => d.attemptCount >= 2) ? docs : null;
    }, 12_000);
    const docs = await deliveries(t, slowHook._id);
    const retried = docs.find((d) => d.attemptCount >= 2)!;
    expect(retried.attempts[0]).toMatchObject({ ok: false, statusCode: null, error: 'Timed out after 2000 ms' });
    expect(retried.attempts[0].durationMs).toBeGreaterThanOrEqual(1980);
    expect(retried.attempts[0].durationMs).toBeLessThan(4000);
    const ids = slow.requests.map((r) => r.headers['x-service-delivery']);
    expect(ids.filter((id) => id === String(retried._id)).length).toBeGreaterThanOrEqual(2); // same id on retry
    slow.behave((_q, res) => res.end());
  });

  it('five consecutive failures disable the webhook; later queued deliveries are cancelled', async () => {
    const rx = await receiver();
    rx.behave((_q, res) => {
      res.statusCode = 500;
      res.end('nope');
    });
    const account = await createAccount(t);
    const hook = await createWebhook(t, account, rx.url, ['post.failed']);
    const failed = { postId: 'p', postGroupId: 'g', platform: 'x', error: { code: 'E', message: 'm' }, failedAt: new Date().toISOString() };
    await service.enqueue(account.userId, 'post.failed', failed);
    await service.enqueue(account.userId, 'post.failed', failed);
    const doc = await eventually(async () => {
      const d = await webhookDoc(t, hook._id);
      return d && !d.isActive ? d : null;
    }, 15_000);
    expect(doc.failureCount).toBe(5);
    await new Promise((r) => setTimeout(r, 800));
    expect(rx.requests).toHaveLength(5); // nothing after the fifth
    const listed = await t.http.get('/api/v1/webhooks').set(account.apiHeaders).expect(200);
    expect(listed.body.webhooks[0]).toMatchObject({ isActive: false, failureCount: 5 });
    const statuses = (await deliveries(t, hook._id)).map((d) => d.status).sort();
    expect(statuses.every((s) => s === 'failed' || s === 'cancelled')).toBe(true);
    const history = (await t.http.get(`/webhooks/${hook._id}/deliveries`).set('Cookie', account.cookie).expect(200)).body.deliveries;
    expect(history.flatMap((d: { attempts: Array<{ error: string }> }) => d.attempts.map((a) => a.error))).toEqual(expect.arrayContaining(['HTTP 500']));

    // Re-enabled through the API: failureCount stays 5, so the next failure disables it again.
    await t.http.patch(`/api/v1/webhooks/${hook._id}`).set(account.apiHeaders).send({ isActive: true }).expect(200);
    await service.enqueue(account.userId, 'post.failed', failed);
    await rx.waitFor(6);
    const again = await eventually(async () => {
      const d = await webhookDoc(t, hook._id);
      return d && !d.isActive ? d : null;
    });
    expect(again.failureCount).toBe(6);

    // Re-enabled from the dashboard: reset; a success keeps it at 0.
    rx.behave((_q, res) => res.end());
    await t.http.patch(`/webhooks/${hook._id}`).set('Cookie', account.cookie).send({ isActive: true }).expect(200);
    await service.enqueue(account.userId, 'post.failed', failed);
    await rx.waitFor(7);
    await eventually(async () => ((await webhookDoc(t, hook._id))?.lastTriggeredAt ? true : null));
    expect(await webhookDoc(t, hook._id)).toMatchObject({ isActive: true, failureCount: 0 });
  });

  it('a success resets failureCount', async () => {
    const rx = await receiver();
    let fail = 2;
    rx.behave((_q, res) => {
      res.statusCode = fail-- > 0 ? 503 : 204;
      res.end();
    });
    const account = await createAccount(t);
    const hook = await createWebhook(t, account, rx.url, ['token.expiring']);
    await service.enqueue(account.userId, 'token.expiring', {
      platform: 'threads',
      platformId: 'threads-1',
      username: null,
      expiresAt: new Date().toISOString(),
    });
    await rx.waitFor(3, 5000);
    const d = await eventually(async () => {
      const doc = await webhookDoc(t, hook._id);
      return doc?.lastTriggeredAt ? doc : null;
    });
    expect(d).toMatchObject({ isActive: true, failureCount: 0 });
    const [delivery] = await deliveries(t, hook._id);
    expect(delivery).toMatchObject({ status: 'delivered', attemptCount: 3 });
    // Retry gaps follow the schedule: ≥ 200 ms, then ≥ 600 ms.
    const [a, b, c] = rx.requests.map((r) => r.at);
    expect(b - a).toBeGreaterThanOrEqual(180);
    expect(c - b).toBeGreaterThanOrEqual(580);
  });

  it('a queue to one receiver goes out one at a time, oldest first; a failure in the middle is counted once and the rest follow', async () => {
    const rx = await receiver();
    let inFlight = 0;
    let maxInFlight = 0;
    rx.behave((_q, res) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      // The 4th request fails once; the delivery is retried later.
      const status = rx.requests.length === 4 ? 500 : 200;
      setTimeout(() => {
        inFlight -= 1;
        res.statusCode = status;
        res.end();
      }, 5);
    });
    const account = await createAccount(t);
    const hook = await createWebhook(t, account, rx.url, ['post.scheduled']);
    const total = 30; // more than one batch of the worker's run
    await service.enqueueMany(
      account.userId,
      Array.from({ length: total }, (_, i) => ({ event: 'post.scheduled' as const, data: postData(i + 1) })),
    );
    await rx.waitFor(total + 1, 15_000);
    const all = await eventually(async () => {
      const rows = await deliveries(t, hook._id);
      return rows.every((d) => d.status === 'delivered') ? rows : null;
    });
    expect(maxInFlight).toBe(1);
    expect(all).toHaveLength(total);
    // Each delivery arrived once, except the one that failed once, which arrived twice.
    const arrivals = new Map<string, number>();
    for (const r of rx.requests) arrivals.set(String(r.headers['x-service-delivery']), (arrivals.get(String(r.headers['x-service-delivery'])) ?? 0) + 1);
    expect([...arrivals.values()].sort((x, y) => y - x)).toEqual([2, ...Array(total - 1).fill(1)]);
    expect(all.filter((d) => d.attemptCount === 2)).toHaveLength(1);
    // First attempts in queue order (the order the events were written in).
    const firstSeen = [...new Set(rx.requests.map((r) => String(r.headers['x-service-delivery'])))];
    expect(firstSeen).toEqual([...all].sort((x, y) => String(x._id).localeCompare(String(y._id))).map((d) => String(d._id)));
    const doc = await webhookDoc(t, hook._id);
    expect(doc).toMatchObject({ isActive: true, failureCount: 0 });
  });
});

describe('webhook delivery across a restart, and refused destinations (switch off)', () => {
  let db: DatabaseServer;
  const encryptionKey = randomBytes(32).toString('hex');
  const receivers: Receiver[] = [];
  const apps: TestApp[] = [];
  const start = async (env: Record<string, string>) => {
    const app = await createTestApp({ databaseUri: db.uri, env: { ENCRYPTION_KEY: encryptionKey, ...env } });
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => undefined);
    await Promise.all(receivers.map((r) => r.close()));
    await db.stop();
  });

  it('a restart in the middle of pending deliveries loses none', async () => {
    const rx = await startReceiver();
    receivers.push(rx);
    rx.behave((_q, res) => setTimeout(() => res.end(), 30)); // a little slow, so the queue is mid-way
    const first = await start({ ...FAST, WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOKS_DELIVERY_CONCURRENCY: '2' });
    const account = await createAccount(first);
    const hook = await createWebhook(first, account, rx.url, ['post.scheduled']);
    const service = first.app.get(WebhooksService);
    for (let i = 0; i < 40; i++) await service.enqueue(account.userId, 'post.scheduled', postData(i) as never);
    await rx.waitFor(5);
    await first.close(); // waits for the deliveries in flight
    const atRestart = rx.requests.length;
    expect(atRestart).toBeLessThan(40);

    const second = await start({ ...FAST, WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' });
    await rx.waitFor(40, 15_000);
    await new Promise((r) => setTimeout(r, 300));
    const ids = rx.requests.map((r) => String(r.headers['x-service-delivery']));
    expect(new Set(ids).size).toBe(40);
    expect(ids).toHaveLength(40); // none twice
    const docs = await deliveries(second, hook._id);
    expect(docs.every((d) => d.status === 'delivered')).toBe(true);
    await second.close();
  });

  it("instances claiming one receiver's queue at once each win different deliveries; a further claim takes the rest, oldest first", async () => {
    const t = await start({ WEBHOOKS_WORKER_ENABLED: 'false', WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' });
    const account = await createAccount(t);
    const hook = await createWebhook(t, account, 'http://127.0.0.1:9/hook', ['post.scheduled']);
    const total = 25;
    await t.app.get(WebhooksService).enqueueMany(
      account.userId,
      Array.from({ length: total }, (_, i) => ({ event: 'post.scheduled' as const, data: postData(i + 1) })),
    );
    const repository = t.app.get(WebhookDeliveriesRepository);
    const claimBatch = (token: string, limit: number) => repository.claimBatchFor(account.userId, hook._id, new Date(), 60_000, token, limit);
    // Each reads the same oldest ten; the lease update lets exactly one take each of them.
    const raced = (await Promise.all(['a', 'b', 'c'].map((token) => claimBatch(token, 10)))).flat();
    expect(new Set(raced.map((d) => d.id)).size).toBe(raced.length);
    const stored = new Map((await deliveries(t, hook._id)).map((d) => [String(d._id), d]));
    for (const d of raced) expect(stored.get(d.id)!.leaseToken).toBe(d.leaseToken);
    expect([...stored.values()].filter((d) => d.leaseToken)).toHaveLength(raced.length);

    const rest = await claimBatch('d', total);
    const oldestFirst = [...stored.keys()].sort();
    expect(rest.map((d) => d.id)).toEqual(oldestFirst.filter((id) => !raced.some((d) => d.id === id)));
    expect(rest.every((d) => d.leaseToken === 'd' && d.attemptCount === 0 && d.payload === stored.get(d.id)!.payload)).toBe(true);
    expect(await claimBatch('e', total)).toEqual([]);
    await t.close();
  });

  it('an instance that dies mid-run leaves its claims due again after the lease; a success recorded with a claim stays delivered', async () => {
    const t = await start({ WEBHOOKS_WORKER_ENABLED: 'false', WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' });
    const account = await createAccount(t);
    const hook = await createWebhook(t, account, 'http://127.0.0.1:9/hook', ['post.scheduled']);
    await t.app.get(WebhooksService).enqueueMany(
      account.userId,
      Array.from({ length: 6 }, (_, i) => ({ event: 'post.scheduled' as const, data: postData(i + 1) })),
    );
    const repository = t.app.get(WebhookDeliveriesRepository);
    const now = new Date();
    const at = (ms: number) => new Date(now.getTime() + ms);
    const claimBatch = (when: Date, token: string, limit: number, delivered: Delivered[] = []) =>
      repository.claimBatchFor(account.userId, hook._id, when, 60_000, token, limit, delivered);
    // The dying instance sent the first of its batch and claimed the next batch in the same write
    // that recorded that success; then it stopped.
    const first = await claimBatch(now, 'dead-1', 3);
    const attempt = { at: now, ok: true, statusCode: 200, error: null, durationMs: 5 };
    const second = await claimBatch(now, 'dead-2', 3, [{ claim: first[0], attempt }]);
    expect(second).toHaveLength(3);

    expect(await claimBatch(at(59_999), 'other', 10)).toEqual([]);
    const retaken = await claimBatch(at(60_001), 'other', 10);
    expect(retaken.map((d) => d.id)).toEqual([...first.slice(1), ...second].map((d) => d.id));
    const delivered = (await deliveries(t, hook._id)).filter((d) => d.status === 'delivered');
    expect(delivered.map((d) => String(d._id))).toEqual([first[0].id]);
    expect(delivered[0]).toMatchObject({ attemptCount: 1, attempts: [attempt], leaseToken: null, deliveredAt: now });
    await t.close();
  });

  it("with every slot busy a receiver's run gives its slot back after 50 deliveries: an older delivery to another receiver goes next", async () => {
    const rx = await startReceiver();
    receivers.push(rx);
    const t = await start({ ...FAST, WEBHOOKS_WORKER_ENABLED: 'false', WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOKS_DELIVERY_CONCURRENCY: '1' });
    const account = await createAccount(t);
    await createWebhook(t, account, `${rx.url}?w=long`, ['post.scheduled']);
    await createWebhook(t, account, `${rx.url}?w=other`, ['post.published']);
    const service = t.app.get(WebhooksService);
    const pause = () => new Promise((r) => setTimeout(r, 5)); // distinct due times
    await service.enqueueMany(
      account.userId,
      Array.from({ length: 50 }, (_, i) => ({ event: 'post.scheduled' as const, data: postData(i + 1) })),
    );
    await pause();
    await service.enqueue(account.userId, 'post.published', { ...postData(), publishedAt: new Date().toISOString() } as never);
    await pause();
    await service.enqueueMany(
      account.userId,
      Array.from({ length: 10 }, (_, i) => ({ event: 'post.scheduled' as const, data: postData(i + 51) })),
    );
    t.app.get(WebhookDeliveryWorker).start();
    const got = await rx.waitFor(61, 15_000);
    expect(got.map((r) => r.path.split('w=')[1])).toEqual([...Array(50).fill('long'), 'other', ...Array(10).fill('long')]);
    await t.close();
  });

  it('a host name resolving to loopback (localhost) is refused at delivery: nothing reaches the receiver', async () => {
    const rx = await startReceiver();
    receivers.push(rx);
    // Created while private targets were allowed (the only way to store such a URL) …
    const setup = await start({ WEBHOOKS_WORKER_ENABLED: 'false', WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' });
    const account = await createAccount(setup);
    const hook = await createWebhook(setup, account, `http://localhost:${rx.port}/hook`, ['post.published']);
    await setup.close();
    // … then delivered by an instance with the switch off.
    const t = await start({ ...FAST });
    await t.app.get(WebhooksService).enqueue(account.userId, 'post.published', { ...postData(), publishedAt: new Date().toISOString() } as never);
    const [delivery] = await eventually(async () => {
      const docs = await deliveries(t, hook._id);
      return docs.length && docs[0].attemptCount >= 1 ? docs : null;
    });
    expect(delivery.attempts[0]).toMatchObject({ ok: false, statusCode: null, error: 'Refused: localhost resolves to a loopback address (127.0.0.1)' });
    expect(rx.requests).toHaveLength(0);
    expect((await webhookDoc(t, hook._id))!.failureCount).toBe(1); // a refusal counts as a failure
    await t.close();
  });

  it('an OUTBOUND_ALLOWED_HOSTS origin is created and delivered to without the switch; another port of the same host keeps the spec refusals', async () => {
    const [listed, unlisted] = [await startReceiver(), await startReceiver()];
    receivers.push(listed, unlisted);
    const t = await start({ ...FAST, OUTBOUND_ALLOWED_HOSTS: `http://127.0.0.1:${listed.port}` });
    const account = await createAccount(t);
    const hook = await createWebhook(t, account, listed.url, ['post.scheduled']);
    for (const [route, headers] of [
      ['/api/v1/webhooks', account.apiHeaders],
      ['/webhooks', { Cookie: account.cookie }],
    ] as const) {
      const refused = await t.http
        .post(route)
        .set(headers)
        .send({ name: 'rx', url: unlisted.url, events: ['post.scheduled'] });
      expect([refused.status, refused.body.error]).toEqual([400, 'Localhost URLs are not allowed']);
    }
    const metadata = await t.http
      .post('/api/v1/webhooks')
      .set(account.apiHeaders)
      .send({ name: 'rx', url: 'http://169.254.169.254/', events: ['post.scheduled'] });
    expect([metadata.status, metadata.body.error]).toEqual([400, 'Cloud metadata endpoints are not allowed']);
    await t.app.get(WebhooksService).enqueue(account.userId, 'post.scheduled', postData() as never);
    const [got] = await listed.waitFor(1);
    expect(got.body.event).toBe('post.scheduled');
    expect((await deliveries(t, hook._id))[0]).toMatchObject({ status: 'delivered' });
    expect(unlisted.requests).toHaveLength(0);
    await t.close();
  });

  it('a stored URL whose origin is not listed is refused at delivery, though another port of its host is listed', async () => {
    const rx = await startReceiver();
    receivers.push(rx);
    const setup = await start({ WEBHOOKS_WORKER_ENABLED: 'false', WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' });
    const account = await createAccount(setup);
    const hook = await createWebhook(setup, account, rx.url, ['post.scheduled']);
    await setup.close();
    const t = await start({ ...FAST, OUTBOUND_ALLOWED_HOSTS: `http://127.0.0.1:${rx.port + 1},https://127.0.0.1:${rx.port}` });
    await t.app.get(WebhooksService).enqueue(account.userId, 'post.scheduled', postData() as never);
    const [delivery] = await eventually(async () => {
      const docs = await deliveries(t, hook._id);
      return docs.length && docs[0].attemptCount >= 1 ? docs : null;
    });
    expect(delivery.attempts[0].error).toBe('Refused: 127.0.0.1 resolves to a loopback address (127.0.0.1)');
    expect(rx.requests).toHaveLength(0);
    await t.close();
  });

  it('the API accepts http://[::1] (spec) but delivery refuses it', async () => {
    const rx = await startReceiver('::1');
    receivers.push(rx);
    const t = await start({ ...FAST });
    const account = await createAccount(t);
    const hook = await createWebhook(t, account, rx.url, ['post.scheduled']);
    await t.app.get(WebhooksService).enqueue(account.userId, 'post.scheduled', postData() as never);
    const [delivery] = await eventually(async () => {
      const docs = await deliveries(t, hook._id);
      return docs.length && docs[0].attemptCount >= 1 ? docs : null;
    });
    expect(delivery.attempts[0].error).toBe('Refused: ::1 resolves to a loopback address (::1)');
    expect(rx.requests).toHaveLength(0);
    await t.close();
  });
});
