import type { AccountAnalyticsQuery, AnalyticsBestTimesQuery, AnalyticsConnectionsQuery, AnalyticsTopPostsQuery } from '../../gql/graphql';

export type AnalyticsConnection = AnalyticsConnectionsQuery['connections'][number];
export type AccountAnalytics = AccountAnalyticsQuery;
export type TopPost = AnalyticsTopPostsQuery['topPosts']['posts'][number];
export type BestTimes = AnalyticsBestTimesQuery['bestTimes'];
export type MetricValues = ReadonlyArray<{ name: string; value: number }>;

const DAY = 24 * 60 * 60_000;

/** The ranges the page offers, in days. */
export const RANGES = [7, 30, 90] as const;
export type RangeDays = (typeof RANGES)[number];

/**
 * The start of a range of the last `days` UTC days, today included; the end is left to the
 * service (now), so the same range keeps the same variables all day and a reload reads up to now.
 */
export function rangeStart(days: number, now: number): string {
  const today = new Date(now);
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - (days - 1) * DAY).toISOString();
}

/** What the posts table can rank by: engagement (likes + reposts + replies) or a shared counter. */
export const RANK_METRICS = [
  { value: 'engagement', label: 'Engagement' },
  { value: 'likes', label: 'Likes' },
  { value: 'reposts', label: 'Reposts' },
  { value: 'replies', label: 'Replies' },
  { value: 'impressions', label: 'Impressions' },
  { value: 'views', label: 'Views' },
] as const;

/** A counter of a reading, or null where the platform does not give it (never shown as 0). */
export function counter(values: MetricValues, name: string): number | null {
  return values.find((v) => v.name === name)?.value ?? null;
}

/** A post's engagement on a reading: likes + reposts + replies, or null when it has none of them. */
export function engagementOf(values: MetricValues): number | null {
  const present = ['likes', 'reposts', 'replies'].map((n) => counter(values, n)).filter((v): v is number => v !== null);
  return present.length ? present.reduce((a, b) => a + b, 0) : null;
}

const numbers = new Intl.NumberFormat();
/** A counter as the page writes it; an absent one as a dash, with `absent` for screen readers. */
export const formatCount = (value: number | null | undefined) => (value === null || value === undefined ? '—' : numbers.format(value));

const utcDay = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
/** A UTC date (YYYY-MM-DD) of the service's daily series, as the page writes it. */
export const formatDay = (date: string) => utcDay.format(new Date(`${date}T00:00:00Z`));
const shortDay = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
/** The same, short, for a chart's axis. */
export const formatAxisDay = (date: string) => shortDay.format(new Date(`${date}T00:00:00Z`));

/** ISO weekdays, 1 = Monday … 7 = Sunday, as bestTimes numbers them. */
export const ISO_WEEKDAYS = [
  { weekday: 1, label: 'Monday', slot: 'monday' },
  { weekday: 2, label: 'Tuesday', slot: 'tuesday' },
  { weekday: 3, label: 'Wednesday', slot: 'wednesday' },
  { weekday: 4, label: 'Thursday', slot: 'thursday' },
  { weekday: 5, label: 'Friday', slot: 'friday' },
  { weekday: 6, label: 'Saturday', slot: 'saturday' },
  { weekday: 7, label: 'Sunday', slot: 'sunday' },
] as const;

export const HOURS = Array.from({ length: 24 }, (_, h) => h);
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** How the page names an account: its display name, else its username, with the platform. */
export const accountName = (c: Pick<AnalyticsConnection, 'displayName' | 'username' | 'platform'>) => `${c.displayName ?? c.username} (${c.platform})`;

/** One followers point per day with a reading that has the counter. */
export function followerPoints(days: AccountAnalytics['accountMetrics']['days']): Array<{ date: string; followers: number }> {
  return days.flatMap((d) => {
    const followers = counter(d.values, 'followers');
    return followers === null ? [] : [{ date: d.date, followers }];
  });
}

/** A sentence that says what a series does, for readers who do not see the chart. */
export function trendSentence(what: string, points: Array<{ label: string; value: number }>): string {
  if (!points.length) return `No ${what} readings in this range.`;
  const first = points[0];
  const last = points.at(-1)!;
  if (points.length === 1) return `${capitalize(what)}: ${formatCount(last.value)} on ${last.label}.`;
  const change = last.value - first.value;
  const moved = change === 0 ? 'unchanged' : `${change > 0 ? 'up' : 'down'} ${formatCount(Math.abs(change))}`;
  return `${capitalize(what)}: ${formatCount(first.value)} on ${first.label}, ${formatCount(last.value)} on ${last.label} (${moved}).`;
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
