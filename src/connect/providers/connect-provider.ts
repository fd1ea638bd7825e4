import type { ClassConstructor } from 'class-transformer';
import type { RefreshedTokens } from '../../platforms/platform-adapter';

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

/** What a credentials form sends (`ConnectCredentialsInput`). */
export interface CredentialsInput {
  identifier: string | null;
  secret: string;
  chatId: string | null;
  serviceUrl: string | null;
}

/**
 * A value the person types before connecting: a Mastodon server, a Bluesky handle and app
 * password, a Telegram bot token and chat. The hosted link page renders these as its forms.
 */
export interface ConnectField {
  /** The input field it fills: `StartConnectionInput.instanceUrl` or one of ConnectCredentialsInput's. */
  name: 'instanceUrl' | keyof CredentialsInput;
  label: string;
  type: 'text' | 'password' | 'url';
  required: boolean;
  placeholder?: string;
  autocomplete?: string;
}

/** What every provider says about itself, so generic code never asks which platform it is. */
interface ProviderCapabilities {
  readonly platform: string;
  readonly label: string;
  /** What the person types before connecting (none for a plain OAuth sign-in). */
  readonly fields: readonly ConnectField[];
  /**
   * Account ids are unique only per server (Mastodon): the same id connected from another server
   * is another account, so it may not overwrite the first.
   */
  readonly idsPerInstance: boolean;
  /** Variables that must be set before this platform can be connected (empty: configured). */
  missingConfiguration(): string[];
  refresh(grant: StoredGrant): Promise<RefreshedTokens>;
  /** Best effort: withdraws the grant at the provider where it can. */
  revoke(grant: StoredGrant): Promise<void>;
}

/** A browser-based authorisation (authorize URL → callback with a code). */
export interface OAuthConnectProvider extends ProviderCapabilities {
  readonly method: 'oauth';
  /**
   * Another sign-in than the platform's own, or null: `facebook` for Instagram business accounts
   * reached through Facebook Login. Its flows are keyed `<platform>-<via>` (flowKey).
   */
  readonly via: string | null;
  /**
   * The instance the person typed, checked and normalised, for providers whose `fields` ask for
   * one (`instanceUrl`); null for the others, which ignore it.
   */
  checkInstance(raw: string | null | undefined): Promise<string | null>;
  begin(ctx: BeginContext): Promise<string>;
  complete(ctx: CompleteContext): Promise<CompletedAuthorization>;
}

/** A connection made from typed credentials (Bluesky app password, Telegram bot token). */
export interface CredentialsConnectProvider extends ProviderCapabilities {
  readonly method: 'credentials';
  /** The class-validator DTO its credentials are checked against first (messages say what to type). */
  readonly credentials: ClassConstructor<Partial<CredentialsInput>>;
  connect(input: CredentialsInput): Promise<ConnectCandidate>;
}

export type ConnectProvider = OAuthConnectProvider | CredentialsConnectProvider;

/** The connect providers of an embedding app's platform plugins (possibly none). */
export const PLUGIN_CONNECT_PROVIDERS = Symbol('PLUGIN_CONNECT_PROVIDERS');

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

/** Whether starting this provider's sign-in needs `instanceUrl` (it asks for one among its fields). */
export const needsInstance = (provider: ConnectProvider): boolean => provider.fields.some((f) => f.name === 'instanceUrl' && f.required);

/** The key of a provider's flows: its callback path segment and the platform its states carry. */
export function flowKey(provider: ConnectProvider): string {
  return provider.method === 'oauth' && provider.via ? `${provider.platform}-${provider.via}` : provider.platform;
}
