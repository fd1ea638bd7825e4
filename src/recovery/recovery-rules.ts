import { ApiError } from '../common/api-error';
import { idPartOf } from '../connections/platform-id';
import type { PlatformPostRecord } from '../posts/schemas/platform-post.schema';
import { RecoveryMessages as M } from './recovery.errors';

/** The longest `platformIds` list a retry or unpublish takes (a group has at most this many posts). */
export const MAX_RECOVERY_TARGETS = 50;

/** What a retry or unpublish asks for, once checked. */
export interface RecoveryRequest {
  /** Compound (`twitter-123`) or bare (`123`, as get-post shows) ids; absent: every eligible post. */
  platformIds?: string[];
  force: boolean;
}

/** The body of retry-post / unpublish-post (any transport): 400 with a clear message, else the request. */
export function parseRecoveryRequest(body: unknown, options: { force: boolean }): RecoveryRequest {
  const source = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const { platformIds, force } = source;
  let ids: string[] | undefined;
  if (platformIds !== undefined && platformIds !== null) {
    if (
      !Array.isArray(platformIds) ||
      !platformIds.length ||
      platformIds.length > MAX_RECOVERY_TARGETS ||
      !platformIds.every((id) => typeof id === 'string' && id.trim() !== '' && id.length <= 200)
    )
      throw ApiError.badRequest(M.platformIdsInvalid);
    ids = [...new Set(platformIds as string[])];
  }
  if (options.force && force !== undefined && force !== null && typeof force !== 'boolean') throw ApiError.badRequest(M.forceInvalid);
  return { ...(ids ? { platformIds: ids } : {}), force: options.force && force === true };
}

/** The group's posts that `ids` name (compound or bare id), in the group's order; 400 for an id the group has not. */
function named(posts: PlatformPostRecord[], ids: string[]): PlatformPostRecord[] {
  for (const id of ids) {
    if (!posts.some((p) => p.platformId === id || idPartOf(p.platformId) === id)) throw ApiError.badRequest(M.notInGroup(id));
  }
  return posts.filter((p) => ids.some((id) => p.platformId === id || idPartOf(p.platformId) === id));
}

/** Whether the failure may have reached the platform (retrying may publish twice). */
export function outcomeWasUnknown(post: Pick<PlatformPostRecord, 'error'>): boolean {
  return post.error?.code === 'PUBLISH_OUTCOME_UNKNOWN' || post.error?.category === 'outcome_unknown';
}

/**
 * The platform posts a retry puts back, each with whether it is forced: only failed ones (a
 * published post is never retried), and one whose outcome is unknown only with `force`.
 */
export function selectRetryTargets(posts: PlatformPostRecord[], request: RecoveryRequest): Array<{ post: PlatformPostRecord; forced: boolean }> {
  const chosen = request.platformIds ? named(posts, request.platformIds) : posts.filter((p) => p.status === 'failed');
  if (!chosen.length) throw ApiError.badRequest(M.nothingToRetry);
  for (const post of chosen) {
    if (post.status !== 'failed') throw ApiError.badRequest(M.notRetryable(post.platformId, post.status));
  }
  for (const post of chosen) {
    if (outcomeWasUnknown(post) && !request.force) throw ApiError.conflict(M.outcomeUnknown(post.platformId));
  }
  return chosen.map((post) => ({ post, forced: outcomeWasUnknown(post) }));
}

/** The published platform posts an unpublish deletes. */
export function selectUnpublishTargets(posts: PlatformPostRecord[], request: RecoveryRequest): PlatformPostRecord[] {
  const chosen = request.platformIds ? named(posts, request.platformIds) : posts.filter((p) => p.status === 'published');
  if (!chosen.length) throw ApiError.badRequest(M.nothingToUnpublish);
  for (const post of chosen) {
    if (post.status !== 'published') throw ApiError.badRequest(M.notUnpublishable(post.platformId, post.status));
  }
  return chosen;
}

/** Every id a published post has on its platform: a reply chain's parts, else its one id. */
export function postedIdsOf(post: Pick<PlatformPostRecord, 'postedId' | 'threadParts'>): string[] {
  const parts = (post.threadParts ?? []).map((t) => t.postedId).filter((id): id is string => !!id);
  if (parts.length) return parts;
  return post.postedId ? [post.postedId] : [];
}
