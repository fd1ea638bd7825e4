import type { ConnectionsPageQuery } from '../../gql/graphql';

export type Connection = ConnectionsPageQuery['connections'][number];
export type Connectable = ConnectionsPageQuery['connectablePlatforms'][number];

/** A connection the platform refused to renew: only connecting it again brings it back. */
export const needsReconnect = (c: Connection): boolean => c.health === 'reauth_required';

/** Connecting again (and allowing what is asked) also grants a permission a feature found missing. */
export const offersReconnect = (c: Connection): boolean => needsReconnect(c) || !!c.missingPermission;

/** The sign-in a reconnect goes through: the one the account was connected with. */
export function reconnectInput(c: Connection): { platform: string; via?: string; instanceUrl?: string } {
  if (c.platform === 'instagram' && c.type === 'facebook_login') return { platform: 'instagram', via: 'facebook' };
  if (c.platform === 'mastodon' && c.instanceUrl) return { platform: 'mastodon', instanceUrl: c.instanceUrl };
  return { platform: c.platform };
}

/** Token health in words, and whether it needs the person's attention. */
export const TOKEN_WORDS: Record<string, string> = {
  valid: 'Working',
  expiring_soon: 'Access expires soon (renewed automatically where the platform allows it)',
  expired: 'Access expired: reconnect',
  unknown: 'Not checked yet',
};
