import { ApiError } from '../common/api-error';
import { OPTIONAL_PLATFORM_SETTINGS_DEFAULTS, PLATFORM_SETTINGS_DEFAULTS, type PostGroupStatus } from '@app/rules';
import { PostMessages } from './posts.errors';

/** create-post's platform id pattern: stricter than test-connection's (no colons, lowercase prefix). */
export const CREATE_PLATFORM_ID_PATTERN = /^[a-z]+-[a-zA-Z0-9_-]+$/;

/**
 * `YYYY-MM-DDTHH:mm:ss.sssZ`, the same without milliseconds, or either with a `+00:00` offset:
 * the accepted scheduledTime formats (spec, update-post).
 */
const SCHEDULED_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{3})?(Z|\+00:00)$/;

/** A scheduledTime value, or null when it is not in an accepted format (or not a real date). */
export function parseScheduledTime(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const m = SCHEDULED_TIME_PATTERN.exec(value);
  if (!m) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  // Reject dates JavaScript rolls over (2025-02-30 → 2025-03-02).
  const [, y, mo, d, h, mi, s] = m.map(Number);
  if (
    date.getUTCFullYear() !== y ||
    date.getUTCMonth() + 1 !== mo ||
    date.getUTCDate() !== d ||
    date.getUTCHours() !== h ||
    date.getUTCMinutes() !== mi ||
    date.getUTCSeconds() !== s
  ) {
    return null;
  }
  return date;
}

/** A time in the past silently becomes now (spec update-post rule 1; create-post likewise). */
export function notBefore(time: Date, now: Date): Date {
  return time.getTime() < now.getTime() ? new Date(now.getTime()) : time;
}

/** Defaults the API applies per platform (reference notes, create-post `platformSettings`; shared with the composer). */
export { PLATFORM_SETTINGS_DEFAULTS };

/**
 * platformSettings (already checked to be an object, or absent) merged field by field over the
 * defaults; only the tiktok, instagram, youtube and threads keys are kept (and telegram and
 * linkedin when given, over their own defaults), a non-object platform value is ignored.
 */
export function mergePlatformSettings(input: Record<string, unknown> | null | undefined): Record<string, Record<string, unknown>> {
  const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
  const merged: Record<string, Record<string, unknown>> = {};
  for (const [platform, defaults] of Object.entries(PLATFORM_SETTINGS_DEFAULTS)) {
    const given = input?.[platform];
    merged[platform] = { ...defaults, ...(isObject(given) ? given : {}) };
  }
  for (const [platform, defaults] of Object.entries(OPTIONAL_PLATFORM_SETTINGS_DEFAULTS)) {
    const given = input?.[platform];
    if (isObject(given)) merged[platform] = { ...defaults, ...given };
  }
  return merged;
}

export interface CreatePostInput {
  content: string;
  /** Compound ids, de-duplicated, in request order. */
  platformIds: string[];
  /** As given (not yet clamped to now); absent → draft. */
  scheduledTime?: Date;
  platformSettings: Record<string, Record<string, unknown>>;
  /** Text per account or platform (keys checked against platformIds); absent or empty: none. */
  contentOverrides?: Record<string, string>;
  /** The first comment, as given; absent: none. */
  firstComment?: string;
}

/**
 * The most characters (code points) a post's content may have: above every platform's own
 * maximum (Facebook's 63,206 is the largest), so it never refuses a post a platform would take,
 * and it bounds what every list page and publish attempt carries.
 */
export const MAX_CONTENT_LENGTH = 100_000;

/** A checked create-post body (CreatePostDto) as the service's input: ids de-duplicated, time parsed, settings merged. */
export function toCreatePostInput(body: {
  content: string;
  platforms: string[];
  scheduledTime?: string | null;
  platformSettings?: Record<string, unknown> | null;
  contentOverrides?: Record<string, string> | null;
  firstComment?: string | null;
}): CreatePostInput {
  const input: CreatePostInput = {
    content: body.content,
    platformIds: [...new Set(body.platforms)],
    scheduledTime: body.scheduledTime ? (parseScheduledTime(body.scheduledTime) ?? undefined) : undefined,
    platformSettings: mergePlatformSettings(body.platformSettings),
  };
  // Only when given, so a body without them is the input it always was.
  if (body.contentOverrides && Object.keys(body.contentOverrides).length) input.contentOverrides = { ...body.contentOverrides };
  if (typeof body.firstComment === 'string') input.firstComment = body.firstComment;
  return input;
}

export interface UpdatePostInput {
  status?: 'draft' | 'scheduled';
  scheduledTime?: Date;
}

/** A checked update-post body (UpdatePostDto) as the service's input; falsy values are absent. */
export function toUpdatePostInput(body: { status?: 'draft' | 'scheduled' | null; scheduledTime?: string | null }): UpdatePostInput {
  return {
    status: body.status || undefined,
    scheduledTime: body.scheduledTime ? (parseScheduledTime(body.scheduledTime) ?? undefined) : undefined,
  };
}

export interface UpdatePlan {
  status: 'draft' | 'scheduled';
  scheduledTime?: Date;
  statusChanged: boolean;
  /** The move needs the platform-availability and limit checks (a move to, or within, scheduled). */
  needsLimitCheck: boolean;
  message: string;
}

export const UPDATE_MESSAGES = {
  scheduled: 'Post scheduled successfully',
  rescheduled: 'Post rescheduled successfully',
  draft: 'Post moved to draft',
  timeUpdated: 'Scheduled time updated',
  unchanged: 'Post updated successfully',
} as const;

/**
 * The update-post state table: only draft and scheduled groups move; past times become now;
 * a move to scheduled takes the body's time, else the existing one, else now; a move to draft
 * keeps the existing time.
 */
export function planUpdate(group: { status: PostGroupStatus; scheduledTime?: Date | null }, input: UpdatePostInput, now: Date): UpdatePlan {
  if (group.status !== 'draft' && group.status !== 'scheduled') {
    throw ApiError.badRequest(PostMessages.notUpdatable(group.status));
  }
  const current = group.scheduledTime ?? undefined;
  const status = input.status ?? group.status;
  const statusChanged = status !== group.status;
  const bodyTime = input.scheduledTime ? notBefore(input.scheduledTime, now) : undefined;

  if (status === 'draft') {
    return {
      status,
      scheduledTime: bodyTime ?? current,
      statusChanged,
      needsLimitCheck: false,
      message: statusChanged ? UPDATE_MESSAGES.draft : bodyTime ? UPDATE_MESSAGES.timeUpdated : UPDATE_MESSAGES.unchanged,
    };
  }
  if (!statusChanged && !bodyTime) {
    // status=scheduled on a scheduled group: nothing moves.
    return { status, scheduledTime: current, statusChanged, needsLimitCheck: false, message: UPDATE_MESSAGES.unchanged };
  }
  const scheduledTime = bodyTime ?? notBefore(current ?? now, now);
  return {
    status,
    scheduledTime,
    statusChanged,
    needsLimitCheck: true,
    message: statusChanged ? UPDATE_MESSAGES.scheduled : UPDATE_MESSAGES.rescheduled,
  };
}
