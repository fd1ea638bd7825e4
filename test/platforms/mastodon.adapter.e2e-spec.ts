import { FakeMastodonServer, fakeVideoBytes, makeImage, mediaItem } from '@test/support/fakes';
import { MastodonAdapter } from '../../src/platforms/mastodon';
import { PlatformCredentials, PlatformError, PublishRequest } from '../../src/platforms/platform-adapter';
import { IMPATIENT, SLOW_FAULT_MS, fakeEndpoints, rejectionOf } from './fake-endpoints';

describe('MastodonAdapter against a fake instance', () => {
  const fake = new FakeMastodonServer();
  let adapter: MastodonAdapter;
  let impatient: MastodonAdapter; // short timeouts, for the timeout tests
  let creds: PlatformCredentials;
  const request = (over: Partial<PublishRequest> = {}): PublishRequest => ({
    content: 'Hello fediverse',
    media: [],
    settings: {},
    idempotencyKey: `key-${Math.random()}`,
    ...over,
  });

  beforeAll(async () => {
    const base = await fake.start();
    adapter = new MastodonAdapter(fakeEndpoints(base));
    impatient = new MastodonAdapter(fakeEndpoints(base, IMPATIENT));
    creds = { externalId: fake.account.id, accessToken: 'good-token', instanceUrl: `${base}/` };
  });
  beforeEach(async () => {
    await fake.settle();
    fake.reset();
    fake.posts.length = 0;
    fake.setToken('good-token');
  });
  afterAll(() => fake.stop());

  it('publishes a text status with the Idempotency-Key and public visibility', async () => {
    const result = await adapter.publish(creds, request({ idempotencyKey: 'idem-1' }));
    expect(result).toEqual({ postedId: fake.posts[0].id, publishedUrl: fake.statusUrl(fake.posts[0].id) });
    const [call] = fake.calls('POST /api/v1/statuses');
    expect(call.headers['idempotency-key']).toBe('idem-1');
    expect(call.headers.authorization).toBe('Bearer good-token');
    expect(fake.posts[0]).toMatchObject({ text: 'Hello fediverse', visibility: 'public', mediaIds: [] });
  });

  it('a retried attempt with the same key does not post twice', async () => {
    const first = await adapter.publish(creds, request({ idempotencyKey: 'same' }));
    const second = await adapter.publish(creds, request({ idempotencyKey: 'same' }));
    expect(second.postedId).toBe(first.postedId);
    expect(fake.posts).toHaveLength(1);
  });

  it('uploads images as multipart and attaches them in order', async () => {
    const png = await makeImage('png');
    const media = [
      mediaItem(png, { kind: 'image', mimeType: 'image/png', fileName: 'a.png' }),
      mediaItem(png, { kind: 'image', mimeType: 'image/png', fileName: 'b.png' }),
    ];
    await adapter.publish(creds, request({ media }));
    expect(fake.calls('POST /api/v2/media')).toHaveLength(2);
    expect(fake.posts[0].mediaIds).toEqual([...fake.media.keys()].slice(-2));
  });

  it('waits for video processing (202, then 206 polls, then 200) before posting', async () => {
    fake.processingPolls = 3;
    const video = mediaItem(fakeVideoBytes(), { kind: 'video', mimeType: 'video/mp4' });
    await adapter.publish(creds, request({ media: [video] }));
    expect(fake.calls(/GET \/api\/v1\/media\//)).toHaveLength(3);
    expect(fake.posts[0].mediaIds).toHaveLength(1);
  });

  it('retries the status after a 422 "not finished processing" answer', async () => {
    fake.earlyPostRejections = 2;
    const png = await makeImage('png');
    await adapter.publish(creds, request({ media: [mediaItem(png, { kind: 'image', mimeType: 'image/png' })] }));
    expect(fake.calls('POST /api/v1/statuses')).toHaveLength(3);
    expect(fake.posts).toHaveLength(1);
  });

  it('replies with in_reply_to_id', async () => {
    const first = await adapter.publish(creds, request({ content: 'part 1' }));
    await adapter.publish(creds, request({ content: 'part 2', replyToId: first.postedId }));
    expect(fake.posts[1].inReplyToId).toBe(first.postedId);
  });

  it('media processing that never finishes fails clearly, before anything is live', async () => {
    fake.processingPolls = Infinity;
    const video = mediaItem(fakeVideoBytes(), { kind: 'video', mimeType: 'video/mp4' });
    const err = await rejectionOf(impatient.publish(creds, request({ media: [video] })));
    expect(err).toBeInstanceOf(PlatformError);
    expect(err.message).toMatch(/Mastodon media processing .* did not finish/);
    expect(err.options).toMatchObject({ retryable: false, outcomeUnknown: false });
    expect(fake.posts).toHaveLength(0);
  });

  it('revoked token → PLATFORM_AUTH_EXPIRED, not retryable', async () => {
    fake.setToken('good-token', 'revoked');
    const err = await rejectionOf(adapter.publish(creds, request()));
    expect(err.code).toBe('PLATFORM_AUTH_EXPIRED');
    expect(err.options).toMatchObject({ retryable: false, httpStatus: 401, platformError: 'The access token was revoked' });
  });

  it('429 with ISO X-RateLimit-Reset → RATE_LIMITED with retryAfterMs', async () => {
    fake.inject({ kind: 'rate_limit', match: 'POST /api/v1/statuses', retryAfterSeconds: 120 });
    const err = await rejectionOf(adapter.publish(creds, request()));
    expect(err.code).toBe('RATE_LIMITED');
    expect(err.options.retryable).toBe(true);
    expect(err.options.retryAfterMs).toBeGreaterThan(110_000);
    expect(err.options.retryAfterMs).toBeLessThanOrEqual(120_000);
  });

  it('5xx → PLATFORM_SERVER_ERROR, retryable', async () => {
    fake.inject({ kind: 'server_error', match: 'POST /api/v1/statuses' });
    const err = await rejectionOf(adapter.publish(creds, request()));
    expect(err.code).toBe('PLATFORM_SERVER_ERROR');
    expect(err.options).toMatchObject({ retryable: true, httpStatus: 503 });
  });

  it('a slow status creation → TIMEOUT_ERROR with outcomeUnknown', async () => {
    fake.inject({ kind: 'slow', match: 'POST /api/v1/statuses', delayMs: SLOW_FAULT_MS });
    const err = await rejectionOf(impatient.publish(creds, request()));
    expect(err.code).toBe('TIMEOUT_ERROR');
    expect(err.options.outcomeUnknown).toBe(true);
  });

  it('a slow media upload is a timeout that is safe to retry (nothing live yet)', async () => {
    fake.inject({ kind: 'hang', match: 'POST /api/v2/media' });
    const png = await makeImage('png');
    const err = await rejectionOf(impatient.publish(creds, request({ media: [mediaItem(png, { kind: 'image', mimeType: 'image/png' })] })));
    expect(err.code).toBe('TIMEOUT_ERROR');
    expect(err.options.outcomeUnknown).toBe(false);
  });

  it('rejected content keeps the instance message', async () => {
    const err = await rejectionOf(adapter.publish(creds, request({ content: 'x'.repeat(501) })));
    expect(err.code).toBe('PLATFORM_VALIDATION_ERROR');
    expect(err.options).toMatchObject({ retryable: false, httpStatus: 422 });
    expect(err.options.platformError).toMatch(/character limit of 500/);
  });

  it('validate: ok with the account, expired token → ok=false', async () => {
    await expect(adapter.validate(creds)).resolves.toMatchObject({
      ok: true,
      username: 'alice',
      message: 'Connection is valid',
      displayName: 'Alice',
      profileImageUrl: fake.account.avatar,
    });
    fake.setToken('good-token', 'expired');
    await expect(adapter.validate(creds)).resolves.toMatchObject({ ok: false, message: 'Access token expired or revoked' });
  });

  it('validate: unreachable instance → ok=false with a clear message', async () => {
    const result = await adapter.validate({ ...creds, instanceUrl: 'http://127.0.0.1:9' });
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/Could not reach Mastodon/);
  });

  it('findPublished finds the status by its text in the account timeline', async () => {
    const since = new Date();
    const content = 'Read https://example.com/a?b=1&c=2 <now>\n\nsecond paragraph';
    const posted = await adapter.publish(creds, request({ content }));
    await adapter.publish(creds, request({ content: 'something else' }));
    await expect(adapter.findPublished(creds, request({ content }), since)).resolves.toEqual(posted);
    await expect(adapter.findPublished(creds, request({ content: 'never posted' }), since)).resolves.toBeNull();
    await expect(adapter.findPublished(creds, request({ content }), new Date(Date.now() + 60_000))).resolves.toBeNull();
  });

  it('checkContent: 500 characters, 4 images, 1 video, no mixing', async () => {
    const img = mediaItem(Buffer.from('x'), { kind: 'image', mimeType: 'image/png' });
    const vid = mediaItem(Buffer.from('x'), { kind: 'video', mimeType: 'video/mp4' });
    expect(adapter.checkContent({ content: 'x'.repeat(500), media: [], settings: {} })).toBeNull();
    expect(adapter.checkContent({ content: 'x'.repeat(612), media: [], settings: {} })).toBe("Content exceeds Mastodon's 500 character limit (currently 612)");
    expect(adapter.checkContent({ content: 'x', media: [img, img, img, img, img], settings: {} })).toMatch(/at most 4 images/);
    expect(adapter.checkContent({ content: 'x', media: [vid, vid], settings: {} })).toMatch(/at most 1 video/);
    expect(adapter.checkContent({ content: 'x', media: [img, vid], settings: {} })).toMatch(/cannot mix images and video/);
  });
});
