import type { PlatformCredentials, PublishRequest } from '../../src/platforms/platform-adapter';
import { categorizeError, type ErrorCategory } from '../../src/platforms/error-category';
import { failureOf, fakeEndpoints } from './fake-endpoints';
import { ThreadsAdapter } from '../../src/platforms/threads';
import { ThreadsFake, fakeVideoBytes, mediaItem } from '@test/support/fakes';

/** Each way the Threads fake refuses a post, and the code and category the adapter must report. */
describe('ThreadsAdapter error categories against the Threads fake', () => {
  const fake = new ThreadsFake();
  let adapter: ThreadsAdapter;
  const creds = (token = 'tok-valid'): PlatformCredentials => ({ externalId: fake.user.id, accessToken: token, username: 'fake.threads' });
  const text = (content = 'Hello Threads', extra: Partial<PublishRequest> = {}): PublishRequest => ({
    content,
    media: [],
    settings: { replyControl: '' },
    idempotencyKey: 'k',
    ...extra,
  });
  const video = (hosted = true) => {
    const bytes = fakeVideoBytes();
    return mediaItem(bytes, {
      kind: 'video',
      mimeType: 'video/mp4',
      url: hosted ? fake.hostFile('v.mp4', bytes, 'video/mp4') : `${fake.baseUrl}/files/gone.mp4`,
    });
  };

  beforeAll(async () => {
    const base = await fake.start();
    adapter = new ThreadsAdapter(fakeEndpoints(base, { threadsApiUrl: `${base}/v1.0` }));
  });
  afterAll(() => fake.stop());
  beforeEach(async () => {
    await fake.settle();
    fake.reset();
    fake.setToken('tok-valid');
    fake.setToken('tok-expired', 'expired');
  });

  const rows: Array<[string, () => Promise<unknown>, string, ErrorCategory]> = [
    ['code 190 (expired token)', () => adapter.publish(creds('tok-expired'), text()), 'PLATFORM_AUTH_EXPIRED', 'auth_expired'],
    [
      'code 10 (threads_content_publish not granted)',
      () => {
        fake.refuse('threads_publish', { status: 403, code: 10, message: '(#10) Application does not have permission for this action' });
        return adapter.publish(creds(), text());
      },
      'PLATFORM_VALIDATION_ERROR',
      'permission_missing',
    ],
    [
      'code 4 (request limit)',
      () => {
        fake.inject({ kind: 'rate_limit', match: 'threads_publish', retryAfterSeconds: 60 });
        return adapter.publish(creds(), text());
      },
      'RATE_LIMITED',
      'rate_limited',
    ],
    [
      'HTTP 500 code 2 (transient)',
      () => {
        fake.inject({ kind: 'server_error', match: 'threads_publish' });
        return adapter.publish(creds(), text());
      },
      'PLATFORM_SERVER_ERROR',
      'platform_unavailable',
    ],
    ['code 100 / 2207003 (text over 500 characters)', () => adapter.publish(creds(), text('y'.repeat(501))), 'INVALID_CONTENT', 'content_rejected'],
    ['code 100 / 2207052 (media not fetchable)', () => adapter.publish(creds(), text('clip', { media: [video(false)] })), 'INVALID_CONTENT', 'media_rejected'],
    [
      'container status ERROR',
      () => {
        fake.failContainersWith = 'Video duration exceeds 5 minutes';
        return adapter.publish(creds(), text('long', { media: [video()] }));
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
