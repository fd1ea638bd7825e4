import { PlatformError } from '../platform-adapter';
import { platformFailure, resetHeaderMs } from '../adapter-kit';

/** Pinterest v5 errors are `{code, message}`; 401 is an expired/revoked token, 429 a rate limit. */
export function classifyPinterestError(status: number, headers: Headers, body: unknown): PlatformError {
  const b = (body ?? {}) as { code?: unknown; message?: unknown };
  const platformError = [b.code, b.message].filter((v) => v !== undefined && v !== null && v !== '').join(': ') || null;
  return platformFailure({ platform: 'Pinterest', status, platformError, retryAfterMs: resetHeaderMs(headers) });
}
