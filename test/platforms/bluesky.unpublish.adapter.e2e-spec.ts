import { FakeBlueskyServer, fakeVideoBytes, makeImage, mediaItem, type FakeResponse } from '@test/support/fakes';
import { BlueskyAdapter } from '../../src/platforms/bluesky';
import type { PlatformCredentials, PublishRequest } from '../../src/platforms/platform-adapter';
import { categorizeError, type ErrorCategory } from '../../src/platforms/error-category';
import { failureOf, fakeEndpoints } from './fake-endpoints';

describe('BlueskyAdapter.unpublish and error categories against a fake PDS', () => {
  const fake = new FakeBlueskyServer();
  let adapter: BlueskyAdapter;
  let creds: PlatformCredentials;
  const request = (over: Partial<PublishRequest> = {}): PublishRequest => ({
    content: 'Hello sky',
    media: [],
    settings: {},
    idempotencyKey: 'k',
    ...over,
  });
  const categoryOf = (err: { code: string; options: { category?: string } }) => categorizeError({ code: err.code, category: err.options.category });

  beforeAll(async () => {
    adapter = new BlueskyAdapter(fakeEndpoints(await fake.start()));
  });
  beforeEach(async () => {
    await fake.settle();
    fake.reset();
    fake.posts.length = 0;
    const session = fake.issueSession();
    creds = { externalId: fake.did, accessToken: session.accessJwt, refreshToken: session.refreshJwt, instanceUrl: fake.baseUrl, username: fake.handle };
  });
  afterAll(() => fake.stop());

  describe('unpublish', () => {
    it('deletes the record named by the at:// URI with one deleteRecord and no createRecord', async () => {
      const posted = await adapter.publish(creds, request({ content: 'to delete' }));
      const kept = await adapter.publish(creds, request({ content: 'kept' }));
      const creates = fake.calls('createRecord').length;

      await adapter.unpublish(creds, { postedId: posted.postedId, publishedUrl: posted.publishedUrl });

      const rkey = posted.postedId.split('/').pop();
      expect(fake.calls('POST /xrpc/com.atproto.repo.deleteRecord')[0].body).toEqual({ repo: fake.did, collection: 'app.bsky.feed.post', rkey });
      expect(fake.deletes).toEqual([posted.postedId]);
      expect(fake.posts.map((p) => p.uri)).toEqual([kept.postedId]);
      expect(fake.calls('createRecord')).toHaveLength(creates);
    });

    it('deletes a thread last part first, a `uri|cid` part by its URI', async () => {
      const one = await adapter.publish(creds, request({ content: 'part 1' }));
      const two = await adapter.publish(creds, request({ content: 'part 2', replyToId: one.postedId }));
      const three = await adapter.publish(creds, request({ content: 'part 3', replyToId: two.postedId }));

      await adapter.unpublish(creds, { postedId: one.postedId, partIds: [one.postedId, `${two.postedId}|${fake.posts[1].cid}`, three.postedId] });

      expect(fake.deletes).toEqual([three.postedId, two.postedId, one.postedId]);
      expect(fake.posts).toHaveLength(0);
    });

    it('a record the PDS no longer has counts as deleted, whether it answers 200 or RecordNotFound', async () => {
      const posted = await adapter.publish(creds, request());
      await adapter.unpublish(creds, { postedId: posted.postedId });
      await expect(adapter.unpublish(creds, { postedId: posted.postedId })).resolves.toBeUndefined();
      fake.inject({ kind: 'respond', match: 'deleteRecord', response: { status: 400, body: { error: 'RecordNotFound', message: 'Could not locate record' } } });
      await expect(adapter.unpublish(creds, { postedId: posted.postedId })).resolves.toBeUndefined();
      expect(fake.calls('deleteRecord')).toHaveLength(3);
    });

    it('a refused delete (a record of another repo) throws the PDS error; nothing is deleted', async () => {
      const posted = await adapter.publish(creds, request());
      const foreign = posted.postedId.replace(fake.did, 'did:plc:someoneelse000000000000');

      const err = await failureOf(adapter.unpublish(creds, { postedId: posted.postedId, partIds: [posted.postedId, foreign] }));

      expect(err.code).toBe('PLATFORM_VALIDATION_ERROR');
      expect(err.options).toMatchObject({ retryable: false, httpStatus: 400, platformError: 'InvalidRequest: Repo does not match the session' });
      expect(categoryOf(err)).toBe('content_rejected');
      expect(fake.posts).toHaveLength(1);
      expect(fake.deletes).toEqual([]);
    });

    it('an expired access JWT is refreshed once, then the delete goes through', async () => {
      const posted = await adapter.publish(creds, request());
      fake.setToken(creds.accessToken, 'expired');
      await adapter.unpublish(creds, { postedId: posted.postedId });
      expect(fake.calls('refreshSession')).toHaveLength(1);
      expect(fake.posts).toHaveLength(0);
    });

    it('a postedId that is not an at:// URI is refused before any call', async () => {
      const err = await failureOf(adapter.unpublish(creds, { postedId: 'https://bsky.app/profile/x/post/y' }));
      expect(err.code).toBe('PLATFORM_VALIDATION_ERROR');
      expect(fake.calls('deleteRecord')).toHaveLength(0);
    });
  });

  describe('error categories', () => {
    const png = async () => mediaItem(await makeImage('png'), { kind: 'image', mimeType: 'image/png' });
    const video = () => mediaItem(fakeVideoBytes(), { kind: 'video', mimeType: 'video/mp4' });

    it('401 InvalidToken → PLATFORM_AUTH_EXPIRED, auth_expired', async () => {
      fake.setToken(creds.accessToken, 'revoked');
      const err = await failureOf(adapter.publish(creds, request()));
      expect(err.code).toBe('PLATFORM_AUTH_EXPIRED');
      expect(categoryOf(err)).toBe('auth_expired');
    });

    it('400 BlobTooLarge on uploadBlob → CONTENT_TOO_LARGE, media_rejected', async () => {
      fake.maxBlobBytes = 10;
      try {
        const err = await failureOf(adapter.publish(creds, request({ media: [await png()] })));
        expect(err.code).toBe('CONTENT_TOO_LARGE');
        expect(categoryOf(err)).toBe('media_rejected');
      } finally {
        fake.maxBlobBytes = 1_000_000;
      }
    });

    it('the video job failing → INVALID_CONTENT, media_rejected', async () => {
      fake.inject({
        kind: 'respond',
        match: 'getJobStatus',
        response: { status: 200, body: { jobStatus: { jobId: 'j', did: fake.did, state: 'JOB_STATE_FAILED', error: 'Video is too long' } } },
      });
      const err = await failureOf(adapter.publish(creds, request({ media: [video()] })));
      expect(err.code).toBe('INVALID_CONTENT');
      expect(categoryOf(err)).toBe('media_rejected');
      expect(fake.posts).toHaveLength(0);
    });

    const answered: Array<[string, string, () => Promise<Partial<PublishRequest>>, FakeResponse, string, ErrorCategory]> = [
      [
        '400 InvalidMimeType on uploadBlob',
        'uploadBlob',
        async () => ({ media: [await png()] }),
        { status: 400, body: { error: 'InvalidMimeType', message: 'Wrong type of file' } },
        'PLATFORM_VALIDATION_ERROR',
        'media_rejected',
      ],
      [
        '400 on uploadVideo (video service)',
        'uploadVideo',
        async () => ({ media: [video()] }),
        { status: 400, body: { error: 'InvalidRequest', message: 'Unsupported video format' } },
        'PLATFORM_VALIDATION_ERROR',
        'media_rejected',
      ],
      [
        '429 on uploadBlob',
        'uploadBlob',
        async () => ({ media: [await png()] }),
        { status: 429, body: { error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' } },
        'RATE_LIMITED',
        'rate_limited',
      ],
      [
        '400 InvalidRequest on createRecord',
        'createRecord',
        async () => ({}),
        { status: 400, body: { error: 'InvalidRequest', message: 'Record/text must not be longer than 300 graphemes' } },
        'PLATFORM_VALIDATION_ERROR',
        'content_rejected',
      ],
      [
        '503 on createRecord',
        'createRecord',
        async () => ({}),
        { status: 503, body: { error: 'InternalServerError' } },
        'PLATFORM_SERVER_ERROR',
        'platform_unavailable',
      ],
    ];
    it.each(answered)('%s', async (_label, match, extra, response, code, category) => {
      fake.inject({ kind: 'respond', match, response });
      const err = await failureOf(adapter.publish(creds, request(await extra())));
      expect(err.code).toBe(code);
      expect(categoryOf(err)).toBe(category);
    });
  });
});
