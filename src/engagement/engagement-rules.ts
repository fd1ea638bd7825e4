import { DateTime, IANAZone } from 'luxon';
import type { MetricValues } from '../platforms/platform-adapter';

/** The counters that make a post's engagement (the shared names; absent ones count as nothing). */
export const ENGAGEMENT_COUNTERS = ['likes', 'reposts', 'replies'] as const;

/** A post's engagement: the sum of its shared interaction counters, or null when it has none of them. */
export function engagementOf(values: MetricValues): number | null {
  const present = ENGAGEMENT_COUNTERS.filter((name) => typeof values[name] === 'number');
  return present.length ? present.reduce((sum, name) => sum + values[name], 0) : null;
}

/** The value a post is ranked by: a counter, or `engagement` (engagementOf). */
export function rankValue(values: MetricValues, metric: string): number | null {
  if (metric === 'engagement') return engagementOf(values);
  return typeof values[metric] === 'number' ? values[metric] : null;
}

/** The fewest posts with metrics before best times are shown: fewer say too little. */
export const BEST_TIMES_MIN_POSTS = 10;

export interface BestTimeCell {
  /** 1 = Monday … 7 = Sunday (ISO), in the zone asked for. */
  weekday: number;
  hour: number;
  posts: number;
  averageEngagement: number;
}

export interface BestTimes {
  timeZone: string;
  posts: number;
  enough: boolean;
  /** When there is not enough history, why. */
  message?: string;
  cells: BestTimeCell[];
}

/**
 * Weekday × hour of publication in `timeZone`, each cell the average engagement of the posts
 * published then, from the person's own history; cells without posts are left out.
 */
export function bestTimes(posts: Array<{ publishedAt: Date; values: MetricValues }>, timeZone: string, minPosts = BEST_TIMES_MIN_POSTS): BestTimes {
  const cells = new Map<string, { weekday: number; hour: number; posts: number; total: number }>();
  let counted = 0;
  for (const post of posts) {
    const engagement = engagementOf(post.values);
    if (engagement === null) continue;
    counted += 1;
    const local = DateTime.fromJSDate(post.publishedAt, { zone: timeZone });
    const key = `${local.weekday}:${local.hour}`;
    const cell = cells.get(key) ?? { weekday: local.weekday, hour: local.hour, posts: 0, total: 0 };
    cell.posts += 1;
    cell.total += engagement;
    cells.set(key, cell);
  }
  const enough = counted >= minPosts;
  return {
    timeZone,
    posts: counted,
    enough,
    ...(enough ? {} : { message: `Best times need at least ${minPosts} published posts with metrics; there are ${counted} so far` }),
    cells: [...cells.values()]
      .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour)
      .map(({ weekday, hour, posts: n, total }) => ({ weekday, hour, posts: n, averageEngagement: Math.round((total / n) * 100) / 100 })),
  };
}

export function isTimeZone(zone: unknown): zone is string {
  return typeof zone === 'string' && IANAZone.isValidZone(zone);
}

/** Rows as CSV (RFC 4180): a header of every column, values quoted where they need it; a leading =+-@ is defused. */
export function toCsv(columns: string[], rows: Array<Record<string, string | number | null | undefined>>): string {
  const cell = (value: string | number | null | undefined): string => {
    if (value === null || value === undefined) return '';
    let text = String(value);
    // Spreadsheets run a cell that starts with one of these as a formula.
    if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [columns.map(cell).join(','), ...rows.map((row) => columns.map((c) => cell(row[c])).join(','))].join('\r\n') + '\r\n';
}
