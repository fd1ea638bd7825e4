import type { PlatformCredentials, PublishRequest } from '../../src/platforms/platform-adapter';
import type { PlatformEndpoints } from '../../src/platforms/platform-endpoints';
import { IMPATIENT, SLOW_FAULT_MS, failureOf, fakeEndpoints } from './fake-endpoints';
import { FacebookAdapter } from '../../src/platforms/facebook';
import { FacebookFake, fakeVideoBytes, makeImage, mediaItem } from '@test/support/fakes';

describe('FacebookAdapter against the Facebook Pages fake', () => {
  const fake = new FacebookFake();
  let endpoints: PlatformEndpoints;
  let adapter: FacebookAdapter;
  let impatient: FacebookAdapter;
  let jpeg: Buffer;
  const creds = (token = 'page-tok'): PlatformCredentials => ({ externalId: fake.page.id, accessToken: token });
  const request = (content: string, extra: Partial<PublishRequest> = {}): PublishRequest => ({
    content,
    media: [],
    settings: {},
    idempotencyKey: 'idem-1',
    ...extra,
  });
  const image = (name = 'a.jpg') => mediaItem(jpeg, { kind: 'image', mimeType: 'image/jpeg', url: fake.hostFile(name, jpeg, 'image/jpeg'), fileName: name });
  const video = () => {
    const bytes = fakeVideoBytes();
    return mediaItem(bytes, { kind: 'video', mimeType: 'video/mp4', url: fake.hostFile('v.mp4', bytes, 'video/mp4') });
  };

  beforeAll(async () => {
    const base = await fake.start();
    jpeg = await makeImage('jpeg');
    endpoints = fakeEndpoints(base, {
      facebookApiUrl: `${base}/v21.0`,
      pollIntervalMs: 10,
    });
    adapter = new FacebookAdapter(endpoints);
    impatient = new FacebookAdapter({ ...endpoints, ...IMPATIENT });
  });
  afterAll(() => fake.stop());
  beforeEach(async () => {
    await fake.settle();
    fake.reset();
    fake.setToken('page-tok');
    fake.setToken('tok-expired', 'expired');
  });

  it('posts text to the page feed and returns the permalink', async () => {
    const result = await adapter.publish(creds(), request('Hello page'));
    const call = fake.calls(`POST /v21.0/${fake.page.id}/feed`)[0];
    expect(call.query.get('fields')).toBe('id,permalink_url');
    expect(call.body).toMatchObject({ message: 'Hello page', published: 'true', access_token: 'page-tok' });
    const post = fake.posts.at(-1)!;
    expect(result).toEqual({ postedId: post.id, publishedUrl: post.permalink });
    expect(post.id.startsWith(`${fake.page.id}_`)).toBe(true);
  });

  it('uploads images unpublished and attaches them to one feed post', async () => {
    const media = [image('1.jpg'), image('2.jpg')];
    await adapter.publish(creds(), request('Album', { media }));
    const photos = fake.calls(`POST /v21.0/${fake.page.id}/photos`).map((r) => r.body as Record<string, string>);
    expect(photos).toEqual([
      expect.objectContaining({ url: media[0].url, published: 'false' }),
      expect.objectContaining({ url: media[1].url, published: 'false' }),
    ]);
    const post = fake.posts.at(-1)!;
    expect(post.photoIds).toHaveLength(2);
    expect(post.photoIds.every((id) => fake.photos.get(id)!.attachedTo === post.id)).toBe(true);
  });

  it('publishes a video from file_url and makes the relative permalink absolute', async () => {
    const vid = video();
    const result = await adapter.publish(creds(), request('Watch this', { media: [vid] }));
    expect(fake.calls('/videos')[0].body).toMatchObject({ file_url: vid.url, description: 'Watch this', published: 'true' });
    expect(fake.downloads).toContain(vid.url);
    expect(result.publishedUrl).toBe(`https://www.facebook.com/reel/${result.postedId}/`);
  });

  it('maps code 190 to PLATFORM_AUTH_EXPIRED', async () => {
    const err = await failureOf(adapter.publish(creds('tok-expired'), request('x')));
    expect(err.code).toBe('PLATFORM_AUTH_EXPIRED');
    expect(err.retryable).toBe(false);
  });

  it('maps page rate limit code 32 to RATE_LIMITED with the usage-header wait', async () => {
    fake.inject({ kind: 'rate_limit', match: '/feed', retryAfterSeconds: 300 });
    const err = await failureOf(adapter.publish(creds(), request('x')));
    expect(err.code).toBe('RATE_LIMITED');
    expect(err.retryable).toBe(true);
    expect(err.options.retryAfterMs).toBe(300_000);
    expect(err.options.platformError).toMatch(/code 32/);
  });

  it('maps 5xx to retryable and a duplicate (506) to permanent invalid content', async () => {
    fake.inject({ kind: 'server_error', match: '/feed' });
    const down = await failureOf(adapter.publish(creds(), request('x')));
    expect(down.code).toBe('PLATFORM_SERVER_ERROR');
    expect(down.retryable).toBe(true);
    await adapter.publish(creds(), request('twice'));
    const dup = await failureOf(adapter.publish(creds(), request('twice')));
    expect(dup.code).toBe('INVALID_CONTENT');
    expect(dup.retryable).toBe(false);
    expect(dup.message).toMatch(/duplicate/);
  });

  it('flags a timeout on the feed post as outcome unknown, and on photo upload as safe', async () => {
    fake.inject({ kind: 'slow', match: '/feed', delayMs: SLOW_FAULT_MS });
    const create = await failureOf(impatient.publish(creds(), request('slow')));
    expect(create.code).toBe('TIMEOUT_ERROR');
    expect(create.options.outcomeUnknown).toBe(true);
    fake.inject({ kind: 'hang', match: '/photos' });
    const upload = await failureOf(impatient.publish(creds(), request('pic', { media: [image()] })));
    expect(upload.code).toBe('TIMEOUT_ERROR');
    expect(upload.options.outcomeUnknown).toBe(false);
  });

  it('finds a feed post by message for reconciliation', async () => {
    const since = new Date();
    const req = request('Reconcile page post');
    const posted = await adapter.publish(creds(), req);
    expect(await adapter.findPublished(creds(), req, since)).toEqual(posted);
    expect(await adapter.findPublished(creds(), request('not there'), since)).toBeNull();
  });

  it('validates via /me and reports an expired token without throwing', async () => {
    await expect(adapter.validate(creds())).resolves.toMatchObject({
      ok: true,
      username: 'Fake Page',
      profileImageUrl: 'https://scontent.xx.fbcdn.net/page.jpg',
      message: 'Connection is valid',
      permissions: expect.arrayContaining(['pages_manage_posts']),
    });
    await expect(adapter.validate(creds('tok-expired'))).resolves.toMatchObject({ ok: false, message: 'Access token expired or revoked' });
  });

  it('checks counts and mixing', () => {
    const img = image();
    expect(adapter.checkContent({ content: 'x'.repeat(63207), media: [], settings: {} })).toMatch(/Facebook's 63206 character limit/);
    expect(adapter.checkContent({ content: 'x', media: Array(11).fill(img), settings: {} })).toMatch(/at most 10 images/);
    expect(adapter.checkContent({ content: 'x', media: [img, video()], settings: {} })).toMatch(/cannot mix/);
    expect(adapter.checkContent({ content: 'x', media: [img], settings: {} })).toBeNull();
    expect('refresh' in adapter).toBe(false); // page tokens do not expire
  });
});
