import { PlatformError } from '../platform-adapter';
import type { ErrorCategory } from '../error-category';
import { platformFailure, resetHeaderMs } from '../adapter-kit';

/**
 * Mastodon errors: `{error, error_description?}` bodies; 401 for a revoked or invalid token
 * (tokens never expire on their own); 429 with an ISO 8601 `X-RateLimit-Reset`; 422 for
 * validation failures such as text too long or media still processing.
 */
export function classifyMastodonError(status: number, headers: Headers, body: unknown): PlatformError {
  const b = (body ?? {}) as { error?: unknown; error_description?: unknown };
  const text = [b.error, b.error_description].filter((v) => typeof v === 'string' && v).join(': ');
  const err = platformFailure({
    platform: 'Mastodon',
    status,
    platformError: text || null,
    authExpired: status === 401 || (status === 403 && /token/i.test(text)),
    retryAfterMs: resetHeaderMs(headers),
  });
  // Doorkeeper's words when the token was granted without the scope this call needs.
  if (status === 403 && /outside the authorized scopes/i.test(text)) return withCategory(err, 'permission_missing');
  return err;
}

function withCategory(err: PlatformError, category: ErrorCategory): PlatformError {
  return new PlatformError(err.code, err.message, { ...err.options, category });
}

/**
 * A refusal of an attachment upload (422 type or size, 413) is about the file; auth, scopes and
 * rate limits keep their own meaning.
 */
export function asMediaRefusal(err: unknown): unknown {
  if (!(err instanceof PlatformError) || err.options.category) return err;
  return err.code === 'PLATFORM_VALIDATION_ERROR' || err.code === 'CONTENT_TOO_LARGE' ? withCategory(err, 'media_rejected') : err;
}

/** Mastodon answers 422 when a status references media that is still being processed. */
export function isMediaStillProcessing(status: number, body: unknown): boolean {
  const error = (body as { error?: unknown } | null)?.error;
  return status === 422 && typeof error === 'string' && /processing|not finished|try again/i.test(error);
}
