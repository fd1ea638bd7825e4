import { PlatformError } from '../platform-adapter';
import type { ErrorCategory } from '../error-category';
import { retryAfterMs } from '../platform-http';

/** Meta Graph error body: `{error:{message, type, code, error_subcode, error_user_msg, is_transient}}`. */
export interface GraphErrorBody {
  error?: {
    message?: string;
    type?: string;
    code?: number;
    error_subcode?: number;
    error_user_title?: string;
    error_user_msg?: string;
    is_transient?: boolean;
    fbtrace_id?: string;
  };
}

export interface GraphErrorAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** 190 invalid/expired token, 102 session expired (older API). */
const AUTH_CODES = new Set([102, 190]);
/** 4 app, 17 user, 32 page, 613 custom rate limit; 80001–80014 business-use-case limits. */
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613]);
const isBucCode = (code: number) => code >= 80001 && code <= 80014;
/** 368: temporarily blocked for policy reasons; Meta names no end, so we back off an hour. */
const TEMPORARY_BLOCK_CODE = 368;
const TEMPORARY_BLOCK_WAIT_MS = 60 * 60_000;
/** Instagram's Content Publishing cap (50 posts per rolling 24 h). */
const PUBLISHING_CAP_SUBCODE = 2207042;
const DUPLICATE_POST_CODE = 506;
/** A refused file: 324 invalid image, 352 unsupported video format, 6000 video upload failed, 9004 media not downloadable. */
const MEDIA_CODES = new Set([324, 352, 6000, 9004]);
/**
 * Instagram's refused-media subcodes (Threads shares them): 2207004 image too large, 2207005 image
 * format, 2207009 aspect ratio, 2207023 media type, 2207026 video format, 2207052 media not
 * fetchable, 2207053 upload failed. Not 2207003: a download timeout Meta says to retry, not a
 * refused file (and the Threads fake's text-length refusal).
 */
const MEDIA_SUBCODES = new Set([2207004, 2207005, 2207009, 2207023, 2207026, 2207052, 2207053]);
/** The Instagram account is inactive, checkpointed or restricted: fixed in the Instagram app, not in the post. */
const ACCOUNT_RESTRICTED_SUBCODE = 2207050;
/** Graph's "Object with ID … does not exist" (code 100, subcode 33). */
const NO_SUCH_OBJECT = { code: 100, subcode: 33 };

/** A refusal's category where Meta tells more than our code: the account's state or a refused file. */
function refusalCategory(code: number, subcode: number | undefined): ErrorCategory | undefined {
  if (subcode === ACCOUNT_RESTRICTED_SUBCODE) return 'configuration';
  if (MEDIA_CODES.has(code) || (subcode !== undefined && MEDIA_SUBCODES.has(subcode))) return 'media_rejected';
  return undefined;
}

/**
 * True when Graph says the object is not there (a Graph error with HTTP 404, or code 100/33): a
 * delete of it has nothing left to do. Meta words 100/33 as "does not exist, cannot be loaded due
 * to missing permissions, or does not support this operation"; for a post this connection
 * published, it is gone. A 404 without Graph's error body (a wrong API address) is not.
 */
export function isGraphObjectGone(status: number, body: unknown): boolean {
  const e = (body as GraphErrorBody | null)?.error;
  if (!e) return false;
  return status === 404 || (e.code === NO_SUCH_OBJECT.code && e.error_subcode === NO_SUCH_OBJECT.subcode);
}

export function graphErrorText(body: unknown): string | null {
  const e = (body as GraphErrorBody | null)?.error;
  if (!e) return null;
  const detail = e.error_user_msg && e.error_user_msg !== e.message ? ` (${e.error_user_msg})` : '';
  return `${e.message ?? 'Graph API error'}${detail}${e.code !== undefined ? ` [code ${e.code}${e.error_subcode ? `/${e.error_subcode}` : ''}]` : ''}`;
}

/**
 * Maps a Graph API error (Instagram, Threads, Facebook) to our vocabulary. Meta signals rate
 * limits by error code, usually with HTTP 400/403, not only by 429.
 */
export function classifyGraphError(label: string, answer: GraphErrorAnswer, now = Date.now()): PlatformError {
  const { status, headers, body } = answer;
  const e = (body as GraphErrorBody | null)?.error ?? {};
  const code = e.code ?? -1;
  const text = graphErrorText(body);
  const base = { httpStatus: status, platformError: text };
  const userMessage = e.error_user_msg ?? e.message ?? `HTTP ${status}`;

  if (AUTH_CODES.has(code) || (status === 401 && code === -1)) {
    return new PlatformError('PLATFORM_AUTH_EXPIRED', `${label} access token expired or revoked`, { ...base, retryable: false });
  }
  if (e.error_subcode === PUBLISHING_CAP_SUBCODE) {
    return new PlatformError('RATE_LIMITED', `${label} daily publishing limit reached`, {
      ...base,
      retryable: true,
      retryAfterMs: graphRetryAfterMs(headers, now) ?? 24 * 60 * 60_000,
    });
  }
  if (status === 429 || RATE_LIMIT_CODES.has(code) || isBucCode(code)) {
    return new PlatformError('RATE_LIMITED', `${label} rate limit exceeded`, {
      ...base,
      retryable: true,
      retryAfterMs: graphRetryAfterMs(headers, now),
    });
  }
  if (code === TEMPORARY_BLOCK_CODE) {
    return new PlatformError('RATE_LIMITED', `${label} temporarily blocked this action: ${userMessage}`, {
      ...base,
      retryable: true,
      retryAfterMs: graphRetryAfterMs(headers, now) ?? TEMPORARY_BLOCK_WAIT_MS,
    });
  }
  if (status >= 500 || code === 1 || code === 2 || e.is_transient) {
    return new PlatformError('PLATFORM_SERVER_ERROR', `${label} server error (HTTP ${status})`, { ...base, retryable: true });
  }
  const category = refusalCategory(code, e.error_subcode);
  if (code === 10 || (code >= 200 && code <= 299)) {
    return new PlatformError('PLATFORM_VALIDATION_ERROR', `${label} permission missing: ${userMessage}`, {
      ...base,
      retryable: false,
      category: category ?? 'permission_missing',
    });
  }
  if (code === DUPLICATE_POST_CODE) {
    return new PlatformError('INVALID_CONTENT', `${label} rejected a duplicate post: ${userMessage}`, { ...base, retryable: false });
  }
  if (status >= 400) {
    return new PlatformError('INVALID_CONTENT', `${label} rejected the post: ${userMessage}`, { ...base, retryable: false, ...(category ? { category } : {}) });
  }
  return new PlatformError('UNKNOWN_ERROR', `Unexpected ${label} answer (HTTP ${status})`, { ...base, retryable: false });
}

/**
 * How long until Meta lets us back in: `Retry-After` if sent, else the largest
 * `estimated_time_to_regain_access` (minutes) in `X-Business-Use-Case-Usage`.
 */
export function graphRetryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const direct = retryAfterMs(headers.get('retry-after'), now);
  if (direct !== undefined) return direct;
  const usage = headers.get('x-business-use-case-usage');
  if (!usage) return undefined;
  try {
    const parsed = JSON.parse(usage) as Record<string, Array<{ estimated_time_to_regain_access?: number }>>;
    const minutes = Object.values(parsed)
      .flat()
      .map((entry) => entry.estimated_time_to_regain_access ?? 0);
    const max = Math.max(0, ...minutes);
    return max > 0 ? max * 60_000 : undefined;
  } catch {
    return undefined;
  }
}
