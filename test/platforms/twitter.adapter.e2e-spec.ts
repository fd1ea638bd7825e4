import type { PlatformCredentials, PublishRequest } from '../../src/platforms/platform-adapter';
import type { PlatformEndpoints } from '../../src/platforms/platform-endpoints';
import { IMPATIENT, SLOW_FAULT_MS, failureOf, fakeEndpoints } from './fake-endpoints';
import { TwitterAdapter } from '../../src/platforms/twitter';
import { TWITTER_CHUNK_BYTES } from '../../src/platforms/twitter/twitter.media';
import { TwitterFake, fakeVideoBytes, makeImage, mediaItem, parseMultipart, multipartFields } from '@test/support/fakes';

describe('TwitterAdapter against the X fake', () => {
  const fake = new TwitterFake();
  let endpoints: PlatformEndpoints;
  let adapter: TwitterAdapter;
  let impatient: TwitterAdapter;
  const creds = (token = 'tok-valid'): PlatformCredentials => ({
    externalId: fake.user.id,
    accessToken: token,
    refreshToken: 'rt-1',
    username: 'fakeuser',
  });
  const request = (content: string, extra: Partial<PublishRequest> = {}): PublishRequest => ({
    content,
    media: [],
    settings: {},
    idempotencyKey: 'idem-1',
    ...extra,
  });

  beforeAll(async () => {
    const base = await fake.start();
    endpoints = fakeEndpoints(base, {
      twitterApiUrl: base,
      twitterUploadUrl: base,
      pollIntervalMs: 10,
      clients: { twitter: { clientId: 'client-1', clientSecret: '' } },
    });
    adapter = new TwitterAdapter(endpoints);
    impatient = new TwitterAdapter({ ...endpoints, ...IMPATIENT });
  });
  afterAll(() => fake.stop());
  beforeEach(async () => {
    await fake.settle();
    fake.reset();
    fake.checkAfterSecs = 0;
    fake.setToken('tok-valid');
    fake.setToken('tok-expired', 'expired');
  });

  it('posts text and returns the tweet id and x.com URL', async () => {
    const result = await adapter.publish(creds(), request('Hello from the scheduler'));
    const tweet = fake.posts.at(-1)!;
    expect(tweet.text).toBe('Hello from the scheduler');
    expect(result).toEqual({ postedId: tweet.id, publishedUrl: `https://x.com/fakeuser/status/${tweet.id}` });
    expect(fake.calls('POST /2/tweets')[0].headers.authorization).toBe('Bearer tok-valid');
  });

  it('uploads images as multipart tweet_image and attaches their ids', async () => {
    const png = await makeImage('png');
    const media = [mediaItem(png, { kind: 'image', mimeType: 'image/png' }), mediaItem(png, { kind: 'image', mimeType: 'image/png' })];
    await adapter.publish(creds(), request('Two pictures', { media }));
    const uploads = fake.calls('POST /2/media/upload');
    expect(uploads).toHaveLength(2);
    const parts = parseMultipart(uploads[0].raw, uploads[0].headers['content-type']);
    expect(multipartFields(parts).media_category).toBe('tweet_image');
    expect(parts.find((p) => p.name === 'media')!.data.equals(png)).toBe(true);
    expect(fake.posts.at(-1)!.mediaIds).toHaveLength(2);
  });

  it('uploads video in chunks, waits for processing, then posts', async () => {
    fake.processingPolls = 2;
    const bytes = fakeVideoBytes(TWITTER_CHUNK_BYTES * 2 + 1000);
    const video = mediaItem(bytes, { kind: 'video', mimeType: 'video/mp4' });
    await adapter.publish(creds(), request('A video', { media: [video] }));
    expect(fake.calls('POST /2/media/upload/initialize')[0].body).toMatchObject({
      media_type: 'video/mp4',
      total_bytes: bytes.length,
      media_category: 'tweet_video',
    });
    const appends = fake.calls(/\/append$/);
    expect(appends).toHaveLength(3);
    const media = [...fake.media.values()].at(-1)!;
    expect(media.segments).toEqual([0, 1, 2]);
    expect(media.received).toBe(bytes.length);
    expect(fake.calls('GET /2/media/upload')).toHaveLength(2);
    expect(fake.posts.at(-1)!.mediaIds).toEqual([media.id]);
  });

  it('fails clearly when video processing never finishes, before anything is posted', async () => {
    fake.processingPolls = Infinity;
    const video = mediaItem(fakeVideoBytes(), { kind: 'video', mimeType: 'video/mp4' });
    const err = await failureOf(impatient.publish(creds(), request('Stuck video', { media: [video] })));
    expect(err.message).toMatch(/X video processing did not finish/);
    expect(err.retryable).toBe(false);
    expect(err.options.outcomeUnknown).toBe(false);
    expect(fake.calls('POST /2/tweets')).toHaveLength(0);
  });

  it('publishes a reply chain with reply.in_reply_to_tweet_id', async () => {
    const first = await adapter.publish(creds(), request('Part one (1/2)'));
    const second = await adapter.publish(creds(), request('Part two (2/2)', { replyToId: first.postedId }));
    expect(fake.calls('POST /2/tweets')[1].body).toMatchObject({ reply: { in_reply_to_tweet_id: first.postedId } });
    expect(fake.posts.find((t) => t.id === second.postedId)!.inReplyTo).toBe(first.postedId);
  });

  it('maps an expired token to PLATFORM_AUTH_EXPIRED, not retryable', async () => {
    const err = await failureOf(adapter.publish(creds('tok-expired'), request('x')));
    expect(err.code).toBe('PLATFORM_AUTH_EXPIRED');
    expect(err.retryable).toBe(false);
    expect(err.httpStatus).toBe(401);
  });

  it('maps 429 to RATE_LIMITED with the wait from x-rate-limit-reset', async () => {
    fake.inject({ kind: 'rate_limit', match: 'POST /2/tweets', retryAfterSeconds: 60 });
    const err = await failureOf(adapter.publish(creds(), request('rate limited')));
    expect(err.code).toBe('RATE_LIMITED');
    expect(err.retryable).toBe(true);
    expect(err.options.retryAfterMs).toBeGreaterThan(55_000);
    expect(err.options.retryAfterMs).toBeLessThanOrEqual(61_000);
  });

  it('maps 5xx to a retryable server error', async () => {
    fake.inject({ kind: 'server_error', match: 'POST /2/tweets' });
    const err = await failureOf(adapter.publish(creds(), request('server down')));
    expect(err.code).toBe('PLATFORM_SERVER_ERROR');
    expect(err.retryable).toBe(true);
    expect(err.httpStatus).toBe(503);
  });

  it('keeps X wording for a rejected duplicate, not retryable', async () => {
    await adapter.publish(creds(), request('same text'));
    const err = await failureOf(adapter.publish(creds(), request('same text')));
    expect(err.code).toBe('INVALID_CONTENT');
    expect(err.retryable).toBe(false);
    expect(err.options.platformError).toMatch(/duplicate content/);
  });

  it('flags a timeout on the create call as outcome unknown', async () => {
    fake.inject({ kind: 'slow', match: 'POST /2/tweets', delayMs: SLOW_FAULT_MS });
    const err = await failureOf(impatient.publish(creds(), request('slow')));
    expect(err.code).toBe('TIMEOUT_ERROR');
    expect(err.options.outcomeUnknown).toBe(true);
  });

  it('treats a timeout during media upload as safe to retry', async () => {
    fake.inject({ kind: 'hang', match: 'POST /2/media/upload' });
    const png = await makeImage('png');
    const err = await failureOf(impatient.publish(creds(), request('pic', { media: [mediaItem(png, { kind: 'image', mimeType: 'image/png' })] })));
    expect(err.code).toBe('TIMEOUT_ERROR');
    expect(err.options.outcomeUnknown).toBe(false);
    expect(fake.calls('POST /2/tweets')).toHaveLength(0);
  });

  it('finds a tweet published before an unknown outcome', async () => {
    const since = new Date();
    const req = request('Reconcile me & you https://example.com', { media: [] });
    const posted = await adapter.publish(creds(), req);
    expect(await adapter.findPublished(creds(), req, since)).toEqual(posted);
    expect(await adapter.findPublished(creds(), request('something else'), since)).toBeNull();
  });

  it('refreshes with a rotating refresh token', async () => {
    fake.refreshTokens.set('rt-1', 'valid');
    const tokens = await adapter.refresh(creds());
    expect(tokens.refreshToken).not.toBe('rt-1');
    expect(fake.refreshTokens.get('rt-1')).toBe('used');
    expect(tokens.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 7000_000);
    expect(fake.calls('POST /2/oauth2/token')[0].body).toMatchObject({ grant_type: 'refresh_token', refresh_token: 'rt-1', client_id: 'client-1' });
    // The new token works; the used refresh token does not.
    await expect(adapter.validate({ ...creds(), accessToken: tokens.accessToken })).resolves.toMatchObject({ ok: true });
    const err = await failureOf(adapter.refresh(creds()));
    expect(err.code).toBe('PLATFORM_AUTH_EXPIRED');
    expect(err.retryable).toBe(false);
  });

  it('validates a good token and reports an expired one without throwing', async () => {
    await expect(adapter.validate(creds())).resolves.toMatchObject({
      ok: true,
      username: 'fakeuser',
      displayName: 'Fake User',
      message: 'Connection is valid',
      permissions: expect.arrayContaining(['tweet.write']),
    });
    await expect(adapter.validate(creds('tok-expired'))).resolves.toMatchObject({ ok: false, message: 'Access token expired or revoked' });
  });

  it('reports an unreachable X as ok=false', async () => {
    const offline = new TwitterAdapter({ ...endpoints, twitterApiUrl: 'http://127.0.0.1:9' });
    const result = await offline.validate(creds());
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/Could not reach X/);
  });

  it('checks media rules but never length (long content becomes a reply chain)', async () => {
    const png = await makeImage('png');
    const image = mediaItem(png, { kind: 'image', mimeType: 'image/png' });
    const video = mediaItem(fakeVideoBytes(), { kind: 'video', mimeType: 'video/mp4' });
    expect(adapter.checkContent({ content: 'x'.repeat(450), media: [], settings: {} })).toBeNull();
    expect(adapter.checkContent({ content: 'hi', media: [image, image, image, image, image], settings: {} })).toMatch(/at most 4 images/);
    expect(adapter.checkContent({ content: 'hi', media: [image, video], settings: {} })).toMatch(/cannot mix/);
    expect(adapter.checkContent({ content: 'hi', media: [video, video], settings: {} })).toMatch(/at most 1 video/);
    const big = { ...image, size: 6 * 1024 * 1024 };
    expect(adapter.checkContent({ content: 'hi', media: [big], settings: {} })).toMatch(/at most 5 MB/);
  });
});
