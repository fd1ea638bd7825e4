import { basicAuth, refreshOAuthToken } from '../../platforms/adapter-kit/oauth-refresh';
import type { PlatformName } from '@app/rules';
import { PlatformError, type RefreshedTokens } from '../../platforms/platform-adapter';
import type { ConnectSettings, OAuthClientPlatform, OAuthClientSettings } from '../connect-settings';
import type { BeginContext, CompleteContext, CompletedAuthorization, OAuthConnectProvider, StoredGrant } from './connect-provider';
import { exchangeToken, type TokenAnswer } from './oauth-http';

/**
 * One platform's authorization-code flow, as data: where the client authenticates, which scopes,
 * PKCE or not, and how the token becomes accounts. `OAuth2Provider` runs it; the platform files
 * only describe.
 */
export interface OAuth2Spec {
  platform: OAuthClientPlatform;
  /** Signing in through another platform's app (Instagram via `facebook`); default: its own. */
  via?: OAuthClientPlatform;
  label: string;
  scopes: string[];
  /** Space for most; comma for LinkedIn-less Meta, TikTok and Pinterest. */
  scopeSeparator: ' ' | ',';
  pkce: boolean;
  clientAuth: 'basic' | 'body';
  /** TikTok: `client_key`. */
  clientIdParam?: string;
  extraAuthorizeParams?: Record<string, string>;
  tokenHttpMethod?: 'GET' | 'POST';
  /** Turns the code-exchange answer into the accounts it gives access to. */
  accounts(token: TokenAnswer, settings: ConnectSettings, client: OAuthClientSettings): Promise<CompletedAuthorization>;
  /** Default: the OAuth refresh grant on the token endpoint. */
  refresh?(grant: StoredGrant, settings: ConnectSettings, client: OAuthClientSettings): Promise<RefreshedTokens>;
  revoke?(grant: StoredGrant, settings: ConnectSettings, client: OAuthClientSettings): Promise<void>;
}

export class OAuth2Provider implements OAuthConnectProvider {
  readonly method = 'oauth' as const;
  readonly fields = [];
  readonly idsPerInstance = false;
  readonly platform: PlatformName;
  readonly via: string | null;
  readonly label: string;

  constructor(
    private readonly spec: OAuth2Spec,
    private readonly settings: ConnectSettings,
  ) {
    this.platform = spec.platform;
    this.via = spec.via ?? null;
    this.label = spec.label;
  }

  private get client(): OAuthClientSettings {
    return this.settings.clients[this.spec.via ?? this.spec.platform];
  }

  /** These platforms have one server: nothing to type, nothing to check. */
  checkInstance(): Promise<null> {
    return Promise.resolve(null);
  }

  missingConfiguration(): string[] {
    const { prefix, clientId, clientSecret } = this.client;
    return [!clientId && `${prefix}_CLIENT_ID`, !clientSecret && `${prefix}_CLIENT_SECRET`].filter((v): v is string => !!v);
  }

  async begin(ctx: BeginContext): Promise<string> {
    const url = new URL(this.client.authorizeUrl);
    const params: Record<string, string> = {
      response_type: 'code',
      [this.spec.clientIdParam ?? 'client_id']: this.client.clientId!,
      redirect_uri: ctx.redirectUri,
      scope: this.spec.scopes.join(this.spec.scopeSeparator),
      state: ctx.state,
      ...(this.spec.pkce ? { code_challenge: ctx.codeChallenge, code_challenge_method: 'S256' } : {}),
      ...this.spec.extraAuthorizeParams,
    };
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url.toString();
  }

  async complete(ctx: CompleteContext): Promise<CompletedAuthorization> {
    const client = this.client;
    const token = await exchangeToken({
      label: this.label,
      url: client.tokenUrl,
      clientAuth: this.spec.clientAuth,
      clientId: client.clientId!,
      clientSecret: client.clientSecret!,
      clientIdParam: this.spec.clientIdParam,
      httpMethod: this.spec.tokenHttpMethod,
      form: {
        grant_type: 'authorization_code',
        code: ctx.code,
        redirect_uri: ctx.redirectUri,
        ...(this.spec.pkce ? { code_verifier: ctx.codeVerifier } : {}),
      },
      timeoutMs: this.settings.timeoutMs,
    });
    return this.spec.accounts(token, this.settings, client);
  }

  refresh(grant: StoredGrant): Promise<RefreshedTokens> {
    if (this.spec.refresh) return this.spec.refresh(grant, this.settings, this.client);
    if (!grant.refreshToken) {
      return Promise.reject(new PlatformError('PLATFORM_AUTH_EXPIRED', `${this.label} gave no refresh token: reconnect the account`, { retryable: false }));
    }
    const client = this.client;
    const idParam = this.spec.clientIdParam ?? 'client_id';
    return refreshOAuthToken({
      platform: this.label,
      url: client.tokenUrl,
      form:
        this.spec.clientAuth === 'basic'
          ? { refresh_token: grant.refreshToken, [idParam]: client.clientId ?? '' }
          : { refresh_token: grant.refreshToken, [idParam]: client.clientId ?? '', client_secret: client.clientSecret ?? '' },
      headers: this.spec.clientAuth === 'basic' ? { authorization: basicAuth(client.clientId ?? '', client.clientSecret ?? '') } : {},
      previousRefreshToken: grant.refreshToken,
      timeoutMs: this.settings.timeoutMs,
    });
  }

  async revoke(grant: StoredGrant): Promise<void> {
    await this.spec.revoke?.(grant, this.settings, this.client);
  }
}
