import type { SortOrder } from 'mongoose';
import { ApiError } from '../common/api-error';
import { PLATFORM_NAMES } from '../platforms/platform-adapter';
import { POST_GROUP_STATUSES, type PostGroupStatus } from './post-status';
import { PostMessages } from './posts.errors';

export const LIST_SORT_KEYS = ['createdAt', 'updatedAt', 'scheduledTime'] as const;
export type ListSortKey = (typeof LIST_SORT_KEYS)[number];
export const DEFAULT_LIST_LIMIT = 20;
export const MAX_LIST_LIMIT = 100;

/** The raw query string values of list-posts (anything a client may send). */
export interface ListPostsParams {
  page?: unknown;
  limit?: unknown;
  status?: unknown;
  platform?: unknown;
  sortBy?: unknown;
  sortOrder?: unknown;
  fromDate?: unknown;
  toDate?: unknown;
}

export interface ListPostsQuery {
  page: number;
  limit: number;
  skip: number;
  /** Mongo filter without the user scope (the repository adds it). */
  filter: Record<string, unknown>;
  sort: Record<string, SortOrder>;
  /** True when the filter can match nothing (unknown platform): skip the database. */
  matchesNothing: boolean;
}

/** A repeated query parameter arrives as an array: the first value counts. */
function single(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

function present(value: unknown): value is string | number {
  return value !== undefined && value !== null && value !== '';
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

function parseDateBound(raw: unknown, message: string): Date | undefined {
  const value = single(raw);
  if (!present(value)) return undefined;
  const date = new Date(String(value));
  if (Number.isNaN(date.getTime())) throw ApiError.badRequest(message);
  return date;
}

/**
 * Turns list-posts query parameters into a filter, sort and page, with every clamp, default and
 * error of the spec. Pure: no database, no clock.
 */
export function buildListPostsQuery(params: ListPostsParams): ListPostsQuery {
  const page = clampPage(params.page);
  const limit = clampLimit(params.limit);
  const filter: Record<string, unknown> = {};
  let matchesNothing = false;

  const status = single(params.status);
  if (present(status)) {
    if (typeof status !== 'string' || !(POST_GROUP_STATUSES as readonly string[]).includes(status)) {
      throw ApiError.badRequest(PostMessages.invalidStatus(POST_GROUP_STATUSES));
    }
    filter.status = status as PostGroupStatus;
  }

  const sortByRaw = single(params.sortBy);
  let sortBy: ListSortKey = 'createdAt';
  if (present(sortByRaw)) {
    if (typeof sortByRaw !== 'string' || !(LIST_SORT_KEYS as readonly string[]).includes(sortByRaw)) {
      throw ApiError.badRequest(PostMessages.invalidSortBy);
    }
    sortBy = sortByRaw as ListSortKey;
  }
  const direction: SortOrder = single(params.sortOrder) === 'asc' ? 1 : -1;

  const from = parseDateBound(params.fromDate, 'Invalid fromDate format');
  const to = parseDateBound(params.toDate, 'Invalid toDate format');
  if (from || to) {
    // A range on scheduledTime never matches a draft without one (the field is absent).
    filter.scheduledTime = { ...(from ? { $gte: from } : {}), ...(to ? { $lte: to } : {}) };
  }

  const platform = single(params.platform);
  if (present(platform)) {
    // A case-insensitive prefix of `<platform>-<id>` that is a bare platform name is exactly the
    // platform: compare names. Unknown names and full compound ids match nothing.
    const name = String(platform).toLowerCase();
    if ((PLATFORM_NAMES as readonly string[]).includes(name)) filter.platforms = name;
    else matchesNothing = true;
  }

  return {
    page,
    limit,
    skip: (page - 1) * limit,
    filter,
    sort: { [sortBy]: direction, _id: direction },
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
