import { ApiError } from '../common/api-error';
import type { PostGroupStatus } from './post-status';
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

/** Defaults the API applies per platform (reference notes, create-post `platformSettings`). */
export const PLATFORM_SETTINGS_DEFAULTS: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  tiktok: {
    viewerSetting: 'PUBLIC_TO_EVERYONE',
    allowComments: true,
    allowDuet: false,
    allowStitch: false,
    commercialContent: false,
    brandOrganic: false,
    brandedContent: false,
  },
  instagram: { videoType: 'REELS' },
  youtube: { privacy: 'public', title: '' },
  threads: { replyControl: '' },
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * platformSettings (object or JSON string) merged field by field over the defaults; only the
 * tiktok, instagram, youtube and threads keys are kept, a non-object platform value is ignored.
 */
export function mergePlatformSettings(raw: unknown): Record<string, Record<string, unknown>> {
  let input: unknown = raw;
  if (typeof raw === 'string') {
    try {
      input = JSON.parse(raw);
    } catch {
      throw ApiError.badRequest(PostMessages.invalidPlatformSettingsJson);
    }
  }
  if (input === undefined || (input === null && typeof raw !== 'string')) input = {};
  if (!isPlainObject(input)) throw ApiError.badRequest(PostMessages.platformSettingsNotObject);
  const merged: Record<string, Record<string, unknown>> = {};
  for (const [platform, defaults] of Object.entries(PLATFORM_SETTINGS_DEFAULTS)) {
    const given = input[platform];
    merged[platform] = { ...defaults, ...(isPlainObject(given) ? given : {}) };
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
}

/**
 * The most characters (code points) a post's content may have: above every platform's own
 * maximum (Facebook's 63,206 is the largest), so it never refuses a post a platform would take,
 * and it bounds what every list page and publish attempt carries.
 */
export const MAX_CONTENT_LENGTH = 100_000;

const codePointLength = (text: string): number => {
  let n = 0;
  for (const _ of text) n++;
  return n;
};

/** create-post's content rule (also the dashboard's content edit): present, not blank, bounded. */
export function parseContent(content: unknown): string {
  if (typeof content !== 'string' || !content.trim()) throw ApiError.badRequest(PostMessages.contentRequired);
  if (content.length > MAX_CONTENT_LENGTH && codePointLength(content) > MAX_CONTENT_LENGTH) {
    throw ApiError.badRequest(PostMessages.contentTooLong(MAX_CONTENT_LENGTH));
  }
  return content;
}

/** create-post's platforms rule (also the dashboard's platform edit): compound ids, de-duplicated. */
export function parsePlatformIds(value: unknown): string[] {
  let platforms = value;
  if (platforms === undefined || platforms === null) throw ApiError.badRequest(PostMessages.platformsRequired);
  if (typeof platforms === 'string') {
    try {
      platforms = JSON.parse(platforms);
    } catch {
      throw ApiError.badRequest(PostMessages.invalidPlatformsJson);
    }
  }
  if (!Array.isArray(platforms)) throw ApiError.badRequest(PostMessages.platformsNotArray);
  if (!platforms.length) throw ApiError.badRequest(PostMessages.platformRequired);
  for (const id of platforms) {
    if (typeof id !== 'string' || !CREATE_PLATFORM_ID_PATTERN.test(id)) {
      throw ApiError.badRequest(PostMessages.invalidPlatformId(String(id)));
    }
  }
  return [...new Set(platforms as string[])];
}

/** Every presence and format check of create-post, in the order the messages are listed. */
export function parseCreatePost(body: Record<string, unknown>): CreatePostInput {
  const content = parseContent(body.content);
  const platformIds = parsePlatformIds(body.platforms);

  let scheduledTime: Date | undefined;
  const rawTime = body.scheduledTime;
  if (rawTime !== undefined && rawTime !== null && rawTime !== '') {
    const parsed = parseScheduledTime(rawTime);
    if (!parsed) throw ApiError.badRequest(PostMessages.invalidScheduledTime);
    scheduledTime = parsed;
  }

  return {
    content,
    platformIds,
    scheduledTime,
    platformSettings: mergePlatformSettings(body.platformSettings),
  };
}

export interface UpdatePostInput {
  status?: 'draft' | 'scheduled';
  scheduledTime?: Date;
}

/** update-post's body checks; empty string, null, 0 (any falsy value) count as absent. */
export function parseUpdatePost(body: Record<string, unknown>): UpdatePostInput {
  const { status, scheduledTime } = body;
  if (!status && !scheduledTime) throw ApiError.badRequest(PostMessages.statusOrTimeRequired);
  if (status && status !== 'draft' && status !== 'scheduled') {
    throw ApiError.badRequest("Status must be either 'draft' or 'scheduled'");
  }
  let time: Date | undefined;
  if (scheduledTime) {
    const parsed = parseScheduledTime(scheduledTime);
    if (!parsed) throw ApiError.badRequest(PostMessages.invalidScheduledTime);
    time = parsed;
  }
  return { status: status ? (status as 'draft' | 'scheduled') : undefined, scheduledTime: time };
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
