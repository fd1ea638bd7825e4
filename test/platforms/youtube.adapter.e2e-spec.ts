import { FakeYouTubeServer, fakeVideoBytes, makeImage, mediaItem } from '@test/support/fakes';
import { YouTubeAdapter } from '../../src/platforms/youtube';
import { MediaItem, PlatformCredentials, PublishRequest } from '../../src/platforms/platform-adapter';
import { IMPATIENT, SLOW_FAULT_MS, fakeEndpoints, rejectionOf } from './fake-endpoints';

const KIB = 1024;

describe('YouTubeAdapter against a fake Data API with resumable uploads', () => {
  const fake = new FakeYouTubeServer();
  let adapter: YouTubeAdapter;
  let impatient: YouTubeAdapter; // short timeouts, for the timeout tests
  const creds: PlatformCredentials = { externalId: 'UC_fake_channel', accessToken: 'ya29.good', refreshToken: 'yt-refresh' };
  // 600 KiB with 256 KiB chunks → 256 + 256 + 88 KiB.
  const video = (size = 600 * KIB, over: Partial<MediaItem> = {}) => mediaItem(fakeVideoBytes(size), { kind: 'video', mimeType: 'video/mp4', ...over });
  const request = (over: Partial<PublishRequest> = {}): PublishRequest => ({
    content: 'Our launch video, with all the details in the description.',
    media: [video()],
    settings: { privacy: 'unlisted', title: '' },
    idempotencyKey: 'k',
    ...over,
  });

  beforeAll(async () => {
    const base = await fake.start();
    adapter = new YouTubeAdapter(fakeEndpoints(base), { chunkBytes: 256 * KIB });
    impatient = new YouTubeAdapter(fakeEndpoints(base, IMPATIENT), { chunkBytes: 256 * KIB });
  });
  beforeEach(async () => {
    await fake.settle();
    fake.reset();
    fake.uploads.clear();
    fake.setToken('ya29.good');
    fake.refreshTokens.set('yt-refresh', 'valid');
  });
  afterAll(() => fake.stop());

  it('opens a resumable session with metadata, then PUTs 256 KiB-multiple chunks until 200 {id}', async () => {
    const result = await adapter.publish(creds, request());
    const [up] = fake.videos;
    expect(result).toEqual({ postedId: up.videoId, publishedUrl: `https://www.youtube.com/watch?v=${up.videoId}` });
    const [start] = fake.calls('POST /upload/youtube/v3/videos');
    expect(start.query.get('part')).toBe('snippet,status');
    expect(start.headers['x-upload-content-length']).toBe(String(600 * KIB));
    expect(start.headers['x-upload-content-type']).toBe('video/mp4');
    expect(up.metadata).toEqual({
      snippet: { title: 'Our launch video, with all the details in the description.', description: request().content, categoryId: '22' },
      status: { privacyStatus: 'unlisted', selfDeclaredMadeForKids: false },
    });
    expect(up.chunks).toEqual([
      { range: `bytes 0-${256 * KIB - 1}/${600 * KIB}`, size: 256 * KIB },
      { range: `bytes ${256 * KIB}-${512 * KIB - 1}/${600 * KIB}`, size: 256 * KIB },
      { range: `bytes ${512 * KIB}-${600 * KIB - 1}/${600 * KIB}`, size: 88 * KIB },
    ]);
  });

  it('settings.title wins; a long content is cut to 70 characters for the title', async () => {
    await adapter.publish(creds, request({ media: [video(10 * KIB)], settings: { title: 'Explicit title' } }));
    await adapter.publish(creds, request({ media: [video(10 * KIB)], content: 'x'.repeat(200), settings: {} }));
    expect(fake.videos.map((v) => v.metadata.snippet!.title)).toEqual(['Explicit title', 'x'.repeat(70)]);
    expect(fake.videos[1].metadata.status!.privacyStatus).toBe('public');
  });

  it('a 5xx on a chunk is resumed after probing with bytes */total', async () => {
    fake.inject({ kind: 'server_error', match: /^PUT /, retryAfterSeconds: 0 });
    await adapter.publish(creds, request());
    const [up] = fake.videos;
    expect(up.probes).toBe(1);
    expect(up.chunks).toHaveLength(3);
    expect(fake.calls(/^PUT /).map((c) => c.headers['content-range'])).toEqual([
      `bytes 0-${256 * KIB - 1}/${600 * KIB}`, // answered 503
      `bytes */${600 * KIB}`,
      `bytes 0-${256 * KIB - 1}/${600 * KIB}`,
      `bytes ${256 * KIB}-${512 * KIB - 1}/${600 * KIB}`,
      `bytes ${512 * KIB}-${600 * KIB - 1}/${600 * KIB}`,
    ]);
  });

  it('a timed-out final chunk is resolved by the probe (the video exists)', async () => {
    const single = video(100 * KIB);
    fake.inject({ kind: 'slow', match: /^PUT /, delayMs: SLOW_FAULT_MS });
    const result = await impatient.publish(creds, request({ media: [single] }));
    expect(result.postedId).toBe(fake.videos[0].videoId);
    expect(fake.videos[0].probes).toBeGreaterThanOrEqual(1);
  });

  it('final chunk and every probe hanging → TIMEOUT_ERROR with outcomeUnknown', async () => {
    fake.inject({ kind: 'hang', match: /^PUT / }, 5);
    const err = await rejectionOf(impatient.publish(creds, request({ media: [video(100 * KIB)] })));
    expect(err.code).toBe('TIMEOUT_ERROR');
    expect(err.options.outcomeUnknown).toBe(true);
  }, 30_000);

  it('an early chunk failing for good is safe to retry (no video yet)', async () => {
    fake.inject({ kind: 'server_error', match: /^PUT / }, 10);
    const err = await rejectionOf(adapter.publish(creds, request()));
    expect(err.code).toBe('PLATFORM_SERVER_ERROR');
    expect(err.options.retryable).toBe(true);
    expect(err.options.outcomeUnknown).toBeFalsy();
    expect(fake.videos).toHaveLength(0);
  });

  it('403 quotaExceeded → RATE_LIMITED until midnight Pacific', async () => {
    fake.inject({ kind: 'rate_limit', match: 'POST /upload' });
    const err = await rejectionOf(adapter.publish(creds, request()));
    expect(err.code).toBe('RATE_LIMITED');
    expect(err.options).toMatchObject({ retryable: true, httpStatus: 403 });
    expect(err.options.platformError).toMatch(/^quotaExceeded/);
    expect(err.options.retryAfterMs).toBeGreaterThan(0);
    expect(err.options.retryAfterMs).toBeLessThanOrEqual(24 * 3600_000);
  });

  it('expired token → PLATFORM_AUTH_EXPIRED; 5xx on session start → retryable', async () => {
    fake.setToken('ya29.good', 'expired');
    const auth = await rejectionOf(adapter.publish(creds, request()));
    expect(auth.code).toBe('PLATFORM_AUTH_EXPIRED');
    expect(auth.options).toMatchObject({ retryable: false, httpStatus: 401 });
    fake.setToken('ya29.good');
    fake.inject({ kind: 'server_error', match: 'POST /upload' });
    const server = await rejectionOf(adapter.publish(creds, request()));
    expect(server.code).toBe('PLATFORM_SERVER_ERROR');
    expect(server.options.retryable).toBe(true);
  });

  it('refresh via /token keeps the refresh token; invalid_grant → PLATFORM_AUTH_EXPIRED', async () => {
    const tokens = await adapter.refresh(creds);
    expect(tokens).toMatchObject({ refreshToken: 'yt-refresh' });
    expect(tokens.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 3500_000);
    expect(fake.calls('POST /token')[0].body).toMatchObject({
      client_id: 'yt-client',
      client_secret: 'yt-secret',
      grant_type: 'refresh_token',
      refresh_token: 'yt-refresh',
    });
    fake.refreshTokens.set('yt-refresh', 'revoked');
    const err = await rejectionOf(adapter.refresh(creds));
    expect(err.code).toBe('PLATFORM_AUTH_EXPIRED');
    expect(err.options).toMatchObject({ retryable: false, platformError: 'invalid_grant: Token has been expired or revoked.' });
  });

  it('validate: channel info; expired → ok=false', async () => {
    await expect(adapter.validate(creds)).resolves.toMatchObject({
      ok: true,
      username: '@alicetube',
      displayName: 'Alice Tube',
      message: 'Connection is valid',
    });
    expect(fake.calls('GET /youtube/v3/channels')[0].query.get('part')).toBe('id,snippet');
    fake.setToken('ya29.good', 'expired');
    await expect(adapter.validate(creds)).resolves.toMatchObject({ ok: false, message: 'Access token expired or revoked' });
  });

  it("findPublished finds the upload by title, start of description and time among the channel's latest videos", async () => {
    const since = new Date();
    const long = `${'A long description. '.repeat(20)}end`;
    const posted = await adapter.publish(creds, request({ media: [video(10 * KIB)], content: long, settings: { title: 'Launch' } }));
    await adapter.publish(creds, request({ media: [video(10 * KIB)], content: 'Another video', settings: { title: 'Launch' } }));
    await expect(adapter.findPublished(creds, request({ content: long, settings: { title: 'Launch' } }), since)).resolves.toEqual(posted);
    const search = fake.calls('GET /youtube/v3/search')[0];
    expect(search.headers.authorization).toBe('Bearer ya29.good');
    // Same title, other description; same description, other title; only before `since`.
    await expect(adapter.findPublished(creds, request({ content: 'Never uploaded', settings: { title: 'Launch' } }), since)).resolves.toBeNull();
    await expect(adapter.findPublished(creds, request({ content: long, settings: { title: 'Other' } }), since)).resolves.toBeNull();
    await expect(adapter.findPublished(creds, request({ content: long, settings: { title: 'Launch' } }), new Date(Date.now() + 60_000))).resolves.toBeNull();
    fake.setToken('ya29.good', 'expired');
    await expect(rejectionOf(adapter.findPublished(creds, request(), since))).resolves.toMatchObject({ code: 'PLATFORM_AUTH_EXPIRED' });
  });

  it('checkContent: one video, 5000 description, title ≤ 100, privacy values', async () => {
    const img = mediaItem(await makeImage('png'), { kind: 'image', mimeType: 'image/png' });
    const check = (over: Partial<PublishRequest>) => adapter.checkContent({ content: 'x', media: [video(10)], settings: {}, ...over });
    expect(check({})).toBeNull();
    expect(check({ media: [] })).toBe('YouTube posts require a video');
    expect(check({ media: [img] })).toBe('YouTube posts require a video');
    expect(check({ media: [video(10), video(10)] })).toMatch(/at most 1 video/);
    expect(check({ content: 'x'.repeat(5001) })).toBe("Content exceeds YouTube's 5000 character limit (currently 5001)");
    expect(check({ settings: { title: 't'.repeat(101) } })).toMatch(/titles are limited to 100/);
    expect(check({ settings: { privacy: 'friends' } })).toMatch(/privacy must be one of/);
  });
});
