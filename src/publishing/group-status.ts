import type { PlatformPostStatus, PostGroupStatus } from '@app/rules';

/** What the rollup needs of one platform post. */
export interface RollupInput {
  status: PlatformPostStatus;
  /** A failed reply chain whose first parts are live (counts as partly published). */
  partiallyLive?: boolean;
}

/**
 * The group status once the engine is done with every platform post (reference notes, "Scheduler
 * rollup"): `published` when all were published, `failed` when all failed (and nothing of them
 * is live), `partially_published` for any mix. Null while a platform post is still open
 * (scheduled, pending or processing): the group is not finished yet.
 */
export function deriveGroupStatus(posts: RollupInput[]): PostGroupStatus | null {
  if (!posts.length) return null;
  // An unpublished post went out: for the group it counts as published.
  const outcomes = posts.map((p) => (p.status === 'unpublished' ? { ...p, status: 'published' as const } : p));
  if (outcomes.some((p) => p.status !== 'published' && p.status !== 'failed')) return null;
  if (outcomes.every((p) => p.status === 'published')) return 'published';
  if (outcomes.every((p) => p.status === 'failed' && !p.partiallyLive)) return 'failed';
  return 'partially_published';
}
