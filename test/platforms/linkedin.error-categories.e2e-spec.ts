import type { PlatformCredentials, PublishRequest } from '../../src/platforms/platform-adapter';
import { categorizeError, type ErrorCategory } from '../../src/platforms/error-category';
import { failureOf, fakeEndpoints } from './fake-endpoints';
import { LinkedInAdapter } from '../../src/platforms/linkedin';
import { LinkedInFake, fakeVideoBytes, makeImage, mediaItem } from '@test/support/fakes';

/** Each way the LinkedIn fake refuses a post, and the code and category the adapter must report. */
describe('LinkedInAdapter error categories against the LinkedIn fake', () => {
  const fake = new LinkedInFake();
  let adapter: LinkedInAdapter;
  let stale: LinkedInAdapter;
  let jpeg: Buffer;
  const creds = (token = 'tok-valid'): PlatformCredentials => ({ externalId: 'abc123', accessToken: token });
  const text = (content = 'Hello LinkedIn'): PublishRequest => ({ content, media: [], settings: {}, idempotencyKey: 'k' });
  const withImage = (): PublishRequest => ({ ...text('pic'), media: [mediaItem(jpeg, { kind: 'image', mimeType: 'image/jpeg' })] });
  const withVideo = (): PublishRequest => ({ ...text('clip'), media: [mediaItem(fakeVideoBytes(40 * 1024), { kind: 'video', mimeType: 'video/mp4' })] });

  beforeAll(async () => {
    const base = await fake.start();
    jpeg = await makeImage('jpeg');
    adapter = new LinkedInAdapter(fakeEndpoints(base));
    // A LinkedIn-Version the fake does not serve (a LINKEDIN_VERSION left behind).
    stale = new LinkedInAdapter(fakeEndpoints(base, { linkedinVersion: '2023-01' }));
  });
  afterAll(() => fake.stop());
  beforeEach(async () => {
    await fake.settle();
    fake.reset();
    fake.posts.length = 0;
    fake.videoPartBytes = 16 * 1024;
    fake.setToken('tok-valid');
    fake.setToken('tok-expired', 'expired');
  });

  const rows: Array<[string, () => Promise<unknown>, string, ErrorCategory]> = [
    ['401 / 65602 (expired token)', () => adapter.publish(creds('tok-expired'), text()), 'PLATFORM_AUTH_EXPIRED', 'auth_expired'],
    [
      '403 ACCESS_DENIED (w_member_social not granted)',
      () => {
        fake.refuse('POST /rest/posts', 403, 'ACCESS_DENIED', 'Not enough permissions to access: partnerApiPostsExternal.CREATE.20260901', 100);
        return adapter.publish(creds(), text());
      },
      'PLATFORM_VALIDATION_ERROR',
      'permission_missing',
    ],
    [
      '429 (daily throttle)',
      () => {
        fake.inject({ kind: 'rate_limit', match: 'POST /rest/posts' });
        return adapter.publish(creds(), text());
      },
      'RATE_LIMITED',
      'rate_limited',
    ],
    [
      '500',
      () => {
        fake.inject({ kind: 'server_error', match: 'POST /rest/posts' });
        return adapter.publish(creds(), text());
      },
      'PLATFORM_SERVER_ERROR',
      'platform_unavailable',
    ],
    [
      '422 DUPLICATE_POST',
      async () => {
        await adapter.publish(creds(), text('same'));
        return adapter.publish(creds(), text('same'));
      },
      'INVALID_CONTENT',
      'content_rejected',
    ],
    ['426 NONEXISTENT_VERSION (LinkedIn-Version no longer served)', () => stale.publish(creds(), text()), 'INVALID_CONTENT', 'configuration'],
    [
      '413 on an image upload',
      () => {
        fake.refuse('PUT /upload/image/', 413, 'REQUEST_ENTITY_TOO_LARGE', 'Request entity too large');
        return adapter.publish(creds(), withImage());
      },
      'CONTENT_TOO_LARGE',
      'media_rejected',
    ],
    [
      '400 on an image upload',
      () => {
        fake.refuse('PUT /upload/image/', 400, 'BAD_REQUEST', 'Unsupported image format');
        return adapter.publish(creds(), withImage());
      },
      'INVALID_CONTENT',
      'media_rejected',
    ],
    [
      'video status PROCESSING_FAILED',
      () => {
        const failed = { status: 'PROCESSING_FAILED', processingFailureReason: 'Unsupported video codec' };
        fake.inject({ kind: 'respond', match: 'GET /rest/videos/', response: { status: 200, body: failed } });
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

  it('a permission refused on an upload step stays permission_missing', async () => {
    fake.refuse('POST /rest/images', 403, 'ACCESS_DENIED', 'Not enough permissions to access: images.INITIALIZE_UPLOAD', 100);
    const err = await failureOf(adapter.publish(creds(), withImage()));
    expect(categorizeError({ code: err.code, category: err.options.category })).toBe('permission_missing');
  });
});
