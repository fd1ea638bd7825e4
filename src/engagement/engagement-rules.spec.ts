import type { MetricValues } from '../platforms/platform-adapter';
import { bestTimes, engagementOf, rankValue, toCsv } from './engagement-rules';

describe('engagement rules', () => {
  it('sums the shared interaction counters, and says nothing when there are none', () => {
    expect(engagementOf({ likes: 3, reposts: 2, replies: 1, impressions: 100 })).toBe(6);
    expect(engagementOf({ likes: 4 })).toBe(4);
    expect(engagementOf({ impressions: 100 })).toBeNull();
  });

  it('ranks by a counter or by engagement, absent counters not ranked', () => {
    expect(rankValue({ likes: 2, views: 9 }, 'views')).toBe(9);
    expect(rankValue({ likes: 2 }, 'views')).toBeNull();
    expect(rankValue({ likes: 2, replies: 1 }, 'engagement')).toBe(3);
  });

  it('places posts by weekday and hour in the zone asked for, averaging their engagement', () => {
    // The first post: a Monday, 23:30 UTC, which is Tuesday 00:30 in Berlin (UTC+1).
    const posts: Array<{ publishedAt: Date; values: MetricValues }> = [
      { publishedAt: new Date('2026-11-30T23:30:00Z'), values: { likes: 10 } },
      { publishedAt: new Date('2026-12-07T23:10:00Z'), values: { likes: 20, replies: 2 } },
      { publishedAt: new Date('2026-12-01T09:00:00Z'), values: { impressions: 5 } },
    ];
    const berlin = bestTimes(posts, 'Europe/Berlin', 2);
    expect(berlin).toMatchObject({ timeZone: 'Europe/Berlin', posts: 2, enough: true });
    expect(berlin.cells).toEqual([{ weekday: 2, hour: 0, posts: 2, averageEngagement: 16 }]);
    expect(bestTimes(posts, 'UTC', 2).cells).toEqual([{ weekday: 1, hour: 23, posts: 2, averageEngagement: 16 }]);
  });

  it('says when the history is too short', () => {
    const few = bestTimes([{ publishedAt: new Date(), values: { likes: 1 } }], 'UTC', 10);
    expect(few.enough).toBe(false);
    expect(few.message).toBe('Best times need at least 10 published posts with metrics; there are 1 so far');
  });

  it('writes CSV with quoting, and defuses cells a spreadsheet would run', () => {
    const csv = toCsv(
      ['a', 'b'],
      [
        { a: 'x,y', b: 1 },
        { a: '=HYPERLINK("evil")', b: null },
      ],
    );
    expect(csv).toBe('a,b\r\n"x,y",1\r\n"\'=HYPERLINK(""evil"")",\r\n');
  });
});
