import { startAnalyticsSuite, type AnalyticsSuite } from './analytics-helpers';

const ERR = 'Failed to fetch metric from LinkedIn';

describe('POST /api/v1/linkedin-post-statistics', () => {
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
  const stats = (body: Record<string, unknown>) => s.post('linkedin-post-statistics', { platformId, ...body });

  it('single metric: { success, count, cached } from memberCreatorPostAnalytics?q=entity', async () => {
    const res = await stats({ postedId: 'urn:li:share:111', queryType: 'IMPRESSION' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, count: 1200, cached: false });
    const [call] = s.fake.analyticsCalls();
    expect(call.path).toBe('/rest/memberCreatorPostAnalytics');
    expect(Object.fromEntries(call.query)).toEqual({
      q: 'entity',
      entity: '(share:urn:li:share:111)',
      queryType: 'IMPRESSION',
      aggregation: 'TOTAL',
    });
    expect(call.headers['linkedin-version']).toBe('202511');
    expect(call.headers['x-restli-protocol-version']).toBe('2.0.0');
  });

  it('ugcPost URNs use the ugc slot; bare ids are share ids', async () => {
    s.fake.postMetricsByUrn.set('urn:li:ugcPost:222', { COMMENT: 2 });
    expect((await stats({ postedId: 'urn:li:ugcPost:222', queryType: 'COMMENT' })).body).toEqual({ success: true, count: 2, cached: false });
    expect((await stats({ postedId: '333', queryType: 'COMMENT' })).body).toEqual({ success: true, count: 9, cached: false });
    expect(s.fake.analyticsCalls().map((c) => c.query.get('entity'))).toEqual(['(ugc:urn:li:ugcPost:222)', '(share:urn:li:share:333)']);
  });

  it('caches per post and metric', async () => {
    await stats({ postedId: 'urn:li:share:1', queryType: 'REACTION' }).expect(200);
    s.fake.postMetrics.REACTION = 99;
    expect((await stats({ postedId: 'urn:li:share:1', queryType: 'REACTION' })).body).toEqual({ success: true, count: 37, cached: true });
    expect(s.fake.analyticsCalls()).toHaveLength(1);
    expect((await stats({ postedId: 'urn:li:share:2', queryType: 'REACTION' })).body).toEqual({ success: true, count: 99, cached: false });
  });

  it('single metric -1 is a null count; a failure is 500 Failed to fetch metric from LinkedIn', async () => {
    s.fake.postMetricsByUrn.set('urn:li:share:5', { RESHARE: -1 });
    expect((await stats({ postedId: 'urn:li:share:5', queryType: 'RESHARE' })).body).toEqual({ success: true, count: null, cached: false });
    s.fake.fail('post:COMMENT', 500);
    const res = await stats({ postedId: 'urn:li:share:5', queryType: 'COMMENT' });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: ERR });
  });

  it('single metric forwards 403 and 429', async () => {
    s.fake.fail('post:COMMENT', { status: 403, message: 'Not enough permissions' });
    const denied = await stats({ postedId: 'urn:li:share:5', queryType: 'COMMENT' });
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ error: 'LinkedIn denied access to this analytics data', details: 'Not enough permissions' });
    s.fake.fail('post:COMMENT', 429);
    const throttled = await stats({ postedId: 'urn:li:share:5', queryType: 'COMMENT' });
    expect(throttled.status).toBe(429);
    expect(throttled.body.error).toBe('LinkedIn rate limit exceeded');
  });

  it('multiple: { success, metrics, cached }; queryTypes is case-insensitive and wins over queryType', async () => {
    const res = await stats({ postedId: 'urn:li:share:7', queryTypes: ['impression', 'Comment'], queryType: 'REACTION' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, metrics: { IMPRESSION: 1200, COMMENT: 9 }, cached: false });
    expect(
      s.fake
        .analyticsCalls()
        .map((c) => c.query.get('queryType'))
        .sort(),
    ).toEqual(['COMMENT', 'IMPRESSION']);
  });

  it('ALL fetches the five metrics; partially cached calls list cachedMetrics', async () => {
    await stats({ postedId: 'urn:li:share:8', queryType: 'IMPRESSION' }).expect(200);
    const partly = await stats({ postedId: 'urn:li:share:8', queryTypes: 'all' });
    expect(partly.body).toEqual({
      success: true,
      metrics: { IMPRESSION: 1200, MEMBERS_REACHED: 800, RESHARE: 4, REACTION: 37, COMMENT: 9 },
      cachedMetrics: ['IMPRESSION'],
      cached: true,
    });
    expect(s.fake.analyticsCalls()).toHaveLength(5);
    const fully = await stats({ postedId: 'urn:li:share:8', queryTypes: ['ALL'] });
    expect(fully.body).toEqual({ ...partly.body, cachedMetrics: ['IMPRESSION', 'MEMBERS_REACHED', 'RESHARE', 'REACTION', 'COMMENT'] });
    expect(s.fake.analyticsCalls()).toHaveLength(5);
  });

  it('a null metric without an errors entry means LinkedIn answered -1', async () => {
    s.fake.postMetricsByUrn.set('urn:li:share:9', { MEMBERS_REACHED: -1 });
    const res = await stats({ postedId: 'urn:li:share:9', queryTypes: ['IMPRESSION', 'MEMBERS_REACHED'] });
    expect(res.body).toEqual({ success: true, metrics: { IMPRESSION: 1200, MEMBERS_REACHED: null }, cached: false });
  });

  it('partial failure: { success: false, metrics (failed null), errors, cached }; failed metrics are not cached', async () => {
    s.fake.fail('post:REACTION', { status: 500, times: 1 });
    const res = await stats({ postedId: 'urn:li:share:10', queryTypes: ['IMPRESSION', 'REACTION'] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: false,
      metrics: { IMPRESSION: 1200, REACTION: null },
      errors: [{ metric: 'REACTION', error: ERR }],
      cached: false,
    });
    const retry = await stats({ postedId: 'urn:li:share:10', queryTypes: ['IMPRESSION', 'REACTION'] });
    expect(retry.body).toEqual({ success: true, metrics: { IMPRESSION: 1200, REACTION: 37 }, cachedMetrics: ['IMPRESSION'], cached: true });
  });

  it('a 429 on some metrics is a partial failure; on every metric it is forwarded', async () => {
    s.fake.fail('post:COMMENT', 429);
    const partial = await stats({ postedId: 'urn:li:share:11', queryTypes: ['IMPRESSION', 'COMMENT'] });
    expect(partial.status).toBe(200);
    expect(partial.body).toMatchObject({ success: false, metrics: { IMPRESSION: 1200, COMMENT: null }, errors: [{ metric: 'COMMENT', error: ERR }] });
    s.fake.fail('post:RESHARE', 429);
    const all = await stats({ postedId: 'urn:li:share:12', queryTypes: ['COMMENT', 'RESHARE'] });
    expect(all.status).toBe(429);
    expect(all.body.error).toBe('LinkedIn rate limit exceeded');
  });

  it('every metric failing otherwise keeps the partial-failure shape', async () => {
    s.fake.fail('post:COMMENT', 500);
    s.fake.fail('post:RESHARE', 502);
    const res = await stats({ postedId: 'urn:li:share:13', queryTypes: ['COMMENT', 'RESHARE'] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: false,
      metrics: { COMMENT: null, RESHARE: null },
      errors: [
        { metric: 'COMMENT', error: ERR },
        { metric: 'RESHARE', error: ERR },
      ],
      cached: false,
    });
  });
});
