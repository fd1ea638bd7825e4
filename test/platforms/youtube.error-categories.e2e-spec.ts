import type { MediaItem, PlatformCredentials, PublishRequest } from '../../src/platforms/platform-adapter';
import { categorizeError, type ErrorCategory } from '../../src/platforms/error-category';
import { failureOf, fakeEndpoints } from './fake-endpoints';
import { YouTubeAdapter } from '../../src/platforms/youtube';
import { FakeYouTubeServer, fakeVideoBytes, mediaItem } from '@test/support/fakes';

/** Each way the YouTube fake refuses an upload, and the code and category the adapter must report. */
describe('YouTubeAdapter error categories against the YouTube fake', () => {
  const fake = new FakeYouTubeServer();
  let adapter: YouTubeAdapter;
  const creds = (token = 'ya29.good'): PlatformCredentials => ({ externalId: 'UC_fake_channel', accessToken: token });
  const request = (over: Partial<MediaItem> = {}): PublishRequest => ({
    content: 'A video',
    media: [mediaItem(fakeVideoBytes(300 * 1024), { kind: 'video', mimeType: 'video/mp4', ...over })],
    settings: { privacy: 'unlisted' },
    idempotencyKey: 'k',
  });
  /** The fake answers the call opening the upload session with this Google error. */
  const refuseSession = (status: number, reason: string, message?: string) => fake.refuse('POST /upload/youtube/v3/videos', status, reason, message);

  beforeAll(async () => {
    const base = await fake.start();
    adapter = new YouTubeAdapter(fakeEndpoints(base), { chunkBytes: 256 * 1024 });
  });
  afterAll(() => fake.stop());
  beforeEach(async () => {
    await fake.settle();
    fake.reset();
    fake.uploads.clear();
    fake.setToken('ya29.good');
    fake.setToken('ya29.expired', 'expired');
  });

  const rows: Array<[string, () => Promise<unknown>, string, ErrorCategory]> = [
    ['401 authError (expired token)', () => adapter.publish(creds('ya29.expired'), request()), 'PLATFORM_AUTH_EXPIRED', 'auth_expired'],
    [
      '401 youtubeSignupRequired (no YouTube channel)',
      () => {
        refuseSession(401, 'youtubeSignupRequired', 'Unauthorized');
        return adapter.publish(creds(), request());
      },
      'PLATFORM_AUTH_EXPIRED',
      'configuration',
    ],
    [
      '403 insufficientPermissions (scope not granted)',
      () => {
        refuseSession(403, 'insufficientPermissions', 'Request had insufficient authentication scopes.');
        return adapter.publish(creds(), request());
      },
      'PLATFORM_AUTH_EXPIRED',
      'permission_missing',
    ],
    [
      '403 forbidden',
      () => {
        refuseSession(403, 'forbidden', 'Access forbidden. The request may not be properly authorized.');
        return adapter.publish(creds(), request());
      },
      'PLATFORM_AUTH_EXPIRED',
      'permission_missing',
    ],
    [
      '403 quotaExceeded',
      () => {
        fake.inject({ kind: 'rate_limit', match: 'POST /upload' });
        return adapter.publish(creds(), request());
      },
      'RATE_LIMITED',
      'rate_limited',
    ],
    [
      '400 uploadLimitExceeded (the channel uploaded its most for now)',
      () => {
        refuseSession(400, 'uploadLimitExceeded', 'The user has exceeded the number of videos they may upload.');
        return adapter.publish(creds(), request());
      },
      'RATE_LIMITED',
      'rate_limited',
    ],
    [
      '403 userRateLimitExceeded',
      () => {
        refuseSession(403, 'userRateLimitExceeded', 'User Rate Limit Exceeded');
        return adapter.publish(creds(), request());
      },
      'RATE_LIMITED',
      'rate_limited',
    ],
    [
      '503 backendError',
      () => {
        fake.inject({ kind: 'server_error', match: 'POST /upload' });
        return adapter.publish(creds(), request());
      },
      'PLATFORM_SERVER_ERROR',
      'platform_unavailable',
    ],
    [
      '400 invalidTitle',
      () => {
        refuseSession(400, 'invalidTitle', 'The request metadata specifies an invalid or empty video title.');
        return adapter.publish(creds(), request());
      },
      'PLATFORM_VALIDATION_ERROR',
      'content_rejected',
    ],
    [
      '400 badContent (media type not supported)',
      () => adapter.publish(creds(), request({ mimeType: 'application/x-unknown' })),
      'PLATFORM_VALIDATION_ERROR',
      'media_rejected',
    ],
    [
      '413 on an upload chunk',
      () => {
        fake.refuse(/^PUT \/upload/, 413, 'uploadTooLarge', 'The file is too large.');
        return adapter.publish(creds(), request());
      },
      'CONTENT_TOO_LARGE',
      'media_rejected',
    ],
  ];

  it.each(rows.map(([signal, act, code, category]) => ({ signal, act, code, category })))('$signal → $code, $category', async ({ act, code, category }) => {
    const err = await failureOf(act());
    expect(err.code).toBe(code);
    expect(categorizeError({ code: err.code, category: err.options.category })).toBe(category);
  });
});
