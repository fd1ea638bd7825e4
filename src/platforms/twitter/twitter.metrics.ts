import { PlatformError, type MetricValues, type PostMetricsAnswer, type PostMetricsRequest } from '../platform-adapter';
import { categorizeError } from '../error-category';
import type { TwitterClient } from './twitter.client';
import { TWEET_NOT_FOUND } from './twitter.errors';

/** `GET /2/tweets?ids=` takes at most 100 ids. */
export const TWITTER_METRICS_BATCH = 100;

/**
 * Non-public and organic metrics exist only for the user's own posts younger than 30 days; an
 * hour's margin keeps a post on the edge (our clock, X's clock) out of a request X would refuse.
 */
const PRIVATE_METRICS_MAX_AGE_MS = 30 * 24 * 3600_000 - 3600_000;

/** X's problem type when a field (non_public_metrics) may not be read for a post. */
const FIELD_NOT_AUTHORIZED = 'https://api.twitter.com/2/problems/not-authorized-for-field';

/** public_metrics counters that are one of the shared names; the rest keep X's names. */
const SHARED_PUBLIC: Record<string, string> = {
  like_count: 'likes',
  // X's docs say retweet_count, its OpenAPI spec repost_count.
  retweet_count: 'reposts',
  repost_count: 'reposts',
  reply_count: 'replies',
  impression_count: 'impressions',
};
const SHARED_ACCOUNT: Record<string, string> = {
  followers_count: 'followers',
  following_count: 'following',
  tweet_count: 'posts',
  post_count: 'posts',
};

type Counters = Record<string, unknown>;

interface TweetMetrics {
  id: string;
  public_metrics?: Counters;
  non_public_metrics?: Counters;
  organic_metrics?: Counters;
  attachments?: { media_keys?: string[] };
}

interface TweetProblem {
  value?: string;
  resource_id?: string;
  parameter?: string;
  detail?: string;
  title?: string;
  type?: string;
}

interface TweetsAnswer {
  data?: TweetMetrics[];
  includes?: { media?: Array<{ media_key?: string; public_metrics?: Counters }> };
  errors?: TweetProblem[];
}

interface MeAnswer {
  data?: { public_metrics?: Counters };
}

const SCOPES_MESSAGE = 'X needs the tweet.read and users.read scopes to read metrics; reconnect the account and grant them';

/**
 * Counters of up to 100 posts per `GET /2/tweets`. Posts younger than 30 days also ask for the
 * private counters; a post X will not show them for (an older post after all) is asked again
 * with public_metrics only, so it never lands in `missing` for that. Ids X does not return are in
 * `missing`, with X's reason where it gave one.
 */
export async function readTweetMetrics(client: TwitterClient, posts: PostMetricsRequest[], now = Date.now()): Promise<PostMetricsAnswer> {
  const answer: PostMetricsAnswer = { metrics: new Map(), missing: new Map() };
  const young = (p: PostMetricsRequest) => !!p.publishedAt && now - p.publishedAt.getTime() < PRIVATE_METRICS_MAX_AGE_MS;
  const ids = (list: PostMetricsRequest[]) => [...new Set(list.map((p) => p.postedId))];
  const privateIds = ids(posts.filter(young));
  const publicIds = ids(posts.filter((p) => !young(p))).filter((id) => !privateIds.includes(id));

  const refused: string[] = [];
  for (const chunk of chunks(privateIds, TWITTER_METRICS_BATCH)) refused.push(...(await lookup(client, chunk, true, answer)));
  for (const chunk of chunks([...publicIds, ...refused], TWITTER_METRICS_BATCH)) await lookup(client, chunk, false, answer);
  return answer;
}

/** One `GET /2/tweets`; returns the ids whose private fields X refused (to ask again without them). */
async function lookup(client: TwitterClient, ids: string[], withPrivate: boolean, into: PostMetricsAnswer): Promise<string[]> {
  const query = new URLSearchParams({
    ids: ids.join(','),
    'tweet.fields': withPrivate ? 'public_metrics,non_public_metrics,organic_metrics' : 'public_metrics',
    // Video views are on the attached media, not on the post.
    expansions: 'attachments.media_keys',
    'media.fields': 'public_metrics',
  });
  const body = await asPermissionError(client.request<TweetsAnswer>(`${client.apiUrl}/2/tweets?${query}`));
  const views = new Map<string, number>();
  for (const m of body.includes?.media ?? []) {
    const count = m.public_metrics?.view_count;
    if (m.media_key && typeof count === 'number') views.set(m.media_key, count);
  }
  for (const tweet of body.data ?? []) into.metrics.set(tweet.id, tweetValues(tweet, views));

  const refused: string[] = [];
  const problems = new Map<string, TweetProblem>();
  for (const p of body.errors ?? []) {
    const id = p.resource_id ?? p.value;
    if (id) problems.set(id, p);
  }
  for (const id of ids) {
    if (into.metrics.has(id)) continue;
    const problem = problems.get(id);
    if (withPrivate && problem?.type === FIELD_NOT_AUTHORIZED) refused.push(id);
    else into.missing.set(id, missingReason(problem));
  }
  return refused;
}

function missingReason(problem: TweetProblem | undefined): string {
  if (!problem) return 'not in X’s answer';
  if (problem.type === TWEET_NOT_FOUND) return 'deleted or not found on X';
  return `X does not show it: ${problem.detail ?? problem.title ?? 'no reason given'}`;
}

function tweetValues(tweet: TweetMetrics, views: Map<string, number>): MetricValues {
  const out: MetricValues = {};
  for (const [key, value] of numbers(tweet.public_metrics)) out[SHARED_PUBLIC[key] ?? key] = value;
  for (const [key, value] of numbers(tweet.non_public_metrics)) {
    // The private impression_count is the same counter as the public one, when both come.
    if (key === 'impression_count') out.impressions ??= value;
    else out[key] = value;
  }
  for (const [key, value] of numbers(tweet.organic_metrics)) out[`organic_${key}`] = value;
  const videoViews = (tweet.attachments?.media_keys ?? []).map((k) => views.get(k)).filter((v): v is number => v !== undefined);
  if (videoViews.length > 0) out.views = videoViews.reduce((a, b) => a + b, 0);
  return out;
}

/** `GET /2/users/me?user.fields=public_metrics`: followers, following, posts and X's other counters. */
export async function readTwitterAccountMetrics(client: TwitterClient): Promise<MetricValues> {
  const me = await asPermissionError(client.request<MeAnswer>(`${client.apiUrl}/2/users/me?user.fields=public_metrics`));
  const out: MetricValues = {};
  for (const [key, value] of numbers(me.data?.public_metrics)) out[SHARED_ACCOUNT[key] ?? key] = value;
  return out;
}

/**
 * X answers a token without the scopes a read needs with a bare 403 "Forbidden": on a read, that
 * is a permission to grant, named in the message. The app's own setup (configuration) stays as it is.
 */
async function asPermissionError<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (!(err instanceof PlatformError)) throw err;
    const category = categorizeError({ code: err.code, category: err.options.category });
    const forbidden = err.httpStatus === 403 && !err.options.category;
    if (!forbidden && category !== 'permission_missing') throw err;
    const said = err.options.platformError ? ` (X said: ${err.options.platformError})` : '';
    throw new PlatformError(err.code, `${SCOPES_MESSAGE}${said}`, { ...err.options, category: 'permission_missing' });
  }
}

function numbers(counters: Counters | undefined): Array<[string, number]> {
  return Object.entries(counters ?? {}).filter((e): e is [string, number] => typeof e[1] === 'number' && Number.isFinite(e[1]));
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
