import { Types } from 'mongoose';
import type { ListSortKey, ListSortOrder } from './list-posts.query';

/** Where an export stopped: the sort value and id of the last group it sent. */
export interface ExportCursor {
  /** The sort field's value; null for a group without it (a draft has no scheduledTime). */
  value: Date | null;
  id: Types.ObjectId;
}

/**
 * The filter for the groups after `cursor` in list-posts' order (`sortBy`, then `_id`, both in
 * `sortOrder`): keyset paging, so a long export neither skips nor repeats a group when others are
 * created or deleted meanwhile, and each batch costs the same however deep it is. A missing value
 * sorts first ascending and last descending, as MongoDB sorts it.
 */
export function groupsAfter(sortBy: ListSortKey, sortOrder: ListSortOrder, cursor: ExportCursor): Record<string, unknown> {
  const asc = sortOrder === 'asc';
  const beyond = asc ? '$gt' : '$lt';
  const sameValueLaterId = { [sortBy]: cursor.value, _id: { [beyond]: cursor.id } };
  if (cursor.value === null) {
    // Ascending: the other groups without a value, then every group with one; descending: only
    // the other groups without a value are left.
    return asc ? { $or: [sameValueLaterId, { [sortBy]: { $ne: null } }] } : sameValueLaterId;
  }
  const laterValue = { [sortBy]: { [beyond]: cursor.value } };
  return asc ? { $or: [laterValue, sameValueLaterId] } : { $or: [laterValue, sameValueLaterId, { [sortBy]: null }] };
}

/** The cursor after this group. */
export function cursorOf(sortBy: ListSortKey, group: { _id: Types.ObjectId } & Partial<Record<ListSortKey, Date | null>>): ExportCursor {
  return { value: group[sortBy] ?? null, id: group._id };
}
