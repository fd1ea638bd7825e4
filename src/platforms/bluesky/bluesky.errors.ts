import { PlatformError } from '../platform-adapter';
import { platformFailure, resetHeaderMs } from '../adapter-kit';

/** XRPC errors that mean the session is unusable and the account must be connected again. */
const AUTH_ERRORS = new Set(['InvalidToken', 'AuthMissing', 'AuthRequired', 'AccountTakedown', 'AccountDeactivated', 'ExpiredToken']);

/** `ExpiredToken` alone is recoverable: the access JWT ran out and refreshSession renews it. */
export function isExpiredAccessToken(status: number, body: unknown): boolean {
  return (status === 400 || status === 401) && (body as { error?: unknown } | null)?.error === 'ExpiredToken';
}

/**
 * XRPC errors are `{error, message}`. Rate limits are 429 with `RateLimit-Reset` in epoch
 * seconds; blobs over the size limit are `BlobTooLarge` / 413.
 */
export function classifyBlueskyError(status: number, headers: Headers, body: unknown, platform = 'Bluesky'): PlatformError {
  const b = (body ?? {}) as { error?: unknown; message?: unknown };
  const error = typeof b.error === 'string' ? b.error : '';
  const text = [error, typeof b.message === 'string' ? b.message : ''].filter(Boolean).join(': ');
  return platformFailure({
    platform,
    status,
    platformError: text || null,
    authExpired: status === 401 || AUTH_ERRORS.has(error),
    rateLimited: error === 'RateLimitExceeded',
    retryAfterMs: resetHeaderMs(headers),
    code: error === 'BlobTooLarge' ? 'CONTENT_TOO_LARGE' : undefined,
  });
}

/**
 * A refusal while uploading a blob or a video (type, size, a failed transcode) is about the file;
 * auth, rate limits and server trouble keep their own meaning.
 */
export function asMediaRefusal(err: unknown): unknown {
  if (!(err instanceof PlatformError) || err.options.category) return err;
  if (err.code !== 'PLATFORM_VALIDATION_ERROR' && err.code !== 'INVALID_CONTENT' && err.code !== 'CONTENT_TOO_LARGE') return err;
  return new PlatformError(err.code, err.message, { ...err.options, category: 'media_rejected' });
}

/** deleteRecord is "ensure it does not exist"; a PDS that answers RecordNotFound means the same. */
export function isRecordGone(status: number, body: unknown): boolean {
  return status === 404 || (status === 400 && (body as { error?: unknown } | null)?.error === 'RecordNotFound');
}
