import { createAccount, createConnection, createTestApp, type TestAccount, type TestApp } from '@test/support';
import type { ConnectionRef } from '../../src/connections/connections.service';
import {
  createClient,
  newIdempotencyKey,
  ok,
  parseWebhook,
  result,
  SpsApiError,
  verifyWebhookSignature,
  WEBHOOK_SIGNATURE_HEADER,
  withIdempotencyKey,
  type Schemas,
  type SpsClient,
} from '../../sdk/src';
import { startReceiver, type Receiver } from '../webhooks/receiver';

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/**
 * The SDK (sdk/) against the real app on its listening port: every call goes through the SDK's
 * own client, over t.fetch, so every answer is also held to the served OpenAPI document.
 */
describe('the TypeScript SDK against the running service', () => {
  let t: TestApp;
  let account: TestAccount;
  let linkedin: ConnectionRef;
  let sps: SpsClient;
  let receiver: Receiver;

  /** A client of this app whose answers must match the document (t.fetch: a mismatch rejects the call). */
  const client = (options: { apiKey?: string } = {}): SpsClient => createClient({ baseUrl: t.baseUrl, fetch: t.fetch, ...options });

  beforeAll(async () => {
    t = await createTestApp({
      env: { WEBHOOKS_WORKER_ENABLED: 'true', WEBHOOKS_WORKER_INTERVAL_MS: '50', WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' },
    });
    account = await createAccount(t, { plan: 'pro', seats: 5 });
    linkedin = await createConnection(t, account.userId, { platform: 'linkedin' });
    sps = client({ apiKey: account.apiKey });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  it('creates, lists, gets, updates and deletes a post, typed end to end', async () => {
    const created = await ok(sps.POST('/api/v1/create-post', { body: { content: 'From the SDK', platforms: [linkedin.platformId] } }));
    const postGroupId: string = created.postGroupId;
    expect(created).toEqual({ success: true, postGroupId: expect.stringMatching(/^[0-9a-f]{24}$/) });

    const listed = await ok(sps.GET('/api/v1/list-posts', { params: { query: { status: 'draft', limit: 10 } } }));
    expect(listed.posts.map((p) => p.postGroupId)).toContain(postGroupId);
    expect(listed.pagination).toMatchObject({ page: 1, limit: 10 });

    const path = { postGroupId };
    const detail: Schemas['PostDetailResponse'] = await ok(sps.GET('/api/v1/get-post/{postGroupId}', { params: { path } }));
    expect(detail).toMatchObject({ postGroupId, status: 'draft', content: 'From the SDK' });
    expect(detail.posts.map((p) => p.platform)).toEqual(['linkedin']);

    const scheduledTime = inMinutes(90);
    const updated = await ok(sps.PUT('/api/v1/update-post/{postGroupId}', { params: { path }, body: { status: 'scheduled', scheduledTime } }));
    expect(updated.postGroup).toMatchObject({ _id: postGroupId, status: 'scheduled' });

    expect(await ok(sps.DELETE('/api/v1/delete-post/{postGroupId}', { params: { path } }))).toEqual({ success: true });
    const gone = await result(sps.GET('/api/v1/get-post/{postGroupId}', { params: { path } }));
    expect(gone.error).toEqual({ status: 404, error: 'Post group not found', body: { error: 'Post group not found' } });
  });

  it("answers the spec's refusals as typed errors: a 400 for the body, a 401 without a key or with a wrong one", async () => {
    // openapi-fetch's own shape: the refusal's body in `error`, its status on `response`.
    const { data, error, response } = await sps.POST('/api/v1/create-post', { body: { content: '', platforms: [linkedin.platformId] } });
    expect(data).toBeUndefined();
    expect(response.status).toBe(400);
    expect(error).toEqual({ error: 'Content is required' });

    const anonymous = client();
    expect((await result(anonymous.GET('/api/v1/platform-connections'))).error).toMatchObject({ status: 401, error: 'API key is required' });
    const wrong = client({ apiKey: 'sk_not_a_key_of_this_service' });
    await expect(ok(wrong.GET('/api/v1/platform-connections'))).rejects.toEqual(new SpsApiError(401, 'Invalid API key', { error: 'Invalid API key' }));
  });

  it('sends an Idempotency-Key: the same key twice answers the same and creates one post', async () => {
    const key = newIdempotencyKey();
    const body = { content: 'Exactly once', platforms: [linkedin.platformId], scheduledTime: inMinutes(120) };
    const first = await ok(sps.POST('/api/v1/create-post', { body, params: withIdempotencyKey({}, key) }));
    const again = await ok(sps.POST('/api/v1/create-post', { body, params: withIdempotencyKey({}, key) }));
    expect(again).toEqual(first);
    const listed = await ok(sps.GET('/api/v1/list-posts', { params: { query: { limit: 100 } } }));
    expect(listed.posts.filter((p) => p.content === 'Exactly once')).toHaveLength(1);

    // Another body under the same key is refused, typed as the route's 409.
    const reused = await result(sps.POST('/api/v1/create-post', { body: { ...body, content: 'Else' }, params: withIdempotencyKey({}, key) }));
    expect(reused.error).toMatchObject({ status: 409, error: 'Idempotency-Key reused with a different request body' });
  });

  it("verifies a webhook delivery's signature over the exact bytes, and refuses a tampered one", async () => {
    const { webhook } = await ok(sps.POST('/api/v1/webhooks', { body: { name: 'sdk', url: receiver.url, events: ['post.published'] } }));
    const queued = await ok(sps.POST('/api/v1/webhooks/{id}/test', { params: withIdempotencyKey({ path: { id: webhook._id } }) }));
    expect(queued.success).toBe(true);
    const [delivery] = await receiver.waitFor(1);

    const signature = delivery.headers[WEBHOOK_SIGNATURE_HEADER];
    expect(verifyWebhookSignature({ secret: webhook.secret, body: delivery.raw, signature })).toBe(true);
    expect(verifyWebhookSignature({ secret: webhook.secret, body: delivery.raw.toString('utf8'), signature })).toBe(true);
    expect(parseWebhook(webhook.secret, delivery.raw, delivery.headers)).toMatchObject({ event: 'webhook.test', data: { webhookId: webhook._id } });

    const tampered = Buffer.from(delivery.raw.toString('utf8').replace('webhook.test', 'webhook.tesT'));
    expect(verifyWebhookSignature({ secret: webhook.secret, body: tampered, signature })).toBe(false);
    expect(verifyWebhookSignature({ secret: `${webhook.secret}x`, body: delivery.raw, signature })).toBe(false);
    expect(verifyWebhookSignature({ secret: webhook.secret, body: delivery.raw, signature: undefined })).toBe(false);
    expect(verifyWebhookSignature({ secret: webhook.secret, body: delivery.raw, signature: 'abc' })).toBe(false);
    expect(parseWebhook(webhook.secret, tampered, delivery.headers)).toBeNull();
  });

  it('is typed from the document: unknown routes, missing path parameters and wrong bodies do not compile', () => {
    // Never called: the checks are the compiler's (`npm run typecheck` fails when one compiles).
    const unused = () => {
      // @ts-expect-error not a route of the service
      void sps.GET('/api/v1/no-such-route');
      // @ts-expect-error postGroupId is a required path parameter
      void sps.GET('/api/v1/get-post/{postGroupId}', {});
      // @ts-expect-error content is required
      void sps.POST('/api/v1/create-post', { body: { platforms: [] } });
      // @ts-expect-error update-post's status is draft or scheduled
      void sps.PUT('/api/v1/update-post/{postGroupId}', { params: { path: { postGroupId: 'x' } }, body: { status: 'published' } });
    };
    expect(typeof unused).toBe('function');
  });
});
