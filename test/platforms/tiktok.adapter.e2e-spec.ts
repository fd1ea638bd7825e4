import { FakeTikTokServer, fakeVideoBytes, makeImage, mediaItem } from '@test/support/fakes';
import { TikTokAdapter } from '../../src/platforms/tiktok';
import { MediaItem, PlatformCredentials, PublishRequest } from '../../src/platforms/platform-adapter';
import { IMPATIENT, SLOW_FAULT_MS, fakeEndpoints, rejectionOf } from './fake-endpoints';

const MIB = 1024 * 1024;

describe('TikTokAdapter against a fake Content Posting API', () => {
  const fake = new FakeTikTokServer();
  let adapter: TikTokAdapter;
  let impatient: TikTokAdapter; // short timeouts, for the timeout tests
  const creds: PlatformCredentials = { externalId: 'open-123', accessToken: 'tt-access', refreshToken: 'tt-refresh', username: 'alice.tt' };
  const video = (size = 64 * 1024, over: Partial<MediaItem> = {}) =>
    mediaItem(fakeVideoBytes(size), { kind: 'video', mimeType: 'video/mp4', frameRate: 30, durationSeconds: 12, ...over });
  const request = (over: Partial<PublishRequest> = {}): PublishRequest => ({
    content: 'My video #fyp',
    media: [video()],
    settings: {},
    idempotencyKey: 'k',
    ...over,
  });

  beforeAll(async () => {
    const base = await fake.start();
    adapter = new TikTokAdapter(fakeEndpoints(base), { chunkBytes: 5 * MIB });
    impatient = new TikTokAdapter(fakeEndpoints(base, IMPATIENT), { chunkBytes: 5 * MIB });
  });
  beforeEach(async () => {
    await fake.settle();
    fake.reset();
    fake.publishes.clear();
    fake.setToken('tt-access');
    fake.refreshTokens.set('tt-refresh', 'valid');
  });
  afterAll(() => fake.stop());

  it('small video: creator_info → init (one chunk) → PUT → status until PUBLISH_COMPLETE', async () => {
    fake.processingPolls = 3;
    const result = await adapter.publish(creds, request());
    const [pub] = fake.posts;
    expect(result).toEqual({ postedId: pub.postId, publishedUrl: `https://www.tiktok.com/@alice.tt/video/${pub.postId}` });
    expect(fake.calls('creator_info')).toHaveLength(1);
    expect(pub.sourceInfo).toEqual({ source: 'FILE_UPLOAD', video_size: 65536, chunk_size: 65536, total_chunk_count: 1 });
    expect(pub.chunks).toEqual([{ range: 'bytes 0-65535/65536', size: 65536 }]);
    expect(fake.calls('status/fetch')).toHaveLength(3);
    expect(fake.calls('video/init')[0].headers.authorization).toBe('Bearer tt-access');
  });

  it('maps platformSettings to post_info (allow* inverted, branding)', async () => {
    await adapter.publish(
      creds,
      request({
        settings: {
          viewerSetting: 'FOLLOWER_OF_CREATOR',
          allowComments: false,
          allowDuet: true,
          allowStitch: false,
          commercialContent: true,
          brandOrganic: true,
        },
      }),
    );
    expect(fake.posts[0].postInfo).toEqual({
      title: 'My video #fyp',
      privacy_level: 'FOLLOWER_OF_CREATOR',
      disable_comment: true,
      disable_duet: false,
      disable_stitch: true,
      brand_content_toggle: false,
      brand_organic_toggle: true,
    });
  });

  it('large video goes in floor(size/chunk) Content-Range chunks, the last carrying the remainder', async () => {
    const size = 11 * MIB + 123;
    await adapter.publish(creds, request({ media: [video(size)] }));
    const [pub] = fake.posts;
    expect(pub.sourceInfo).toMatchObject({ video_size: size, chunk_size: 5 * MIB, total_chunk_count: 2 });
    expect(pub.chunks).toEqual([
      { range: `bytes 0-${5 * MIB - 1}/${size}`, size: 5 * MIB },
      { range: `bytes ${5 * MIB}-${size - 1}/${size}`, size: size - 5 * MIB },
    ]);
  });

  it('a private (SELF_ONLY) post has no public id: publish id and profile link', async () => {
    const result = await adapter.publish(creds, request({ settings: { viewerSetting: 'SELF_ONLY' } }));
    expect(result).toEqual({ postedId: fake.posts[0].publishId, publishedUrl: 'https://www.tiktok.com/@alice.tt' });
  });

  it('FAILED processing → INVALID_CONTENT with the fail reason', async () => {
    fake.failNextPublish = 'frame_rate_check_failed';
    const err = await rejectionOf(adapter.publish(creds, request()));
    expect(err.code).toBe('INVALID_CONTENT');
    expect(err.options).toMatchObject({ retryable: false, platformError: 'frame_rate_check_failed' });
  });

  it('publishing that never completes → clear failure, outcome unknown (the upload is done)', async () => {
    fake.processingPolls = Infinity;
    const err = await rejectionOf(impatient.publish(creds, request()));
    expect(err.message).toMatch(/TikTok publishing did not finish within 2000 ms/);
    expect(err.options).toMatchObject({ retryable: false, outcomeUnknown: true });
  });

  it('slow final chunk → TIMEOUT_ERROR with outcomeUnknown; slow init → safe to retry', async () => {
    fake.inject({ kind: 'slow', match: 'PUT /upload/', delayMs: SLOW_FAULT_MS });
    const timeout = await rejectionOf(impatient.publish(creds, request()));
    expect(timeout.code).toBe('TIMEOUT_ERROR');
    expect(timeout.options.outcomeUnknown).toBe(true);

    fake.inject({ kind: 'hang', match: 'video/init' });
    const early = await rejectionOf(impatient.publish(creds, request()));
    expect(early.code).toBe('TIMEOUT_ERROR');
    expect(early.options.outcomeUnknown).toBe(false);
  });

  it('expired token → PLATFORM_AUTH_EXPIRED; 429 rate_limit_exceeded → RATE_LIMITED; 5xx retryable', async () => {
    fake.setToken('tt-access', 'expired');
    const auth = await rejectionOf(adapter.publish(creds, request()));
    expect(auth.code).toBe('PLATFORM_AUTH_EXPIRED');
    expect(auth.options).toMatchObject({ retryable: false, httpStatus: 401 });
    expect(auth.options.platformError).toMatch(/^access_token_invalid/);
    fake.setToken('tt-access');

    fake.inject({ kind: 'rate_limit', match: 'video/init' });
    const rate = await rejectionOf(adapter.publish(creds, request()));
    expect(rate.code).toBe('RATE_LIMITED');
    expect(rate.options).toMatchObject({ retryable: true, retryAfterMs: 60_000 });

    fake.inject({ kind: 'server_error', match: 'creator_info' });
    const server = await rejectionOf(adapter.publish(creds, request()));
    expect(server.code).toBe('PLATFORM_SERVER_ERROR');
    expect(server.options.retryable).toBe(true);
  });

  it('settings the account does not allow fail before any upload', async () => {
    fake.creator.privacy_level_options = ['SELF_ONLY'];
    try {
      const err = await rejectionOf(adapter.publish(creds, request()));
      expect(err.code).toBe('INVALID_CONTENT');
      expect(err.message).toMatch(/does not allow viewerSetting PUBLIC_TO_EVERYONE/);
      expect(fake.calls('video/init')).toHaveLength(0);
    } finally {
      fake.creator.privacy_level_options = ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'];
    }
  });

  it('refresh keeps the newest refresh token; a spent one → PLATFORM_AUTH_EXPIRED', async () => {
    const tokens = await adapter.refresh(creds);
    expect(tokens.refreshToken).not.toBe('tt-refresh');
    expect(tokens.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 86_000_000);
    const [call] = fake.calls('POST /v2/oauth/token/');
    expect(call.body).toMatchObject({ client_key: 'tt-client', client_secret: 'tt-secret', grant_type: 'refresh_token', refresh_token: 'tt-refresh' });
    const err = await rejectionOf(adapter.refresh(creds));
    expect(err.code).toBe('PLATFORM_AUTH_EXPIRED');
    expect(err.options).toMatchObject({ retryable: false, platformError: 'invalid_grant: Refresh token is invalid or expired.' });
  });

  it('validate: user info; expired → ok=false', async () => {
    await expect(adapter.validate(creds)).resolves.toMatchObject({ ok: true, username: 'alice.tt', displayName: 'Alice', message: 'Connection is valid' });
    fake.setToken('tt-access', 'expired');
    await expect(adapter.validate(creds)).resolves.toMatchObject({ ok: false, message: 'Access token expired or revoked' });
  });

  it('checkContent: video only, MP4 only, ≥ 23 FPS', async () => {
    const img = mediaItem(await makeImage('png'), { kind: 'image', mimeType: 'image/png' });
    const check = (media: MediaItem[], content = 'x') => adapter.checkContent({ content, media, settings: {} });
    expect(check([video()])).toBeNull();
    expect(check([])).toBe('TikTok posts require a video');
    expect(check([img])).toBe('TikTok posts require a video');
    expect(check([video(), img])).toMatch(/does not accept images/);
    expect(check([video(1000, { mimeType: 'video/quicktime' })])).toMatch(/does not accept video\/quicktime/);
    expect(check([video(1000, { frameRate: 15 })])).toBe('TikTok requires at least 23 FPS video (this one is 15 FPS)');
    expect(check([video()], 'x'.repeat(2201))).toBe("Content exceeds TikTok's 2200 character limit (currently 2201)");
  });
});
