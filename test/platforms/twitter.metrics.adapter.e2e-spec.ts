import type { PlatformCredentials, PostMetricsRequest, PublishRequest } from '../../src/platforms/platform-adapter';
import { categorizeError } from '../../src/platforms/error-category';
import { failureOf, fakeEndpoints } from './fake-endpoints';
import { TwitterAdapter } from '../../src/platforms/twitter';
import { TwitterFake, fakeVideoBytes, mediaItem } from '@test/support/fakes';

describe('TwitterAdapter metrics against the X fake', () => {
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
  const publish = async (content: string, extra: Partial<PublishRequest> = {}): Promise<PostMetricsRequest> => {
    const posted = await adapter.publish(creds, request(content, extra));
    return { ...posted, publishedAt: new Date() };
  };
  const lookups = () => fake.calls('GET /2/tweets').filter((r) => r.query.has('ids'));
  const daysAgo = (days: number) => new Date(Date.now() - days * 86400_000);

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

  it('reads a batch of posts in one request: shared names, X’s own counters, views only for video', async () => {
    const text = await publish('metrics text');
    const video = await publish('metrics video', { media: [mediaItem(fakeVideoBytes(), { kind: 'video', mimeType: 'video/mp4' })] });

    const answer = await adapter.postMetrics(creds, [text, video]);

    expect(adapter.metricsBatchSize).toBe(100);
    expect(lookups()).toHaveLength(1);
    const [call] = lookups();
    expect(call.query.get('ids')!.split(',').sort()).toEqual([text.postedId, video.postedId].sort());
    // Young posts of the user's own: the private counters are asked for too.
    expect(call.query.get('tweet.fields')).toBe('public_metrics,non_public_metrics,organic_metrics');
    expect(answer.missing.size).toBe(0);

    const t = answer.metrics.get(text.postedId)!;
    for (const name of [
      'likes',
      'reposts',
      'replies',
      'impressions',
      'quote_count',
      'bookmark_count',
      'url_link_clicks',
      'user_profile_clicks',
      'engagements',
    ]) {
      expect(typeof t[name]).toBe('number');
    }
    expect(t.organic_impression_count).toBe(t.impressions);
    expect(t.organic_like_count).toBe(t.likes);
    // X's raw names of the shared counters are not kept beside them; views exist only for video.
    for (const absent of ['like_count', 'retweet_count', 'reply_count', 'impression_count', 'views', 'followers']) expect(t).not.toHaveProperty(absent);
    expect(t.engagements).toBe(t.likes + t.reposts + t.replies + t.quote_count);

    const v = answer.metrics.get(video.postedId)!;
    expect(v.views).toBeGreaterThan(0);
    expect(v.likes).toBeGreaterThan(0);
  });

  it('reads the reposts counter under either name X uses', async () => {
    const post = await publish('repost names');
    fake.repostCounterName = 'repost_count';
    const answer = await adapter.postMetrics(creds, [post]);
    const values = answer.metrics.get(post.postedId)!;
    expect(values.reposts).toBeGreaterThan(0);
    expect(values).not.toHaveProperty('repost_count');
    expect(fake.calls('GET /2/tweets')[0].query.get('tweet.fields')).toContain('public_metrics');
  });

  it('counters grow between two reads', async () => {
    const post = await publish('growing');
    const first = (await adapter.postMetrics(creds, [post])).metrics.get(post.postedId)!;
    const second = (await adapter.postMetrics(creds, [post])).metrics.get(post.postedId)!;
    expect(fake.metricReads.get(post.postedId)).toBe(2);
    for (const name of ['likes', 'reposts', 'replies', 'impressions']) expect(second[name]).toBeGreaterThan(first[name]);
  });

  it('a deleted post lands in missing and the others are still read', async () => {
    const kept = await publish('kept');
    const gone = await publish('gone');
    await adapter.unpublish(creds, { postedId: gone.postedId });

    const answer = await adapter.postMetrics(creds, [kept, gone]);

    expect(lookups()).toHaveLength(1);
    expect([...answer.metrics.keys()]).toEqual([kept.postedId]);
    expect(answer.missing.get(gone.postedId)).toBe('deleted or not found on X');
  });

  it('posts 30 days old or more are read with public metrics only', async () => {
    const post = await publish('old post');
    fake.posts[0].createdAt = daysAgo(40);

    const answer = await adapter.postMetrics(creds, [{ ...post, publishedAt: daysAgo(40) }]);

    expect(lookups()).toHaveLength(1);
    expect(lookups()[0].query.get('tweet.fields')).toBe('public_metrics');
    const values = answer.metrics.get(post.postedId)!;
    expect(values.likes).toBeGreaterThan(0);
    expect(values).not.toHaveProperty('url_link_clicks');
    expect(values).not.toHaveProperty('organic_impression_count');
  });

  it('a post X refuses private fields for is asked again with public metrics, not reported missing', async () => {
    const young = await publish('young');
    const old = await publish('actually old');
    // Our record says it is young; X knows better.
    fake.posts[1].createdAt = daysAgo(31);

    const answer = await adapter.postMetrics(creds, [young, old]);

    const calls = lookups();
    expect(calls.map((c) => c.query.get('tweet.fields'))).toEqual(['public_metrics,non_public_metrics,organic_metrics', 'public_metrics']);
    expect(calls[1].query.get('ids')).toBe(old.postedId);
    expect(answer.missing.size).toBe(0);
    expect(answer.metrics.get(young.postedId)).toHaveProperty('url_link_clicks');
    expect(answer.metrics.get(old.postedId)).not.toHaveProperty('url_link_clicks');
    expect(answer.metrics.get(old.postedId)!.likes).toBeGreaterThan(0);
  });

  it('more than 100 posts are split into calls of at most 100 ids, which X would refuse otherwise', async () => {
    const real = await publish('one of many');
    const unknown = Array.from({ length: 100 }, (_, i) => ({ postedId: `1800000000000${String(i).padStart(6, '0')}`, publishedAt: new Date() }));

    const answer = await adapter.postMetrics(creds, [real, ...unknown]);

    expect(lookups().map((c) => c.query.get('ids')!.split(',').length)).toEqual([100, 1]);
    expect(answer.metrics.has(real.postedId)).toBe(true);
    expect(answer.missing.size).toBe(100);

    const refused = await fetch(`${fake.baseUrl}/2/tweets?ids=${[real.postedId, ...unknown.map((u) => u.postedId)].join(',')}`, {
      headers: { authorization: 'Bearer tok-valid' },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('is not between 1 and 100');
  });

  it('reads the account’s counters under the shared names, X’s others under its own', async () => {
    await publish('counted');
    const first = await adapter.accountMetrics(creds);
    const second = await adapter.accountMetrics(creds);

    expect(fake.calls('GET /2/users/me')[0].query.get('user.fields')).toBe('public_metrics');
    expect(first).toEqual({
      followers: expect.any(Number),
      following: expect.any(Number),
      posts: 1,
      listed_count: expect.any(Number),
      like_count: expect.any(Number),
      media_count: expect.any(Number),
    });
    expect(second.followers).toBeGreaterThan(first.followers);
  });

  it('a token without the read scopes: PlatformError, permission_missing, naming the scopes', async () => {
    const post = await publish('scoped');
    fake.refuseMissingScope('GET /2/tweets');
    const err = await failureOf(adapter.postMetrics(creds, [post]));
    expect(categorizeError({ code: err.code, category: err.options.category })).toBe('permission_missing');
    expect(err.message).toMatch(/tweet\.read/);
    expect(err.message).toMatch(/users\.read/);
    expect(err.options).toMatchObject({ httpStatus: 403, retryable: false, platformError: 'Forbidden' });

    fake.refuseMissingScope('GET /2/users/me');
    const account = await failureOf(adapter.accountMetrics(creds));
    expect(account.options.category).toBe('permission_missing');
    expect(account.message).toMatch(/users\.read/);
  });

  it('the app’s own setup stays a configuration problem, not a permission to grant', async () => {
    const post = await publish('setup');
    fake.inject({
      kind: 'respond',
      match: 'GET /2/tweets',
      response: {
        status: 403,
        body: {
          title: 'Client Forbidden',
          detail: 'must use keys from a Project',
          reason: 'client-not-enrolled',
          type: 'https://api.twitter.com/2/problems/client-forbidden',
        },
      },
    });
    const err = await failureOf(adapter.postMetrics(creds, [post]));
    expect(categorizeError({ code: err.code, category: err.options.category })).toBe('configuration');
  });

  it('429 → RATE_LIMITED with the wait from x-rate-limit-reset', async () => {
    const post = await publish('limited');
    fake.inject({ kind: 'rate_limit', match: 'GET /2/tweets', retryAfterSeconds: 120 });
    const err = await failureOf(adapter.postMetrics(creds, [post]));
    expect(err.code).toBe('RATE_LIMITED');
    expect(err.retryable).toBe(true);
    expect(err.options.retryAfterMs).toBeGreaterThan(110_000);
    expect(err.options.retryAfterMs).toBeLessThanOrEqual(121_000);

    fake.inject({ kind: 'rate_limit', match: 'GET /2/users/me', retryAfterSeconds: 60 });
    const account = await failureOf(adapter.accountMetrics(creds));
    expect(account.code).toBe('RATE_LIMITED');
    expect(account.options.retryAfterMs).toBeGreaterThan(50_000);
  });
});
