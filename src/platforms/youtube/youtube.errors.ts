import { PlatformError } from '../platform-adapter';
import type { ErrorCategory } from '../error-category';
import { platformFailure, resetHeaderMs } from '../adapter-kit';

/** Google's error body: `{error:{code, message, status, errors:[{reason, domain, message}]}}`. */
export interface GoogleErrorBody {
  error?: { code?: number; message?: string; status?: string; errors?: Array<{ reason?: string; message?: string }> } | string;
  error_description?: string;
}

/** Daily quotas (API units, uploads) reset at midnight Pacific time. */
const DAILY_QUOTA_REASONS = new Set(['quotaExceeded', 'dailyLimitExceeded', 'uploadLimitExceeded']);
const SHORT_RATE_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded']);
const AUTH_REASONS = new Set(['authError', 'insufficientPermissions', 'forbidden']);
/** A token without the scope the call needs (a delete needs `youtube`, not only `youtube.upload`), or a video it may not touch. */
const PERMISSION_REASONS = new Set(['insufficientPermissions', 'forbidden']);
/** The upload's bytes refused: not a video type, or no media sent. */
const MEDIA_REASONS = new Set(['badContent', 'mediaBodyRequired']);
/** The Google account has no YouTube channel: nothing in the post fixes it. */
const NO_CHANNEL_REASON = 'youtubeSignupRequired';

function categoryOf(status: number, reason: string): ErrorCategory | undefined {
  if (reason === NO_CHANNEL_REASON) return 'configuration';
  if (status === 403 && PERMISSION_REASONS.has(reason)) return 'permission_missing';
  if (MEDIA_REASONS.has(reason)) return 'media_rejected';
  return undefined;
}

/** Milliseconds from `now` until the next midnight in America/Los_Angeles. */
export function msUntilPacificMidnight(now = new Date()): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Los_Angeles',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const elapsed = ((get('hour') * 60 + get('minute')) * 60 + get('second')) * 1000 + now.getMilliseconds();
  return 24 * 3600 * 1000 - elapsed;
}

export function classifyYouTubeError(status: number, headers: Headers, body: GoogleErrorBody | null, now = new Date()): PlatformError {
  const error = typeof body?.error === 'object' ? body.error : undefined;
  const reason = error?.errors?.[0]?.reason ?? '';
  const message = error?.message ?? (typeof body?.error === 'string' ? body.error : undefined);
  const platformError = [reason, message].filter(Boolean).join(': ') || null;
  if (DAILY_QUOTA_REASONS.has(reason)) {
    return platformFailure({
      platform: 'YouTube',
      status,
      platformError,
      code: 'RATE_LIMITED',
      retryAfterMs: resetHeaderMs(headers) ?? msUntilPacificMidnight(now),
    });
  }
  const err = platformFailure({
    platform: 'YouTube',
    status,
    platformError,
    // A 403 "forbidden" for a video the user cannot upload to is a permissions problem of the token.
    authExpired: status === 401 || (status === 403 && AUTH_REASONS.has(reason)),
    rateLimited: SHORT_RATE_REASONS.has(reason),
    retryAfterMs: resetHeaderMs(headers),
  });
  const category = categoryOf(status, reason);
  return category ? new PlatformError(err.code, err.message, { ...err.options, category }) : err;
}
