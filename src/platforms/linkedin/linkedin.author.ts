import type { PlatformCredentials } from '../platform-adapter';

/**
 * The author URN: a stored URN is used as is; organization connections (type `organization`)
 * post as the page, everything else as the member.
 */
export function linkedInAuthor(credentials: PlatformCredentials): string {
  if (credentials.externalId.startsWith('urn:li:')) return credentials.externalId;
  const kind = credentials.type === 'organization' || credentials.type === 'page' ? 'organization' : 'person';
  return `urn:li:${kind}:${credentials.externalId}`;
}
