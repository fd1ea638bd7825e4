import { PlatformError, type MetricValues, type PostMetricsAnswer, type PostMetricsRequest } from '../platform-adapter';
import type { PlatformEndpoints } from '../platform-endpoints';
import { platformFetch, readJson } from '../platform-http';
import { classifyYouTubeError, type GoogleErrorBody } from './youtube.errors';

/** videos.list takes at most 50 ids per call. */
export const YOUTUBE_METRICS_BATCH = 50;
/** Reading statistics needs a read scope: `youtube.upload` alone is refused. */
const READ_SCOPE = 'https://www.googleapis.com/auth/youtube.readonly';

type Statistics = Record<string, string | undefined>;

/** A video's `statistics` under the shared names; `favoriteCount` (legacy, always 0) keeps YouTube's name. */
const VIDEO_COUNTERS = [
  ['viewCount', 'views'],
  ['likeCount', 'likes'],
  ['commentCount', 'replies'],
  ['favoriteCount', 'favoriteCount'],
] as const;

/**
 * `videos.list?part=statistics&id=a,b,…`: one call per 50 videos (1 quota unit each). A video the
 * answer leaves out is deleted or no longer visible to the channel; a counter YouTube leaves out
 * (likes hidden, comments turned off) is absent.
 */
export async function youtubePostMetrics(endpoints: PlatformEndpoints, accessToken: string, posts: PostMetricsRequest[]): Promise<PostMetricsAnswer> {
  const answer: PostMetricsAnswer = { metrics: new Map(), missing: new Map() };
  for (let i = 0; i < posts.length; i += YOUTUBE_METRICS_BATCH) {
    const ids = posts.slice(i, i + YOUTUBE_METRICS_BATCH).map((p) => p.postedId);
    const body = await youtubeGet<{ items?: Array<{ id?: string; statistics?: Statistics }> }>(
      endpoints,
      accessToken,
      `/youtube/v3/videos?part=statistics&id=${ids.map(encodeURIComponent).join(',')}`,
      'video statistics',
    );
    const found = new Map((body?.items ?? []).filter((item) => item.id).map((item) => [item.id!, item.statistics ?? {}]));
    for (const id of ids) {
      const statistics = found.get(id);
      if (statistics) answer.metrics.set(id, counters(statistics, VIDEO_COUNTERS));
      else answer.missing.set(id, 'YouTube no longer has this video (deleted or made private)');
    }
  }
  return answer;
}

/** `channels.list?part=statistics&mine=true`: subscribers as `followers` (absent when YouTube leaves them out), videos as `posts`, and `viewCount`. */
export async function youtubeAccountMetrics(endpoints: PlatformEndpoints, accessToken: string): Promise<MetricValues> {
  const body = await youtubeGet<{ items?: Array<{ statistics?: Statistics }> }>(
    endpoints,
    accessToken,
    '/youtube/v3/channels?part=statistics&mine=true',
    'channel statistics',
  );
  const statistics = body?.items?.[0]?.statistics;
  if (!statistics) return {};
  return counters(statistics, [
    ['subscriberCount', 'followers'],
    ['videoCount', 'posts'],
    ['viewCount', 'viewCount'],
  ]);
}

/** YouTube sends counters as decimal strings. */
function counters(statistics: Statistics, names: ReadonlyArray<readonly [string, string]>): MetricValues {
  const out: MetricValues = {};
  for (const [field, name] of names) {
    const raw = statistics[field];
    const value = raw === undefined || raw === '' ? NaN : Number(raw);
    if (Number.isFinite(value) && value >= 0) out[name] = value;
  }
  return out;
}

async function youtubeGet<T>(endpoints: PlatformEndpoints, accessToken: string, path: string, what: string): Promise<T | null> {
  const res = await platformFetch(`${endpoints.youtubeApiUrl}${path}`, {
    headers: { authorization: `Bearer ${accessToken}` },
    timeoutMs: endpoints.requestTimeoutMs,
  });
  const body = await readJson<GoogleErrorBody & T>(res);
  if (res.ok) return body;
  const err = classifyYouTubeError(res.status, res.headers, body);
  if (err.options.category !== 'permission_missing') throw err;
  throw new PlatformError(err.code, `YouTube needs the ${READ_SCOPE} permission to read ${what}: ${err.options.platformError ?? err.message}`, {
    ...err.options,
    retryable: false,
  });
}
