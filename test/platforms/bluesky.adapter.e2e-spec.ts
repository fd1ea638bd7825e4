import { FakeBlueskyServer, fakeVideoBytes, makeImage, mediaItem } from '@test/support/fakes';
import { BlueskyAdapter } from '../../src/platforms/bluesky';
import { PlatformCredentials, PublishRequest, RefreshedTokens } from '../../src/platforms/platform-adapter';
import { IMPATIENT, SLOW_FAULT_MS, fakeEndpoints, rejectionOf } from './fake-endpoints';

describe('BlueskyAdapter against a fake PDS and video service', () => {
  const fake = new FakeBlueskyServer();
  let adapter: BlueskyAdapter;
  let impatient: BlueskyAdapter; // short timeouts, for the timeout tests
  let base: string;
  let creds: PlatformCredentials;
  const request = (over: Partial<PublishRequest> = {}): PublishRequest => ({
    content: 'Hello sky',
    media: [],
    settings: {},
    idempotencyKey: 'k',
    ...over,
  });

  beforeAll(async () => {
    base = await fake.start();
    adapter = new BlueskyAdapter(fakeEndpoints(base));
    impatient = new BlueskyAdapter(fakeEndpoints(base, IMPATIENT));
  });
  beforeEach(async () => {
    await fake.settle();
    fake.reset();
    fake.posts.length = 0;
    const session = fake.issueSession();
    creds = { externalId: fake.did, accessToken: session.accessJwt, refreshToken: session.refreshJwt, instanceUrl: base, username: fake.handle };
  });
  afterAll(() => fake.stop());

  it('creates an app.bsky.feed.post record with link and hashtag facets (byte offsets)', async () => {
    const content = 'Ünïcode 🎉 https://example.com/x #atproto';
    const result = await adapter.publish(creds, request({ content }));
    const [post] = fake.posts;
    expect(result).toEqual({ postedId: post.uri, publishedUrl: `https://bsky.app/profile/${fake.did}/post/${post.rkey}` });
    expect(post.value).toMatchObject({ $type: 'app.bsky.feed.post', text: content });
    expect(Date.parse(post.value.createdAt)).not.toBeNaN();
    const bytes = Buffer.from(content);
    const pieces = post.value.facets.map((f: any) => bytes.subarray(f.index.byteStart, f.index.byteEnd).toString());
    expect(pieces).toEqual(['https://example.com/x', '#atproto']);
    expect(post.value.facets[1].features[0]).toEqual({ $type: 'app.bsky.richtext.facet#tag', tag: 'atproto' });
  });

  it('uploads images as blobs and embeds them with aspectRatio; WebP becomes JPEG', async () => {
    const media = [
      mediaItem(await makeImage('png', 40, 20), { kind: 'image', mimeType: 'image/png' }),
      mediaItem(await makeImage('webp', 10, 30), { kind: 'image', mimeType: 'image/webp' }),
    ];
    await adapter.publish(creds, request({ media }));
    const uploads = fake.calls('POST /xrpc/com.atproto.repo.uploadBlob');
    expect(uploads.map((u) => u.headers['content-type'])).toEqual(['image/png', 'image/jpeg']);
    const embed = fake.posts[0].value.embed;
    expect(embed.$type).toBe('app.bsky.embed.images');
    expect(embed.images.map((i: any) => i.aspectRatio)).toEqual([
      { width: 40, height: 20 },
      { width: 10, height: 30 },
    ]);
    expect(embed.images[0].image.ref.$link).toBe(fake.blobs[0].cid);
  });

  it('uploads video through service auth and polls the job before posting', async () => {
    fake.processingPolls = 3;
    const video = mediaItem(fakeVideoBytes(), { kind: 'video', mimeType: 'video/mp4', fileName: 'clip.mp4', width: 1920, height: 1080 });
    await adapter.publish(creds, request({ media: [video] }));
    const [auth] = fake.calls('GET /xrpc/com.atproto.server.getServiceAuth');
    expect(auth.query.get('aud')).toBe('did:web:127.0.0.1');
    expect(auth.query.get('lxm')).toBe('com.atproto.repo.uploadBlob');
    const [upload] = fake.calls('POST /xrpc/app.bsky.video.uploadVideo');
    expect(upload.query.get('did')).toBe(fake.did);
    expect(upload.query.get('name')).toBe('clip.mp4');
    expect(upload.raw.length).toBe(video.size);
    expect(fake.calls('GET /xrpc/app.bsky.video.getJobStatus')).toHaveLength(3);
    expect(fake.posts[0].value.embed).toMatchObject({ $type: 'app.bsky.embed.video', aspectRatio: { width: 1920, height: 1080 }, video: { $type: 'blob' } });
  });

  it('video processing that never finishes fails clearly and posts nothing', async () => {
    fake.processingPolls = Infinity;
    const video = mediaItem(fakeVideoBytes(), { kind: 'video', mimeType: 'video/mp4' });
    const err = await rejectionOf(impatient.publish(creds, request({ media: [video] })));
    expect(err.message).toMatch(/Bluesky video processing did not finish/);
    expect(err.options).toMatchObject({ retryable: false, outcomeUnknown: false });
    expect(fake.posts).toHaveLength(0);
  });

  it('threads replies with root and parent strong refs', async () => {
    const first = await adapter.publish(creds, request({ content: 'part 1' }));
    const second = await adapter.publish(creds, request({ content: 'part 2', replyToId: first.postedId }));
    const p1 = fake.posts[0];
    await adapter.publish(creds, request({ content: 'part 3', replyToId: `${second.postedId}|${fake.posts[1].cid}` }));
    expect(fake.posts[1].value.reply).toEqual({ root: { uri: p1.uri, cid: p1.cid }, parent: { uri: p1.uri, cid: p1.cid } });
    expect(fake.posts[2].value.reply).toEqual({ root: { uri: p1.uri, cid: p1.cid }, parent: { uri: fake.posts[1].uri, cid: fake.posts[1].cid } });
  });

  it('expired access JWT: refreshes the session, hands over the rotated tokens, and retries', async () => {
    fake.setToken(creds.accessToken, 'expired');
    const saved: RefreshedTokens[] = [];
    await adapter.publish({ ...creds, onTokensRefreshed: (t) => void saved.push(t) }, request());
    expect(fake.posts).toHaveLength(1);
    expect(saved).toHaveLength(1);
    expect(saved[0].refreshToken).not.toBe(creds.refreshToken);
    expect(fake.refreshTokens.get(creds.refreshToken!)).toBe('revoked');
    expect(saved[0].accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 3600_000);
    expect(fake.calls('POST /xrpc/com.atproto.server.refreshSession')[0].headers.authorization).toBe(`Bearer ${creds.refreshToken}`);
  });

  it('expired access JWT and a spent refresh JWT → PLATFORM_AUTH_EXPIRED', async () => {
    fake.setToken(creds.accessToken, 'expired');
    fake.refreshTokens.set(creds.refreshToken!, 'revoked');
    const err = await rejectionOf(adapter.publish(creds, request()));
    expect(err.code).toBe('PLATFORM_AUTH_EXPIRED');
    expect(err.options.retryable).toBe(false);
  });

  it('revoked token → PLATFORM_AUTH_EXPIRED without a refresh attempt', async () => {
    fake.setToken(creds.accessToken, 'revoked');
    const err = await rejectionOf(adapter.publish(creds, request()));
    expect(err.code).toBe('PLATFORM_AUTH_EXPIRED');
    expect(err.options).toMatchObject({ retryable: false, httpStatus: 401, platformError: 'InvalidToken: Token could not be verified' });
    expect(fake.calls('refreshSession')).toHaveLength(0);
  });

  it('refresh(): rotates tokens; a dead refresh JWT → PLATFORM_AUTH_EXPIRED', async () => {
    const tokens = await adapter.refresh(creds);
    expect(tokens.accessToken).not.toBe(creds.accessToken);
    expect(tokens.refreshToken).not.toBe(creds.refreshToken);
    const err = await rejectionOf(adapter.refresh(creds)); // the old refresh JWT is now spent
    expect(err.code).toBe('PLATFORM_AUTH_EXPIRED');
    expect(err.options.retryable).toBe(false);
  });

  it('429 with RateLimit-Reset (epoch seconds) → RATE_LIMITED with retryAfterMs', async () => {
    fake.inject({ kind: 'rate_limit', match: 'createRecord', retryAfterSeconds: 300 });
    const err = await rejectionOf(adapter.publish(creds, request()));
    expect(err.code).toBe('RATE_LIMITED');
    expect(err.options.retryable).toBe(true);
    expect(err.options.retryAfterMs).toBeGreaterThan(290_000);
  });

  it('5xx → retryable server error; slow createRecord → TIMEOUT_ERROR with outcomeUnknown', async () => {
    fake.inject({ kind: 'server_error', match: 'createRecord' });
    const serverErr = await rejectionOf(adapter.publish(creds, request()));
    expect(serverErr.code).toBe('PLATFORM_SERVER_ERROR');
    expect(serverErr.options.retryable).toBe(true);

    fake.inject({ kind: 'slow', match: 'createRecord', delayMs: SLOW_FAULT_MS });
    const timeout = await rejectionOf(impatient.publish(creds, request()));
    expect(timeout.code).toBe('TIMEOUT_ERROR');
    expect(timeout.options.outcomeUnknown).toBe(true);
  });

  it('a hanging blob upload is a timeout that is safe to retry', async () => {
    fake.inject({ kind: 'hang', match: 'uploadBlob' });
    const media = [mediaItem(await makeImage('png'), { kind: 'image', mimeType: 'image/png' })];
    const err = await rejectionOf(impatient.publish(creds, request({ media })));
    expect(err.code).toBe('TIMEOUT_ERROR');
    expect(err.options.outcomeUnknown).toBe(false);
  });

  it('an over-long record is rejected with the PDS message', async () => {
    const err = await rejectionOf(adapter.publish(creds, request({ content: 'é'.repeat(301) })));
    expect(err.code).toBe('PLATFORM_VALIDATION_ERROR');
    expect(err.options.platformError).toMatch(/300 graphemes/);
  });

  it('validate: ok with handle and scope; revoked → ok=false', async () => {
    await expect(adapter.validate(creds)).resolves.toMatchObject({
      ok: true,
      username: fake.handle,
      message: 'Connection is valid',
      permissions: ['com.atproto.appPass'],
    });
    fake.setToken(creds.accessToken, 'revoked');
    await expect(adapter.validate(creds)).resolves.toMatchObject({ ok: false, message: 'Access token expired or revoked' });
  });

  it('findPublished matches the exact text since the given time', async () => {
    const since = new Date();
    const posted = await adapter.publish(creds, request({ content: 'find me' }));
    await adapter.publish(creds, request({ content: 'other' }));
    await expect(adapter.findPublished(creds, request({ content: 'find me' }), since)).resolves.toEqual(posted);
    await expect(adapter.findPublished(creds, request({ content: 'nope' }), since)).resolves.toBeNull();
  });

  it('checkContent: 300 graphemes, 4 images, MP4 video, no mixing', () => {
    const img = mediaItem(Buffer.from('x'), { kind: 'image', mimeType: 'image/png' });
    const vid = mediaItem(Buffer.from('x'), { kind: 'video', mimeType: 'video/mp4' });
    expect(adapter.checkContent({ content: '👨‍👩‍👧'.repeat(300), media: [], settings: {} })).toBeNull();
    expect(adapter.checkContent({ content: 'a'.repeat(301), media: [], settings: {} })).toBe("Content exceeds Bluesky's 300 character limit (currently 301)");
    expect(adapter.checkContent({ content: 'x', media: [img, img, img, img, img], settings: {} })).toMatch(/at most 4 images/);
    expect(adapter.checkContent({ content: 'x', media: [img, vid], settings: {} })).toMatch(/cannot mix images and video/);
    expect(adapter.checkContent({ content: 'x', media: [{ ...vid, mimeType: 'video/webm' }], settings: {} })).toMatch(/video\/webm/);
  });
});
