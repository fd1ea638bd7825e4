import { createAccount, createTestApp, type TestAccount, type TestApp } from '@test/support';
import { Types } from 'mongoose';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { OPT_IN_WEBHOOK_EVENTS, SPEC_WEBHOOK_EVENTS, WEBHOOK_EVENTS, type WebhookEventData } from '../../src/webhooks/webhook-events';
import { WebhooksService } from '../../src/webhooks/webhooks.service';
import { dataOf, gqlClient } from '../graphql/graphql-helpers';
import { eventually, startReceiver, type Receiver, type ReceivedRequest } from './receiver';

/**
 * Opt-in events and the REST delivery routes (/api/v1/webhooks/:id/deliveries, …/redeliver,
 * …/test), against local receivers. Retries are an hour and more apart here, so a delivery whose
 * first attempt failed stays `pending` with its failure recorded for the whole suite.
 */
const ENV = {
  WEBHOOKS_WORKER_ENABLED: 'true',
  WEBHOOKS_WORKER_INTERVAL_MS: '50',
  WEBHOOKS_DELIVERY_TIMEOUT_MS: '2000',
  WEBHOOKS_RETRY_BASE_MS: '600000',
  WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
};
const VALID = SPEC_WEBHOOK_EVENTS.join(', ');
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const HEX24 = /^[0-9a-f]{24}$/;

