import type { PlatformCredentials, PublishRequest } from '../../src/platforms/platform-adapter';
import type { PlatformEndpoints } from '../../src/platforms/platform-endpoints';
import { IMPATIENT, SLOW_FAULT_MS, failureOf, fakeEndpoints } from './fake-endpoints';
import { ThreadsAdapter } from '../../src/platforms/threads';
import { ThreadsFake, fakeVideoBytes, makeImage, mediaItem } from '@test/support/fakes';

describe('ThreadsAdapter against the Threads fake', () => {
  const fake = new ThreadsFake();
  let endpoints: PlatformEndpoints;
  let adapter: ThreadsAdapter;
  let impatient: ThreadsAdapter;
  let jpeg: Buffer;
  const creds = (token = 'tok-valid'): PlatformCredentials => ({ externalId: fake.user.id, accessToken: token, username: 'fake.threads' });
  const request = (content: string, extra: Partial<PublishRequest> = {}): PublishRequest => ({
    content,
    media: [],
    settings: { replyControl: '' },
    idempotencyKey: 'idem-1',
    ...extra,
  });
  const image = (name = 'a.jpg') => mediaItem(jpeg, { kind: 'image', mimeType: 'image/jpeg', url: fake.hostFile(name, jpeg, 'image/jpeg'), fileName: name });
  const video = () => {
    const bytes = fakeVideoBytes();
    return mediaItem(bytes, { kind: 'video', mimeType: 'video/mp4', url: fake.hostFile('v.mp4', bytes, 'video/mp4') });
  };
  const containerParams = () => fake.calls(new RegExp(`^POST /v1.0/${fake.user.id}/threads$`)).map((r) => r.body as Record<string, string>);

  beforeAll(async () => {
    const base = await fake.start();
    jpeg = await makeImage('jpeg');
    endpoints = fakeEndpoints(base, {
      threadsApiUrl: `${base}/v1.0`,
      pollIntervalMs: 10,
    });
    adapter = new ThreadsAdapter(endpoints);
    impatient = new ThreadsAdapter({ ...endpoints, ...IMPATIENT });
  });
  afterAll(() => fake.stop());
  beforeEach(async () => {
    await fake.settle();
    fake.reset();
    fake.setToken('tok-valid');
    fake.setToken('tok-expired', 'expired');
  });

  it('publishes a TEXT container after it finishes and returns the permalink', async () => {
    fake.processingPolls = 2;
    const result = await adapter.publish(creds(), request('Hello Threads'));
    expect(containerParams()[0]).toMatchObject({ media_type: 'TEXT', text: 'Hello Threads' });
    expect(containerParams()[0].reply_control).toBeUndefined(); // "" sends nothing
    expect(fake.calls(/GET \/v1.0\/\d+$/).filter((r) => r.query.get('fields') === 'status,error_message')).toHaveLength(2);
    const post = fake.posts.at(-1)!;
    expect(result).toEqual({ postedId: post.id, publishedUrl: post.permalink });
  });

  it('sends reply_control when the setting is given', async () => {
    await adapter.publish(creds(), request('Only mentioned', { settings: { replyControl: 'mentioned_only' } }));
    expect(fake.posts.at(-1)!.replyControl).toBe('mentioned_only');
  });

  it('publishes an image and a video from their public URLs', async () => {
    const img = image();
    await adapter.publish(creds(), request('pic', { media: [img] }));
    expect(containerParams()[0]).toMatchObject({ media_type: 'IMAGE', image_url: img.url });
    fake.processingPolls = 3;
    const vid = video();
    await adapter.publish(creds(), request('clip', { media: [vid] }));
    expect(containerParams()[1]).toMatchObject({ media_type: 'VIDEO', video_url: vid.url });
    expect(fake.downloads).toEqual(expect.arrayContaining([img.url, vid.url]));
  });

  it('publishes a carousel of images', async () => {
    await adapter.publish(creds(), request('carousel', { media: [image('1.jpg'), image('2.jpg')] }));
    const params = containerParams();
    expect(params.slice(0, 2).every((p) => p.is_carousel_item === 'true' && p.media_type === 'IMAGE')).toBe(true);
    expect(params[2]).toMatchObject({ media_type: 'CAROUSEL', text: 'carousel' });
    expect(fake.posts.at(-1)!.mediaUrls).toHaveLength(2);
  });

  it('publishes a reply chain with reply_to_id', async () => {
    const first = await adapter.publish(creds(), request('Part 1/2'));
    const second = await adapter.publish(creds(), request('Part 2/2', { replyToId: first.postedId }));
    expect(containerParams()[1].reply_to_id).toBe(first.postedId);
    expect(fake.posts.find((p) => p.id === second.postedId)!.replyToId).toBe(first.postedId);
  });

  it('fails clearly when the container never finishes, without publishing', async () => {
    fake.processingPolls = Infinity;
    const err = await failureOf(impatient.publish(creds(), request('stuck', { media: [video()] })));
    expect(err.message).toMatch(/Threads media processing did not finish/);
    expect(err.retryable).toBe(false);
    expect(fake.calls('threads_publish')).toHaveLength(0);
  });

  it('reports a container that ends in ERROR with its error_message', async () => {
    fake.failContainersWith = 'Video duration exceeds 5 minutes';
    const err = await failureOf(adapter.publish(creds(), request('long', { media: [video()] })));
    expect(err.code).toBe('INVALID_CONTENT');
    expect(err.message).toBe('Threads could not process the media: Video duration exceeds 5 minutes');
  });

  it('maps code 190 to PLATFORM_AUTH_EXPIRED', async () => {
    const err = await failureOf(adapter.publish(creds('tok-expired'), request('x')));
    expect(err.code).toBe('PLATFORM_AUTH_EXPIRED');
    expect(err.retryable).toBe(false);
  });

  it('maps a rate-limit code to RATE_LIMITED with the usage-header wait', async () => {
    fake.inject({ kind: 'rate_limit', match: 'threads_publish', retryAfterSeconds: 60 });
    const err = await failureOf(adapter.publish(creds(), request('x')));
    expect(err.code).toBe('RATE_LIMITED');
    expect(err.options.retryAfterMs).toBe(60_000);
  });

  it('maps 5xx to a retryable server error and keeps Threads wording for invalid content', async () => {
    fake.inject({ kind: 'server_error', match: 'threads_publish' });
    const down = await failureOf(adapter.publish(creds(), request('x')));
    expect(down.code).toBe('PLATFORM_SERVER_ERROR');
    expect(down.retryable).toBe(true);
    const tooLong = await failureOf(adapter.publish(creds(), request('y'.repeat(501))));
    expect(tooLong.code).toBe('INVALID_CONTENT');
    expect(tooLong.message).toMatch(/at most 500 characters/);
  });

  it('flags a timeout on threads_publish as outcome unknown, and on the container as safe', async () => {
    fake.inject({ kind: 'slow', match: 'threads_publish', delayMs: SLOW_FAULT_MS });
    const publish = await failureOf(impatient.publish(creds(), request('slow')));
    expect(publish.code).toBe('TIMEOUT_ERROR');
    expect(publish.options.outcomeUnknown).toBe(true);
    fake.inject({ kind: 'reset', match: /\/threads$/ });
    const container = await failureOf(adapter.publish(creds(), request('reset')));
    expect(container.code).toBe('NETWORK_ERROR');
    expect(container.options.outcomeUnknown).toBe(false);
  });

  it('finds published posts and replies for reconciliation', async () => {
    const since = new Date();
    const root = request('root post');
    const posted = await adapter.publish(creds(), root);
    const reply = request('a reply', { replyToId: posted.postedId });
    const replied = await adapter.publish(creds(), reply);
    expect(await adapter.findPublished(creds(), root, since)).toEqual(posted);
    expect(await adapter.findPublished(creds(), reply, since)).toEqual(replied);
    expect(await adapter.findPublished(creds(), request('never posted'), since)).toBeNull();
  });

  it('refreshes with th_refresh_token; an expired token cannot refresh', async () => {
    const tokens = await adapter.refresh(creds());
    expect(fake.calls('GET /refresh_access_token')[0].query.get('grant_type')).toBe('th_refresh_token');
    await expect(adapter.validate(creds(tokens.accessToken))).resolves.toMatchObject({ ok: true });
    const err = await failureOf(adapter.refresh(creds('tok-expired')));
    expect(err.code).toBe('PLATFORM_AUTH_EXPIRED');
  });

  it('validates via /me and reports an expired token without throwing', async () => {
    await expect(adapter.validate(creds())).resolves.toMatchObject({ ok: true, username: 'fake.threads', message: 'Connection is valid' });
    expect(fake.calls('GET /v1.0/me')[0].query.get('fields')).toContain('id,username');
    await expect(adapter.validate(creds('tok-expired'))).resolves.toMatchObject({ ok: false, message: 'Access token expired or revoked' });
  });

  it('never fails on length (auto-threads) but checks media and replyControl', () => {
    const img = image();
    expect(adapter.checkContent({ content: 'x'.repeat(1200), media: [], settings: {} })).toBeNull();
    // Several files are one carousel, which may mix images and videos.
    expect(adapter.checkContent({ content: 'x', media: [img, video()], settings: {} })).toBeNull();
    expect(adapter.checkContent({ content: 'x', media: [video(), video()], settings: {} })).toBeNull();
    expect(adapter.checkContent({ content: 'x', media: Array(11).fill(img), settings: {} })).toBe('Threads carousels take 2 to 10 images or videos (got 11)');
    expect(adapter.checkContent({ content: 'x', media: [], settings: { replyControl: 'nobody' } })).toMatch(/replyControl/);
  });
});
