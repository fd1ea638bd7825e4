import type { PlatformCredentials, PublishRequest, PlatformAdapter } from '../../src/platforms/platform-adapter';
import { categorizeError, type ErrorCategory } from '../../src/platforms/error-category';
import { failureOf, fakeEndpoints } from './fake-endpoints';
import { InstagramAdapter } from '../../src/platforms/instagram';
import { InstagramFake, fakeVideoBytes, makeImage, mediaItem } from '@test/support/fakes';

/** Each way the Instagram fake refuses a post, and the code and category the adapter must report. */
describe('InstagramAdapter error categories against the Instagram Graph fake', () => {
  const fake = new InstagramFake();
  let adapter: InstagramAdapter;
  let jpeg: Buffer;
  const creds = (token = 'tok-valid'): PlatformCredentials => ({ externalId: fake.user.id, accessToken: token, username: 'fake.insta' });
  const image = (caption = 'pic', url?: string): PublishRequest => ({
    content: caption,
    media: [mediaItem(jpeg, { kind: 'image', mimeType: 'image/jpeg', url: url ?? fake.hostFile('a.jpg', jpeg, 'image/jpeg') })],
    settings: { videoType: 'REELS' },
    idempotencyKey: 'k',
  });
  const reel = (): PublishRequest => {
    const bytes = fakeVideoBytes();
    return { ...image('reel'), media: [mediaItem(bytes, { kind: 'video', mimeType: 'video/mp4', url: fake.hostFile('v.mp4', bytes, 'video/mp4') })] };
  };
  /** The fake answers the container create call (`POST /{ig-user-id}/media`) with this Graph error. */
  const refuseContainer = (error: Parameters<InstagramFake['refuse']>[1]) => fake.refuse(/^POST \/v21.0\/\d+\/media$/, error);

  beforeAll(async () => {
    const base = await fake.start();
    jpeg = await makeImage('jpeg');
    adapter = new InstagramAdapter(fakeEndpoints(base, { instagramApiUrl: `${base}/v21.0` }));
  });
  afterAll(() => fake.stop());
  beforeEach(async () => {
    await fake.settle();
    fake.reset();
    fake.setToken('tok-valid');
    fake.setToken('tok-expired', 'expired');
  });

  const rows: Array<[string, () => Promise<unknown>, string, ErrorCategory]> = [
    ['code 190 (expired token)', () => adapter.publish(creds('tok-expired'), image()), 'PLATFORM_AUTH_EXPIRED', 'auth_expired'],
    [
      'code 10 (instagram_business_content_publish not granted)',
      () => {
        refuseContainer({ status: 403, code: 10, message: '(#10) Application does not have permission for this action' });
        return adapter.publish(creds(), image());
      },
      'PLATFORM_VALIDATION_ERROR',
      'permission_missing',
    ],
    [
      'code 4 (app request limit)',
      () => {
        fake.inject({ kind: 'rate_limit', match: 'media_publish', retryAfterSeconds: 60 });
        return adapter.publish(creds(), image());
      },
      'RATE_LIMITED',
      'rate_limited',
    ],
    [
      'code 9 / 2207042 (daily publishing cap)',
      () => {
        fake.refuse('media_publish', {
          code: 9,
          subcode: 2207042,
          message: 'You reached maximum number of posts that is allowed to be published by Content Publishing API.',
        });
        return adapter.publish(creds(), image());
      },
      'RATE_LIMITED',
      'rate_limited',
    ],
    [
      'HTTP 500 code 2 (transient)',
      () => {
        fake.inject({ kind: 'server_error', match: 'media_publish' });
        return adapter.publish(creds(), image());
      },
      'PLATFORM_SERVER_ERROR',
      'platform_unavailable',
    ],
    ['code 100 / 2207010 (caption too long)', () => adapter.publish(creds(), image('x'.repeat(2201))), 'INVALID_CONTENT', 'content_rejected'],
    [
      'code 9004 / 2207052 (media not fetchable)',
      () => adapter.publish(creds(), image('pic', `${fake.baseUrl}/files/missing.jpg`)),
      'INVALID_CONTENT',
      'media_rejected',
    ],
    [
      'code 36000 / 2207004 (image too large)',
      () => {
        refuseContainer({
          code: 36000,
          subcode: 2207004,
          message: 'The image size is too large.',
          userMessage: 'The image is too large to download. It should be less than 8 MiB.',
        });
        return adapter.publish(creds(), image());
      },
      'INVALID_CONTENT',
      'media_rejected',
    ],
    [
      'code 352 / 2207026 (video format not supported)',
      () => {
        refuseContainer({ code: 352, subcode: 2207026, message: 'The video format is not supported.' });
        return adapter.publish(creds(), reel());
      },
      'INVALID_CONTENT',
      'media_rejected',
    ],
    [
      'container status_code ERROR',
      () => {
        fake.failContainersWith = 'Unsupported video codec';
        return adapter.publish(creds(), reel());
      },
      'INVALID_CONTENT',
      'media_rejected',
    ],
    [
      'code 25 / 2207050 (account inactive, checkpointed or restricted)',
      () => {
        fake.refuse('media_publish', { code: 25, subcode: 2207050, message: 'The Instagram account is restricted.' });
        return adapter.publish(creds(), image());
      },
      'INVALID_CONTENT',
      'configuration',
    ],
  ];

  it.each(rows.map(([signal, act, code, category]) => ({ signal, act, code, category })))('$signal → $code, $category', async ({ act, code, category }) => {
    const err = await failureOf(act());
    expect(err.code).toBe(code);
    expect(categorizeError({ code: err.code, category: err.options.category })).toBe(category);
  });

  it('has no unpublish: Instagram Login offers no delete, so the service refuses it', () => {
    expect((adapter as PlatformAdapter).unpublish).toBeUndefined();
  });
});
