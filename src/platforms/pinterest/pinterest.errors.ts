import { PlatformError } from '../platform-adapter';
import { platformFailure, resetHeaderMs } from '../adapter-kit';

/** Pinterest v5 errors are `{code, message}`; 401 is an expired/revoked token, 429 a rate limit. */
export function classifyPinterestError(status: number, headers: Headers, body: unknown): PlatformError {
  const b = (body ?? {}) as { code?: unknown; message?: unknown };
  const platformError = [b.code, b.message].filter((v) => v !== undefined && v !== null && v !== '').join(': ') || null;
  const err = platformFailure({ platform: 'Pinterest', status, platformError, retryAfterMs: resetHeaderMs(headers) });
  // Code 3 (401): the token lacks a scope; 403 (code 29, "Not authorized to access board or Pin"): no right to it.
  const missingPermission =
    (status === 401 && b.code === 3) || (status === 403 && (b.code === 29 || /not (permitted|authorized)/i.test(String(b.message ?? ''))));
  return missingPermission ? new PlatformError(err.code, err.message, { ...err.options, category: 'permission_missing' }) : err;
}

/** A refusal (not auth, rate limit or server trouble) while sending a file is about the file. */
export function asMediaRefusal(err: PlatformError): PlatformError {
  if (err.options.category || (err.code !== 'PLATFORM_VALIDATION_ERROR' && err.code !== 'CONTENT_TOO_LARGE')) return err;
  return new PlatformError(err.code, err.message, { ...err.options, category: 'media_rejected' });
}
