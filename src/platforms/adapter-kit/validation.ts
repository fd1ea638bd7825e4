import { PlatformError, type PlatformCredentials, type ValidationResult } from '../platform-adapter';

/**
 * The reason test-connection shows when a health check fails. Auth problems get the fixed
 * wording the API documents; network trouble says the platform could not be reached.
 */
export function validationFailureMessage(label: string, err: unknown): string {
  if (!(err instanceof PlatformError)) return `${label} check failed: ${(err as Error)?.message ?? String(err)}`;
  switch (err.code) {
    case 'PLATFORM_AUTH_EXPIRED':
      return 'Access token expired or revoked';
    case 'RATE_LIMITED':
      return `${label} rate limit reached; try again later`;
    case 'NETWORK_ERROR':
    case 'TIMEOUT_ERROR':
      return `Could not reach ${label}: ${err.message}`;
    default:
      return err.message;
  }
}

/** A failed health check (`ok: false`) for `credentials`, with `message` or the reason `err` gives. */
export function failedValidation(
  credentials: Pick<PlatformCredentials, 'username'>,
  reason: string | { label: string; error: unknown },
  username = credentials.username ?? '',
): ValidationResult {
  const message = typeof reason === 'string' ? reason : validationFailureMessage(reason.label, reason.error);
  return { ok: false, username, permissions: [], message };
}
