import { PlatformError } from '../platform-adapter';
import { resetHeaderMs } from '../adapter-kit';

/** An error answer from X: status, headers and the parsed JSON body (problem or `errors[]`). */
export interface TwitterErrorAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

interface TwitterErrorBody {
  title?: string;
  detail?: string;
  type?: string;
  errors?: Array<{ code?: number; message?: string }>;
  error?: string;
  error_description?: string;
}

/** The platform's own words for logs: `detail`, then the first `errors[].message`, then `title`. */
export function twitterErrorText(body: unknown): string | null {
  const b = (body ?? {}) as TwitterErrorBody;
  return b.detail ?? b.errors?.[0]?.message ?? b.error_description ?? b.error ?? b.title ?? null;
}

/**
 * Maps an X error answer to our vocabulary. 401 (and v1.1 code 89) means the token is expired or
 * revoked; 429 or code 88 is a rate limit, retried after `x-rate-limit-reset` (unix seconds) or
 * `Retry-After`; 5xx is X's trouble; other 4xx (duplicate content, too long, not permitted) is a
 * permanent rejection of this content.
 */
export function classifyTwitterError(answer: TwitterErrorAnswer, now = Date.now()): PlatformError {
  const { status, headers, body } = answer;
  const b = (body ?? {}) as TwitterErrorBody;
  const codes = (b.errors ?? []).map((e) => e.code);
  const text = twitterErrorText(body);
  const base = { httpStatus: status, platformError: text };

  if (status === 401 || codes.includes(89)) {
    return new PlatformError('PLATFORM_AUTH_EXPIRED', 'X access token expired or revoked', { ...base, retryable: false });
  }
  if (status === 429 || codes.includes(88)) {
    return new PlatformError('RATE_LIMITED', 'X rate limit exceeded', {
      ...base,
      retryable: true,
      // `x-rate-limit-reset` is the unix second the window reopens; `Retry-After` wins when present.
      retryAfterMs: resetHeaderMs(headers, now),
    });
  }
  if (status >= 500) {
    return new PlatformError('PLATFORM_SERVER_ERROR', `X server error (HTTP ${status})`, { ...base, retryable: true });
  }
  if (status === 413) {
    return new PlatformError('CONTENT_TOO_LARGE', `X rejected the media as too large: ${text ?? 'HTTP 413'}`, {
      ...base,
      retryable: false,
    });
  }
  if (status === 400 || status === 403 || status === 422) {
    return new PlatformError('INVALID_CONTENT', `X rejected the post: ${text ?? `HTTP ${status}`}`, {
      ...base,
      retryable: false,
    });
  }
  return new PlatformError('UNKNOWN_ERROR', `Unexpected X answer (HTTP ${status})${text ? `: ${text}` : ''}`, {
    ...base,
    retryable: false,
  });
}
