import type { PlatformName, RefreshedTokens } from '../../platforms/platform-adapter';

/** What a person picks from when one authorisation yields several accounts. */
export type AccountKind = 'profile' | 'page' | 'organization' | 'channel' | 'business_account';

/** One account a completed authorisation can become a connection of (tokens in clear: server only). */
export interface ConnectCandidate {
  externalId: string;
  username: string;
  displayName: string | null;
  profileImageUrl: string | null;
  profileUrl: string | null;
  kind: AccountKind;
  accessToken: string;
  refreshToken: string | null;
  accessTokenExpiresAt: Date | null;
  /** Mastodon instance / Bluesky service base URL. */
  instanceUrl?: string | null;
  /** Stored as the connection's `type` (LinkedIn `organization`, Telegram `bot`, Facebook `page`). */
  type?: string | null;
}

export interface CompletedAuthorization {
  accounts: ConnectCandidate[];
  /**
   * The person must choose (pages, organisations, business accounts, several channels): the
   * callback answers `?pending=` instead of connecting.
   */
  needsSelection: boolean;
}

export interface BeginContext {
  state: string;
  /** PKCE S256 challenge (sent by providers that use PKCE). */
  codeChallenge: string;
  redirectUri: string;
  /** Mastodon: the instance the person typed (already checked and normalised). */
  instanceUrl: string | null;
}

export interface CompleteContext {
  code: string;
  codeVerifier: string;
  redirectUri: string;
  instanceUrl: string | null;
}

/** Tokens of a stored connection, for refresh and revoke. */
export interface StoredGrant {
  accessToken: string;
  refreshToken: string | null;
  instanceUrl: string | null;
}

/** A browser-based authorisation (authorize URL → callback with a code). */
export interface OAuthConnectProvider {
  readonly platform: PlatformName;
  readonly method: 'oauth';
  /**
   * Another sign-in than the platform's own, or null: `facebook` for Instagram business accounts
   * reached through Facebook Login. Its flows are keyed `<platform>-<via>` (flowKey).
   */
  readonly via: string | null;
  readonly label: string;
  /** Variables that must be set before this platform can be connected (empty: configured). */
  missingConfiguration(): string[];
  /** Whether `StartConnectionInput.instanceUrl` is required (Mastodon). */
  readonly needsInstance: boolean;
  begin(ctx: BeginContext): Promise<string>;
  complete(ctx: CompleteContext): Promise<CompletedAuthorization>;
  refresh(grant: StoredGrant): Promise<RefreshedTokens>;
  /** Best effort: withdraws the grant at the provider where it can. */
  revoke(grant: StoredGrant): Promise<void>;
}

/** What a credentials form sends (`ConnectCredentialsInput`). */
export interface CredentialsInput {
  identifier: string | null;
  secret: string;
  chatId: string | null;
  serviceUrl: string | null;
}

/** A connection made from typed credentials (Bluesky app password, Telegram bot token). */
export interface CredentialsConnectProvider {
  readonly platform: PlatformName;
  readonly method: 'credentials';
  readonly label: string;
  missingConfiguration(): string[];
  connect(input: CredentialsInput): Promise<ConnectCandidate>;
  refresh(grant: StoredGrant): Promise<RefreshedTokens>;
  revoke(grant: StoredGrant): Promise<void>;
}

export type ConnectProvider = OAuthConnectProvider | CredentialsConnectProvider;

/** Why a flow stopped, as the callback's `error=` codes (and GraphQL messages). */
export type ConnectErrorCode =
  | 'access_denied'
  | 'invalid_state'
  | 'expired_state'
  | 'token_exchange_failed'
  | 'connection_limit'
  | 'not_configured'
  | 'invalid_credentials'
  | 'invalid_instance'
  | 'account_unavailable';

export class ConnectError extends Error {
  constructor(
    readonly code: ConnectErrorCode,
    message: string,
    /** Fields the GraphQL error carries beside the message (a connection-limit refusal: the limit-exceeded body). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ConnectError';
  }
}

/** The key of a provider's flows: its callback path segment and the platform its states carry. */
export function flowKey(provider: ConnectProvider): string {
  return provider.method === 'oauth' && provider.via ? `${provider.platform}-${provider.via}` : provider.platform;
}
