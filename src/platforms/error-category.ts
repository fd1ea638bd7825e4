/**
 * What a program can branch on when a platform post failed, beside the spec's exact `error`
 * (docs/recovery.md, "Error categories"). Adapters name the category where the platform tells
 * more than our error code does (a missing scope is PLATFORM_AUTH_EXPIRED to the spec,
 * `permission_missing` here); otherwise the code decides.
 */
export const ERROR_CATEGORIES = [
  'auth_expired',
  'permission_missing',
  'rate_limited',
  'content_rejected',
  'media_rejected',
  'platform_unavailable',
  'network',
  'outcome_unknown',
  'configuration',
  'unknown',
] as const;
export type ErrorCategory = (typeof ERROR_CATEGORIES)[number];

/** The category of each error code when the adapter names none. */
const CATEGORY_OF_CODE: Record<string, ErrorCategory> = {
  PLATFORM_AUTH_EXPIRED: 'auth_expired',
  CONNECTION_DISCONNECTED: 'auth_expired',
  RATE_LIMITED: 'rate_limited',
  INVALID_CONTENT: 'content_rejected',
  PLATFORM_VALIDATION_ERROR: 'content_rejected',
  REFUSED_BY_CHECK: 'content_rejected',
  CONTENT_TOO_LARGE: 'media_rejected',
  MEDIA_UNAVAILABLE: 'media_rejected',
  PLATFORM_SERVER_ERROR: 'platform_unavailable',
  NETWORK_ERROR: 'network',
  TIMEOUT_ERROR: 'network',
  PUBLISH_OUTCOME_UNKNOWN: 'outcome_unknown',
  PLATFORM_NOT_SUPPORTED: 'configuration',
  CREDENTIALS_UNREADABLE: 'configuration',
  CONNECTION_NOT_FOUND: 'configuration',
  UNKNOWN_ERROR: 'unknown',
};

/** What the person can do about it, one sentence per category. */
export const ERROR_HINTS: Record<ErrorCategory, string> = {
  auth_expired: 'Reconnect the account on the Connections page, then retry the post.',
  permission_missing: 'The account did not grant a permission this post needs; reconnect it and allow every permission asked for, then retry.',
  rate_limited: 'The platform asked to slow down; retry the post later.',
  content_rejected: 'The platform refused the text or settings; change them to fit its rules, then retry.',
  media_rejected: 'The platform refused a media file; use a file of a supported type and size, then retry.',
  platform_unavailable: 'The platform was failing; retry the post once it is back.',
  network: 'The platform could not be reached; retry the post.',
  outcome_unknown: 'The request may have reached the platform: check it before retrying, or the post may go out twice.',
  configuration: 'This service is not set up for that account or platform; check the connection and the server settings.',
  unknown: 'Something unexpected happened; retry the post, and look at the post log if it fails again.',
};

export function isErrorCategory(value: unknown): value is ErrorCategory {
  return typeof value === 'string' && (ERROR_CATEGORIES as readonly string[]).includes(value);
}

/** The category of a failure: the adapter's when it named one, else its code's. */
export function categorizeError(failure: { code: string; category?: string | null }): ErrorCategory {
  if (isErrorCategory(failure.category)) return failure.category;
  return CATEGORY_OF_CODE[failure.code] ?? 'unknown';
}
