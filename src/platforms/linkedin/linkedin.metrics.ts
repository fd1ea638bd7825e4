import { PlatformError, type MetricValues, type PostMetricsAnswer, type PostMetricsRequest } from '../platform-adapter';
import { postEntityParam, upstreamCount } from '../../analytics/analytics-results';
import type { LinkedInClient } from './linkedin.client';

/** memberCreatorPostAnalytics' queryTypes and the name each counter gets (the shared one where there is one). */
const POST_COUNTERS = [
  ['IMPRESSION', 'impressions'],
  ['MEMBERS_REACHED', 'membersReached'],
  ['RESHARE', 'reposts'],
  // LinkedIn counts every reaction (like, celebrate, …) as one number: what its like button shows.
  ['REACTION', 'likes'],
  ['COMMENT', 'replies'],
] as const;

export const POST_ANALYTICS_SCOPE = 'r_member_postAnalytics';
export const FOLLOWERS_SCOPE = 'r_member_profileAnalytics';

interface CountElements {
  elements?: Array<{ count?: unknown; memberFollowersCount?: unknown }>;
}

/**
 * Lifetime counters of member posts, one post at a time (LinkedIn reads one entity per call), one
 * call per queryType. A post LinkedIn says it does not have goes to `missing`; `-1` (LinkedIn's
 * "unavailable") and an empty answer leave the counter out.
 */
export async function linkedInPostMetrics(client: LinkedInClient, posts: PostMetricsRequest[]): Promise<PostMetricsAnswer> {
  const answer: PostMetricsAnswer = { metrics: new Map(), missing: new Map() };
  for (const { postedId } of posts) {
    const values: MetricValues = {};
    let gone = false;
    for (const [queryType, name] of POST_COUNTERS) {
      const params = ['q=entity', `entity=${postEntityParam(postedId)}`, `queryType=${queryType}`, 'aggregation=TOTAL'];
      const { status, body } = await client
        .request<CountElements>(`${client.restUrl}/memberCreatorPostAnalytics?${params.join('&')}`, {
          accept: (s, b) => s === 404 && namesPost(b, postedId),
        })
        .catch((err: unknown) => {
          throw withScope(err, POST_ANALYTICS_SCOPE, 'post metrics');
        });
      if (status === 404) {
        gone = true;
        break;
      }
      const count = singleCount(body?.elements, 'count');
      if (count !== null) values[name] = count;
    }
    if (gone) answer.missing.set(postedId, 'LinkedIn no longer has this post');
    else answer.metrics.set(postedId, values);
  }
  return answer;
}

/** `memberFollowersCount?q=me`: the member's follower total. */
export async function linkedInAccountMetrics(client: LinkedInClient): Promise<MetricValues> {
  const { body } = await client.request<CountElements>(`${client.restUrl}/memberFollowersCount?q=me`).catch((err: unknown) => {
    throw withScope(err, FOLLOWERS_SCOPE, 'follower counts');
  });
  const followers = singleCount(body?.elements, 'memberFollowersCount');
  return followers === null ? {} : { followers };
}

/**
 * A 404 is a deleted post only when LinkedIn's error names it: LinkedIn also answers 404 for a
 * resource the app's scopes do not open, which must not pass for a deleted post.
 */
function namesPost(body: unknown, postedId: string): boolean {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.includes(postedId);
}

/** The counters summed over the answer's elements (TOTAL gives one), or null when none or any is -1. */
function singleCount(elements: CountElements['elements'], field: 'count' | 'memberFollowersCount'): number | null {
  if (!Array.isArray(elements) || elements.length === 0) return null;
  let total = 0;
  for (const element of elements) {
    const value = upstreamCount(element[field]);
    if (value === null) return null;
    total += value;
  }
  return total;
}

/**
 * A refusal for a missing permission names the one to grant (the analytics scopes are granted by
 * LinkedIn to the app, then by the member at connect); a 404 without the post named is one too.
 */
function withScope(err: unknown, scope: string, what: string): unknown {
  if (!(err instanceof PlatformError)) return err;
  const permission = err.options.category === 'permission_missing' || (err.httpStatus === 404 && !!err.options.platformError);
  if (!permission) return err;
  return new PlatformError('PLATFORM_VALIDATION_ERROR', `LinkedIn needs the ${scope} permission to read ${what}: ${err.options.platformError ?? err.message}`, {
    ...err.options,
    retryable: false,
    category: 'permission_missing',
  });
}
