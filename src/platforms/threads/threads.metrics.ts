import type { MetricValues, PostMetricsAnswer, PostMetricsRequest } from '../platform-adapter';
import type { GraphClient } from '../meta-graph';
import { graphCount, insightValues, isGraphPermissionRefusal, permissionNeeded, type GraphInsight } from '../meta-graph/graph.insights';

/** Threads has no batch insights endpoint: one media per call. */
export const THREADS_METRICS_BATCH = 1;

/** `views`, `likes`, `replies` and `reposts` are the shared names already; `quotes` and `shares` stay Threads'. */
const POST_METRICS = 'views,likes,replies,reposts,quotes,shares';
/** `views` here is profile views; follower_demographics is a breakdown, not a count, so it is not asked for. */
const ACCOUNT_METRICS = 'views,likes,replies,reposts,quotes,clicks,followers_count';

interface AccountInsight extends GraphInsight {
  /** `clicks` comes per link. */
  link_total_values?: Array<{ value?: unknown }>;
}

/**
 * `GET /{threads-media-id}/insights` for each post. A post Graph no longer has (code 100/33) is
 * missing; a REPOST_FACADE answers an empty set, which stays an empty set of counters.
 */
export async function readThreadsPostMetrics(client: GraphClient, posts: PostMetricsRequest[]): Promise<PostMetricsAnswer> {
  const answer: PostMetricsAnswer = { metrics: new Map(), missing: new Map() };
  for (const postedId of new Set(posts.map((p) => p.postedId))) {
    const insights = await withPermission(client.getIfExists<{ data?: GraphInsight[] }>(`/${postedId}/insights`, { metric: POST_METRICS }), 'post insights');
    if (insights) answer.metrics.set(postedId, insightValues(insights.data));
    else answer.missing.set(postedId, 'not found on Threads (deleted)');
  }
  return answer;
}

/**
 * `GET /{threads-user-id}/threads_insights`: `followers_count` as `followers`, the account's
 * other totals under Threads' names. A metric answered as a series (`views`) is summed over the
 * range Threads gives; `clicks` over its links.
 */
export async function readThreadsAccountMetrics(client: GraphClient, userId: string): Promise<MetricValues> {
  const answer = await withPermission(client.get<{ data?: AccountInsight[] }>(`/${userId}/threads_insights`, { metric: ACCOUNT_METRICS }), 'account insights');
  const out: MetricValues = {};
  for (const insight of answer.data ?? []) {
    if (!insight.name) continue;
    const value = graphCount(insight.total_value?.value) ?? sum(insight.values) ?? sum(insight.link_total_values);
    if (value !== undefined) out[insight.name === 'followers_count' ? 'followers' : insight.name] = value;
  }
  return out;
}

function sum(values: Array<{ value?: unknown }> | undefined): number | undefined {
  const counts = (values ?? []).map((v) => graphCount(v.value)).filter((v): v is number => v !== undefined);
  return counts.length ? counts.reduce((a, b) => a + b, 0) : undefined;
}

async function withPermission<T>(call: Promise<T>, what: string): Promise<T> {
  try {
    return await call;
  } catch (err) {
    throw isGraphPermissionRefusal(err) ? permissionNeeded(err, 'Threads', 'threads_manage_insights', what) : err;
  }
}
