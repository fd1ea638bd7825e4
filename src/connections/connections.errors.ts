/** Connection messages: the spec's (test-connection) and the admin connection mutation's (docs/connections.md). */
export const ConnectionMessages = {
  invalidPlatform: 'Invalid platform. Must be one of: twitter, linkedin, instagram, threads, tiktok, youtube, facebook, bluesky, mastodon, telegram, pinterest',
  externalIdRequired: 'externalId is required',
  accessTokenRequired: 'accessToken is required',
  invalidExpiry: 'accessTokenExpiresAt must be an ISO 8601 date-time',
  userNotFound: 'User not found',
  notFound: 'Connection not found',
  invalidPlatformId: 'Invalid platformId format',
} as const;
