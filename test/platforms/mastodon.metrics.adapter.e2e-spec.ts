import { FakeMastodonServer } from '@test/support/fakes';
import { MastodonAdapter } from '../../src/platforms/mastodon';
import type { PlatformCredentials, PostMetricsRequest } from '../../src/platforms/platform-adapter';
import { categorizeError } from '../../src/platforms/error-category';
import { failureOf, fakeEndpoints } from './fake-endpoints';

describe('MastodonAdapter metrics against a fake instance', () => {
  const fake = new FakeMastodonServer();
  let adapter: MastodonAdapter;
  let creds: PlatformCredentials;
  const publish = async (content: string): Promise<PostMetricsRequest> => {
    const posted = await adapter.publish(creds, { content, media: [], settings: {}, idempotencyKey: `key-${Math.random()}` });
    return { ...posted, publishedAt: new Date() };
  };
  const batchReads = () => fake.calls(/^GET \/api\/v1\/statuses$/);

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

  it('reads a batch in one call: shared names, quotes_count kept, no views or impressions', async () => {
    const one = await publish('metrics one');
    const two = await publish('metrics two');

    const answer = await adapter.postMetrics(creds, [one, two]);

    expect(adapter.metricsBatchSize).toBe(20);
    expect(batchReads()).toHaveLength(1);
    expect(batchReads()[0].query.getAll('id[]')).toEqual([one.postedId, two.postedId]);
    expect(fake.calls('GET /api/v1/statuses/')).toHaveLength(0);
    expect(answer.missing.size).toBe(0);
    for (const post of [one, two]) {
      const values = answer.metrics.get(post.postedId)!;
      expect(Object.keys(values).sort()).toEqual(['likes', 'quotes_count', 'replies', 'reposts']);
      expect(values.likes).toBeGreaterThan(0);
    }
  });

  it('counters grow between two reads', async () => {
    const post = await publish('growing');
    const first = (await adapter.postMetrics(creds, [post])).metrics.get(post.postedId)!;
    const second = (await adapter.postMetrics(creds, [post])).metrics.get(post.postedId)!;
    expect(fake.metricReads.get(post.postedId)).toBe(2);
    for (const name of ['likes', 'reposts', 'replies', 'quotes_count']) expect(second[name]).toBeGreaterThan(first[name]);
  });

  it('a deleted status lands in missing and the others are still read', async () => {
    const kept = await publish('kept');
    const gone = await publish('gone');
    await adapter.unpublish(creds, { postedId: gone.postedId });

    const answer = await adapter.postMetrics(creds, [kept, gone]);

    expect(batchReads()).toHaveLength(1);
    expect([...answer.metrics.keys()]).toEqual([kept.postedId]);
    expect(answer.missing.get(gone.postedId)).toMatch(/not found on the instance/);
  });

  it('more than 20 statuses are split into calls of at most 20 ids, which the instance would refuse otherwise', async () => {
    const real = await publish('one of many');
    const unknown = Array.from({ length: 20 }, (_, i) => ({ postedId: `11999${i}` }));

    const answer = await adapter.postMetrics(creds, [real, ...unknown]);

    expect(batchReads().map((r) => r.query.getAll('id[]').length)).toEqual([20, 1]);
    expect(answer.metrics.has(real.postedId)).toBe(true);
    expect(answer.missing.size).toBe(20);

    const query = new URLSearchParams([real, ...unknown].map((p): [string, string] => ['id[]', p.postedId]));
    const refused = await fetch(`${fake.baseUrl}/api/v1/statuses?${query}`, { headers: { authorization: 'Bearer good-token' } });
    expect(refused.status).toBe(422);
  });

  it('an instance before 4.3 (no batch route) is read one status at a time, a 404 being missing', async () => {
    fake.batchStatuses = false;
    const kept = await publish('old instance');
    const answer = await adapter.postMetrics(creds, [kept, { postedId: '11000404' }]);

    expect(batchReads()).toHaveLength(1);
    expect(fake.calls('GET /api/v1/statuses/').map((r) => r.path)).toEqual([`/api/v1/statuses/${kept.postedId}`, '/api/v1/statuses/11000404']);
    expect(answer.metrics.get(kept.postedId)!.likes).toBeGreaterThan(0);
    expect(answer.missing.has('11000404')).toBe(true);
  });

  it('reads the account’s followers, following and posts from verify_credentials', async () => {
    await publish('counted');
    const first = await adapter.accountMetrics(creds);
    const second = await adapter.accountMetrics(creds);
    expect(first).toEqual({ followers: expect.any(Number), following: expect.any(Number), posts: 1 });
    expect(second.followers).toBeGreaterThan(first.followers);
  });

  it('a token without read:statuses / read:accounts: PlatformError, permission_missing, naming the scope', async () => {
    const post = await publish('scoped');
    fake.tokenScopes.set('good-token', ['write']);

    const err = await failureOf(adapter.postMetrics(creds, [post]));
    expect(categorizeError({ code: err.code, category: err.options.category })).toBe('permission_missing');
    expect(err.message).toMatch(/read:statuses/);
    expect(err.options).toMatchObject({ httpStatus: 403, retryable: false });

    const account = await failureOf(adapter.accountMetrics(creds));
    expect(account.options.category).toBe('permission_missing');
    expect(account.message).toMatch(/read:accounts/);

    // The narrower grant is enough.
    fake.tokenScopes.set('good-token', ['read:statuses']);
    await expect(adapter.postMetrics(creds, [post])).resolves.toMatchObject({ missing: new Map() });
  });

  it('429 → RATE_LIMITED with the wait from the ISO X-RateLimit-Reset', async () => {
    const post = await publish('limited');
    fake.inject({ kind: 'rate_limit', match: 'GET /api/v1/statuses', retryAfterSeconds: 300 });
    const err = await failureOf(adapter.postMetrics(creds, [post]));
    expect(err.code).toBe('RATE_LIMITED');
    expect(err.retryable).toBe(true);
    expect(err.options.retryAfterMs).toBeGreaterThan(290_000);
    expect(err.options.retryAfterMs).toBeLessThanOrEqual(300_000);
  });
});
