import { PlatformError, type MetricValues } from '../platform-adapter';

/** video/query takes at most 20 ids per call. */
export const TIKTOK_METRICS_BATCH = 20;
export const VIDEO_LIST_SCOPE = 'video.list';
export const USER_STATS_SCOPE = 'user.info.stats';

/** The video object's four counters; `share_count` keeps TikTok's name (a share sends the video on, it does not repost it). */
export const VIDEO_FIELDS = ['id', 'view_count', 'like_count', 'comment_count', 'share_count'];
const VIDEO_COUNTERS = [
  ['view_count', 'views'],
  ['like_count', 'likes'],
  ['comment_count', 'replies'],
  ['share_count', 'share_count'],
] as const;

/** Only the stats fields: asking user/info for a field outside the granted scopes fails the whole call. */
export const USER_STATS_FIELDS = ['follower_count', 'following_count', 'likes_count', 'video_count'];
const USER_COUNTERS = [
  ['follower_count', 'followers'],
  ['following_count', 'following'],
  ['video_count', 'posts'],
  ['likes_count', 'likes_count'],
] as const;

/** Public post ids are numbers; a private post keeps its publish id, which video/query does not know (and may refuse). */
export const isTikTokVideoId = (id: string): boolean => /^\d+$/.test(id);

export function tiktokCounters(source: Record<string, unknown>, which: 'video' | 'user'): MetricValues {
  const out: MetricValues = {};
  for (const [field, name] of which === 'video' ? VIDEO_COUNTERS : USER_COUNTERS) {
    const value = source[field];
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) out[name] = value;
  }
  return out;
}

/** A refusal for a scope the user did not grant, saying which one to grant. */
export function withTikTokScope(err: unknown, scope: string, what: string): unknown {
  if (!(err instanceof PlatformError) || err.options.category !== 'permission_missing') return err;
  return new PlatformError(err.code, `TikTok needs the ${scope} permission to read ${what}: ${err.options.platformError ?? err.message}`, {
    ...err.options,
    retryable: false,
  });
}
