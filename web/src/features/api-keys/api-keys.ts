import type { ApiKeysQuery } from '../../gql/graphql';

export type ApiKey = ApiKeysQuery['apiKeys'][number];

/** A key as it is shown once, when created. */
export interface CreatedKey {
  name: string;
  rawKey: string;
}

/** The server's limit of active keys per account (docs/auth.md). */
export const MAX_KEYS = 10;

/** The longest key name the service takes. */
export const MAX_KEY_NAME = 100;
