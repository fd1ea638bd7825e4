import type { PlatformCredentials, PostMetricsRequest } from '../../src/platforms/platform-adapter';
import { categorizeError } from '../../src/platforms/error-category';
import { failureOf, fakeEndpoints } from './fake-endpoints';
import { ThreadsAdapter } from '../../src/platforms/threads';
import { ThreadsFake } from '@test/support/fakes';

describe('ThreadsAdapter metrics against the Threads fake', () => {
  const fake = new ThreadsFake();
  let adapter: ThreadsAdapter;
  const creds: PlatformCredentials = { externalId: fake.user.id, accessToken: 'tok-valid', username: 'fake.threads' };
  const publish = async (content: string): Promise<PostMetricsRequest> => {
    const posted = await adapter.publish(creds, { content, media: [], settings: { replyControl: '' }, idempotencyKey: 'k' });
    return { ...posted, publishedAt: new Date() };
  };
  const insightCalls = () => fake.calls(/^GET \/v1\.0\/\d+\/insights$/);

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
  });

  it('reads each post’s insights: shared names, quotes and shares kept, no impressions', async () => {
    const post = await publish('metrics post');

    const answer = await adapter.postMetrics(creds, [post]);

    expect(adapter.metricsBatchSize).toBe(1);
    expect(insightCalls()).toHaveLength(1);
    expect(insightCalls()[0].query.get('metric')).toBe('views,likes,replies,reposts,quotes,shares');
    expect(insightCalls()[0].query.get('access_token')).toBe('tok-valid');
    const values = answer.metrics.get(post.postedId)!;
    expect(Object.keys(values).sort()).toEqual(['likes', 'quotes', 'replies', 'reposts', 'shares', 'views']);
    expect(values.views).toBeGreaterThan(values.likes);
    expect(answer.missing.size).toBe(0);
  });

  it('counters grow between two reads', async () => {
    const post = await publish('growing');
    const first = (await adapter.postMetrics(creds, [post])).metrics.get(post.postedId)!;
    const second = (await adapter.postMetrics(creds, [post])).metrics.get(post.postedId)!;
    expect(fake.metricReads.get(post.postedId)).toBe(2);
    for (const name of ['views', 'likes', 'replies', 'reposts', 'quotes', 'shares']) expect(second[name]).toBeGreaterThan(first[name]);
  });

  it('a deleted post lands in missing and the others are still read, one call each', async () => {
    const kept = await publish('kept');
    const gone = await publish('gone');
    await adapter.unpublish(creds, { postedId: gone.postedId });

    const answer = await adapter.postMetrics(creds, [gone, kept]);

    expect(insightCalls()).toHaveLength(2);
    expect([...answer.metrics.keys()]).toEqual([kept.postedId]);
    expect(answer.missing.get(gone.postedId)).toMatch(/not found on Threads/);
  });

  it('a metric Threads leaves out stays absent, never 0', async () => {
    const post = await publish('sparse');
    fake.inject({
      kind: 'respond',
      match: '/insights',
      response: {
        status: 200,
        body: {
          data: [
            { name: 'likes', period: 'lifetime', values: [{ value: 4 }] },
            { name: 'views', period: 'lifetime', values: [] },
          ],
        },
      },
    });
    const answer = await adapter.postMetrics(creds, [post]);
    expect(answer.metrics.get(post.postedId)).toEqual({ likes: 4 });
  });

  it('reads the account’s followers and totals: series and per-link values summed', async () => {
    const first = await adapter.accountMetrics(creds);
    const second = await adapter.accountMetrics(creds);

    const [call] = fake.calls('threads_insights');
    expect(call.path).toBe(`/v1.0/${fake.user.id}/threads_insights`);
    expect(call.query.get('metric')).toBe('views,likes,replies,reposts,quotes,clicks,followers_count');
    // Fake's first read: followers 505, views 6 + 8, clicks 4 + 1.
    expect(first).toEqual({ followers: 505, views: 14, likes: 42, replies: 10, reposts: 7, quotes: 3, clicks: 5 });
    expect(first).not.toHaveProperty('following');
    expect(second.followers).toBeGreaterThan(first.followers);
  });

  it('a token without threads_manage_insights: PlatformError, permission_missing, naming it', async () => {
    const post = await publish('scoped');
    fake.refuseMissingScope('/insights');
    const err = await failureOf(adapter.postMetrics(creds, [post]));
    expect(categorizeError({ code: err.code, category: err.options.category })).toBe('permission_missing');
    expect(err.message).toMatch(/threads_manage_insights/);
    expect(err.retryable).toBe(false);

    fake.refuseMissingScope('threads_insights');
    const account = await failureOf(adapter.accountMetrics(creds));
    expect(account.options.category).toBe('permission_missing');
    expect(account.message).toMatch(/threads_manage_insights/);
  });

  it('a rate limit → RATE_LIMITED with the wait from X-Business-Use-Case-Usage', async () => {
    const post = await publish('limited');
    fake.inject({ kind: 'rate_limit', match: '/insights', retryAfterSeconds: 600 });
    const err = await failureOf(adapter.postMetrics(creds, [post]));
    expect(err.code).toBe('RATE_LIMITED');
    expect(err.retryable).toBe(true);
    expect(err.options.retryAfterMs).toBe(10 * 60_000);

    fake.inject({
      kind: 'respond',
      match: 'threads_insights',
      response: { status: 429, headers: { 'retry-after': '45' }, body: { error: { message: 'Too many calls', type: 'THApiException', code: 4 } } },
    });
    const account = await failureOf(adapter.accountMetrics(creds));
    expect(account.code).toBe('RATE_LIMITED');
    expect(account.options.retryAfterMs).toBe(45_000);
  });
});
