import { PlatformError } from '../platform-adapter';
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

export function classifyTikTokError(status: number, headers: Headers, body: TikTokEnvelope<unknown> | null): PlatformError {
  const code = body?.error?.code ?? '';
  const platformError = [code, body?.error?.message].filter(Boolean).join(': ') || null;
  if (code === 'spam_risk_user_banned_from_posting') {
    return new PlatformError('PLATFORM_VALIDATION_ERROR', `TikTok does not allow this account to post right now: ${platformError}`, {
      retryable: false,
      httpStatus: status,
      platformError,
    });
  }
  const rateLimited = RATE_CODES.has(code) || status === 429;
  return platformFailure({
    platform: 'TikTok',
    status,
    platformError,
    authExpired: AUTH_CODES.has(code),
    rateLimited,
    retryAfterMs: rateLimited ? (resetHeaderMs(headers) ?? DEFAULT_RATE_WAIT_MS) : undefined,
  });
}
