import { PLATFORM_NAMES } from '@app/rules';

/** Connection messages: the spec's (test-connection) and the admin connection mutation's (docs/connections.md). */
export const ConnectionMessages = {
  /** `names`: every platform there is (the spec's eleven, then plugins'). */
  invalidPlatform: (names: readonly string[] = PLATFORM_NAMES) => `Invalid platform. Must be one of: ${names.join(', ')}`,
  externalIdRequired: 'externalId is required',
  accessTokenRequired: 'accessToken is required',
  invalidExpiry: 'accessTokenExpiresAt must be an ISO 8601 date-time',
  notHttpUrl: (field: string) => `${field} must be an http(s) URL`,
  notFound: 'Connection not found',
  invalidPlatformId: 'Invalid platformId format',
} as const;
