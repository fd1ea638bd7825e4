import { FakePinterestServer, fakeVideoBytes, makeImage, mediaItem, type FakeResponse } from '@test/support/fakes';
import { PinterestAdapter } from '../../src/platforms/pinterest';
import type { MediaItem, PlatformCredentials, PublishRequest } from '../../src/platforms/platform-adapter';
import { categorizeError, type ErrorCategory } from '../../src/platforms/error-category';
import { IMPATIENT, failureOf, fakeEndpoints } from './fake-endpoints';

describe('PinterestAdapter.unpublish and error categories against a fake API v5', () => {
  const fake = new FakePinterestServer();
  let adapter: PinterestAdapter;
  let png: Buffer;
  const creds: PlatformCredentials = { externalId: 'alicepins', accessToken: 'pina_good', refreshToken: 'pinr_good' };
  const image = (): MediaItem => mediaItem(png, { kind: 'image', mimeType: 'image/png', url: fake.hostFile('a.png', png, 'image/png') });
  const video = () => mediaItem(fakeVideoBytes(), { kind: 'video', mimeType: 'video/mp4', fileName: 'clip.mp4', durationSeconds: 8 });
  const request = (over: Partial<PublishRequest> = {}): PublishRequest => ({
    content: 'Pin description',
    media: [image()],
    settings: {},
    idempotencyKey: 'k',
    ...over,
  });
  const categoryOf = (err: { code: string; options: { category?: string } }) => categorizeError({ code: err.code, category: err.options.category });

  beforeAll(async () => {
    png = await makeImage('png');
    adapter = new PinterestAdapter(fakeEndpoints(await fake.start(), IMPATIENT));
  });
  beforeEach(async () => {
    await fake.settle();
    fake.reset();
    fake.pins.length = 0;
    fake.setToken('pina_good');
  });
  afterAll(() => fake.stop());

  describe('unpublish', () => {
    it('deletes the pin with one DELETE /v5/pins/:id and creates nothing', async () => {
      const posted = await adapter.publish(creds, request({ content: 'to delete' }));
      const kept = await adapter.publish(creds, request({ content: 'kept' }));
      const creates = fake.calls('POST /v5/pins').length;

      await adapter.unpublish(creds, { postedId: posted.postedId, publishedUrl: posted.publishedUrl });

      expect(fake.deletes).toEqual([posted.postedId]);
      expect(fake.calls('DELETE /v5/pins/')[0].headers.authorization).toBe('Bearer pina_good');
      expect(fake.pins.map((p) => p.id)).toEqual([kept.postedId]);
      expect(fake.calls('POST /v5/pins')).toHaveLength(creates);
    });

    it('deletes every id given, last first', async () => {
      const one = await adapter.publish(creds, request({ content: 'one' }));
      const two = await adapter.publish(creds, request({ content: 'two' }));
      await adapter.unpublish(creds, { postedId: one.postedId, partIds: [one.postedId, two.postedId] });
      expect(fake.deletes).toEqual([two.postedId, one.postedId]);
      expect(fake.pins).toHaveLength(0);
    });

    it('a pin Pinterest no longer has (404) counts as deleted', async () => {
      const posted = await adapter.publish(creds, request());
      await adapter.unpublish(creds, { postedId: posted.postedId });
      await expect(adapter.unpublish(creds, { postedId: posted.postedId })).resolves.toBeUndefined();
      expect(fake.deletes).toEqual([posted.postedId, posted.postedId]);
    });

    it('a refused delete (403 code 29) throws PlatformError, permission_missing; the pin stays', async () => {
      const posted = await adapter.publish(creds, request());
      fake.inject({
        kind: 'respond',
        match: 'DELETE /v5/pins/',
        response: { status: 403, body: { code: 29, message: 'You are not permitted to access that resource.' } },
      });

      const err = await failureOf(adapter.unpublish(creds, { postedId: posted.postedId }));

      expect(err.code).toBe('PLATFORM_VALIDATION_ERROR');
      expect(err.options).toMatchObject({ retryable: false, httpStatus: 403, platformError: '29: You are not permitted to access that resource.' });
      expect(categoryOf(err)).toBe('permission_missing');
      expect(fake.pins).toHaveLength(1);
    });
  });

  describe('error categories', () => {
    const answered: Array<[string, string, boolean, FakeResponse, string, ErrorCategory]> = [
      ['401 code 2', 'POST /v5/pins', false, { status: 401, body: { code: 2, message: 'Authentication failed.' } }, 'PLATFORM_AUTH_EXPIRED', 'auth_expired'],
      [
        '401 code 3 (missing scope)',
        'POST /v5/pins',
        false,
        {
          status: 401,
          body: {
            code: 3,
            message:
              'Your token does not have sufficient permissions to perform this operation. Please ensure your token is authorized with the correct set of scopes.',
          },
        },
        'PLATFORM_AUTH_EXPIRED',
        'permission_missing',
      ],
      [
        '403 code 29',
        'POST /v5/pins',
        false,
        { status: 403, body: { code: 29, message: 'You are not permitted to access that resource.' } },
        'PLATFORM_VALIDATION_ERROR',
        'permission_missing',
      ],
      [
        '403 not authorized for the board',
        'POST /v5/pins',
        false,
        { status: 403, body: { code: 403, message: 'Not authorized to access board or Pin.' } },
        'PLATFORM_VALIDATION_ERROR',
        'permission_missing',
      ],
      ['400 on the video upload form', 'POST /media-upload/', true, { status: 400, body: 'EntityTooLarge' }, 'PLATFORM_VALIDATION_ERROR', 'media_rejected'],
      [
        'video processing failed',
        'GET /v5/media/',
        true,
        { status: 200, body: { media_id: 'm', media_type: 'video', status: 'failed' } },
        'INVALID_CONTENT',
        'media_rejected',
      ],
      [
        '400 invalid pin parameters',
        'POST /v5/pins',
        false,
        { status: 400, body: { code: 1, message: 'Invalid parameters.' } },
        'PLATFORM_VALIDATION_ERROR',
        'content_rejected',
      ],
      [
        '429 code 8',
        'POST /v5/pins',
        false,
        { status: 429, body: { code: 8, message: 'You have exceeded your rate limit. Try again later.' } },
        'RATE_LIMITED',
        'rate_limited',
      ],
      ['503', 'POST /v5/pins', false, { status: 503, body: { code: 1, message: 'Service unavailable' } }, 'PLATFORM_SERVER_ERROR', 'platform_unavailable'],
    ];
    it.each(answered)('Pinterest %s on %s', async (_label, match, withVideo, response, code, category) => {
      fake.inject({ kind: 'respond', match, response });
      const err = await failureOf(adapter.publish(creds, request(withVideo ? { media: [video()] } : {})));
      expect(err.code).toBe(code);
      expect(categoryOf(err)).toBe(category);
      expect(fake.pins).toHaveLength(0);
    });

    it('an account without boards → PLATFORM_VALIDATION_ERROR, configuration', async () => {
      const boards = fake.boards;
      fake.boards = [];
      try {
        const err = await failureOf(adapter.publish(creds, request()));
        expect(err.code).toBe('PLATFORM_VALIDATION_ERROR');
        expect(categoryOf(err)).toBe('configuration');
      } finally {
        fake.boards = boards;
      }
    });
  });
});
