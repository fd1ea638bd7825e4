import { PlatformError } from '../platform-adapter';
import { retryAfterMs } from '../platform-http';

export interface LinkedInErrorAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

interface LinkedInErrorBody {
  message?: string;
  serviceErrorCode?: number;
  code?: string;
  status?: number;
  error?: string;
  error_description?: string;
}

/** 65600 invalid, 65601 revoked, 65602 expired access token. */
const AUTH_SERVICE_CODES = new Set([65600, 65601, 65602]);
/** The LinkedIn-Version we send (LINKEDIN_VERSION) is missing or no longer served: our setup, not the post. */
const VERSION_CODES = new Set(['NONEXISTENT_VERSION', 'VERSION_MISSING']);

export function linkedInErrorText(body: unknown): string | null {
  const b = (body ?? {}) as LinkedInErrorBody;
  return b.message ?? b.error_description ?? b.error ?? null;
}

/**
 * Maps a LinkedIn error (`{message, serviceErrorCode, status}`) to our vocabulary. LinkedIn's
 * limits are daily and reset at midnight UTC, so without a Retry-After we wait until then.
 */
export function classifyLinkedInError(answer: LinkedInErrorAnswer, now = Date.now()): PlatformError {
  const { status, headers, body } = answer;
  const b = (body ?? {}) as LinkedInErrorBody;
  const text = linkedInErrorText(body);
  const base = { httpStatus: status, platformError: text };

  if (status === 401 || (b.serviceErrorCode !== undefined && AUTH_SERVICE_CODES.has(b.serviceErrorCode))) {
    return new PlatformError('PLATFORM_AUTH_EXPIRED', 'LinkedIn access token expired or revoked', { ...base, retryable: false });
  }
  if (status === 429) {
    return new PlatformError('RATE_LIMITED', 'LinkedIn rate limit exceeded', {
      ...base,
      retryable: true,
      retryAfterMs: retryAfterMs(headers.get('retry-after'), now) ?? msUntilUtcMidnight(now),
    });
  }
  if (status >= 500) {
    return new PlatformError('PLATFORM_SERVER_ERROR', `LinkedIn server error (HTTP ${status})`, { ...base, retryable: true });
  }
  if (status === 413) {
    return new PlatformError('CONTENT_TOO_LARGE', `LinkedIn rejected the media as too large: ${text ?? 'HTTP 413'}`, { ...base, retryable: false });
  }
  if (status === 403) {
    // Missing permission (e.g. w_organization_social) is not fixed by retrying or by new content.
    return new PlatformError('PLATFORM_VALIDATION_ERROR', `LinkedIn refused the request: ${text ?? 'HTTP 403'}`, {
      ...base,
      retryable: false,
      category: 'permission_missing',
    });
  }
  if (status >= 400) {
    const configuration = status === 426 || (b.code !== undefined && VERSION_CODES.has(b.code));
    return new PlatformError('INVALID_CONTENT', `LinkedIn rejected the post: ${text ?? `HTTP ${status}`}`, {
      ...base,
      retryable: false,
      ...(configuration ? { category: 'configuration' as const } : {}),
    });
  }
  return new PlatformError('UNKNOWN_ERROR', `Unexpected LinkedIn answer (HTTP ${status})`, { ...base, retryable: false });
}

export function msUntilUtcMidnight(now = Date.now()): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1) - now;
}
