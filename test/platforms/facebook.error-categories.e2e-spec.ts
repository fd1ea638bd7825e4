import type { PlatformCredentials, PublishRequest } from '../../src/platforms/platform-adapter';
import { categorizeError, type ErrorCategory } from '../../src/platforms/error-category';
import { failureOf, fakeEndpoints } from './fake-endpoints';
import { FacebookAdapter } from '../../src/platforms/facebook';
import { FacebookFake, fakeVideoBytes, makeImage, mediaItem } from '@test/support/fakes';

/** Each way the Facebook fake refuses a post, and the code and category the adapter must report. */
describe('FacebookAdapter error categories against the Facebook Pages fake', () => {
  const fake = new FacebookFake();
  let adapter: FacebookAdapter;
  let jpeg: Buffer;
  const creds = (token = 'page-tok'): PlatformCredentials => ({ externalId: fake.page.id, accessToken: token });
  const text = (content = 'Hello page'): PublishRequest => ({ content, media: [], settings: {}, idempotencyKey: 'k' });
  const withImage = (hosted = true): PublishRequest => ({
    ...text('pic'),
    media: [
      mediaItem(jpeg, {
        kind: 'image',
        mimeType: 'image/jpeg',
        url: hosted ? fake.hostFile('a.jpg', jpeg, 'image/jpeg') : `${fake.baseUrl}/files/missing.jpg`,
      }),
    ],
  });
  const withVideo = (hosted = true): PublishRequest => {
    const bytes = fakeVideoBytes();
    return {
      ...text('clip'),
      media: [
        mediaItem(bytes, { kind: 'video', mimeType: 'video/mp4', url: hosted ? fake.hostFile('v.mp4', bytes, 'video/mp4') : `${fake.baseUrl}/files/gone.mp4` }),
      ],
    };
  };

  beforeAll(async () => {
    const base = await fake.start();
    jpeg = await makeImage('jpeg');
    adapter = new FacebookAdapter(fakeEndpoints(base, { facebookApiUrl: `${base}/v21.0` }));
  });
  afterAll(() => fake.stop());
  beforeEach(async () => {
    await fake.settle();
    fake.reset();
    fake.posts.length = 0;
    fake.setToken('page-tok');
    fake.setToken('tok-expired', 'expired');
  });

  const rows: Array<[string, () => Promise<unknown>, string, ErrorCategory]> = [
    ['code 190 (expired token)', () => adapter.publish(creds('tok-expired'), text()), 'PLATFORM_AUTH_EXPIRED', 'auth_expired'],
    [
      'code 200 (pages_manage_posts not granted)',
      () => {
        fake.refuse('/feed', { status: 403, code: 200, message: '(#200) Requires pages_manage_posts permission to manage the object' });
        return adapter.publish(creds(), text());
      },
      'PLATFORM_VALIDATION_ERROR',
      'permission_missing',
    ],
    [
      'code 10 (permission denied)',
      () => {
        fake.refuse('/feed', { status: 403, code: 10, message: '(#10) Application does not have permission for this action' });
        return adapter.publish(creds(), text());
      },
      'PLATFORM_VALIDATION_ERROR',
      'permission_missing',
    ],
    [
      'code 32 (page request limit)',
      () => {
        fake.inject({ kind: 'rate_limit', match: '/feed', retryAfterSeconds: 60 });
        return adapter.publish(creds(), text());
      },
      'RATE_LIMITED',
      'rate_limited',
    ],
    [
      'code 368 (temporarily blocked)',
      () => {
        fake.refuse('/feed', { code: 368, message: 'It looks like you were misusing this feature by going too fast.' });
        return adapter.publish(creds(), text());
      },
      'RATE_LIMITED',
      'rate_limited',
    ],
    [
      'HTTP 500 code 2 (transient)',
      () => {
        fake.inject({ kind: 'server_error', match: '/feed' });
        return adapter.publish(creds(), text());
      },
      'PLATFORM_SERVER_ERROR',
      'platform_unavailable',
    ],
    [
      'code 506 (duplicate status)',
      async () => {
        await adapter.publish(creds(), text('same'));
        return adapter.publish(creds(), text('same'));
      },
      'INVALID_CONTENT',
      'content_rejected',
    ],
    [
      'code 100 (invalid parameter)',
      () => {
        fake.refuse('/feed', { code: 100, message: '(#100) Invalid parameter' });
        return adapter.publish(creds(), text());
      },
      'INVALID_CONTENT',
      'content_rejected',
    ],
    ['code 324 (image not downloadable)', () => adapter.publish(creds(), withImage(false)), 'INVALID_CONTENT', 'media_rejected'],
    ['code 6000 (video upload failed)', () => adapter.publish(creds(), withVideo(false)), 'INVALID_CONTENT', 'media_rejected'],
    [
      'code 352 (video format not supported)',
      () => {
        fake.refuse('/videos', { code: 352, message: 'The video file you selected is in a format that we do not support.' });
        return adapter.publish(creds(), withVideo());
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
});
