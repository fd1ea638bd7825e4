import { PlatformError, PlatformErrorCode } from '../platform-adapter';
import { retryAfterMs } from '../platform-http';

/** What a platform-specific classifier learned from one failed answer. */
export interface FailureSignals {
  /** Display name used in messages, e.g. `Mastodon`. */
  platform: string;
  status: number;
  /** The platform's own error text (body message / code), kept for logs. */
  platformError: string | null;
  /** The platform said the token is expired, revoked or otherwise unusable. */
  authExpired?: boolean;
  /** The platform said we are rate limited (even when the status is not 429). */
  rateLimited?: boolean;
  /** Wait before retrying, when the platform told us. */
  retryAfterMs?: number;
  /** Force a code for platform-specific cases (e.g. a daily quota that is not a 429). */
  code?: PlatformErrorCode;
}

/**
 * Turns the signals of a failed answer into the one PlatformError vocabulary every adapter uses.
 * Status decides unless the platform's own signal says more (Telegram 400 with retry_after,
 * YouTube 403 quotaExceeded, Bluesky 400 ExpiredToken).
 */
export function platformFailure(s: FailureSignals): PlatformError {
  const detail = s.platformError ? `: ${s.platformError}` : '';
  const base = { httpStatus: s.status, platformError: s.platformError };
  if (s.code) {
    return new PlatformError(s.code, `${s.platform} error (HTTP ${s.status})${detail}`, {
      ...base,
      retryable: s.code === 'RATE_LIMITED' || s.code === 'PLATFORM_SERVER_ERROR',
      retryAfterMs: s.retryAfterMs,
    });
  }
  if (s.authExpired || s.status === 401) {
    return new PlatformError('PLATFORM_AUTH_EXPIRED', `${s.platform} access token expired or revoked${detail}`, {
      ...base,
      retryable: false,
    });
  }
  if (s.rateLimited || s.status === 429) {
    return new PlatformError('RATE_LIMITED', `${s.platform} rate limit exceeded${detail}`, {
      ...base,
      retryable: true,
      retryAfterMs: s.retryAfterMs,
    });
  }
  if (s.status >= 500) {
    return new PlatformError('PLATFORM_SERVER_ERROR', `${s.platform} server error (HTTP ${s.status})${detail}`, {
      ...base,
      retryable: true,
      retryAfterMs: s.retryAfterMs,
    });
  }
  if (s.status === 413) {
    return new PlatformError('CONTENT_TOO_LARGE', `${s.platform} rejected the upload as too large${detail}`, {
      ...base,
      retryable: false,
    });
  }
  return new PlatformError('PLATFORM_VALIDATION_ERROR', `${s.platform} rejected the request${detail}`, {
    ...base,
    retryable: false,
  });
}

/**
 * Milliseconds until the rate limit resets, from whichever header the platform sends:
 * `Retry-After` (seconds or date), `X-RateLimit-Reset` / `RateLimit-Reset` as an ISO date
 * (Mastodon), unix seconds (X, Bluesky) or delta seconds (IETF draft).
 */
export function resetHeaderMs(headers: Headers, now = Date.now()): number | undefined {
  const fromRetryAfter = retryAfterMs(headers.get('retry-after'), now);
  if (fromRetryAfter !== undefined) return fromRetryAfter;
  const reset = headers.get('x-ratelimit-reset') ?? headers.get('ratelimit-reset') ?? headers.get('x-rate-limit-reset');
  if (!reset) return undefined;
  const n = Number(reset);
  if (Number.isFinite(n)) {
    // Values this large are epoch seconds; small ones are "seconds from now".
    return n > 1e9 ? Math.max(0, n * 1000 - now) : Math.max(0, n * 1000);
  }
  const at = Date.parse(reset);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
