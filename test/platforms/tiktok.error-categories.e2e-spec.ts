import type { MediaItem, PlatformCredentials, PublishRequest, PlatformAdapter } from '../../src/platforms/platform-adapter';
import { categorizeError, type ErrorCategory } from '../../src/platforms/error-category';
import { failureOf, fakeEndpoints } from './fake-endpoints';
import { TikTokAdapter } from '../../src/platforms/tiktok';
import { FakeTikTokServer, fakeVideoBytes, mediaItem } from '@test/support/fakes';

/** Each way the TikTok fake refuses a post, and the code and category the adapter must report. */
describe('TikTokAdapter error categories against the TikTok fake', () => {
  const fake = new FakeTikTokServer();
  let adapter: TikTokAdapter;
  const creds = (token = 'tt-access'): PlatformCredentials => ({ externalId: 'open-123', accessToken: token, username: 'alice.tt' });
  const request = (over: Partial<MediaItem> = {}): PublishRequest => ({
    content: 'My video #fyp',
    media: [mediaItem(fakeVideoBytes(64 * 1024), { kind: 'video', mimeType: 'video/mp4', frameRate: 30, durationSeconds: 12, ...over })],
    settings: {},
    idempotencyKey: 'k',
  });
  const publishRefused = (match: string, status: number, code: string) => {
    fake.refuse(match, status, code);
    return adapter.publish(creds(), request());
  };
  const publishFailing = (reason: string) => {
    fake.failNextPublish = reason;
    return adapter.publish(creds(), request());
  };

  beforeAll(async () => {
    const base = await fake.start();
    adapter = new TikTokAdapter(fakeEndpoints(base), { chunkBytes: 5 * 1024 * 1024 });
  });
  afterAll(() => fake.stop());
  beforeEach(async () => {
    await fake.settle();
    fake.reset();
    fake.publishes.clear();
    fake.creator.max_video_post_duration_sec = 600;
    fake.setToken('tt-access');
  });

  const rows: Array<[string, () => Promise<unknown>, string, ErrorCategory]> = [
    ['401 access_token_invalid', () => adapter.publish(creds('tt-unknown'), request()), 'PLATFORM_AUTH_EXPIRED', 'auth_expired'],
    ['401 scope_not_authorized', () => publishRefused('creator_info', 401, 'scope_not_authorized'), 'PLATFORM_AUTH_EXPIRED', 'permission_missing'],
    ['401 scope_permission_missed', () => publishRefused('video/init', 401, 'scope_permission_missed'), 'PLATFORM_AUTH_EXPIRED', 'permission_missing'],
    [
      '429 rate_limit_exceeded',
      () => {
        fake.inject({ kind: 'rate_limit', match: 'video/init' });
        return adapter.publish(creds(), request());
      },
      'RATE_LIMITED',
      'rate_limited',
    ],
    ['403 spam_risk_too_many_posts', () => publishRefused('video/init', 403, 'spam_risk_too_many_posts'), 'RATE_LIMITED', 'rate_limited'],
    ['403 reached_active_user_cap', () => publishRefused('video/init', 403, 'reached_active_user_cap'), 'PLATFORM_VALIDATION_ERROR', 'rate_limited'],
    [
      '403 spam_risk_user_banned_from_posting',
      () => publishRefused('video/init', 403, 'spam_risk_user_banned_from_posting'),
      'PLATFORM_VALIDATION_ERROR',
      'configuration',
    ],
    [
      '403 unaudited_client_can_only_post_to_private_accounts',
      () => {
        fake.unaudited = true;
        return adapter.publish(creds(), request());
      },
      'PLATFORM_VALIDATION_ERROR',
      'configuration',
    ],
    [
      '400 privacy_level_option_mismatch',
      () => publishRefused('video/init', 400, 'privacy_level_option_mismatch'),
      'PLATFORM_VALIDATION_ERROR',
      'content_rejected',
    ],
    [
      '500 internal_error',
      () => {
        fake.inject({ kind: 'server_error', match: 'creator_info' });
        return adapter.publish(creds(), request());
      },
      'PLATFORM_SERVER_ERROR',
      'platform_unavailable',
    ],
    ['FAILED file_format_check_failed', () => publishFailing('file_format_check_failed'), 'INVALID_CONTENT', 'media_rejected'],
    ['FAILED duration_check_failed', () => publishFailing('duration_check_failed'), 'INVALID_CONTENT', 'media_rejected'],
    ['FAILED frame_rate_check_failed', () => publishFailing('frame_rate_check_failed'), 'INVALID_CONTENT', 'media_rejected'],
    ['FAILED picture_size_check_failed', () => publishFailing('picture_size_check_failed'), 'INVALID_CONTENT', 'media_rejected'],
    ['FAILED video_pull_failed', () => publishFailing('video_pull_failed'), 'INVALID_CONTENT', 'media_rejected'],
    ['FAILED spam_risk_too_many_posts', () => publishFailing('spam_risk_too_many_posts'), 'INVALID_CONTENT', 'rate_limited'],
    ['FAILED spam_risk_user_banned_from_posting', () => publishFailing('spam_risk_user_banned_from_posting'), 'INVALID_CONTENT', 'configuration'],
    ['FAILED spam_risk_text', () => publishFailing('spam_risk_text'), 'INVALID_CONTENT', 'content_rejected'],
    [
      'creator_info max_video_post_duration_sec below the video',
      () => {
        fake.creator.max_video_post_duration_sec = 10;
        return adapter.publish(creds(), request());
      },
      'INVALID_CONTENT',
      'media_rejected',
    ],
  ];

  it.each(rows.map(([signal, act, code, category]) => ({ signal, act, code, category })))('$signal → $code, $category', async ({ act, code, category }) => {
    const err = await failureOf(act());
    expect(err.code).toBe(code);
    expect(categorizeError({ code: err.code, category: err.options.category })).toBe(category);
  });

  it('an unaudited app may still post privately (SELF_ONLY)', async () => {
    fake.unaudited = true;
    await expect(adapter.publish(creds(), { ...request(), settings: { viewerSetting: 'SELF_ONLY' } })).resolves.toMatchObject({ postedId: expect.any(String) });
  });

  it('has no unpublish: the Content Posting API deletes nothing, so the service refuses it', () => {
    expect((adapter as PlatformAdapter).unpublish).toBeUndefined();
  });
});
