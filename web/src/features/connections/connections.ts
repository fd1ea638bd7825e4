import type { ConnectionsPageQuery } from '../../gql/graphql';

export type Connection = ConnectionsPageQuery['connections'][number];
export type Connectable = ConnectionsPageQuery['connectablePlatforms'][number];

/** Token health in words, and whether it needs the person's attention. */
export const TOKEN_WORDS: Record<string, string> = {
  valid: 'Working',
  expiring_soon: 'Access expires soon (renewed automatically where the platform allows it)',
  expired: 'Access expired: reconnect',
  unknown: 'Not checked yet',
};
