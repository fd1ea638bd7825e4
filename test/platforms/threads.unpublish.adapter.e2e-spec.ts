import type { PlatformCredentials, PublishRequest } from '../../src/platforms/platform-adapter';
import { categorizeError } from '../../src/platforms/error-category';
import { failureOf, fakeEndpoints } from './fake-endpoints';
import { ThreadsAdapter } from '../../src/platforms/threads';
import { ThreadsFake } from '@test/support/fakes';

describe('ThreadsAdapter.unpublish against the Threads fake', () => {
  const fake = new ThreadsFake();
  let adapter: ThreadsAdapter;
  const creds = (token = 'tok-valid'): PlatformCredentials => ({ externalId: fake.user.id, accessToken: token, username: 'fake.threads' });
  const request = (content: string, extra: Partial<PublishRequest> = {}): PublishRequest => ({
    content,
    media: [],
    settings: { replyControl: '' },
    idempotencyKey: 'k',
    ...extra,
  });
  /** Publishes a reply chain the way the publisher does, each part replying to the one before. */
  const chain = async (count: number): Promise<string[]> => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      ids.push((await adapter.publish(creds(), request(`Part ${i + 1}/${count}`, i > 0 ? { replyToId: ids[i - 1] } : {}))).postedId);
    }
    return ids;
  };

  beforeAll(async () => {
    const base = await fake.start();
    adapter = new ThreadsAdapter(fakeEndpoints(base, { threadsApiUrl: `${base}/v1.0` }));
  });
  afterAll(() => fake.stop());
  beforeEach(async () => {
    await fake.settle();
    fake.reset();
    fake.posts.length = 0;
    fake.setToken('tok-valid');
    fake.setToken('tok-expired', 'expired');
  });

  it('deletes a single post with one DELETE and publishes nothing', async () => {
    const [postedId] = await chain(1);
    const published = fake.calls('threads_publish').length;
    await adapter.unpublish(creds(), { postedId });
    expect(fake.posts).toHaveLength(0);
    expect(fake.deletes).toEqual([postedId]);
    expect(fake.calls(/^DELETE /)[0].query.get('access_token')).toBe('tok-valid');
    expect(fake.calls('threads_publish')).toHaveLength(published);
  });

  it('deletes every part of a reply chain, last first', async () => {
    const ids = await chain(3);
    await adapter.unpublish(creds(), { postedId: ids[0], partIds: ids });
    expect(fake.deletes).toEqual([ids[2], ids[1], ids[0]]);
    expect(fake.posts).toHaveLength(0);
  });

  it('counts parts Threads no longer has as deleted', async () => {
    const ids = await chain(2);
    await adapter.unpublish(creds(), { postedId: ids[1] });
    await expect(adapter.unpublish(creds(), { postedId: ids[0], partIds: ids })).resolves.toBeUndefined();
    expect(fake.deletes).toEqual([ids[1], ids[1], ids[0]]);
    expect(fake.posts).toHaveLength(0);
  });

  it('stops at a refused part: permission_missing, the parts still live named, the start of the chain kept', async () => {
    const ids = await chain(3);
    // The second DELETE (part 2) is refused: threads_delete not granted.
    fake.refuse(`DELETE /v1.0/${ids[1]}`, { status: 403, code: 10, message: '(#10) Application does not have permission for this action' });
    const err = await failureOf(adapter.unpublish(creds(), { postedId: ids[0], partIds: ids }));
    expect(err.code).toBe('PLATFORM_VALIDATION_ERROR');
    expect(err.retryable).toBe(false);
    expect(categorizeError({ code: err.code, category: err.options.category })).toBe('permission_missing');
    expect(err.options.publishedIds).toEqual([ids[0], ids[1]]);
    expect(fake.posts.map((p) => p.id)).toEqual([ids[0], ids[1]]);
    expect(fake.calls(`DELETE /v1.0/${ids[0]}`)).toHaveLength(0);
  });

  it('maps a rate limit on delete and an expired token', async () => {
    const [postedId] = await chain(1);
    fake.inject({ kind: 'rate_limit', match: /^DELETE /, retryAfterSeconds: 60 });
    const limited = await failureOf(adapter.unpublish(creds(), { postedId }));
    expect(limited.code).toBe('RATE_LIMITED');
    expect(limited.options.publishedIds).toBeUndefined();
    const expired = await failureOf(adapter.unpublish(creds('tok-expired'), { postedId }));
    expect(expired.code).toBe('PLATFORM_AUTH_EXPIRED');
    expect(fake.posts).toHaveLength(1);
  });
});
