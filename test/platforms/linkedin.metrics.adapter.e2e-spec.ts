import type { PlatformCredentials, PublishRequest } from '../../src/platforms/platform-adapter';
import { categorizeError } from '../../src/platforms/error-category';
import { failureOf, fakeEndpoints } from './fake-endpoints';
import { LinkedInAdapter } from '../../src/platforms/linkedin';
import { LinkedInFake } from '@test/support/fakes';

describe('LinkedInAdapter metrics against the LinkedIn fake', () => {
  const fake = new LinkedInFake();
  let adapter: LinkedInAdapter;
  const creds = (token = 'tok-valid'): PlatformCredentials => ({ externalId: 'abc123', accessToken: token });
  const text = (content: string): PublishRequest => ({ content, media: [], settings: {}, idempotencyKey: 'k' });

  beforeAll(async () => {
    adapter = new LinkedInAdapter(fakeEndpoints(await fake.start()));
  });
  afterAll(() => fake.stop());
  beforeEach(async () => {
    await fake.settle();
    fake.reset();
    fake.posts.length = 0;
    fake.setToken('tok-valid');
  });

  it('reads a post with one call per queryType, under the shared names, membersReached kept', async () => {
    expect(adapter.metricsBatchSize).toBe(1);
    const { postedId } = await adapter.publish(creds(), text('Metrics post'));
    const { metrics, missing } = await adapter.postMetrics(creds(), [{ postedId }]);
    expect(missing.size).toBe(0);
    const values = metrics.get(postedId)!;
    expect(Object.keys(values).sort()).toEqual(['impressions', 'likes', 'membersReached', 'replies', 'reposts']);
    expect(values.impressions).toBeGreaterThanOrEqual(100);
    const calls = fake.analyticsCalls();
    expect(calls.map((c) => c.query.get('queryType')).sort()).toEqual(['COMMENT', 'IMPRESSION', 'MEMBERS_REACHED', 'REACTION', 'RESHARE']);
    for (const call of calls) {
      expect(call.query.get('q')).toBe('entity');
      expect(call.query.get('entity')).toBe(`(share:${postedId})`);
      expect(call.query.get('aggregation')).toBe('TOTAL');
      expect(call.headers['linkedin-version']).toBe('202609');
    }
  });

  it('counters grow between two reads', async () => {
    const { postedId } = await adapter.publish(creds(), text('Growing post'));
    const first = (await adapter.postMetrics(creds(), [{ postedId }])).metrics.get(postedId)!;
    const second = (await adapter.postMetrics(creds(), [{ postedId }])).metrics.get(postedId)!;
    for (const name of Object.keys(first)) expect(second[name]).toBeGreaterThan(first[name]);
  });

  it('leaves out a counter LinkedIn reports as -1 instead of reporting 0', async () => {
    const { postedId } = await adapter.publish(creds(), text('Partly unavailable'));
    fake.unavailableMetrics.add('RESHARE');
    const values = (await adapter.postMetrics(creds(), [{ postedId }])).metrics.get(postedId)!;
    expect(values).not.toHaveProperty('reposts');
    expect(values.likes).toBeGreaterThan(0);
  });

  it('puts a deleted post in missing and still reads the others', async () => {
    const kept = await adapter.publish(creds(), text('Kept'));
    const gone = await adapter.publish(creds(), text('Deleted'));
    await adapter.unpublish(creds(), { postedId: gone.postedId });
    const { metrics, missing } = await adapter.postMetrics(creds(), [{ postedId: gone.postedId }, { postedId: kept.postedId }]);
    expect(missing.get(gone.postedId)).toMatch(/no longer has/);
    expect(metrics.has(gone.postedId)).toBe(false);
    expect(metrics.get(kept.postedId)!.impressions).toBeGreaterThan(0);
  });

  it('reads the follower total with memberFollowersCount?q=me', async () => {
    const first = await adapter.accountMetrics(creds());
    const second = await adapter.accountMetrics(creds());
    expect(first).toEqual({ followers: 962 });
    expect(second.followers).toBeGreaterThan(first.followers);
    expect(fake.calls('GET /rest/memberFollowersCount').map((c) => c.query.get('q'))).toEqual(['me', 'me']);
  });

  it('names r_member_postAnalytics when LinkedIn refuses the post analytics (403 ACCESS_DENIED)', async () => {
    const { postedId } = await adapter.publish(creds(), text('No scope'));
    fake.refuse('GET /rest/memberCreatorPostAnalytics', 403, 'ACCESS_DENIED', 'Not enough permissions to access: memberCreatorPostAnalytics.GET.20260901', 100);
    const err = await failureOf(adapter.postMetrics(creds(), [{ postedId }]));
    expect(categorizeError({ code: err.code, category: err.options.category })).toBe('permission_missing');
    expect(err.message).toMatch(/^LinkedIn needs the r_member_postAnalytics permission/);
    expect(err.retryable).toBe(false);
  });

  it('takes a 404 that does not name the post for a missing permission, not a deleted post', async () => {
    const { postedId } = await adapter.publish(creds(), text('Unnamed 404'));
    fake.refuse('GET /rest/memberCreatorPostAnalytics', 404, 'RESOURCE_NOT_FOUND', 'Resource memberCreatorPostAnalytics does not exist');
    const err = await failureOf(adapter.postMetrics(creds(), [{ postedId }]));
    expect(err.options.category).toBe('permission_missing');
    expect(err.message).toMatch(/r_member_postAnalytics/);
  });

  it('names r_member_profileAnalytics when the follower count is refused', async () => {
    fake.refuse('GET /rest/memberFollowersCount', 403, 'ACCESS_DENIED', 'Not enough permissions to access: memberFollowersCount.GET.20260901', 100);
    const err = await failureOf(adapter.accountMetrics(creds()));
    expect(err.options.category).toBe('permission_missing');
    expect(err.message).toMatch(/^LinkedIn needs the r_member_profileAnalytics permission/);
  });

  it('maps the daily throttle (429) to RATE_LIMITED, waiting until midnight UTC when LinkedIn names no time', async () => {
    const { postedId } = await adapter.publish(creds(), text('Throttled'));
    fake.inject({ kind: 'rate_limit', match: 'GET /rest/memberCreatorPostAnalytics' });
    const err = await failureOf(adapter.postMetrics(creds(), [{ postedId }]));
    expect(err.code).toBe('RATE_LIMITED');
    expect(err.retryable).toBe(true);
    expect(err.options.retryAfterMs).toBeGreaterThan(0);
    expect(err.options.retryAfterMs).toBeLessThanOrEqual(24 * 3600_000);
  });

  it('refuses page connections: their posts have another statistics API', async () => {
    const err = await failureOf(adapter.postMetrics({ ...creds(), type: 'organization' }, [{ postedId: 'urn:li:share:1' }]));
    expect(err.options.category).toBe('configuration');
    expect(fake.analyticsCalls()).toHaveLength(0);
  });
});
