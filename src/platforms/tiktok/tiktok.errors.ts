import { PlatformError } from '../platform-adapter';
import type { ErrorCategory } from '../error-category';
import { platformFailure, resetHeaderMs } from '../adapter-kit';

/** TikTok answers `{data, error:{code, message, log_id}}`; `code === 'ok'` on success. */
export interface TikTokEnvelope<T> {
  data?: T;
  error?: { code?: string; message?: string; log_id?: string };
}

const AUTH_CODES = new Set(['access_token_invalid', 'scope_not_authorized', 'scope_permission_missed', 'token_not_authorized_for_specified_user']);
const RATE_CODES = new Set(['rate_limit_exceeded', 'spam_risk_too_many_posts', 'spam_risk_too_many_pending_share', 'spam_risk_user_banned_from_posting']);
/** TikTok's publishing windows are per minute (init 6/min, status 30/min); wait one when it does not say. */
const DEFAULT_RATE_WAIT_MS = 60_000;

/**
 * Where TikTok's code tells more than ours: a scope the user did not grant; the account or our
 * app cannot post this way (banned account, an unaudited client posting publicly); the daily cap
 * of users an unaudited client may post for.
 */
const CATEGORY_OF_CODE: Record<string, ErrorCategory> = {
  scope_not_authorized: 'permission_missing',
  scope_permission_missed: 'permission_missing',
  spam_risk_user_banned_from_posting: 'configuration',
  unaudited_client_can_only_post_to_private_accounts: 'configuration',
  reached_active_user_cap: 'rate_limited',
};

/** status/fetch `fail_reason`s about the video file itself (format, duration, frame rate, size, download). */
const MEDIA_FAIL_REASONS = new Set([
  'file_format_check_failed',
  'duration_check_failed',
  'frame_rate_check_failed',
  'picture_size_check_failed',
  'video_pull_failed',
]);

/** The category of a FAILED publish, from its `fail_reason`; none leaves it to the code (refused content). */
export function tiktokFailReasonCategory(reason: string | undefined): ErrorCategory | undefined {
  if (!reason) return undefined;
  if (MEDIA_FAIL_REASONS.has(reason)) return 'media_rejected';
  if (reason === 'spam_risk_too_many_posts') return 'rate_limited';
  return CATEGORY_OF_CODE[reason];
}

export function classifyTikTokError(status: number, headers: Headers, body: TikTokEnvelope<unknown> | null): PlatformError {
  const code = body?.error?.code ?? '';
  const platformError = [code, body?.error?.message].filter(Boolean).join(': ') || null;
  const category = CATEGORY_OF_CODE[code];
  if (code === 'spam_risk_user_banned_from_posting') {
    return new PlatformError('PLATFORM_VALIDATION_ERROR', `TikTok does not allow this account to post right now: ${platformError}`, {
      retryable: false,
      httpStatus: status,
      platformError,
      category,
    });
  }
  const rateLimited = RATE_CODES.has(code) || status === 429;
  const err = platformFailure({
    platform: 'TikTok',
    status,
    platformError,
    authExpired: AUTH_CODES.has(code),
    rateLimited,
    retryAfterMs: rateLimited ? (resetHeaderMs(headers) ?? DEFAULT_RATE_WAIT_MS) : undefined,
  });
  return category ? new PlatformError(err.code, err.message, { ...err.options, category }) : err;
}
