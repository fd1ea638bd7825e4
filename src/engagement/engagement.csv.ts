import { toCsv } from './engagement-rules';
import type { AccountMetrics, MetricReading, PostMetrics, TopPost } from './engagement.service';

/** Every counter name the readings have, sorted: the CSV's metric columns. */
function counterNames(readings: MetricReading[]): string[] {
  return [...new Set(readings.flatMap((r) => Object.keys(r.values)))].sort();
}

/** One row per reading of each platform post of the group. */
export function postMetricsCsv(posts: PostMetrics[]): string {
  const names = counterNames(posts.flatMap((p) => p.series));
  const rows = posts.flatMap((p) =>
    p.series.map((r) => ({ takenAt: r.takenAt, postId: p.postId, platform: p.platform, platformId: p.platformId, postedId: p.postedId, ...r.values })),
  );
  return toCsv(['takenAt', 'postId', 'platform', 'platformId', 'postedId', ...names], rows);
}

/** One row per day. */
export function accountMetricsCsv(account: AccountMetrics): string {
  const names = counterNames(account.days);
  return toCsv(
    ['date', 'takenAt', 'platform', 'platformId', ...names],
    account.days.map((d) => ({ date: d.date, takenAt: d.takenAt, platform: account.platform, platformId: account.platformId, ...d.values })),
  );
}

/** One row per ranked post, its latest reading's counters beside the ranked value. */
export function topPostsCsv(metric: string, posts: TopPost[]): string {
  const names = counterNames(posts.map((p) => p.latest));
  return toCsv(
    [
      'rank',
      'postId',
      'postGroupId',
      'platform',
      'platformId',
      'postedId',
      'publishedUrl',
      'publishedAt',
      metric,
      'takenAt',
      ...names.filter((n) => n !== metric),
    ],
    posts.map((p, i) => ({
      rank: i + 1,
      postId: p.postId,
      postGroupId: p.postGroupId,
      platform: p.platform,
      platformId: p.platformId,
      postedId: p.postedId,
      publishedUrl: p.publishedUrl,
      publishedAt: p.publishedAt,
      takenAt: p.latest.takenAt,
      ...p.latest.values,
      [metric]: p.value,
    })),
  );
}