function verify(secret: string, r: ReceivedRequest): boolean {
  const expected = createHmac('sha256', secret).update(r.raw).digest();
  const given = Buffer.from(String(r.headers['x-service-signature']), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const retried = (): WebhookEventData['post.retried'] => ({
  postId: new Types.ObjectId().toHexString(),
  postGroupId: new Types.ObjectId().toHexString(),
  platform: 'linkedin',
  retriedAt: new Date().toISOString(),
  forced: false,
});
const published = (): WebhookEventData['post.published'] => ({
  postId: new Types.ObjectId().toHexString(),
  postGroupId: new Types.ObjectId().toHexString(),
  platform: 'twitter',
  publishedAt: new Date().toISOString(),
});

describe('webhooks: opt-in events and the REST delivery routes', () => {
  let t: TestApp;
  let service: WebhooksService;
  const receivers: Receiver[] = [];
  const receiver = async () => {
    const r = await startReceiver();
    receivers.push(r);
    return r;
  };

  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
    service = t.app.get(WebhooksService);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all(receivers.map((r) => r.close()));
  });

  async function createWebhook(account: TestAccount, url: string, events: string[]): Promise<{ _id: string; secret: string }> {
    const res = await t.http.post('/api/v1/webhooks').set(account.apiHeaders).send({ name: 'rx', url, events });
    if (res.status !== 201) throw new Error(`create webhook: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.webhook;
  }
  const deliveries = (account: TestAccount, id: string, query: Record<string, string | number> = {}) =>
    t.http.get(`/api/v1/webhooks/${id}/deliveries`).query(query).set(account.apiHeaders);
  const sendTest = (account: TestAccount, id: string, key?: string) => {
    const req = t.http.post(`/api/v1/webhooks/${id}/test`).set(account.apiHeaders);
    return key === undefined ? req : req.set('Idempotency-Key', key);
  };
  const redeliver = (account: TestAccount, id: string, deliveryId: string, key?: string) => {
    const req = t.http.post(`/api/v1/webhooks/${id}/deliveries/${deliveryId}/redeliver`).set(account.apiHeaders);
    return key === undefined ? req : req.set('Idempotency-Key', key);
  };
  const disable = (account: TestAccount, id: string) => t.http.patch(`/api/v1/webhooks/${id}`).set(account.apiHeaders).send({ isActive: false }).expect(200);
  /** Waits until the worker has settled all of a webhook's deliveries as `status`. */
  const settled = (account: TestAccount, id: string, count: number, status = 'delivered') =>
    eventually(async () => {
      const body = (await deliveries(account, id, { status, limit: 100 }).expect(200)).body;
      return body.pagination.totalItems === count ? body : null;
    });

  describe('opt-in events', () => {
    it('REST create and update, and GraphQL create, accept the opt-in names; the create refusal still lists only the spec four', async () => {
      const account = await createAccount(t);
      const created = await createWebhook(account, 'https://example.com/a', [...WEBHOOK_EVENTS]);
      const listed = (await t.http.get('/api/v1/webhooks').set(account.apiHeaders).expect(200)).body.webhooks;
      expect(listed.find((w: { _id: string }) => w._id === created._id).events).toEqual([...WEBHOOK_EVENTS]);

      const updated = await t.http
        .patch(`/api/v1/webhooks/${created._id}`)
        .set(account.apiHeaders)
        .send({ events: ['connection.reauth_required', 'post.unpublished'] })
        .expect(200);
      expect(updated.body.webhook.events).toEqual(['connection.reauth_required', 'post.unpublished']);

      const refused = await t.http
        .post('/api/v1/webhooks')
        .set(account.apiHeaders)
        .send({ name: 'x', url: 'https://example.com/b', events: ['post.retried', 'post.deleted'] })
        .expect(400);
      expect(refused.body).toEqual({ error: `Invalid events: post.deleted. Valid events: ${VALID}` });

      const gql = gqlClient(t);
      const res = await gql(
        'mutation ($input: CreateWebhookInput!) { createWebhook(input: $input) { id events } }',
        { input: { name: 'g', url: 'https://example.com/g', events: ['post.partially_published', 'connection.disconnected'] } },
        account.cookie,
      );
      expect(dataOf(res).createWebhook.events).toEqual(['post.partially_published', 'connection.disconnected']);
    });

    it('an opt-in event goes only to webhooks that list it, signed and shaped like the spec events', async () => {
      const rx = await receiver();
      const account = await createAccount(t);
      await createWebhook(account, `${rx.url}?w=spec`, [...SPEC_WEBHOOK_EVENTS]);
      const optIn = await createWebhook(account, `${rx.url}?w=retried`, ['post.retried']);

      const data = retried();
      expect(await service.enqueue(account.userId, 'post.retried', data)).toBe(1);
      const [got] = await rx.waitFor(1);
      expect(got.path).toBe('/hook?w=retried');
      expect(verify(optIn.secret, got)).toBe(true);
      expect(got.headers['x-service-event']).toBe('post.retried');
      expect(got.headers['x-service-delivery']).toMatch(HEX24);
      expect(got.raw.toString()).toBe(JSON.stringify({ event: 'post.retried', timestamp: got.body.timestamp, data }));

      // The spec subscriber gets its own events only; the opt-in one never reached it.
      expect(await service.enqueue(account.userId, 'post.published', published())).toBe(1);
      await rx.waitFor(2);
      await new Promise((r) => setTimeout(r, 300));
      expect(rx.requests.map((r) => `${r.path} ${r.body.event}`)).toEqual(['/hook?w=retried post.retried', '/hook?w=spec post.published']);
      for (const event of OPT_IN_WEBHOOK_EVENTS.filter((e) => e !== 'post.retried')) {
        expect(await service.enqueue(account.userId, event, {} as never)).toBe(0);
      }
    });

    it('the OpenAPI document lists all nine events for webhook bodies', async () => {
      const doc = (await t.http.get('/api/v1/openapi.json').expect(200)).body;
      const events = (schema: string) => doc.components.schemas[schema].properties.events;
      expect(events('CreateWebhookDto').items.enum).toEqual([...WEBHOOK_EVENTS]);
      expect(events('UpdateWebhookDto').items.enum).toEqual([...WEBHOOK_EVENTS]);
      const params = doc.paths['/api/v1/webhooks/{id}/deliveries'].get.parameters as Array<{ name: string; schema: { enum?: string[] } }>;
      expect(params.find((p) => p.name === 'event')!.schema.enum).toEqual([...WEBHOOK_EVENTS, 'webhook.test']);
      expect(params.find((p) => p.name === 'status')!.schema.enum).toEqual(['pending', 'delivered', 'failed', 'cancelled']);
      for (const path of ['/api/v1/webhooks/{id}/test', '/api/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver']) {
        expect(Object.keys(doc.paths[path].post.responses)).toEqual(expect.arrayContaining(['202', '400', '404', '409']));
      }
    });
  });

  describe('GET /api/v1/webhooks/:id/deliveries', () => {
    let owner: TestAccount;
    let other: TestAccount;
    let hook: { _id: string; secret: string };
    let failing: { _id: string; secret: string };

    beforeAll(async () => {
      [owner, other] = await Promise.all([createAccount(t), createAccount(t)]);
      const rx = await receiver();
      hook = await createWebhook(owner, rx.url, ['post.published', 'post.retried']);
      // One at a time, so each delivery has its own createdAt and the order is known.
      for (let i = 0; i < 3; i++) await service.enqueue(owner.userId, 'post.published', published());
      for (let i = 0; i < 2; i++) await service.enqueue(owner.userId, 'post.retried', retried());
      await settled(owner, hook._id, 5);

      const down = await receiver();
      down.behave((_req, res) => {
        res.statusCode = 503;
        res.end('down');
      });
      // An event `hook` does not take, so its list stays at five.
      failing = await createWebhook(owner, down.url, ['post.unpublished']);
      await service.enqueue(owner.userId, 'post.unpublished', { ...published(), unpublishedAt: new Date().toISOString() });
      await down.waitFor(1);
    });

    it('pages newest first with list-posts pagination; items carry the delivery fields, never the secret', async () => {
      const all = (await deliveries(owner, hook._id).expect(200)).body;
      expect(all.pagination).toEqual({ page: 1, limit: 20, totalItems: 5, totalPages: 1, hasNextPage: false, hasPrevPage: false });
      expect(all.deliveries.map((d: { event: string }) => d.event)).toEqual([
        'post.retried',
        'post.retried',
        'post.published',
        'post.published',
        'post.published',
      ]);
      const [newest] = all.deliveries;
      expect(newest).toEqual({
        _id: expect.stringMatching(HEX24),
        webhookId: hook._id,
        event: 'post.retried',
        status: 'delivered',
        attemptCount: 1,
        nextAttemptAt: null,
        deliveredAt: expect.stringMatching(ISO),
        lastStatusCode: 200,
        lastError: null,
        attempts: [{ at: expect.stringMatching(ISO), ok: true, statusCode: 200, error: null, durationMs: expect.any(Number) }],
        payload: expect.stringContaining('"event":"post.retried"'),
        createdAt: expect.stringMatching(ISO),
        updatedAt: expect.stringMatching(ISO),
      });
      expect(JSON.stringify(all)).not.toContain(hook.secret);
      expect(JSON.stringify(all)).not.toMatch(/secret|signature|leaseToken|userId/i);

      const page1 = (await deliveries(owner, hook._id, { limit: 2 }).expect(200)).body;
      const page3 = (await deliveries(owner, hook._id, { limit: 2, page: 3 }).expect(200)).body;
      expect(page1.pagination).toEqual({ page: 1, limit: 2, totalItems: 5, totalPages: 3, hasNextPage: true, hasPrevPage: false });
      expect(page3.pagination).toEqual({ page: 3, limit: 2, totalItems: 5, totalPages: 3, hasNextPage: false, hasPrevPage: true });
      const page2 = (await deliveries(owner, hook._id, { limit: 2, page: 2 }).expect(200)).body;
      const ids = [...page1.deliveries, ...page2.deliveries, ...page3.deliveries].map((d: { _id: string }) => d._id);
      expect(ids).toEqual(all.deliveries.map((d: { _id: string }) => d._id));

      // Bounded limit, clamped page, and a page past the end is empty.
      expect((await deliveries(owner, hook._id, { limit: 1000 }).expect(200)).body.pagination.limit).toBe(100);
      expect((await deliveries(owner, hook._id, { limit: 0, page: -4 }).expect(200)).body.pagination).toMatchObject({ page: 1, limit: 20 });
      expect((await deliveries(owner, hook._id, { page: 1e20 }).expect(200)).body.deliveries).toEqual([]);
    });

    it('filters by event and by status, together too', async () => {
      const byEvent = (await deliveries(owner, hook._id, { event: 'post.retried' }).expect(200)).body;
      expect(byEvent.pagination.totalItems).toBe(2);
      expect(byEvent.deliveries.every((d: { event: string }) => d.event === 'post.retried')).toBe(true);
      expect((await deliveries(owner, hook._id, { event: 'post.failed' }).expect(200)).body.deliveries).toEqual([]);
      expect((await deliveries(owner, hook._id, { status: 'pending' }).expect(200)).body.pagination.totalItems).toBe(0);
      expect((await deliveries(owner, hook._id, { event: '', status: '' }).expect(200)).body.pagination.totalItems).toBe(5);

      const pending = (await deliveries(owner, failing._id, { status: 'pending', event: 'post.unpublished' }).expect(200)).body;
      expect(pending.deliveries).toHaveLength(1);
      expect(pending.deliveries[0]).toMatchObject({
        status: 'pending',
        attemptCount: 1,
        lastStatusCode: 503,
        lastError: 'HTTP 503',
        deliveredAt: null,
        nextAttemptAt: expect.stringMatching(ISO),
      });
      expect(new Date(pending.deliveries[0].nextAttemptAt).getTime()).toBeGreaterThan(Date.now());
      expect((await deliveries(owner, failing._id, { status: 'delivered' }).expect(200)).body.deliveries).toEqual([]);
    });

    it.each([
      [{ event: 'post.deleted' }, `Invalid event. Must be one of: ${[...WEBHOOK_EVENTS, 'webhook.test'].join(', ')}`],
      [{ event: 'POST.PUBLISHED' }, `Invalid event. Must be one of: ${[...WEBHOOK_EVENTS, 'webhook.test'].join(', ')}`],
      [{ status: 'sent' }, 'Invalid status. Must be one of: pending, delivered, failed, cancelled'],
    ])('400 for an unknown filter %j', async (query, error) => {
      expect((await deliveries(owner, hook._id, query).expect(400)).body).toEqual({ error });
    });

    it("404 Webhook not found for an unknown, malformed or another user's webhook (before a bad filter's 400); 401 without a key", async () => {
      for (const id of [new Types.ObjectId().toHexString(), 'nope']) {
        expect((await deliveries(owner, id).expect(404)).body).toEqual({ error: 'Webhook not found' });
      }
      expect((await deliveries(other, hook._id).expect(404)).body).toEqual({ error: 'Webhook not found' });
      expect((await deliveries(other, hook._id, { status: 'sent' }).expect(404)).body).toEqual({ error: 'Webhook not found' });
      expect((await t.http.get(`/api/v1/webhooks/${hook._id}/deliveries`).expect(401)).body).toEqual({ error: 'API key is required' });
    });
  });

  describe('POST /api/v1/webhooks/:id/test and …/deliveries/:deliveryId/redeliver', () => {
    it('test: 202 with the queued webhook.test delivery; the receiver gets it signed; it shows in the list as delivered', async () => {
      const rx = await receiver();
      const account = await createAccount(t);
      const hook = await createWebhook(account, rx.url, ['post.published']);
      const res = await sendTest(account, hook._id).expect(202);
      expect(res.body).toEqual({
        success: true,
        delivery: expect.objectContaining({
          _id: expect.stringMatching(HEX24),
          webhookId: hook._id,
          event: 'webhook.test',
          status: 'pending',
          attemptCount: 0,
        }),
      });
      const [got] = await rx.waitFor(1);
      expect(verify(hook.secret, got)).toBe(true);
      expect(got.headers['x-service-event']).toBe('webhook.test');
      expect(got.headers['x-service-delivery']).toBe(res.body.delivery._id);
      expect(got.body).toEqual({ event: 'webhook.test', timestamp: expect.stringMatching(ISO), data: { webhookId: hook._id, message: expect.any(String) } });
      const listed = await settled(account, hook._id, 1);
      expect(listed.deliveries[0]).toMatchObject({ _id: res.body.delivery._id, event: 'webhook.test', lastStatusCode: 200 });
      expect((await deliveries(account, hook._id, { event: 'webhook.test' }).expect(200)).body.pagination.totalItems).toBe(1);
    });

    it('test with an Idempotency-Key: a repeat answers the first delivery and sends nothing more; another webhook with that key is 409', async () => {
      const rx = await receiver();
      const account = await createAccount(t);
      const [hook, second] = [await createWebhook(account, rx.url, ['post.published']), await createWebhook(account, `${rx.url}?2`, ['post.published'])];
      const first = (await sendTest(account, hook._id, 'test-1').expect(202)).body;
      const again = (await sendTest(account, hook._id, 'test-1').expect(202)).body;
      expect(again).toEqual(first);
      expect((await sendTest(account, second._id, 'test-1').expect(409)).body).toEqual({ error: 'Idempotency-Key reused with a different request body' });
      expect((await sendTest(account, hook._id, 'has space').expect(400)).body).toEqual({ error: 'Invalid Idempotency-Key header' });
      await rx.waitFor(1);
      await settled(account, hook._id, 1);
      await new Promise((r) => setTimeout(r, 300));
      expect(rx.requests).toHaveLength(1);
    });

    it('redeliver: 202 with a new delivery; the receiver gets the identical bytes under a new delivery id', async () => {
      const rx = await receiver();
      const account = await createAccount(t);
      const hook = await createWebhook(account, rx.url, ['post.retried']);
      await service.enqueue(account.userId, 'post.retried', retried());
      const [original] = await rx.waitFor(1);
      const { deliveries: list } = await settled(account, hook._id, 1);
      const res = await redeliver(account, hook._id, list[0]._id).expect(202);
      expect(res.body.success).toBe(true);
      expect(res.body.delivery).toMatchObject({ webhookId: hook._id, event: 'post.retried', status: 'pending', attemptCount: 0, payload: list[0].payload });
      expect(res.body.delivery._id).not.toBe(list[0]._id);
      const [, copy] = await rx.waitFor(2);
      expect(copy.raw.equals(original.raw)).toBe(true);
      expect(verify(hook.secret, copy)).toBe(true);
      expect(copy.headers['x-service-delivery']).toBe(res.body.delivery._id);
      expect((await settled(account, hook._id, 2)).pagination.totalItems).toBe(2);
    });

    it('refusals: 404 for unknown, malformed, other-webhook or other-user ids; 400 while queued or disabled', async () => {
      const [account, stranger] = await Promise.all([createAccount(t), createAccount(t)]);
      const rx = await receiver();
      const hook = await createWebhook(account, rx.url, ['post.published']);
      const sibling = await createWebhook(account, `${rx.url}?sibling`, ['post.published']);
      await service.enqueue(account.userId, 'post.published', published());
      await settled(account, hook._id, 1);
      await settled(account, sibling._id, 1);
      const [delivery] = (await deliveries(account, hook._id).expect(200)).body.deliveries;
      const unknown = new Types.ObjectId().toHexString();

      expect((await redeliver(account, unknown, delivery._id).expect(404)).body).toEqual({ error: 'Webhook not found' });
      expect((await redeliver(stranger, hook._id, delivery._id).expect(404)).body).toEqual({ error: 'Webhook not found' });
      expect((await redeliver(account, hook._id, unknown).expect(404)).body).toEqual({ error: 'Delivery not found' });
      expect((await redeliver(account, hook._id, 'nope').expect(404)).body).toEqual({ error: 'Delivery not found' });
      // Its own webhook's delivery only: the sibling's path does not reach it.
      expect((await redeliver(account, sibling._id, delivery._id).expect(404)).body).toEqual({ error: 'Delivery not found' });
      expect((await sendTest(account, unknown).expect(404)).body).toEqual({ error: 'Webhook not found' });
      expect((await sendTest(account, 'nope').expect(404)).body).toEqual({ error: 'Webhook not found' });
      expect((await sendTest(stranger, hook._id).expect(404)).body).toEqual({ error: 'Webhook not found' });

      // A delivery still pending is not queued twice (the receiver is held so it stays pending).
      rx.behave(() => undefined);
      const queued = (await sendTest(account, hook._id).expect(202)).body.delivery;
      expect((await redeliver(account, hook._id, queued._id).expect(400)).body).toEqual({ error: 'Delivery is already queued' });

      await disable(account, hook._id);
      expect((await sendTest(account, hook._id).expect(400)).body).toEqual({ error: 'Webhook is disabled: enable it first' });
      expect((await redeliver(account, hook._id, delivery._id).expect(400)).body).toEqual({ error: 'Webhook is disabled: enable it first' });
      // Nothing was queued by the refusals: the delivered one and the held test only.
      expect((await deliveries(account, hook._id).expect(200)).body.pagination.totalItems).toBe(2);
      expect((await t.http.post(`/api/v1/webhooks/${hook._id}/test`).expect(401)).body).toEqual({ error: 'API key is required' });
    });
  });
});
