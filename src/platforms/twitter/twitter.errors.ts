import { PlatformError } from '../platform-adapter';
import type { ErrorCategory } from '../error-category';
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
  errors?: Array<{ code?: number; message?: string; type?: string }>;
  /** `client-forbidden` problems say why: `client-not-enrolled`, `oauth1-permissions`. */
  reason?: string;
  error?: string;
  error_description?: string;
}

/** The platform's own words for logs: `detail`, then the first `errors[].message`, then `title`. */
export function twitterErrorText(body: unknown): string | null {
  const b = (body ?? {}) as TwitterErrorBody;
  return b.detail ?? b.errors?.[0]?.message ?? b.error_description ?? b.error ?? b.title ?? null;
}

/** X's problem type (a URI) naming a post that does not exist (deleted, or never there). */
export const TWEET_NOT_FOUND = 'https://api.twitter.com/2/problems/resource-not-found';

/**
 * What a 403 refusal is about when X says more than "forbidden": the app's own setup (not in a
 * Project, app-only auth) is ours to fix; a permission the user's token lacks is theirs to grant.
 */
function forbiddenCategory(b: TwitterErrorBody, text: string | null): ErrorCategory | undefined {
  if (b.reason === 'client-not-enrolled' || b.type === 'https://api.twitter.com/2/problems/unsupported-authentication') return 'configuration';
  if (b.reason === 'oauth1-permissions' || /not permitted to perform this action|not authorized to|oauth1 app permissions/i.test(text ?? '')) {
    return 'permission_missing';
  }
  return undefined;
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
    const category = status === 403 ? forbiddenCategory(b, text) : /media ids? (are|is) invalid/i.test(text ?? '') ? 'media_rejected' : undefined;
    return new PlatformError('INVALID_CONTENT', `X rejected the post: ${text ?? `HTTP ${status}`}`, {
      ...base,
      retryable: false,
      ...(category ? { category } : {}),
    });
  }
  return new PlatformError('UNKNOWN_ERROR', `Unexpected X answer (HTTP ${status})${text ? `: ${text}` : ''}`, {
    ...base,
    retryable: false,
  });
}

/** A refusal of a media upload step is about the file, whatever words X used (auth and rate limits stay theirs). */
export function asMediaRefusal(err: unknown): unknown {
  if (!(err instanceof PlatformError) || err.options.category || (err.code !== 'INVALID_CONTENT' && err.code !== 'CONTENT_TOO_LARGE')) return err;
  return new PlatformError(err.code, err.message, { ...err.options, category: 'media_rejected' });
}
