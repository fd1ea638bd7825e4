import { PLATFORM_NAMES } from '@app/rules';
import type { PostGroupStatus } from '@app/rules';

export const LIST_SORT_KEYS = ['createdAt', 'updatedAt', 'scheduledTime'] as const;
export type ListSortKey = (typeof LIST_SORT_KEYS)[number];
export const DEFAULT_SORT_KEY: ListSortKey = 'createdAt';
export const LIST_SORT_ORDERS = ['asc', 'desc'] as const;
export type ListSortOrder = (typeof LIST_SORT_ORDERS)[number];
export const DEFAULT_LIST_LIMIT = 20;
export const MAX_LIST_LIMIT = 100;
/**
 * The most documents a page may skip. page itself is unbounded (the spec: it never errors), but
 * MongoDB refuses a skip it cannot hold as a 64-bit integer (`page=1e20` would be a 500); past any
 * real collection the page is empty either way.
 */
export const MAX_LIST_SKIP = Number.MAX_SAFE_INTEGER;

/** A checked list-posts query (ListPostsQueryDto's clamps, defaults and errors applied). */
export interface ListPostsParams {
  page: number;
  limit: number;
  status?: PostGroupStatus;
  sortBy: ListSortKey;
  sortOrder: ListSortOrder;
  fromDate?: Date;
  toDate?: Date;
  /** A bare platform name, lower-cased. */
  platform?: string;
}

export interface ListPostsQuery {
  page: number;
  limit: number;
  skip: number;
  /** Mongo filter without the user scope (the repository adds it). */
  filter: Record<string, unknown>;
  sort: Record<string, 1 | -1>;
  /** True when the filter can match nothing (unknown platform): skip the database. */
  matchesNothing: boolean;
}

/** A repeated query parameter arrives as an array: the first value counts. */
function single(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

/** page: below 1 (or not a number) → 1. */
export function clampPage(raw: unknown): number {
  const n = Math.floor(Number(single(raw)));
  return Number.isFinite(n) && n >= 1 ? n : 1;
}

/** limit: falsy (0, NaN, empty) → 20, else clamped to 1..100. */
export function clampLimit(raw: unknown): number {
  const n = Number(single(raw));
  if (!n) return DEFAULT_LIST_LIMIT; // 0, NaN, empty string, absent
  return Math.min(MAX_LIST_LIMIT, Math.max(1, Math.floor(n)));
}

/**
 * A checked list-posts query as a Mongo filter, sort and page, given the platforms there are.
 * Pure: no database, no clock.
 */
export function buildListPostsQuery(query: ListPostsParams, platforms: readonly string[] = PLATFORM_NAMES): ListPostsQuery {
  const { page, limit } = query;
  const filter: Record<string, unknown> = {};
  if (query.status) filter.status = query.status;
  if (query.fromDate || query.toDate) {
    // A range on scheduledTime never matches a draft without one (the field is absent).
    filter.scheduledTime = { ...(query.fromDate ? { $gte: query.fromDate } : {}), ...(query.toDate ? { $lte: query.toDate } : {}) };
  }
  // A case-insensitive prefix of `<platform>-<id>` that is a bare platform name is exactly the
  // platform: compare names. Unknown names and full compound ids match nothing.
  let matchesNothing = false;
  if (query.platform !== undefined) {
    if (platforms.includes(query.platform)) filter.platforms = query.platform;
    else matchesNothing = true;
  }
  const direction = query.sortOrder === 'asc' ? 1 : -1;
  return {
    page,
    limit,
    skip: Math.min((page - 1) * limit, MAX_LIST_SKIP),
    filter,
    sort: { [query.sortBy]: direction, _id: direction },
    matchesNothing,
  };
}

export interface Pagination {
  page: number;
  limit: number;
  totalItems: number;
  totalPages: number;
  hasNextPage: boolean;
  hasPrevPage: boolean;
}

export function paginate(page: number, limit: number, totalItems: number): Pagination {
  const totalPages = Math.ceil(totalItems / limit);
  return { page, limit, totalItems, totalPages, hasNextPage: page < totalPages, hasPrevPage: page > 1 };
}
