import { PlatformError } from '../platform-adapter';
import { platformFailure, resetHeaderMs } from '../adapter-kit';

/**
 * Mastodon errors: `{error, error_description?}` bodies; 401 for a revoked or invalid token
 * (tokens never expire on their own); 429 with an ISO 8601 `X-RateLimit-Reset`; 422 for
 * validation failures such as text too long or media still processing.
 */
export function classifyMastodonError(status: number, headers: Headers, body: unknown): PlatformError {
  const b = (body ?? {}) as { error?: unknown; error_description?: unknown };
  const text = [b.error, b.error_description].filter((v) => typeof v === 'string' && v).join(': ');
  return platformFailure({
    platform: 'Mastodon',
    status,
    platformError: text || null,
    authExpired: status === 401 || (status === 403 && /token/i.test(text)),
    retryAfterMs: resetHeaderMs(headers),
  });
}

/** Mastodon answers 422 when a status references media that is still being processed. */
export function isMediaStillProcessing(status: number, body: unknown): boolean {
  const error = (body as { error?: unknown } | null)?.error;
  return status === 422 && typeof error === 'string' && /processing|not finished|try again/i.test(error);
}
