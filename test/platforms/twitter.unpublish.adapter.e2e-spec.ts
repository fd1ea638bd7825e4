import type { PlatformCredentials, PublishRequest } from '../../src/platforms/platform-adapter';
import { categorizeError, type ErrorCategory } from '../../src/platforms/error-category';
import { failureOf, fakeEndpoints } from './fake-endpoints';
import { TwitterAdapter } from '../../src/platforms/twitter';
import { TwitterFake, fakeVideoBytes, makeImage, mediaItem, type FakeResponse } from '@test/support/fakes';

/** X's problem body as the v2 API words a refusal. */
const problem = (status: number, detail: string, extra: Record<string, unknown> = {}): FakeResponse => ({
  status,
  body: { title: status === 403 ? 'Forbidden' : 'Invalid Request', detail, type: 'about:blank', status, ...extra },
});

describe('TwitterAdapter.unpublish and error categories against the X fake', () => {
  const fake = new TwitterFake();
  let adapter: TwitterAdapter;
  const creds: PlatformCredentials = { externalId: fake.user.id, accessToken: 'tok-valid', username: 'fakeuser' };
  const request = (content: string, extra: Partial<PublishRequest> = {}): PublishRequest => ({
    content,
    media: [],
    settings: {},
    idempotencyKey: 'idem',
    ...extra,
  });

  beforeAll(async () => {
    adapter = new TwitterAdapter(fakeEndpoints(await fake.start()));
  });
  afterAll(() => fake.stop());
  beforeEach(async () => {
    await fake.settle();
    fake.reset();
    fake.posts.length = 0;
    fake.checkAfterSecs = 0;
    fake.setToken('tok-valid');
  });

  describe('unpublish', () => {
    it('deletes a single tweet with one DELETE and no publish', async () => {
      const posted = await adapter.publish(creds, request('to be deleted'));
      const other = await adapter.publish(creds, request('stays'));
      const publishes = fake.calls('POST /2/tweets').length;

      await adapter.unpublish(creds, { postedId: posted.postedId, publishedUrl: posted.publishedUrl });

      expect(fake.deletes).toEqual([posted.postedId]);
      expect(fake.calls('DELETE /2/tweets/')[0].headers.authorization).toBe('Bearer tok-valid');
      expect(fake.posts.map((t) => t.id)).toEqual([other.postedId]);
      expect(fake.calls('POST /2/tweets')).toHaveLength(publishes);
    });

    it('deletes every part of a reply chain, last first', async () => {
      const one = await adapter.publish(creds, request('part 1'));
      const two = await adapter.publish(creds, request('part 2', { replyToId: one.postedId }));
      const three = await adapter.publish(creds, request('part 3', { replyToId: two.postedId }));

      await adapter.unpublish(creds, { postedId: one.postedId, partIds: [one.postedId, two.postedId, three.postedId] });

      expect(fake.deletes).toEqual([three.postedId, two.postedId, one.postedId]);
      expect(fake.posts).toHaveLength(0);
    });

    it('a tweet X no longer has counts as deleted, and the rest of the chain still goes', async () => {
      const one = await adapter.publish(creds, request('part 1'));
      await expect(adapter.unpublish(creds, { postedId: one.postedId, partIds: [one.postedId, '1800000000000000999'] })).resolves.toBeUndefined();
      expect(fake.deletes).toEqual(['1800000000000000999', one.postedId]);
      expect(fake.posts).toHaveLength(0);
      // Deleting again is as good as the first time.
      await expect(adapter.unpublish(creds, { postedId: one.postedId })).resolves.toBeUndefined();
    });

    it('a refused delete throws X’s error and deletes nothing earlier in the chain', async () => {
      const one = await adapter.publish(creds, request('part 1'));
      const two = await adapter.publish(creds, request('part 2', { replyToId: one.postedId }));
      fake.inject({ kind: 'respond', match: `DELETE /2/tweets/${two.postedId}`, response: problem(403, 'You are not permitted to perform this action.') });

      const err = await failureOf(adapter.unpublish(creds, { postedId: one.postedId, partIds: [one.postedId, two.postedId] }));

      expect(err.code).toBe('INVALID_CONTENT');
      expect(err.options).toMatchObject({ retryable: false, httpStatus: 403, platformError: 'You are not permitted to perform this action.' });
      expect(categorizeError({ code: err.code, category: err.options.category })).toBe('permission_missing');
      expect(fake.posts).toHaveLength(2);
    });

    it('rate limits and expired tokens on delete keep their codes', async () => {
      const one = await adapter.publish(creds, request('limited'));
      fake.inject({ kind: 'rate_limit', match: 'DELETE /2/tweets/', retryAfterSeconds: 30 });
      const limited = await failureOf(adapter.unpublish(creds, { postedId: one.postedId }));
      expect(limited.code).toBe('RATE_LIMITED');
      expect(limited.retryable).toBe(true);
      fake.setToken('tok-valid', 'expired');
      const expired = await failureOf(adapter.unpublish(creds, { postedId: one.postedId }));
      expect(expired.code).toBe('PLATFORM_AUTH_EXPIRED');
      expect(fake.posts).toHaveLength(1);
    });
  });

  describe('error categories', () => {
    const png = async () => mediaItem(await makeImage('png'), { kind: 'image', mimeType: 'image/png' });
    const rows: Array<[string, string, () => Promise<Partial<PublishRequest>>, FakeResponse | null, string, ErrorCategory]> = [
      ['401', 'POST /2/tweets', async () => ({}), problem(401, 'Unauthorized'), 'PLATFORM_AUTH_EXPIRED', 'auth_expired'],
      [
        '403 client-not-enrolled',
        'POST /2/tweets',
        async () => ({}),
        problem(
          403,
          'When authenticating requests to the Twitter API v2 endpoints, you must use keys and tokens from a Twitter developer App that is attached to a Project.',
          {
            type: 'https://api.twitter.com/2/problems/client-forbidden',
            reason: 'client-not-enrolled',
          },
        ),
        'INVALID_CONTENT',
        'configuration',
      ],
      [
        '403 oauth1-permissions',
        'POST /2/tweets',
        async () => ({}),
        problem(403, 'Your client app is not configured with the appropriate oauth1 app permissions for this endpoint.', {
          type: 'https://api.twitter.com/2/problems/oauth1-permissions',
          reason: 'oauth1-permissions',
        }),
        'INVALID_CONTENT',
        'permission_missing',
      ],
      [
        '403 not permitted',
        'POST /2/tweets',
        async () => ({}),
        problem(403, 'You are not permitted to perform this action.'),
        'INVALID_CONTENT',
        'permission_missing',
      ],
      [
        '403 duplicate content',
        'POST /2/tweets',
        async () => ({}),
        problem(403, 'You are not allowed to create a Tweet with duplicate content.'),
        'INVALID_CONTENT',
        'content_rejected',
      ],
      ['400 invalid text', 'POST /2/tweets', async () => ({}), problem(400, 'Your Tweet text is too long.'), 'INVALID_CONTENT', 'content_rejected'],
      ['400 media ids invalid', 'POST /2/tweets', async () => ({}), problem(400, 'Your media IDs are invalid.'), 'INVALID_CONTENT', 'media_rejected'],
      [
        '400 on image upload',
        'POST /2/media/upload',
        async () => ({ media: [await png()] }),
        problem(400, 'media type unrecognized.'),
        'INVALID_CONTENT',
        'media_rejected',
      ],
      [
        '413 on image upload',
        'POST /2/media/upload',
        async () => ({ media: [await png()] }),
        problem(413, 'Payload Too Large'),
        'CONTENT_TOO_LARGE',
        'media_rejected',
      ],
      ['429', 'POST /2/tweets', async () => ({}), problem(429, 'Too Many Requests'), 'RATE_LIMITED', 'rate_limited'],
      ['503', 'POST /2/tweets', async () => ({}), problem(503, 'Service Unavailable'), 'PLATFORM_SERVER_ERROR', 'platform_unavailable'],
    ];
    it.each(rows)('X %s on %s', async (label, match, extra, response, code, category) => {
      if (response) fake.inject({ kind: 'respond', match, response });
      const err = await failureOf(adapter.publish(creds, request(`row ${label}`, await extra())));
      expect(err.code).toBe(code);
      expect(categorizeError({ code: err.code, category: err.options.category })).toBe(category);
      expect(fake.posts).toHaveLength(0);
    });

    it('a 403 for a missing media permission on upload stays permission_missing, not media_rejected', async () => {
      fake.inject({ kind: 'respond', match: 'POST /2/media/upload', response: problem(403, 'You are not permitted to perform this action.') });
      const err = await failureOf(adapter.publish(creds, request('pic', { media: [await png()] })));
      expect(categorizeError({ code: err.code, category: err.options.category })).toBe('permission_missing');
    });

    it('video processing failed → INVALID_CONTENT, media_rejected', async () => {
      // Initialize and append run as usual; finalize answers that processing failed.
      fake.inject({
        kind: 'respond',
        match: /\/finalize$/,
        response: {
          status: 200,
          body: { data: { id: '7', processing_info: { state: 'failed', error: { name: 'InvalidMedia', message: 'Unsupported video codec' } } } },
        },
      });
      const video = mediaItem(fakeVideoBytes(), { kind: 'video', mimeType: 'video/mp4' });
      const err = await failureOf(adapter.publish(creds, request('video', { media: [video] })));
      expect(err.code).toBe('INVALID_CONTENT');
      expect(err.options.platformError).toBe('Unsupported video codec');
      expect(categorizeError({ code: err.code, category: err.options.category })).toBe('media_rejected');
    });
  });
});
