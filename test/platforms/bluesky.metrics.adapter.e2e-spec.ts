import { FakeBlueskyServer } from '@test/support/fakes';
import { BlueskyAdapter } from '../../src/platforms/bluesky';
import type { PlatformCredentials, PostMetricsRequest, RefreshedTokens } from '../../src/platforms/platform-adapter';
import { categorizeError } from '../../src/platforms/error-category';
import { failureOf, fakeEndpoints } from './fake-endpoints';

describe('BlueskyAdapter metrics against a fake PDS', () => {
  const fake = new FakeBlueskyServer();
  let adapter: BlueskyAdapter;
  let creds: PlatformCredentials;
  const publish = async (content: string, replyToId?: string): Promise<PostMetricsRequest> => {
    const posted = await adapter.publish(creds, { content, media: [], settings: {}, idempotencyKey: 'k', ...(replyToId ? { replyToId } : {}) });
    return { ...posted, publishedAt: new Date() };
  };
  const reads = () => fake.calls('GET /xrpc/app.bsky.feed.getPosts');

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

  it('reads a batch in one getPosts call: shared names, quoteCount and bookmarkCount kept, no impressions', async () => {
    const root = await publish('metrics root');
    const reply = await publish('metrics reply', root.postedId);

    const answer = await adapter.postMetrics(creds, [root, reply]);

    expect(adapter.metricsBatchSize).toBe(25);
    expect(reads()).toHaveLength(1);
    expect(reads()[0].query.getAll('uris')).toEqual([root.postedId, reply.postedId]);
    expect(reads()[0].headers.authorization).toBe(`Bearer ${creds.accessToken}`);
    expect(answer.missing.size).toBe(0);
    for (const post of [root, reply]) {
      const values = answer.metrics.get(post.postedId)!;
      expect(Object.keys(values).sort()).toEqual(['bookmarkCount', 'likes', 'quoteCount', 'replies', 'reposts']);
      for (const value of Object.values(values)) expect(value).toBeGreaterThan(0);
    }
  });

  it('a `uri|cid` id is read by its URI and answered under the id given', async () => {
    const post = await publish('with cid');
    const withCid = `${post.postedId}|${fake.posts[0].cid}`;
    const answer = await adapter.postMetrics(creds, [{ postedId: withCid }]);
    expect(reads()[0].query.getAll('uris')).toEqual([post.postedId]);
    expect(answer.metrics.get(withCid)!.likes).toBeGreaterThan(0);
  });

  it('counters grow between two reads', async () => {
    const post = await publish('growing');
    const first = (await adapter.postMetrics(creds, [post])).metrics.get(post.postedId)!;
    const second = (await adapter.postMetrics(creds, [post])).metrics.get(post.postedId)!;
    expect(fake.metricReads.get(post.postedId)).toBe(2);
    for (const name of ['likes', 'reposts', 'replies', 'quoteCount']) expect(second[name]).toBeGreaterThan(first[name]);
  });

  it('a deleted post lands in missing and the others are still read', async () => {
    const kept = await publish('kept');
    const gone = await publish('gone');
    await adapter.unpublish(creds, { postedId: gone.postedId });

    const answer = await adapter.postMetrics(creds, [kept, gone]);

    expect(reads()).toHaveLength(1);
    expect([...answer.metrics.keys()]).toEqual([kept.postedId]);
    expect(answer.missing.get(gone.postedId)).toMatch(/not found on Bluesky/);
  });

  it('more than 25 posts are split into calls of at most 25 uris, which the AppView would refuse otherwise', async () => {
    const real = await publish('one of many');
    const unknown = Array.from({ length: 25 }, (_, i) => ({ postedId: `at://${fake.did}/app.bsky.feed.post/3kmissing${i}` }));

    const answer = await adapter.postMetrics(creds, [real, ...unknown]);

    expect(reads().map((r) => r.query.getAll('uris').length)).toEqual([25, 1]);
    expect(answer.metrics.has(real.postedId)).toBe(true);
    expect(answer.missing.size).toBe(25);

    const query = new URLSearchParams([real, ...unknown].map((p): [string, string] => ['uris', p.postedId]));
    const refused = await fetch(`${fake.baseUrl}/xrpc/app.bsky.feed.getPosts?${query}`, { headers: { authorization: `Bearer ${creds.accessToken}` } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'InvalidRequest' });
  });

  it('an expired access token is refreshed once in the middle of the read, and the new tokens handed back', async () => {
    const post = await publish('after refresh');
    const refreshed: RefreshedTokens[] = [];
    fake.setToken(creds.accessToken, 'expired');
    const answer = await adapter.postMetrics({ ...creds, onTokensRefreshed: (t) => void refreshed.push(t) }, [post]);
    expect(answer.metrics.get(post.postedId)!.likes).toBeGreaterThan(0);
    expect(refreshed).toHaveLength(1);
    expect(reads()).toHaveLength(2);
  });

  it('reads the account’s followers, following and posts from its profile', async () => {
    await publish('one');
    await publish('two');
    const first = await adapter.accountMetrics(creds);
    const second = await adapter.accountMetrics(creds);

    expect(fake.calls('app.bsky.actor.getProfile')[0].query.get('actor')).toBe(fake.did);
    expect(first).toEqual({ followers: expect.any(Number), following: expect.any(Number), posts: 2 });
    expect(second.followers).toBeGreaterThan(first.followers);
  });

  it('a session without the scope for the call: PlatformError, permission_missing, naming the permission', async () => {
    const post = await publish('scoped');
    fake.refuseMissingScope('app.bsky.feed.getPosts');
    const err = await failureOf(adapter.postMetrics(creds, [post]));
    expect(categorizeError({ code: err.code, category: err.options.category })).toBe('permission_missing');
    expect(err.message).toMatch(/rpc:app\.bsky\.feed\.getPosts/);
    expect(err.options).toMatchObject({ httpStatus: 403, retryable: false });

    fake.refuseMissingScope('app.bsky.actor.getProfile');
    const account = await failureOf(adapter.accountMetrics(creds));
    expect(account.options.category).toBe('permission_missing');
    expect(account.message).toMatch(/rpc:app\.bsky\.actor\.getProfile/);
  });

  it('429 → RATE_LIMITED with the wait from RateLimit-Reset', async () => {
    const post = await publish('limited');
    fake.inject({ kind: 'rate_limit', match: 'app.bsky.feed.getPosts', retryAfterSeconds: 90 });
    const err = await failureOf(adapter.postMetrics(creds, [post]));
    expect(err.code).toBe('RATE_LIMITED');
    expect(err.retryable).toBe(true);
    expect(err.options.retryAfterMs).toBeGreaterThan(80_000);
    expect(err.options.retryAfterMs).toBeLessThanOrEqual(91_000);
  });
});
