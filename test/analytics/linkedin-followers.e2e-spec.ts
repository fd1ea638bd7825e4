import { RANGE, startAnalyticsSuite, type AnalyticsSuite } from './analytics-helpers';

describe('POST /api/v1/linkedin-followers', () => {
  let s: AnalyticsSuite;
  beforeAll(async () => {
    s = await startAnalyticsSuite();
  });
  afterAll(() => s.close());
  beforeEach(() => s.fake.reset());

  it('lifetime (default): { success, followersCount, cached } from memberFollowersCount?q=me with the versioning headers', async () => {
    const conn = await s.linkedin();
    const res = await s.post('linkedin-followers', { platformId: conn.platformId });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, followersCount: 961, cached: false });
    const [call] = s.fake.analyticsCalls();
    expect(call.path).toBe('/rest/memberFollowersCount');
    expect(call.query.get('q')).toBe('me');
    expect(call.headers['linkedin-version']).toBe('202511');
    expect(call.headers['x-restli-protocol-version']).toBe('2.0.0');
    expect(call.headers.authorization).toMatch(/^Bearer li-/);
  });

  it('caches for 30 minutes: a second call makes no upstream request and says cached: true', async () => {
    const conn = await s.linkedin();
    await s.post('linkedin-followers', { platformId: conn.platformId, period: 'LIFETIME' }).expect(200);
    s.fake.followersCount = 1000;
    const res = await s.post('linkedin-followers', { platformId: conn.platformId });
    expect(res.body).toEqual({ success: true, followersCount: 961, cached: true });
    expect(s.fake.analyticsCalls()).toHaveLength(1);

    const entry = await s.t.connection.collection('analytics_cache').findOne({ query: 'followers:lifetime' });
    expect(entry!.expiresAt.getTime() - entry!.fetchedAt.getTime()).toBe(30 * 60 * 1000);
    const indexes = await s.t.connection.collection('analytics_cache').indexes();
    expect(indexes.find((i) => i.key.expiresAt === 1)?.expireAfterSeconds).toBe(0);

    // Another connection has its own cache entry.
    const other = await s.linkedin();
    expect((await s.post('linkedin-followers', { platformId: other.platformId })).body).toEqual({ success: true, followersCount: 1000, cached: false });
  });

  it('an expired cache entry is fetched again', async () => {
    const conn = await s.linkedin();
    await s.post('linkedin-followers', { platformId: conn.platformId }).expect(200);
    await s.t.connection.collection('analytics_cache').updateMany({}, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    s.fake.followersCount = 5;
    const res = await s.post('linkedin-followers', { platformId: conn.platformId });
    expect(res.body).toEqual({ success: true, followersCount: 5, cached: false });
    expect(s.fake.analyticsCalls()).toHaveLength(2);
  });

  it('daily: { success, data: [{ date, count }], totalGrowth, cached } from q=dateRange in Rest.li syntax', async () => {
    const conn = await s.linkedin();
    const res = await s.post('linkedin-followers', { platformId: conn.platformId, period: 'Daily', dateRange: RANGE });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: [
        { date: '2024-05-01', count: 3 },
        { date: '2024-05-02', count: 5 },
        { date: '2024-05-03', count: null },
        { date: '2024-05-04', count: 2 },
      ],
      totalGrowth: 10,
      cached: false,
    });
    const [call] = s.fake.analyticsCalls();
    expect(call.query.get('q')).toBe('dateRange');
    expect(call.query.get('dateRange')).toBe('(start:(year:2024,month:5,day:1),end:(year:2024,month:5,day:5))');

    const again = await s.post('linkedin-followers', { platformId: conn.platformId, period: 'daily', dateRange: RANGE });
    expect(again.body).toEqual({ ...res.body, cached: true });
    // A different range is a different cache entry.
    const other = await s.post('linkedin-followers', {
      platformId: conn.platformId,
      period: 'daily',
      dateRange: { start: RANGE.start, end: { year: 2024, month: 5, day: 2 } },
    });
    expect(other.body).toEqual({ success: true, data: [{ date: '2024-05-01', count: 3 }], totalGrowth: 3, cached: false });
    expect(s.fake.analyticsCalls()).toHaveLength(2);
  });

  it('-1 from LinkedIn is null', async () => {
    const conn = await s.linkedin();
    s.fake.followersCount = -1;
    expect((await s.post('linkedin-followers', { platformId: conn.platformId })).body).toEqual({ success: true, followersCount: null, cached: false });
  });

  it('500 Failed to fetch LinkedIn followers statistics when LinkedIn fails (not cached)', async () => {
    const conn = await s.linkedin();
    s.fake.fail('followers:lifetime', { status: 500, times: 1 });
    const res = await s.post('linkedin-followers', { platformId: conn.platformId });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: 'Failed to fetch LinkedIn followers statistics' });
    const retry = await s.post('linkedin-followers', { platformId: conn.platformId });
    expect(retry.body).toEqual({ success: true, followersCount: 961, cached: false });

    s.fake.fail('followers:daily', 400);
    const daily = await s.post('linkedin-followers', { platformId: conn.platformId, period: 'daily', dateRange: RANGE });
    expect(daily.status).toBe(500);
    expect(daily.body).toEqual({ error: 'Failed to fetch LinkedIn followers statistics' });
  });

  it('500 when LinkedIn does not answer in time', async () => {
    const conn = await s.linkedin();
    s.fake.inject({ kind: 'hang', match: 'memberFollowersCount' });
    const res = await s.post('linkedin-followers', { platformId: conn.platformId });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: 'Failed to fetch LinkedIn followers statistics' });
  });

  it('forwards LinkedIn 403 and 429 as they are', async () => {
    const conn = await s.linkedin();
    s.fake.fail('followers:lifetime', 403);
    const denied = await s.post('linkedin-followers', { platformId: conn.platformId });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({
      error: 'LinkedIn denied access to this analytics data',
      details: 'Not enough permissions to access: memberCreatorPostAnalytics.GET.20240501',
    });
    s.fake.clearFailures();
    s.fake.inject({ kind: 'rate_limit', match: 'memberFollowersCount' });
    const throttled = await s.post('linkedin-followers', { platformId: conn.platformId, period: 'daily', dateRange: RANGE });
    expect(throttled.status).toBe(429);
    expect(throttled.body).toEqual({
      error: 'LinkedIn rate limit exceeded',
      details: 'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.',
    });
  });
});
