import { dailyEngagementOf } from './daily-engagement';

describe('dailyEngagementOf', () => {
  const from = new Date('2026-03-01T12:00:00Z');
  const to = new Date('2026-03-04T06:00:00Z');

  it('lists every UTC day of the range, oldest first, with 0 where nothing was published', () => {
    expect(dailyEngagementOf([], from, to)).toEqual([
      { date: '2026-03-01', posts: 0, engagement: 0 },
      { date: '2026-03-02', posts: 0, engagement: 0 },
      { date: '2026-03-03', posts: 0, engagement: 0 },
      { date: '2026-03-04', posts: 0, engagement: 0 },
    ]);
  });

  it('sums likes + reposts + replies of the posts published each day; absent counters count as nothing', () => {
    const days = dailyEngagementOf(
      [
        { publishedAt: new Date('2026-03-02T00:00:00Z'), values: { likes: 5, reposts: 2, replies: 1, impressions: 900 } },
        { publishedAt: new Date('2026-03-02T23:59:59Z'), values: { likes: 3 } },
        { publishedAt: new Date('2026-03-03T10:00:00Z'), values: { replies: 4, views: 50 } },
      ],
      from,
      to,
    );
    expect(days.map((d) => [d.date, d.posts, d.engagement])).toEqual([
      ['2026-03-01', 0, 0],
      ['2026-03-02', 2, 11],
      ['2026-03-03', 1, 4],
      ['2026-03-04', 0, 0],
    ]);
  });

  it('leaves out posts outside [from, to) and readings without any engagement counter', () => {
    const days = dailyEngagementOf(
      [
        { publishedAt: new Date('2026-03-01T11:59:59Z'), values: { likes: 100 } },
        { publishedAt: new Date('2026-03-04T06:00:00Z'), values: { likes: 100 } },
        { publishedAt: new Date('2026-03-01T13:00:00Z'), values: { impressions: 40 } },
        { publishedAt: new Date('2026-03-01T14:00:00Z'), values: { likes: 0 } },
      ],
      from,
      to,
    );
    expect(days[0]).toEqual({ date: '2026-03-01', posts: 1, engagement: 0 });
    expect(days.reduce((sum, d) => sum + d.engagement, 0)).toBe(0);
  });
});
