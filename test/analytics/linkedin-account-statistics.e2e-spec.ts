import { RANGE, startAnalyticsSuite, type AnalyticsSuite } from './analytics-helpers';

const ERR = 'Failed to fetch metric from LinkedIn';
const day = (d: number) => ({ year: 2024, month: 5, day: d });
const point = (count: number | null, d: number) => ({ count, dateRange: { start: day(d), end: day(d + 1) } });

describe('POST /api/v1/linkedin-account-statistics', () => {
  let s: AnalyticsSuite;
  let platformId: string;
  beforeAll(async () => {
    s = await startAnalyticsSuite();
  });
  afterAll(() => s.close());
  beforeEach(async () => {
    s.fake.reset();
    platformId = (await s.linkedin()).platformId;
  });
  const stats = (body: Record<string, unknown>) => s.post('linkedin-account-statistics', { platformId, ...body });

  it('single metric, TOTAL by default: { success, data, aggregation, cached } from q=me', async () => {
    const res = await stats({ queryType: 'IMPRESSION' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: 54000, aggregation: 'TOTAL', cached: false });
    const [call] = s.fake.analyticsCalls();
    expect(Object.fromEntries(call.query)).toEqual({ q: 'me', queryType: 'IMPRESSION', aggregation: 'TOTAL' });
    expect(call.headers['linkedin-version']).toBe('202511');
  });

  it('sends the dateRange in Rest.li syntax; cache entries differ by range and aggregation', async () => {
    await stats({ queryType: 'COMMENT', dateRange: RANGE }).expect(200);
    expect(s.fake.analyticsCalls()[0].query.get('dateRange')).toBe('(start:(year:2024,month:5,day:1),end:(year:2024,month:5,day:5))');
    expect((await stats({ queryType: 'COMMENT', dateRange: RANGE, aggregation: 'total' })).body).toEqual({
      success: true,
      data: 120,
      aggregation: 'TOTAL',
      cached: true,
    });
    expect((await stats({ queryType: 'COMMENT' })).body.cached).toBe(false);
    expect((await stats({ queryType: 'COMMENT', aggregation: 'DAILY', dateRange: RANGE })).body.cached).toBe(false);
    expect(s.fake.analyticsCalls()).toHaveLength(3);
  });

  it('TOTAL -1 is null data', async () => {
    s.fake.accountMetrics.RESHARE = -1;
    expect((await stats({ queryType: 'RESHARE' })).body).toEqual({ success: true, data: null, aggregation: 'TOTAL', cached: false });
  });

  it('single metric DAILY: data is [{ count, dateRange: { start, end } }], -1 → null', async () => {
    const res = await stats({ queryType: 'IMPRESSION', aggregation: 'daily', dateRange: RANGE });
    expect(res.body).toEqual({
      success: true,
      data: [point(100, 1), point(250, 2), point(null, 3), point(0, 4)],
      aggregation: 'DAILY',
      cached: false,
    });
    expect(s.fake.analyticsCalls()[0].query.get('aggregation')).toBe('DAILY');
    expect((await stats({ queryType: 'IMPRESSION', aggregation: 'DAILY', dateRange: RANGE })).body.cached).toBe(true);
  });

  it('multiple: { success, metrics, aggregation, cachedMetrics?, cached }', async () => {
    await stats({ queryType: 'REACTION' }).expect(200);
    const res = await stats({ queryTypes: 'ALL' });
    expect(res.body).toEqual({
      success: true,
      metrics: { IMPRESSION: 54000, MEMBERS_REACHED: 21000, RESHARE: 40, REACTION: 900, COMMENT: 120 },
      aggregation: 'TOTAL',
      cachedMetrics: ['REACTION'],
      cached: true,
    });
    expect(s.fake.analyticsCalls()).toHaveLength(5);
    const fresh = await stats({ queryTypes: ['comment'], dateRange: RANGE });
    expect(fresh.body).toEqual({ success: true, metrics: { COMMENT: 120 }, aggregation: 'TOTAL', cached: false });
  });

  it('ALL with DAILY is the four metrics LinkedIn breaks down by day', async () => {
    const res = await stats({ queryTypes: 'all', aggregation: 'daily', dateRange: { start: day(1), end: day(3) } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      metrics: {
        IMPRESSION: [point(100, 1), point(250, 2)],
        RESHARE: [point(0, 1), point(1, 2)],
        REACTION: [point(5, 1), point(6, 2)],
        COMMENT: [point(1, 1), point(0, 2)],
      },
      aggregation: 'DAILY',
      cached: false,
    });
    expect(
      s.fake
        .analyticsCalls()
        .map((c) => c.query.get('queryType'))
        .sort(),
    ).toEqual(['COMMENT', 'IMPRESSION', 'REACTION', 'RESHARE']);
  });

  it('partial failure keeps aggregation and lists errors', async () => {
    s.fake.fail('account:MEMBERS_REACHED', 500);
    const res = await stats({ queryTypes: ['IMPRESSION', 'MEMBERS_REACHED'] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: false,
      metrics: { IMPRESSION: 54000, MEMBERS_REACHED: null },
      aggregation: 'TOTAL',
      errors: [{ metric: 'MEMBERS_REACHED', error: ERR }],
      cached: false,
    });
  });

  it('single metric failure is 500 Failed to fetch metric from LinkedIn; 403 and 429 are forwarded', async () => {
    s.fake.fail('account:COMMENT:TOTAL', 500);
    const failed = await stats({ queryType: 'COMMENT' });
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({ error: ERR });
    s.fake.fail('account:COMMENT', 403);
    const denied = await stats({ queryType: 'COMMENT', aggregation: 'DAILY' });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('LinkedIn denied access to this analytics data');
    s.fake.fail('account:IMPRESSION', 429);
    s.fake.fail('account:COMMENT', 429);
    const throttled = await stats({ queryTypes: ['IMPRESSION', 'COMMENT'] });
    expect(throttled.status).toBe(429);
    expect(throttled.body.error).toBe('LinkedIn rate limit exceeded');
  });

  it('an expired LinkedIn token is a fetch failure (not forwarded as our 401)', async () => {
    const conn = await s.linkedin();
    const token = [...s.fake.tokens.keys()].pop()!;
    s.fake.setToken(token, 'expired');
    const res = await s.post('linkedin-account-statistics', { platformId: conn.platformId, queryType: 'COMMENT' });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: ERR });
  });
});
