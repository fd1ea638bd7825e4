import { PlatformError, type MetricValues, type PostMetricsAnswer, type PostMetricsRequest } from '../platform-adapter';
import { categorizeError } from '../error-category';
import type { MastodonClient } from './mastodon.client';

/** `GET /api/v1/statuses?id[]=` (4.3+) refuses more than the server's DEFAULT_STATUSES_LIMIT, 20, with a 422. */
export const MASTODON_METRICS_BATCH = 20;

const SHARED_STATUS: Record<string, string> = { favourites_count: 'likes', reblogs_count: 'reposts', replies_count: 'replies' };
/** quotes_count comes from 4.5 on; absent before. */
const OWN_STATUS = ['quotes_count'];
const SHARED_ACCOUNT: Record<string, string> = { followers_count: 'followers', following_count: 'following', statuses_count: 'posts' };

type Entity = Record<string, unknown> & { id?: string };

const GONE = 'not found on the instance (deleted, or no longer visible)';

/**
 * The counters of each status: 20 per `GET /api/v1/statuses?id[]=…`, which leaves out a status
 * it does not have. An instance before 4.3 has no such route (404): there each status is read on
 * its own, `GET /api/v1/statuses/:id`, a 404 meaning it is gone.
 */
export async function readMastodonPostMetrics(client: MastodonClient, posts: PostMetricsRequest[]): Promise<PostMetricsAnswer> {
  const answer: PostMetricsAnswer = { metrics: new Map(), missing: new Map() };
  const ids = [...new Set(posts.map((p) => p.postedId))];
  for (let i = 0; i < ids.length; i += MASTODON_METRICS_BATCH) {
    const chunk = ids.slice(i, i + MASTODON_METRICS_BATCH);
    const query = new URLSearchParams(chunk.map((id): [string, string] => ['id[]', id]));
    const batch = await withScope(client.call<Entity[] | null>('GET', `/api/v1/statuses?${query}`, { accept: (status) => status === 404 }), 'read:statuses');
    if (batch.status === 404) {
      for (const id of chunk) await readOne(client, id, answer);
      continue;
    }
    const found = new Map((batch.body ?? []).map((s) => [String(s.id), s]));
    for (const id of chunk) {
      const status = found.get(id);
      if (status) answer.metrics.set(id, counters(status, SHARED_STATUS, OWN_STATUS));
      else answer.missing.set(id, GONE);
    }
  }
  return answer;
}

async function readOne(client: MastodonClient, id: string, into: PostMetricsAnswer): Promise<void> {
  const res = await withScope(
    client.call<Entity>('GET', `/api/v1/statuses/${encodeURIComponent(id)}`, { accept: (status) => status === 404 }),
    'read:statuses',
  );
  if (res.status === 404) into.missing.set(id, GONE);
  else into.metrics.set(id, counters(res.body, SHARED_STATUS, OWN_STATUS));
}

/** `GET /api/v1/accounts/verify_credentials`: followers, following, posts. */
export async function readMastodonAccountMetrics(client: MastodonClient): Promise<MetricValues> {
  const { body } = await withScope(client.call<Entity>('GET', '/api/v1/accounts/verify_credentials'), 'read:accounts');
  return counters(body ?? {}, SHARED_ACCOUNT, []);
}

function counters(entity: Entity, shared: Record<string, string>, own: string[]): MetricValues {
  const out: MetricValues = {};
  for (const key of [...Object.keys(shared), ...own]) {
    const value = entity[key];
    if (typeof value === 'number' && Number.isFinite(value)) out[shared[key] ?? key] = value;
  }
  return out;
}

/** A token granted without the scope a read needs (Doorkeeper's 403): the scope to grant, named. */
async function withScope<T>(call: Promise<T>, scope: string): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (!(err instanceof PlatformError) || categorizeError({ code: err.code, category: err.options.category }) !== 'permission_missing') throw err;
    const said = err.options.platformError ? ` (Mastodon said: ${err.options.platformError})` : '';
    throw new PlatformError(err.code, `Mastodon needs the ${scope} scope to read metrics; reconnect the account and grant it${said}`, err.options);
  }
}
