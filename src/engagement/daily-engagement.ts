import type { MetricValues } from '../platforms/platform-adapter';
import { engagementOf } from './engagement-rules';

const DAY = 24 * 60 * 60_000;

export interface EngagementDay {
  /** UTC date, YYYY-MM-DD. */
  date: string;
  /** Posts published that day whose latest reading has an engagement counter. */
  posts: number;
  /** The sum of their engagement (likes + reposts + replies) on their latest reading. */
  engagement: number;
}

/**
 * Every UTC day of [from, to), oldest first, with the engagement of the posts published that day
 * on their latest reading. Days without such posts are listed with 0 so a chart's days are
 * evenly spaced; `posts` tells a quiet day from a day without posts. Posts outside the range, and
 * readings without any engagement counter, are left out.
 */
export function dailyEngagementOf(posts: Array<{ publishedAt: Date; values: MetricValues }>, from: Date, to: Date): EngagementDay[] {
  const days = new Map<string, EngagementDay>();
  const first = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate());
  for (let t = first; t < to.getTime(); t += DAY) {
    const date = new Date(t).toISOString().slice(0, 10);
    days.set(date, { date, posts: 0, engagement: 0 });
  }
  for (const post of posts) {
    if (post.publishedAt < from || post.publishedAt >= to) continue;
    const engagement = engagementOf(post.values);
    const day = days.get(post.publishedAt.toISOString().slice(0, 10));
    if (engagement === null || !day) continue;
    day.posts += 1;
    day.engagement += engagement;
  }
  return [...days.values()];
}
