import { PLATFORM_NAMES } from '@app/rules';

/** Connection messages: the spec's (test-connection) and the admin connection mutation's (docs/connections.md). */
export const ConnectionMessages = {
  invalidPlatform: `Invalid platform. Must be one of: ${PLATFORM_NAMES.join(', ')}`,
  externalIdRequired: 'externalId is required',
  accessTokenRequired: 'accessToken is required',
  invalidExpiry: 'accessTokenExpiresAt must be an ISO 8601 date-time',
  notHttpUrl: (field: string) => `${field} must be an http(s) URL`,
  notFound: 'Connection not found',
  invalidPlatformId: 'Invalid platformId format',
} as const;
