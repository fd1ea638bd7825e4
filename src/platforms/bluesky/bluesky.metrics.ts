import { PlatformError, type MetricValues, type PostMetricsAnswer, type PostMetricsRequest } from '../platform-adapter';
import { categorizeError } from '../error-category';
import type { BlueskySession } from './bluesky.session';

/** `app.bsky.feed.getPosts` takes at most 25 URIs. */
export const BLUESKY_METRICS_BATCH = 25;

/** Post view counters that are one of the shared names; the rest (quoteCount, bookmarkCount) keep Bluesky's. */
const SHARED_POST: Record<string, string> = { likeCount: 'likes', repostCount: 'reposts', replyCount: 'replies' };
const SHARED_PROFILE: Record<string, string> = { followersCount: 'followers', followsCount: 'following', postsCount: 'posts' };
const PROFILE_COUNTERS = Object.keys(SHARED_PROFILE);

type View = Record<string, unknown> & { uri?: string };

/**
 * The counters of each post, 25 at-URIs per `app.bsky.feed.getPosts` through the account's PDS
 * (it hands the call to the AppView). `postedId` is the post's at:// URI, a reply target's
 * `uri|cid` too. The AppView leaves out a post it does not have (deleted, taken down): missing.
 */
export async function readBlueskyPostMetrics(session: BlueskySession, posts: PostMetricsRequest[]): Promise<PostMetricsAnswer> {
  const answer: PostMetricsAnswer = { metrics: new Map(), missing: new Map() };
  const byUri = new Map<string, string[]>();
  for (const { postedId } of posts) {
    const uri = postedId.split('|')[0];
    byUri.set(uri, [...new Set([...(byUri.get(uri) ?? []), postedId])]);
  }
  const uris = [...byUri.keys()];
  for (let i = 0; i < uris.length; i += BLUESKY_METRICS_BATCH) {
    const chunk = uris.slice(i, i + BLUESKY_METRICS_BATCH);
    const body = await withPermission(
      session.call<{ posts?: View[] }>('app.bsky.feed.getPosts', { method: 'GET', query: { uris: chunk } }),
      'app.bsky.feed.getPosts',
    );
    const views = new Map((body?.posts ?? []).filter((v) => typeof v.uri === 'string').map((v) => [v.uri!, v]));
    for (const uri of chunk) {
      const view = views.get(uri);
      for (const postedId of byUri.get(uri)!) {
        if (view)
          answer.metrics.set(
            postedId,
            counters(view, SHARED_POST, (key) => key.endsWith('Count')),
          );
        else answer.missing.set(postedId, 'not found on Bluesky (deleted, or hidden by the AppView)');
      }
    }
  }
  return answer;
}

/** `app.bsky.actor.getProfile` of the account's DID: followers, following, posts. */
export async function readBlueskyAccountMetrics(session: BlueskySession): Promise<MetricValues> {
  const profile = await withPermission(
    session.call<View>('app.bsky.actor.getProfile', { method: 'GET', query: { actor: session.did } }),
    'app.bsky.actor.getProfile',
  );
  return counters(profile ?? {}, SHARED_PROFILE, (key) => PROFILE_COUNTERS.includes(key));
}

/** The numeric counters of a view: shared names where they are one, else Bluesky's own. */
function counters(view: View, shared: Record<string, string>, isCounter: (key: string) => boolean): MetricValues {
  const out: MetricValues = {};
  for (const [key, value] of Object.entries(view)) {
    if (isCounter(key) && typeof value === 'number' && Number.isFinite(value)) out[shared[key] ?? key] = value;
  }
  return out;
}

/**
 * An OAuth session whose scopes do not cover the call is refused with 403 (ScopeMissingError):
 * a permission to grant, named in the message.
 */
async function withPermission<T>(call: Promise<T>, nsid: string): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (!(err instanceof PlatformError)) throw err;
    if (err.httpStatus !== 403 && categorizeError({ code: err.code, category: err.options.category }) !== 'permission_missing') throw err;
    const said = err.options.platformError ? ` (Bluesky said: ${err.options.platformError})` : '';
    throw new PlatformError(err.code, `Bluesky needs the rpc:${nsid} permission to read metrics; reconnect the account and grant it${said}`, {
      ...err.options,
      category: 'permission_missing',
    });
  }
}
