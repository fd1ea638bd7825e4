import type { UnpublishTarget } from '../platform-adapter';

/**
 * The ids to delete for one published post, last part first: a reply hangs off its parent, so
 * deleting the head first would leave the later parts orphaned, still live. `postedId` is the
 * head; it is added when `partIds` does not name it. Duplicates are dropped.
 */
export function unpublishOrder(target: UnpublishTarget): string[] {
  const parts = target.partIds?.length ? target.partIds : [];
  const ids = parts.includes(target.postedId) ? parts : [target.postedId, ...parts];
  return [...new Set(ids.filter((id) => id))].reverse();
}
