import {
  dailyCountsOf,
  dailyFollowersOf,
  isoDate,
  lifetimeFollowersOf,
  postEntityParam,
  profileMetricError,
  rangeKey,
  restliDateRange,
  totalCountOf,
  totalGrowthOf,
  upstreamCount,
} from './analytics-results';

const range = { start: { year: 2024, month: 5, day: 4 }, end: { year: 2024, month: 5, day: 6 } };

describe('analytics results', () => {
  it('turns -1 into null', () => {
    expect(upstreamCount(-1)).toBeNull();
    expect(upstreamCount(0)).toBe(0);
    expect(upstreamCount(12)).toBe(12);
    expect(upstreamCount('3')).toBeNull();
  });

  it('writes Rest.li date ranges', () => {
    expect(restliDateRange(range)).toBe('(start:(year:2024,month:5,day:4),end:(year:2024,month:5,day:6))');
    expect(rangeKey(range)).toBe('2024-05-04..2024-05-06');
    expect(rangeKey(null)).toBe('');
    expect(isoDate({ year: 2024, month: 12, day: 31 })).toBe('2024-12-31');
  });

  it('puts share and ugcPost URNs in their slots', () => {
    expect(postEntityParam('urn:li:share:123')).toBe('(share:urn%3Ali%3Ashare%3A123)');
    expect(postEntityParam('urn:li:ugcPost:456')).toBe('(ugc:urn%3Ali%3AugcPost%3A456)');
    expect(postEntityParam('789')).toBe('(share:urn%3Ali%3Ashare%3A789)');
  });

  it('reads follower answers', () => {
    expect(lifetimeFollowersOf({ elements: [{ memberFollowersCount: 961 }] })).toBe(961);
    expect(lifetimeFollowersOf({ elements: [{ memberFollowersCount: -1 }] })).toBeNull();
    expect(() => lifetimeFollowersOf({})).toThrow();
    const points = dailyFollowersOf({
      elements: [
        { dateRange: { start: { year: 2024, month: 5, day: 4 }, end: { year: 2024, month: 5, day: 5 } }, memberFollowersCount: 3 },
        { dateRange: { start: { year: 2024, month: 5, day: 5 }, end: { year: 2024, month: 5, day: 6 } }, memberFollowersCount: -1 },
        { dateRange: { start: { year: 2024, month: 5, day: 6 }, end: { year: 2024, month: 5, day: 7 } }, memberFollowersCount: -2 },
      ],
    });
    expect(points).toEqual([
      { date: '2024-05-04', count: 3 },
      { date: '2024-05-05', count: null },
      { date: '2024-05-06', count: -2 },
    ]);
    expect(totalGrowthOf(points)).toBe(1);
  });

  it('reads metric answers', () => {
    expect(
      totalCountOf({
        elements: [{ count: 2, dateRange: {}, metricType: { 'com.linkedin.adsexternalapi.memberanalytics.v1.CreatorPostAnalyticsMetricTypeV1': 'COMMENT' } }],
      }),
    ).toBe(2);
    expect(totalCountOf({ elements: [] })).toBe(0);
    expect(totalCountOf({ elements: [{ count: -1 }] })).toBeNull();
    expect(
      dailyCountsOf({
        elements: [
          { count: -1, dateRange: range },
          { count: 4, dateRange: range },
        ],
      }),
    ).toEqual([
      { count: null, dateRange: range },
      { count: 4, dateRange: range },
    ]);
  });

  it('names profile metric errors', () => {
    expect(profileMetricError('MEMBERS_REACHED')).toBe('Failed to fetch members_reached count');
    expect(profileMetricError('IMPRESSION')).toBe('Failed to fetch impression count');
  });
});
