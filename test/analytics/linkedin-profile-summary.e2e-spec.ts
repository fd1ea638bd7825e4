import { RANGE, startAnalyticsSuite, type AnalyticsSuite } from './analytics-helpers';

const POSTS = { totalImpressions: 54000, totalMembersReached: 21000, totalReactions: 900, totalComments: 120, totalReshares: 40 };

describe('POST /api/v1/linkedin-profile-summary', () => {
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
  const summary = (body: Record<string, unknown> = {}) => s.post('linkedin-profile-summary', { platformId, ...body });

  it('without dateRange: lifetime followers and the five account totals (no periodGrowth)', async () => {
    const res = await summary();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, profile: { followers: { total: 961 }, posts: POSTS } });
    const calls = s.fake.analyticsCalls();
    expect(calls).toHaveLength(6);
    expect(
      calls.filter((c) => c.path === '/rest/memberCreatorPostAnalytics').every((c) => c.query.get('q') === 'me' && c.query.get('aggregation') === 'TOTAL'),
    ).toBe(true);
  });

  it('with dateRange: periodGrowth is the sum of the daily changes; post totals cover the range', async () => {
    const res = await summary({ dateRange: RANGE });
    expect(res.body).toEqual({ success: true, profile: { followers: { total: 961, periodGrowth: 10 }, posts: POSTS } });
    const calls = s.fake.analyticsCalls();
    expect(calls).toHaveLength(7);
    expect(calls.filter((c) => c.path === '/rest/memberCreatorPostAnalytics').map((c) => c.query.get('dateRange'))).toEqual(
      Array(5).fill('(start:(year:2024,month:5,day:1),end:(year:2024,month:5,day:5))'),
    );
  });

  it('-1 post metrics and followers are null', async () => {
    s.fake.accountMetrics.MEMBERS_REACHED = -1;
    s.fake.followersCount = -1;
    const res = await summary();
    expect(res.body).toEqual({ success: true, profile: { followers: { total: null }, posts: { ...POSTS, totalMembersReached: null } } });
  });

  it('shares the cache with the other endpoints and reports no cached flag', async () => {
    await summary().expect(200);
    const again = await summary();
    expect(again.body).toEqual({ success: true, profile: { followers: { total: 961 }, posts: POSTS } });
    expect((await s.post('linkedin-account-statistics', { platformId, queryType: 'IMPRESSION' })).body).toEqual({
      success: true,
      data: 54000,
      aggregation: 'TOTAL',
      cached: true,
    });
    expect((await s.post('linkedin-followers', { platformId })).body).toEqual({ success: true, followersCount: 961, cached: true });
    expect(s.fake.analyticsCalls()).toHaveLength(6);
  });

  it('partial failure: { success: false, partialData: true, profile (failed values 0), errors }', async () => {
    s.fake.fail('followers:daily', 500);
    s.fake.fail('account:MEMBERS_REACHED', 500);
    s.fake.fail('account:COMMENT', 429);
    const res = await summary({ dateRange: RANGE });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: false,
      partialData: true,
      profile: { followers: { total: 961, periodGrowth: 0 }, posts: { ...POSTS, totalMembersReached: 0, totalComments: 0 } },
      errors: [
        { metric: 'followersPeriod', error: 'Failed to fetch follower growth' },
        { metric: 'post_MEMBERS_REACHED', error: 'Failed to fetch members_reached count' },
        { metric: 'post_COMMENT', error: 'Failed to fetch comment count' },
      ],
    });
  });

  it('lifetime follower failure', async () => {
    s.fake.fail('followers:lifetime', 503);
    const res = await summary();
    expect(res.body).toEqual({
      success: false,
      partialData: true,
      profile: { followers: { total: 0 }, posts: POSTS },
      errors: [{ metric: 'followersLifetime', error: 'Failed to fetch follower count' }],
    });
  });

  it('nothing fetched: 502 Failed to fetch LinkedIn profile data with the errors array', async () => {
    for (const target of [
      'followers:lifetime',
      'followers:daily',
      'account:IMPRESSION',
      'account:MEMBERS_REACHED',
      'account:REACTION',
      'account:COMMENT',
      'account:RESHARE',
    ]) {
      s.fake.fail(target, target === 'account:RESHARE' ? 429 : 500);
    }
    const res = await summary({ dateRange: RANGE });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({
      error: 'Failed to fetch LinkedIn profile data',
      success: false,
      errors: [
        { metric: 'followersLifetime', error: 'Failed to fetch follower count' },
        { metric: 'followersPeriod', error: 'Failed to fetch follower growth' },
        { metric: 'post_IMPRESSION', error: 'Failed to fetch impression count' },
        { metric: 'post_MEMBERS_REACHED', error: 'Failed to fetch members_reached count' },
        { metric: 'post_REACTION', error: 'Failed to fetch reaction count' },
        { metric: 'post_COMMENT', error: 'Failed to fetch comment count' },
        { metric: 'post_RESHARE', error: 'Failed to fetch reshare count' },
      ],
    });
  });
});
