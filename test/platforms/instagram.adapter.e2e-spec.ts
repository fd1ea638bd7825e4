import type { PlatformCredentials, PublishRequest } from '../../src/platforms/platform-adapter';
import type { PlatformEndpoints } from '../../src/platforms/platform-endpoints';
import { IMPATIENT, SLOW_FAULT_MS, failureOf, fakeEndpoints } from './fake-endpoints';
import { InstagramAdapter } from '../../src/platforms/instagram';
import { InstagramFake, fakeVideoBytes, makeImage, mediaItem } from '@test/support/fakes';

describe('InstagramAdapter against the Instagram Graph fake', () => {
  const fake = new InstagramFake();
  let endpoints: PlatformEndpoints;
  let adapter: InstagramAdapter;
  let impatient: InstagramAdapter;
  let jpeg: Buffer;
  const creds = (token = 'tok-valid'): PlatformCredentials => ({ externalId: fake.user.id, accessToken: token, username: 'fake.insta' });
  const request = (content: string, extra: Partial<PublishRequest> = {}): PublishRequest => ({
    content,
    media: [],
    settings: { videoType: 'REELS' },
    idempotencyKey: 'idem-1',
    ...extra,
  });
  const image = (name = 'a.jpg') => mediaItem(jpeg, { kind: 'image', mimeType: 'image/jpeg', url: fake.hostFile(name, jpeg, 'image/jpeg'), fileName: name });
  const video = () => {
    const bytes = fakeVideoBytes();
    return mediaItem(bytes, { kind: 'video', mimeType: 'video/mp4', url: fake.hostFile('v.mp4', bytes, 'video/mp4') });
  };
  const paramsOf = (match: string) => fake.calls(match).map((r) => r.body as Record<string, string>);

  beforeAll(async () => {
    const base = await fake.start();
    jpeg = await makeImage('jpeg');
    endpoints = fakeEndpoints(base, {
      instagramApiUrl: `${base}/v21.0`,
      pollIntervalMs: 10,
    });
    adapter = new InstagramAdapter(endpoints);
    impatient = new InstagramAdapter({ ...endpoints, ...IMPATIENT });
  });
  afterAll(() => fake.stop());
  beforeEach(async () => {
    await fake.settle();
    fake.reset();
    fake.setToken('tok-valid');
    fake.setToken('tok-expired', 'expired');
  });

  it('an account connected through Facebook Login publishes and is checked on the Facebook Graph host, by its id, without refresh', async () => {
    // Instagram Login's host points nowhere: every call must go to facebookApiUrl.
    const viaFacebook = new InstagramAdapter({ ...endpoints, instagramApiUrl: 'http://127.0.0.1:9/v21.0', facebookApiUrl: endpoints.instagramApiUrl });
    const pageCreds: PlatformCredentials = { ...creds(), type: 'facebook_login' };
    const result = await viaFacebook.publish(pageCreds, request('Via the Page', { media: [image()] }));
    expect(result.postedId).toBe(fake.posts.at(-1)!.id);
    const health = await viaFacebook.validate(pageCreds);
    expect(health).toMatchObject({ ok: true, username: 'fake.insta' });
    expect(fake.calls(`GET /v21.0/${fake.user.id}`).at(-1)!.query.get('fields')).toBe('id,username,name,profile_picture_url');
    await expect(viaFacebook.refresh!(pageCreds)).rejects.toMatchObject({ code: 'PLATFORM_AUTH_EXPIRED' });
  });

  it('publishes one image: container from the public URL, status poll, media_publish, permalink', async () => {
    fake.processingPolls = 2;
    const item = image();
    const result = await adapter.publish(creds(), request('Sunset', { media: [item] }));
    expect(paramsOf('POST /v21.0/')[0]).toMatchObject({ image_url: item.url, caption: 'Sunset', access_token: 'tok-valid' });
    expect(fake.downloads).toContain(item.url);
    const polls = fake.calls(/GET \/v21.0\/\d+$/).filter((r) => r.query.get('fields') === 'status_code,status');
    expect(polls).toHaveLength(2);
    const post = fake.posts.at(-1)!;
    expect(result).toEqual({ postedId: post.id, publishedUrl: post.permalink });
    expect(post.caption).toBe('Sunset');
  });

  it('publishes a video as a REELS container after processing', async () => {
    fake.processingPolls = 3;
    await adapter.publish(creds(), request('Reel', { media: [video()] }));
    expect(paramsOf('POST /v21.0/')[0]).toMatchObject({ media_type: 'REELS', caption: 'Reel' });
    expect(fake.posts.at(-1)!.mediaType).toBe('REELS');
    expect(fake.posts.at(-1)!.permalink).toMatch(/instagram\.com\/reel\//);
  });

  it('publishes a story without a caption when videoType is STORIES', async () => {
    await adapter.publish(creds(), request('ignored', { media: [video()], settings: { videoType: 'STORIES' } }));
    const params = paramsOf('POST /v21.0/')[0];
    expect(params.media_type).toBe('STORIES');
    expect(params.caption).toBeUndefined();
  });

  it('publishes a carousel: children, then the CAROUSEL container with the caption', async () => {
    const media = [image('1.jpg'), image('2.jpg'), image('3.jpg')];
    await adapter.publish(creds(), request('Three', { media }));
    const creates = paramsOf('POST /v21.0/' + fake.user.id + '/media');
    expect(creates.slice(0, 3).every((p) => p.is_carousel_item === 'true')).toBe(true);
    expect(creates[3]).toMatchObject({ media_type: 'CAROUSEL', caption: 'Three' });
    expect(creates[3].children.split(',')).toHaveLength(3);
    expect(fake.posts.at(-1)!.mediaUrls).toEqual(media.map((m) => m.url));
  });

  it('fails clearly when the container never finishes, without publishing', async () => {
    fake.processingPolls = Infinity;
    const err = await failureOf(impatient.publish(creds(), request('stuck', { media: [video()] })));
    expect(err.message).toMatch(/Instagram media processing did not finish/);
    expect(err.retryable).toBe(false);
    expect(fake.calls('media_publish')).toHaveLength(0);
  });

  it("reports a container that ends in ERROR with Instagram's reason", async () => {
    fake.failContainersWith = 'Unsupported video codec';
    const err = await failureOf(adapter.publish(creds(), request('bad', { media: [video()] })));
    expect(err.code).toBe('INVALID_CONTENT');
    expect(err.retryable).toBe(false);
    expect(err.message).toBe('Instagram could not process the media: Error: Unsupported video codec');
    expect(fake.calls('media_publish')).toHaveLength(0);
  });

  it('reports an unreachable media URL with Meta wording', async () => {
    const missing = mediaItem(jpeg, { kind: 'image', mimeType: 'image/jpeg', url: `${fake.baseUrl}/files/missing.jpg` });
    const err = await failureOf(adapter.publish(creds(), request('x', { media: [missing] })));
    expect(err.code).toBe('INVALID_CONTENT');
    expect(err.options.platformError).toMatch(/Media download has failed/);
  });

  it('maps code 190 to PLATFORM_AUTH_EXPIRED', async () => {
    const err = await failureOf(adapter.publish(creds('tok-expired'), request('x', { media: [image()] })));
    expect(err.code).toBe('PLATFORM_AUTH_EXPIRED');
    expect(err.retryable).toBe(false);
    expect(err.options.platformError).toMatch(/Session has expired/);
  });

  it('maps a code 4 rate limit to RATE_LIMITED with the usage-header wait', async () => {
    fake.inject({ kind: 'rate_limit', match: 'media_publish', retryAfterSeconds: 120 });
    const err = await failureOf(adapter.publish(creds(), request('x', { media: [image()] })));
    expect(err.code).toBe('RATE_LIMITED');
    expect(err.retryable).toBe(true);
    expect(err.options.retryAfterMs).toBe(120_000);
  });

  it('maps 5xx to a retryable server error', async () => {
    fake.inject({ kind: 'server_error', match: 'media_publish' });
    const err = await failureOf(adapter.publish(creds(), request('x', { media: [image()] })));
    expect(err.code).toBe('PLATFORM_SERVER_ERROR');
    expect(err.retryable).toBe(true);
  });

  it('flags a timeout on media_publish as outcome unknown, and on the container as safe', async () => {
    fake.inject({ kind: 'slow', match: 'media_publish', delayMs: SLOW_FAULT_MS });
    const publish = await failureOf(impatient.publish(creds(), request('x', { media: [image()] })));
    expect(publish.code).toBe('TIMEOUT_ERROR');
    expect(publish.options.outcomeUnknown).toBe(true);

    fake.inject({ kind: 'hang', match: /POST \/v21.0\/\d+\/media$/ });
    const container = await failureOf(impatient.publish(creds(), request('x', { media: [image()] })));
    expect(container.code).toBe('TIMEOUT_ERROR');
    expect(container.options.outcomeUnknown).toBe(false);
  });

  it('finds a published post by caption for reconciliation', async () => {
    const since = new Date();
    const req = request('Find me', { media: [image()] });
    const posted = await adapter.publish(creds(), req);
    expect(await adapter.findPublished(creds(), req, since)).toEqual(posted);
    expect(await adapter.findPublished(creds(), request('other'), since)).toBeNull();
  });

  it('refreshes the long-lived token at the unversioned endpoint; an expired token cannot refresh', async () => {
    const tokens = await adapter.refresh(creds());
    expect(fake.calls('GET /refresh_access_token')[0].query.get('grant_type')).toBe('ig_refresh_token');
    expect(tokens.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 59 * 86400_000);
    await expect(adapter.validate(creds(tokens.accessToken))).resolves.toMatchObject({ ok: true });
    const err = await failureOf(adapter.refresh(creds('tok-expired')));
    expect(err.code).toBe('PLATFORM_AUTH_EXPIRED');
    expect(err.retryable).toBe(false);
  });

  it('validates via /me and reports an expired token without throwing', async () => {
    await expect(adapter.validate(creds())).resolves.toMatchObject({
      ok: true,
      username: 'fake.insta',
      displayName: 'Fake Insta',
      message: 'Connection is valid',
      permissions: expect.arrayContaining(['instagram_business_content_publish']),
    });
    await expect(adapter.validate(creds('tok-expired'))).resolves.toMatchObject({ ok: false, message: 'Access token expired or revoked' });
  });

  it('requires media and enforces carousel, mixing and setting rules', () => {
    const img = image();
    expect(adapter.checkContent({ content: 'text only', media: [], settings: {} })).toBe('Instagram posts require media');
    expect(adapter.checkContent({ content: 'x'.repeat(2201), media: [img], settings: {} })).toMatch(/Instagram's 2200 character limit/);
    expect(adapter.checkContent({ content: 'x', media: Array(11).fill(img), settings: {} })).toBe('Instagram carousels take 2 to 10 images or videos (got 11)');
    // A carousel may mix images and videos.
    expect(adapter.checkContent({ content: 'x', media: [img, video()], settings: {} })).toBeNull();
    expect(adapter.checkContent({ content: 'x', media: [img, img], settings: { videoType: 'STORIES' } })).toMatch(/single image or video/);
    expect(adapter.checkContent({ content: 'x', media: [img], settings: { videoType: 'IGTV' } })).toMatch(/REELS or STORIES/);
    expect(adapter.checkContent({ content: 'ok', media: [img], settings: {} })).toBeNull();
  });
});
