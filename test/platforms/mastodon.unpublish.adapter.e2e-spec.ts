import { FakeMastodonServer, makeImage, mediaItem, type FakeResponse } from '@test/support/fakes';
import { MastodonAdapter } from '../../src/platforms/mastodon';
import type { PlatformCredentials, PublishRequest } from '../../src/platforms/platform-adapter';
import { categorizeError, type ErrorCategory } from '../../src/platforms/error-category';
import { failureOf, fakeEndpoints } from './fake-endpoints';

describe('MastodonAdapter.unpublish and error categories against a fake instance', () => {
  const fake = new FakeMastodonServer();
  let adapter: MastodonAdapter;
  let creds: PlatformCredentials;
  const request = (over: Partial<PublishRequest> = {}): PublishRequest => ({
    content: 'Hello fediverse',
    media: [],
    settings: {},
    idempotencyKey: `key-${Math.random()}`,
    ...over,
  });
  const categoryOf = (err: { code: string; options: { category?: string } }) => categorizeError({ code: err.code, category: err.options.category });

  beforeAll(async () => {
    const base = await fake.start();
    adapter = new MastodonAdapter(fakeEndpoints(base));
    creds = { externalId: fake.account.id, accessToken: 'good-token', instanceUrl: `${base}/` };
  });
  beforeEach(async () => {
    await fake.settle();
    fake.reset();
    fake.posts.length = 0;
    fake.tokenScopes.clear();
    fake.setToken('good-token');
  });
  afterAll(() => fake.stop());

  describe('unpublish', () => {
    it('deletes one status on the connection’s instance, with its media, and publishes nothing', async () => {
      const posted = await adapter.publish(creds, request({ content: 'to delete' }));
      const kept = await adapter.publish(creds, request({ content: 'kept' }));
      const publishes = fake.calls('POST /api/v1/statuses').length;

      await adapter.unpublish(creds, { postedId: posted.postedId, publishedUrl: posted.publishedUrl });

      expect(fake.deletes).toEqual([posted.postedId]);
      const [call] = fake.calls('DELETE /api/v1/statuses/');
      expect(call.query.get('delete_media')).toBe('true');
      expect(call.headers.authorization).toBe('Bearer good-token');
      expect(fake.posts.map((s) => s.id)).toEqual([kept.postedId]);
      expect(fake.calls('POST /api/v1/statuses')).toHaveLength(publishes);
    });

    it('deletes a reply chain last part first', async () => {
      const one = await adapter.publish(creds, request({ content: 'part 1' }));
      const two = await adapter.publish(creds, request({ content: 'part 2', replyToId: one.postedId }));
      const three = await adapter.publish(creds, request({ content: 'part 3', replyToId: two.postedId }));

      await adapter.unpublish(creds, { postedId: one.postedId, partIds: [one.postedId, two.postedId, three.postedId] });

      expect(fake.deletes).toEqual([three.postedId, two.postedId, one.postedId]);
      expect(fake.posts).toHaveLength(0);
    });

    it('a status the instance no longer has (404) counts as deleted', async () => {
      const posted = await adapter.publish(creds, request());
      await adapter.unpublish(creds, { postedId: posted.postedId });
      await expect(adapter.unpublish(creds, { postedId: posted.postedId })).resolves.toBeUndefined();
      await expect(adapter.unpublish(creds, { postedId: '11999', partIds: ['11999', '11998'] })).resolves.toBeUndefined();
      expect(fake.deletes).toEqual([posted.postedId, posted.postedId, '11998', '11999']);
    });

    it('a token without write:statuses is refused: PlatformError, permission_missing, status kept', async () => {
      const posted = await adapter.publish(creds, request());
      fake.tokenScopes.set('good-token', ['read']);

      const err = await failureOf(adapter.unpublish(creds, { postedId: posted.postedId }));

      expect(err.code).toBe('PLATFORM_VALIDATION_ERROR');
      expect(err.options).toMatchObject({ retryable: false, httpStatus: 403, platformError: 'This action is outside the authorized scopes' });
      expect(categoryOf(err)).toBe('permission_missing');
      expect(fake.posts).toHaveLength(1);
    });

    it('a 5xx on delete is retryable', async () => {
      const posted = await adapter.publish(creds, request());
      fake.inject({ kind: 'server_error', match: 'DELETE /api/v1/statuses/' });
      const err = await failureOf(adapter.unpublish(creds, { postedId: posted.postedId }));
      expect(err.code).toBe('PLATFORM_SERVER_ERROR');
      expect(err.retryable).toBe(true);
    });
  });

  describe('error categories', () => {
    const png = async () => mediaItem(await makeImage('png'), { kind: 'image', mimeType: 'image/png' });

    it('401 revoked token → PLATFORM_AUTH_EXPIRED, auth_expired', async () => {
      fake.setToken('good-token', 'revoked');
      const err = await failureOf(adapter.publish(creds, request()));
      expect(err.code).toBe('PLATFORM_AUTH_EXPIRED');
      expect(categoryOf(err)).toBe('auth_expired');
    });

    it('403 outside the authorized scopes on a status → PLATFORM_VALIDATION_ERROR, permission_missing', async () => {
      fake.tokenScopes.set('good-token', ['read', 'write:media']);
      const err = await failureOf(adapter.publish(creds, request()));
      expect(err.code).toBe('PLATFORM_VALIDATION_ERROR');
      expect(categoryOf(err)).toBe('permission_missing');
    });

    it('403 outside the authorized scopes on a media upload stays permission_missing', async () => {
      fake.tokenScopes.set('good-token', ['read', 'write:statuses']);
      const err = await failureOf(adapter.publish(creds, request({ media: [await png()] })));
      expect(err.options.httpStatus).toBe(403);
      expect(categoryOf(err)).toBe('permission_missing');
      expect(fake.posts).toHaveLength(0);
    });

    it('422 on a media upload (file type refused) → PLATFORM_VALIDATION_ERROR, media_rejected', async () => {
      const file = mediaItem(Buffer.from('%PDF-1.4'), { kind: 'image', mimeType: 'application/pdf', fileName: 'doc.pdf' });
      const err = await failureOf(adapter.publish(creds, request({ media: [file] })));
      expect(err.code).toBe('PLATFORM_VALIDATION_ERROR');
      expect(err.options.platformError).toMatch(/content type is invalid/);
      expect(categoryOf(err)).toBe('media_rejected');
    });

    const answered: Array<[string, string, FakeResponse, boolean, string, ErrorCategory]> = [
      [
        '413 on a media upload',
        'POST /api/v2/media',
        { status: 413, body: { error: 'Request Entity Too Large' } },
        true,
        'CONTENT_TOO_LARGE',
        'media_rejected',
      ],
      ['429', 'POST /api/v1/statuses', { status: 429, body: { error: 'Too many requests' } }, false, 'RATE_LIMITED', 'rate_limited'],
      ['503', 'POST /api/v1/statuses', { status: 503, body: { error: 'Service unavailable' } }, false, 'PLATFORM_SERVER_ERROR', 'platform_unavailable'],
    ];
    it.each(answered)('%s on %s', async (_label, match, response, withMedia, code, category) => {
      fake.inject({ kind: 'respond', match, response });
      const err = await failureOf(adapter.publish(creds, request({ media: withMedia ? [await png()] : [] })));
      expect(err.code).toBe(code);
      expect(categoryOf(err)).toBe(category);
    });

    it('422 on the status text → PLATFORM_VALIDATION_ERROR, content_rejected', async () => {
      const err = await failureOf(adapter.publish(creds, request({ content: 'x'.repeat(501) })));
      expect(err.code).toBe('PLATFORM_VALIDATION_ERROR');
      expect(categoryOf(err)).toBe('content_rejected');
    });

    it('a connection without an instance URL → PLATFORM_VALIDATION_ERROR, configuration', async () => {
      const err = await failureOf(adapter.unpublish({ ...creds, instanceUrl: null }, { postedId: '1' }));
      expect(err.code).toBe('PLATFORM_VALIDATION_ERROR');
      expect(categoryOf(err)).toBe('configuration');
      expect(fake.requests).toHaveLength(0);
    });
  });
});
