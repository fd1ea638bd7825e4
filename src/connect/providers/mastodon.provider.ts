import { PlatformError, type RefreshedTokens } from '../../platforms/platform-adapter';
import type { ChosenServer } from '../../platforms/chosen-server';
import { platformFetch, readJson } from '../../platforms/platform-http';
import type { ConnectSettings } from '../connect-settings';
import { checkInstanceUrl } from '../instance-url';
import type { MastodonAppsRepository } from '../mastodon-apps.repository';
import type { TokenCipher } from '../../crypto/token-cipher';
import {
  ConnectError,
  type BeginContext,
  type CompleteContext,
  type CompletedAuthorization,
  type ConnectField,
  type OAuthConnectProvider,
  type StoredGrant,
} from './connect-provider';
import { exchangeToken, fetchIdentity, postQuietly, refusalMessage } from './oauth-http';

const SCOPES = 'read write';
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null);

/**
 * Mastodon on any instance. The app registers itself on an instance once (`POST /api/v1/apps`)
 * and keeps that client per (instance, redirect URI), its secret encrypted; the flow is the
 * OAuth code flow with PKCE S256 (Mastodon 4.3+; older servers ignore it). Tokens do not expire.
 */
export class MastodonProvider implements OAuthConnectProvider {
  readonly platform = 'mastodon' as const;
  readonly method = 'oauth' as const;
  readonly via = null;
  readonly label = 'Mastodon';
  readonly fields: readonly ConnectField[] = [
    { name: 'instanceUrl', label: 'Your Mastodon server', type: 'url', required: true, placeholder: 'https://mastodon.social' },
  ];
  // Account ids are numbers each server hands out on its own.
  readonly idsPerInstance = true;

  constructor(
    private readonly settings: ConnectSettings,
    private readonly apps: MastodonAppsRepository,
    private readonly cipher: TokenCipher,
  ) {}

  missingConfiguration(): string[] {
    return [];
  }

  /** The checked origin of a typed instance (also re-checked at the callback). */
  checkInstance(raw: string | null | undefined): Promise<string> {
    return checkInstanceUrl(raw, this.settings.endpoints.instanceGuard, 'The Mastodon instance URL');
  }

  /** Every call to the instance: through the instances' guard, redirects refused. */
  private get server(): ChosenServer {
    return { guard: this.settings.endpoints.instanceGuard, label: 'Mastodon' };
  }

  async begin(ctx: BeginContext): Promise<string> {
    const instance = await this.checkInstance(ctx.instanceUrl);
    const client = await this.client(instance, ctx.redirectUri);
    const url = new URL('/oauth/authorize', instance);
    const params = {
      response_type: 'code',
      client_id: client.clientId,
      redirect_uri: ctx.redirectUri,
      scope: SCOPES,
      state: ctx.state,
      code_challenge: ctx.codeChallenge,
      code_challenge_method: 'S256',
    };
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return url.toString();
  }

  async complete(ctx: CompleteContext): Promise<CompletedAuthorization> {
    const instance = await this.checkInstance(ctx.instanceUrl);
    const client = await this.client(instance, ctx.redirectUri);
    const token = await exchangeToken({
      label: 'Mastodon',
      url: `${instance}/oauth/token`,
      clientAuth: 'body',
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      form: { grant_type: 'authorization_code', code: ctx.code, redirect_uri: ctx.redirectUri, code_verifier: ctx.codeVerifier, scope: SCOPES },
      timeoutMs: this.settings.timeoutMs,
      chosenServer: this.server,
    }).catch(async (err: unknown) => {
      // Instances before 4.3 remove ("vacuum") apps no token was issued for: forget the client so
      // the next attempt registers a fresh one instead of failing forever.
      if (err instanceof ConnectError && err.message.includes('invalid_client')) await this.apps.forget(instance, ctx.redirectUri, client.clientId);
      throw err;
    });
    const me = await fetchIdentity<Record<string, unknown>>(
      'Mastodon',
      `${instance}/api/v1/accounts/verify_credentials`,
      token.accessToken,
      this.settings.timeoutMs,
      {},
      this.server,
    );
    const id = str(me.id);
    const username = str(me.username);
    if (!id || !username) throw new ConnectError('token_exchange_failed', 'Mastodon did not return the account');
    return {
      needsSelection: false,
      accounts: [
        {
          externalId: id,
          username,
          displayName: str(me.display_name),
          profileImageUrl: str(me.avatar),
          profileUrl: str(me.url) ?? `${instance}/@${username}`,
          kind: 'profile',
          accessToken: token.accessToken,
          refreshToken: null,
          accessTokenExpiresAt: null,
          instanceUrl: instance,
        },
      ],
    };
  }

  refresh(): Promise<RefreshedTokens> {
    return Promise.reject(new PlatformError('PLATFORM_AUTH_EXPIRED', 'Mastodon tokens do not expire and cannot be refreshed', { retryable: false }));
  }

  async revoke(grant: StoredGrant): Promise<void> {
    if (!grant.instanceUrl) return;
    const instance = await this.checkInstance(grant.instanceUrl).catch(() => null);
    if (!instance) return;
    const client = await this.apps.findApp(instance, this.redirectUri());
    if (!client) return;
    await postQuietly(
      `${instance}/oauth/revoke`,
      { client_id: client.clientId, client_secret: this.cipher.decrypt(client.clientSecretEncrypted), token: grant.accessToken },
      {},
      this.settings.timeoutMs,
      this.server,
    );
  }

  private redirectUri(): string {
    return `${this.settings.publicBaseUrl}/connect/callback/mastodon`;
  }

  /** The registered client of this instance, registering once when there is none. */
  private async client(instance: string, redirectUri: string): Promise<{ clientId: string; clientSecret: string }> {
    const known = await this.apps.findApp(instance, redirectUri);
    if (known) return { clientId: known.clientId, clientSecret: this.cipher.decrypt(known.clientSecretEncrypted) };
    let res: Response;
    try {
      res = await platformFetch(`${instance}/api/v1/apps`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          client_name: 'Social Post Scheduler',
          redirect_uris: redirectUri,
          scopes: SCOPES,
          website: this.settings.publicBaseUrl,
        }).toString(),
        timeoutMs: this.settings.timeoutMs,
        chosenServer: this.server,
      });
    } catch (err) {
      throw new ConnectError('invalid_instance', refusalMessage(err) ?? `The Mastodon instance ${instance} could not be reached`);
    }
    const body = await readJson<Record<string, unknown>>(res);
    const clientId = str(body?.client_id);
    const clientSecret = str(body?.client_secret);
    if (!res.ok || !clientId || !clientSecret) {
      throw new ConnectError('invalid_instance', `${instance} did not register this app (HTTP ${res.status}): is it a Mastodon server?`);
    }
    // Two starts racing on a new instance: the first stored client wins and both use it.
    const stored = await this.apps.insertOnce(instance, redirectUri, clientId, this.cipher.encrypt(clientSecret));
    return { clientId: stored.clientId, clientSecret: this.cipher.decrypt(stored.clientSecretEncrypted) };
  }
}
