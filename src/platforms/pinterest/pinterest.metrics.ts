import { PlatformError, type MetricValues, type PostMetricsAnswer, type PostMetricsRequest } from '../platform-adapter';
import { categorizeError } from '../error-category';
import type { PlatformJsonClient } from '../platform-json-client';

/** The batch analytics endpoint (`/v5/pins/analytics`) is beta and closed to most apps: one pin per call. */
export const PINTEREST_METRICS_BATCH = 1;

/**
 * `pin_metrics` keys that are one of the shared names, as the other platforms count them: a
 * reaction is what Pinterest has for a like, a comment a reply. The rest keep Pinterest's names.
 */
const SHARED_PIN: Record<string, string> = { impression: 'impressions', reaction: 'likes', comment: 'replies' };
const SHARED_ACCOUNT: Record<string, string> = { follower_count: 'followers', following_count: 'following', pin_count: 'posts' };
const OWN_ACCOUNT = ['monthly_views', 'board_count'];

type Counters = Record<string, unknown>;

interface PinAnswer {
  id?: string;
  pin_metrics?: { '90d'?: Counters; lifetime_metrics?: Counters } | null;
}

/**
 * `GET /v5/pins/{id}?pin_metrics=true` for each pin: its lifetime counters, and the last 90
 * days' as `<name>_90d` (image pins older than Pinterest's lifetime counters have only those). A pin
 * Pinterest no longer has (404) is missing.
 */
export async function readPinterestPostMetrics(client: PlatformJsonClient, apiUrl: string, posts: PostMetricsRequest[]): Promise<PostMetricsAnswer> {
  const answer: PostMetricsAnswer = { metrics: new Map(), missing: new Map() };
  for (const postedId of new Set(posts.map((p) => p.postedId))) {
    const res = await withScope(
      client.request<PinAnswer | null>(`${apiUrl}/v5/pins/${encodeURIComponent(postedId)}?pin_metrics=true`, { accept: (status) => status === 404 }),
      'pins:read and boards:read scopes',
    );
    if (res.status === 404) {
      answer.missing.set(postedId, 'not found on Pinterest (deleted)');
      continue;
    }
    const out: MetricValues = {};
    for (const [key, value] of numbers(res.body?.pin_metrics?.lifetime_metrics)) out[SHARED_PIN[key] ?? key] = value;
    for (const [key, value] of numbers(res.body?.pin_metrics?.['90d'])) out[`${key}_90d`] = value;
    answer.metrics.set(postedId, out);
  }
  return answer;
}

/** `GET /v5/user_account`: followers, following, pins as posts, and monthly_views, board_count. */
export async function readPinterestAccountMetrics(client: PlatformJsonClient, apiUrl: string): Promise<MetricValues> {
  const { body } = await withScope(client.request<Counters | null>(`${apiUrl}/v5/user_account`), 'user_accounts:read scope');
  const out: MetricValues = {};
  for (const [key, value] of numbers(body ?? {})) {
    if (SHARED_ACCOUNT[key] || OWN_ACCOUNT.includes(key)) out[SHARED_ACCOUNT[key] ?? key] = value;
  }
  return out;
}

function numbers(counters: Counters | null | undefined): Array<[string, number]> {
  return Object.entries(counters ?? {}).filter((e): e is [string, number] => typeof e[1] === 'number' && Number.isFinite(e[1]));
}

/** Pinterest's refusal of a token without a scope (401 code 3) or of a resource (403): what to grant, named. */
async function withScope<T>(call: Promise<T>, scopes: string): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (!(err instanceof PlatformError) || categorizeError({ code: err.code, category: err.options.category }) !== 'permission_missing') throw err;
    const said = err.options.platformError ? ` (Pinterest said: ${err.options.platformError})` : '';
    throw new PlatformError(
      err.code,
      `Pinterest needs the ${scopes} to read metrics; reconnect the account and grant ${scopes.includes(' and ') ? 'them' : 'it'}${said}`,
      err.options,
    );
  }
}
