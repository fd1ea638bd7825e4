import { PLATFORM_NAMES } from '@app/rules';
import { ApiError } from '../common/api-error';
import { ConnectError } from './providers/connect-provider';

/** Messages of the connect surface (GraphQL), word for word. */
export const ConnectMessages = {
  /** `names`: every platform there is (the spec's eleven, then plugins'). */
  unknownPlatform: (platform: string, names: readonly string[] = PLATFORM_NAMES) => `Unknown platform: ${platform}. Must be one of: ${names.join(', ')}`,
  unknownVia: (platform: string, via: string) => `${platform} cannot be connected through ${via}; leave via empty, or use facebook for Instagram`,
  usesCredentials: (label: string) => `${label} connects with credentials: use connectWithCredentials`,
  usesOAuth: (label: string) => `${label} connects through its authorization page: use startConnection`,
  notConfigured: (label: string, variables: string[]) => `${label} is not configured: set ${variables.join(' and ')}`,
  invalidReturnTo: 'returnTo must be a path on this site, such as /connections',
  notText: (field: string) => `${field} must be a string`,
  instanceRequired: (label: string) => `instanceUrl is required for ${label}`,
  pendingNotFound: 'Pending connection not found or expired',
  chooseAccount: 'externalIds must name at least one account of the pending connection',
  unknownAccount: (id: string) => `The pending connection has no account ${id}`,
  connectionNotFound: 'Connection not found',
  invalidState: 'This connection attempt is unknown, was already used or was started in another browser: start again',
  expiredState: 'This connection attempt expired (10 minutes): start again',
  accessDenied: (label: string) => `${label} access was not granted`,
  noCode: (label: string) => `${label} sent no authorization code`,
  otherInstance: (platformId: string, label: string) => `${platformId} is already connected from another ${label} instance; disconnect it first`,
  // Credentials, per provider (dto/credentials.dto.ts).
  blueskyIdentifierRequired: 'identifier is required: your Bluesky handle or e-mail',
  blueskySecretRequired: 'secret is required: a Bluesky app password',
  telegramBotToken: 'secret must be a bot token from @BotFather (digits, a colon, then the key)',
  telegramChatRequired: 'chatId is required: the channel or group as @name or numeric id',
} as const;

/** `extensions.code` of a connect refusal in GraphQL where the status's code says too little. */
const GRAPHQL_CODES: Partial<Record<ConnectError['code'], string>> = {
  not_configured: 'NOT_CONFIGURED',
};

/**
 * A provider refusal as the GraphQL error the person reads: 400 with the provider's reason kept,
 * or 403 for the connection limit, whose limit-exceeded body (`code` CONNECTIONS_OVER_LIMIT,
 * `limit`, `used`, `planName`, …) goes into `extensions` as for the post limits (graphql-errors.ts).
 */
export function connectErrorToApi(err: ConnectError): ApiError {
  return new ApiError(err.code === 'connection_limit' ? 403 : 400, err.message, { reason: err.code, ...err.details }, GRAPHQL_CODES[err.code]);
}
