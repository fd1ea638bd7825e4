import { FakePinterestServer, fakeVideoBytes, makeImage, mediaItem } from '@test/support/fakes';
import { PinterestAdapter } from '../../src/platforms/pinterest';
import { MediaItem, PlatformCredentials, PublishRequest } from '../../src/platforms/platform-adapter';
import { IMPATIENT, SLOW_FAULT_MS, fakeEndpoints, rejectionOf } from './fake-endpoints';

describe('PinterestAdapter against a fake API v5', () => {
  const fake = new FakePinterestServer();
  let adapter: PinterestAdapter;
  let impatient: PinterestAdapter; // short timeouts, for the timeout tests
  let png: Buffer;
  const creds: PlatformCredentials = { externalId: 'alicepins', accessToken: 'pina_good', refreshToken: 'pinr_good' };
  const image = (name: string): MediaItem => mediaItem(png, { kind: 'image', mimeType: 'image/png', url: fake.hostFile(name, png, 'image/png') });
  const video = () => mediaItem(fakeVideoBytes(), { kind: 'video', mimeType: 'video/mp4', fileName: 'clip.mp4', durationSeconds: 8 });
  const request = (over: Partial<PublishRequest> = {}): PublishRequest => ({
    content: 'Pin description',
    media: [image('a.png')],
    settings: {},
    idempotencyKey: 'k',
    ...over,
  });

  beforeAll(async () => {
    png = await makeImage('png');
    const base = await fake.start();
    adapter = new PinterestAdapter(fakeEndpoints(base));
    impatient = new PinterestAdapter(fakeEndpoints(base, IMPATIENT));
  });
  beforeEach(async () => {
    await fake.settle();
    fake.reset();
    fake.pins.length = 0;
    fake.setToken('pina_good');
    fake.refreshTokens.set('pinr_good', 'valid');
  });
  afterAll(() => fake.stop());

  it('image pin by URL on the first board when no boardId is set', async () => {
    const media = [image('one.png')];
    const result = await adapter.publish(creds, request({ media, settings: { title: 'Title', link: 'https://example.com' } }));
    const [pin] = fake.pins;
    expect(result).toEqual({ postedId: pin.id, publishedUrl: `https://www.pinterest.com/pin/${pin.id}/` });
    expect(pin).toMatchObject({
      board_id: fake.boards[0].id,
      description: 'Pin description',
      title: 'Title',
      link: 'https://example.com',
      media_source: { source_type: 'image_url', url: media[0].url },
    });
    expect(fake.calls('GET /v5/boards')).toHaveLength(1);
  });

  it('settings.boardId is used as is; 2–5 images become multiple_image_urls', async () => {
    const media = [image('1.png'), image('2.png'), image('3.png')];
    await adapter.publish(creds, request({ media, settings: { boardId: fake.boards[1].id } }));
    expect(fake.calls('GET /v5/boards')).toHaveLength(0);
    expect(fake.pins[0].board_id).toBe(fake.boards[1].id);
    expect(fake.pins[0].media_source).toEqual({ source_type: 'multiple_image_urls', items: media.map((m) => ({ url: m.url })) });
  });

  it('video pin: register media, multipart upload with upload_parameters, poll, pin with video_id', async () => {
    fake.processingPolls = 3;
    await adapter.publish(creds, request({ media: [video()] }));
    const [media] = [...fake.media.values()];
    expect(media.uploaded).toMatchObject({ size: 64 * 1024, contentType: 'video/mp4', fields: { key: `uploads/${media.media_id}.mp4`, policy: 'cG9saWN5' } });
    expect(fake.calls(/GET \/v5\/media\//)).toHaveLength(3);
    expect(fake.pins[0].media_source).toEqual({ source_type: 'video_id', media_id: media.media_id, cover_image_key_frame_time: 1 });
  });

  it('video processing that never finishes fails clearly before any pin exists', async () => {
    fake.processingPolls = Infinity;
    const err = await rejectionOf(impatient.publish(creds, request({ media: [video()] })));
    expect(err.message).toMatch(/Pinterest video processing did not finish/);
    expect(err.options).toMatchObject({ retryable: false, outcomeUnknown: false });
    expect(fake.pins).toHaveLength(0);
  });

  it('account without boards → clear validation error', async () => {
    const boards = fake.boards;
    fake.boards = [];
    try {
      const err = await rejectionOf(adapter.publish(creds, request()));
      expect(err.code).toBe('PLATFORM_VALIDATION_ERROR');
      expect(err.message).toMatch(/no boards/);
    } finally {
      fake.boards = boards;
    }
  });

  it('expired token → PLATFORM_AUTH_EXPIRED; 429 Retry-After → RATE_LIMITED; 5xx retryable; slow create → outcome unknown', async () => {
    fake.setToken('pina_good', 'expired');
    const auth = await rejectionOf(adapter.publish(creds, request()));
    expect(auth.code).toBe('PLATFORM_AUTH_EXPIRED');
    expect(auth.options).toMatchObject({ retryable: false, httpStatus: 401, platformError: '2: Authentication failed.' });
    fake.setToken('pina_good');

    fake.inject({ kind: 'rate_limit', match: 'POST /v5/pins', retryAfterSeconds: 42 });
    const rate = await rejectionOf(adapter.publish(creds, request()));
    expect(rate.code).toBe('RATE_LIMITED');
    expect(rate.options).toMatchObject({ retryable: true, retryAfterMs: 42_000 });

    fake.inject({ kind: 'server_error', match: 'POST /v5/pins' });
    const server = await rejectionOf(adapter.publish(creds, request()));
    expect(server.code).toBe('PLATFORM_SERVER_ERROR');
    expect(server.options.retryable).toBe(true);

    fake.inject({ kind: 'slow', match: 'POST /v5/pins', delayMs: SLOW_FAULT_MS });
    const slow = await rejectionOf(impatient.publish(creds, request()));
    expect(slow.code).toBe('TIMEOUT_ERROR');
    expect(slow.options.outcomeUnknown).toBe(true);
  });

  it('refresh with Basic client auth rotates tokens; a spent refresh token → PLATFORM_AUTH_EXPIRED', async () => {
    const tokens = await adapter.refresh(creds);
    expect(tokens.refreshToken).not.toBe('pinr_good');
    expect(tokens.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 2_500_000_000);
    const [call] = fake.calls('POST /v5/oauth/token');
    expect(call.headers.authorization).toBe(`Basic ${Buffer.from('pin-client:pin-secret').toString('base64')}`);
    expect(call.body).toEqual({ grant_type: 'refresh_token', refresh_token: 'pinr_good' });
    const err = await rejectionOf(adapter.refresh(creds));
    expect(err.code).toBe('PLATFORM_AUTH_EXPIRED');
    expect(err.options.retryable).toBe(false);
  });

  it('validate: user_account; expired → ok=false', async () => {
    await expect(adapter.validate(creds)).resolves.toMatchObject({ ok: true, username: 'alicepins', message: 'Connection is valid' });
    fake.setToken('pina_good', 'revoked');
    await expect(adapter.validate(creds)).resolves.toMatchObject({ ok: false, message: 'Access token expired or revoked' });
  });

  it('findPublished matches the description since the given time', async () => {
    const since = new Date(Date.now() - 1000);
    const posted = await adapter.publish(creds, request({ content: 'find this pin' }));
    await expect(adapter.findPublished(creds, request({ content: 'find this pin' }), since)).resolves.toEqual(posted);
    await expect(adapter.findPublished(creds, request({ content: 'missing' }), since)).resolves.toBeNull();
  });

  it('checkContent: media required, ≤ 5 images, 1 video, no mixing, 500 characters', () => {
    const img = mediaItem(Buffer.from('x'), { kind: 'image', mimeType: 'image/png' });
    const vid = mediaItem(Buffer.from('x'), { kind: 'video', mimeType: 'video/mp4' });
    const check = (over: Partial<PublishRequest>) => adapter.checkContent({ content: 'x', media: [img], settings: {}, ...over });
    expect(check({})).toBeNull();
    expect(check({ media: [] })).toBe('Pinterest posts require media');
    expect(check({ media: Array(6).fill(img) })).toMatch(/at most 5 images/);
    expect(check({ media: [img, vid] })).toMatch(/cannot mix images and video/);
    expect(check({ content: 'x'.repeat(501) })).toBe("Content exceeds Pinterest's 500 character limit (currently 501)");
  });
});
