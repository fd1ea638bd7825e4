import { Inject, Injectable, Logger } from '@nestjs/common';
import { UsersService } from '../auth/users.service';
import { ApiError } from '../common/api-error';
import { httpUrlOrNull } from '../common/http-url';
import { validateInput } from '../common/validation/validate-input';
import { AppConfig } from '../config/app-config.service';
import { ConnectionsService, type ConnectionRecord } from '../connections/connections.service';
import { TokenCipher } from '../crypto/token-cipher';
import { LimitsService, type LimitExceededBody } from '../limits/limits.service';
import { PlatformRegistry } from '../platforms/platform-registry';
import { platformEndpointsFrom } from '../platforms/platform-endpoints';
import { PublicationStateService } from '../publishing/publication-state.service';
import { WebhooksService } from '../webhooks/webhooks.service';
import { pkceChallenge, pkceVerifier, randomToken, sameDigest, sha256 } from './connect-crypto';
import { OutcomeSigner, type ConnectOutcome, type OutcomeParams } from './connect-outcome';
import { ConnectMessages, connectErrorToApi } from './connect.errors';
import { oauthClientSettings, redirectUriFor, type ConnectSettings } from './connect-settings';
import { ConnectStatesRepository } from './connect-states.repository';
import { ConnectCredentialsInput, platformKey, StartConnectionInput } from './dto/connect.inputs';
import { MastodonAppsRepository } from './mastodon-apps.repository';
import { PendingConnectionsRepository } from './pending-connections.repository';
import { BlueskyProvider } from './providers/bluesky.provider';
import {
  ConnectError,
  type AccountKind,
  type ConnectCandidate,
  type ConnectErrorCode,
  type ConnectField,
  type ConnectProvider,
  type CredentialsConnectProvider,
  type CredentialsInput,
  type OAuthConnectProvider,
  flowKey,
  needsInstance,
  PLUGIN_CONNECT_PROVIDERS,
} from './providers/connect-provider';
import { MastodonProvider } from './providers/mastodon.provider';
import { OAuth2Provider } from './providers/oauth2.provider';
import { OAUTH2_SPECS } from './providers/oauth-specs';
import { TelegramProvider } from './providers/telegram.provider';
import { normalizeReturnTo, returnUrl, DEFAULT_RETURN_TO } from './return-to';

/** A started authorisation and a selection both live ten minutes. */
export const CONNECT_TTL_MS = 10 * 60_000;

/** The failure given to scheduled posts of a disconnected account. */
export const DISCONNECTED_FAILURE = {
  code: 'CONNECTION_DISCONNECTED',
  message: 'The platform connection was disconnected before this post was published',
  retryable: false,
} as const;

export interface ConnectablePlatformView {
  platform: string;
  method: 'oauth' | 'credentials';
  /** Other sign-ins startConnection accepts in `via` for this platform, configured ones only. */
  via: string[];
  /** The same sign-ins with the name of the app they go through (`facebook`: Facebook). */
  signIns: Array<{ via: string; label: string }>;
  /** What the person types before connecting (an instance, credentials); empty for a plain sign-in. */
  fields: readonly ConnectField[];
  configured: boolean;
  label: string;
}

export interface StartInput {
  platform: string;
  /** Another sign-in than the platform's own (`facebook` for Instagram business accounts). */
  via?: string | null;
  instanceUrl?: string | null;
  returnTo?: string | null;
}

export interface CredentialsConnectInput {
  platform: string;
  identifier?: string | null;
  secret: string;
  chatId?: string | null;
  serviceUrl?: string | null;
}

export interface PendingAccountView {
  externalId: string;
  username: string;
  displayName: string | null;
  profileImageUrl: string | null;
  kind: AccountKind;
}

export interface PendingConnectionView {
  id: string;
  platform: string;
  accounts: PendingAccountView[];
  expiresAt: Date;
}

export interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
  error_description?: string;
}

/** The person said no (standard OAuth code, LinkedIn's own words). */
const DENIALS = new Set(['access_denied', 'user_cancelled_login', 'user_cancelled_authorize', 'consent_required']);

/**
 * Connecting social accounts. Every method takes the user the connection is for, so the same
 * flows serve the dashboard session and (later) managed users of a workspace link; `browser`
 * is the binding value of the browser that runs the flow (browser-binding.ts).
 */
@Injectable()
export class ConnectService {
  private readonly logger = new Logger(ConnectService.name);
  private readonly settings: ConnectSettings;
  /** By flowKey: each platform's own sign-in under its name, other sign-ins as `<platform>-<via>`. */
  private readonly providers = new Map<string, ConnectProvider>();
  private readonly outcomes: OutcomeSigner;

  constructor(
    config: AppConfig,
    private readonly states: ConnectStatesRepository,
    private readonly pendings: PendingConnectionsRepository,
    apps: MastodonAppsRepository,
    private readonly connections: ConnectionsService,
    private readonly users: UsersService,
    private readonly limits: LimitsService,
    private readonly publication: PublicationStateService,
    private readonly cipher: TokenCipher,
    private readonly platforms: PlatformRegistry,
    @Inject(PLUGIN_CONNECT_PROVIDERS) pluginProviders: ConnectProvider[],
    private readonly webhooks: WebhooksService,
  ) {
    const env = config.env;
    this.outcomes = new OutcomeSigner(config.sessionSecret);
    this.settings = {
      publicBaseUrl: config.publicBaseUrl,
      endpoints: platformEndpointsFrom(env as typeof env & Record<string, unknown>),
      clients: oauthClientSettings(env),
      timeoutMs: env.PLATFORM_REQUEST_TIMEOUT_MS,
    };
    const providers: ConnectProvider[] = [
      ...OAUTH2_SPECS.map((spec) => new OAuth2Provider(spec, this.settings)),
      new MastodonProvider(this.settings, apps, this.cipher),
      new BlueskyProvider(this.settings),
      new TelegramProvider(this.settings),
      ...pluginProviders,
    ];
    for (const provider of providers) this.providers.set(flowKey(provider), provider);
  }

  /** Every platform, in the spec's order, with how it connects and whether it can right now (and the other sign-ins that can). */
  connectablePlatforms(): ConnectablePlatformView[] {
    const all = [...this.providers.values()];
    return this.platforms.names().map((platform) => {
      const provider = this.providers.get(platform)!;
      const signIns = all
        .filter((p): p is OAuthConnectProvider => p.platform === platform && p.method === 'oauth' && !!p.via && p.missingConfiguration().length === 0)
        .map((p) => ({ via: p.via!, label: this.providers.get(p.via!)?.label ?? p.via! }));
      return {
        platform,
        method: provider.method,
        configured: provider.missingConfiguration().length === 0,
        label: provider.label,
        via: signIns.map((s) => s.via),
        signIns,
        fields: provider.fields,
      };
    });
  }

  /** Stores the state (single use, ten minutes, bound to user and browser) and returns where to send the browser. */
  async start(userId: string, raw: StartInput, browser: string, now: Date = new Date()): Promise<{ authorizeUrl: string; expiresAt: Date }> {
    const input = validateInput(StartConnectionInput, raw);
    const provider = this.oauthProvider(input.platform, input.via);
    if (needsInstance(provider) && !input.instanceUrl?.trim()) throw ApiError.badRequest(ConnectMessages.instanceRequired(provider.label));
    const returnTo = normalizeReturnTo(input.returnTo)!;
    try {
      const instanceUrl = await provider.checkInstance(input.instanceUrl);
      const state = randomToken();
      const verifier = pkceVerifier();
      const authorizeUrl = await provider.begin({
        state,
        codeChallenge: pkceChallenge(verifier),
        redirectUri: redirectUriFor(this.settings.publicBaseUrl, flowKey(provider)),
        instanceUrl,
      });
      const expiresAt = new Date(now.getTime() + CONNECT_TTL_MS);
      await this.states.create({
        stateHash: sha256(state),
        userId,
        platform: flowKey(provider),
        browserHash: sha256(browser),
        codeVerifierEncrypted: this.cipher.encrypt(verifier),
        returnTo,
        instanceUrl,
        expiresAt,
      });
      return { authorizeUrl, expiresAt };
    } catch (err) {
      if (err instanceof ConnectError) throw connectErrorToApi(err);
      throw err;
    }
  }

  /**
   * The provider sent the browser back: completes the flow and answers where to send it next
   * (`?connected=`, `?pending=` or `?error=&message=`, signed for the user the attempt was for:
   * connect-outcome.ts). Nothing is stored on any error; the state is spent whatever happens.
   */
  async callback(platform: string, query: CallbackQuery, browser: string | null, now: Date = new Date()): Promise<string> {
    const taken = query.state ? await this.states.take(sha256(query.state), now) : null;
    // A state we never issued has no page of its own to go back to, nor a user to sign for.
    if (!taken)
      return returnUrl(
        this.settings.publicBaseUrl,
        DEFAULT_RETURN_TO,
        this.outcomes.params(null, { error: 'invalid_state', message: ConnectMessages.invalidState }),
      );
    const { record, used } = taken;
    const fail = (returnTo: string, code: ConnectErrorCode, message: string) =>
      returnUrl(this.settings.publicBaseUrl, returnTo, this.outcomes.params(record.userId, { error: code, message }));
    // A known state goes back where it started (the dashboard, or a workspace link's page): its
    // returnTo is a path on this site, checked at the start.
    const { returnTo } = record;
    if (used || record.platform !== platform || !browser || !sameDigest(record.browserHash, sha256(browser))) {
      return fail(returnTo, 'invalid_state', ConnectMessages.invalidState);
    }
    if (record.expiresAt.getTime() <= now.getTime()) return fail(returnTo, 'expired_state', ConnectMessages.expiredState);
    const provider = this.providers.get(platform) as OAuthConnectProvider;
    if (query.error) {
      if (DENIALS.has(query.error)) return fail(returnTo, 'access_denied', ConnectMessages.accessDenied(provider.label));
      return fail(
        returnTo,
        'token_exchange_failed',
        `${provider.label} answered ${query.error}${query.error_description ? `: ${query.error_description}` : ''}`,
      );
    }
    if (!query.code) return fail(returnTo, 'token_exchange_failed', ConnectMessages.noCode(provider.label));
    const missing = provider.missingConfiguration();
    if (missing.length) return fail(returnTo, 'not_configured', ConnectMessages.notConfigured(provider.label, missing));

    try {
      const result = await provider.complete({
        code: query.code,
        codeVerifier: this.cipher.decrypt(record.codeVerifierEncrypted!),
        redirectUri: redirectUriFor(this.settings.publicBaseUrl, platform),
        instanceUrl: record.instanceUrl,
      });
      if (result.needsSelection) {
        const id = randomToken();
        await this.pendings.create({
          id,
          userId: record.userId,
          platform: provider.platform,
          expiresAt: new Date(now.getTime() + CONNECT_TTL_MS),
          accounts: result.accounts.map((a) => ({
            externalId: a.externalId,
            username: a.username,
            displayName: a.displayName,
            profileImageUrl: httpUrlOrNull(a.profileImageUrl),
            profileUrl: httpUrlOrNull(a.profileUrl),
            kind: a.kind,
            accessTokenEncrypted: this.cipher.encrypt(a.accessToken),
            refreshTokenEncrypted: a.refreshToken ? this.cipher.encrypt(a.refreshToken) : null,
            accessTokenExpiresAt: a.accessTokenExpiresAt,
            instanceUrl: a.instanceUrl ?? null,
            type: a.type ?? null,
          })),
        });
        return returnUrl(this.settings.publicBaseUrl, returnTo, { pending: id });
      }
      const [saved] = await this.save(record.userId, provider.platform, result.accounts.slice(0, 1));
      return returnUrl(this.settings.publicBaseUrl, returnTo, this.outcomes.params(record.userId, { connected: saved.platformId }));
    } catch (err) {
      if (err instanceof ConnectError) return fail(returnTo, err.code, err.message);
      this.logger.error({ err, platform }, 'Connect callback failed');
      return fail(returnTo, 'token_exchange_failed', `${provider.label} could not be connected; try again`);
    }
  }

  /** The address parameters of an outcome for `userId`'s page (the workspace link's page). */
  outcomeParams(userId: string, outcome: { connected: string } | { error: string; message: string }): Record<string, string> {
    return this.outcomes.params(userId, outcome);
  }

  /** What a page of `userId` shows for an outcome in its address (connect-outcome.ts). */
  readOutcome(userId: string, query: OutcomeParams): ConnectOutcome | null {
    return this.outcomes.read(userId, query);
  }

  async pending(userId: string, id: string, now: Date = new Date()): Promise<PendingConnectionView | null> {
    const record = await this.pendings.findLive(userId, id, now);
    if (!record) return null;
    return {
      id: record.id,
      platform: record.platform,
      expiresAt: record.expiresAt,
      accounts: record.accounts.map((a) => ({
        externalId: a.externalId,
        username: a.username,
        displayName: a.displayName,
        profileImageUrl: httpUrlOrNull(a.profileImageUrl),
        kind: a.kind as AccountKind,
      })),
    };
  }

  /** Turns the chosen accounts of a selection into connections, once. */
  async completePending(userId: string, id: string, externalIds: string[], now: Date = new Date()): Promise<ConnectionRecord[]> {
    const record = await this.pendings.findLive(userId, id, now);
    if (!record) throw ApiError.notFound(ConnectMessages.pendingNotFound);
    const chosen = [...new Set(externalIds)];
    if (!chosen.length) throw ApiError.badRequest(ConnectMessages.chooseAccount);
    const byId = new Map(record.accounts.map((a) => [a.externalId, a]));
    const unknown = chosen.find((x) => !byId.has(x));
    if (unknown !== undefined) throw ApiError.badRequest(ConnectMessages.unknownAccount(unknown));
    const candidates: ConnectCandidate[] = chosen.map((x) => {
      const a = byId.get(x)!;
      return {
        externalId: a.externalId,
        username: a.username,
        displayName: a.displayName,
        profileImageUrl: a.profileImageUrl,
        profileUrl: a.profileUrl,
        kind: a.kind as AccountKind,
        accessToken: this.cipher.decrypt(a.accessTokenEncrypted),
        refreshToken: a.refreshTokenEncrypted ? this.cipher.decrypt(a.refreshTokenEncrypted) : null,
        accessTokenExpiresAt: a.accessTokenExpiresAt,
        instanceUrl: a.instanceUrl,
        type: a.type,
      };
    });
    try {
      await this.checkPreconditions(userId, this.providers.get(record.platform)!, candidates);
    } catch (err) {
      if (err instanceof ConnectError) throw connectErrorToApi(err);
      throw err;
    }
    if (!(await this.pendings.take(userId, id))) throw ApiError.notFound(ConnectMessages.pendingNotFound);
    return this.store(userId, record.platform, candidates);
  }

  async connectWithCredentials(userId: string, raw: CredentialsConnectInput): Promise<ConnectionRecord> {
    const input = validateInput(ConnectCredentialsInput, raw);
    const provider = this.knownProvider(platformKey(input.platform), input.platform);
    if (provider.method !== 'credentials') throw ApiError.badRequest(ConnectMessages.usesOAuth(provider.label));
    try {
      const candidate = await provider.connect(this.credentialsFor(provider, input));
      const [saved] = await this.save(userId, provider.platform, [candidate]);
      return saved;
    } catch (err) {
      if (err instanceof ConnectError) throw connectErrorToApi(err);
      throw err;
    }
  }

  /**
   * Revokes at the provider where it can (best effort), deletes the connection and its tokens
   * with the opt-in `connection.disconnected` event in one transaction, then fails its scheduled
   * platform posts at once (`CONNECTION_DISCONNECTED`, post.failed).
   */
  async disconnect(userId: string, platformId: string): Promise<boolean> {
    const [ref] = await this.connections.findOwned(userId, [platformId]);
    if (!ref) throw ApiError.notFound(ConnectMessages.connectionNotFound);
    const provider = this.providers.get(ref.platform)!;
    try {
      const credentials = await this.connections.getCredentials(userId, ref.id);
      await provider.revoke({
        accessToken: credentials.accessToken,
        refreshToken: credentials.refreshToken ?? null,
        instanceUrl: credentials.instanceUrl ?? null,
      });
    } catch (err) {
      // Unreadable tokens or an unreachable provider must not keep a person from disconnecting.
      this.logger.warn({ err: (err as Error).message, platform: ref.platform }, 'Revoking at the provider failed; disconnecting anyway');
    }
    const disconnectedAt = new Date();
    await this.connections.delete(userId, ref, () =>
      this.webhooks.enqueue(userId, 'connection.disconnected', {
        platform: ref.platform,
        platformId: ref.platformId,
        username: ref.username,
        disconnectedAt: disconnectedAt.toISOString(),
      }),
    );
    const failed = await this.publication.failScheduledOfConnection(userId, ref.id, { ...DISCONNECTED_FAILURE });
    if (failed) this.logger.log({ platformId: ref.platformId, failed }, 'Scheduled posts of a disconnected account failed');
    return true;
  }

  /** What the person typed, through the provider's own DTO (fields it does not take are dropped). */
  private credentialsFor(provider: CredentialsConnectProvider, input: ConnectCredentialsInput): CredentialsInput {
    let checked: Partial<CredentialsInput>;
    try {
      checked = validateInput(provider.credentials, input);
    } catch (err) {
      if (err instanceof ApiError) throw new ConnectError('invalid_credentials', err.message);
      throw err;
    }
    return { identifier: checked.identifier ?? null, secret: checked.secret ?? '', chatId: checked.chatId ?? null, serviceUrl: checked.serviceUrl || null };
  }

  /**
   * The provider of a flow key; an unknown platform is refused with the spec's message (the
   * inputs check only that it is text: plugins add platforms at start-up).
   */
  private knownProvider(key: string, platform = key): ConnectProvider {
    const provider = this.providers.get(key);
    if (!provider) throw ApiError.badRequest(ConnectMessages.unknownPlatform(platform, this.platforms.names()));
    return provider;
  }

  /** The sign-in a checked StartConnectionInput names (its platform and `via` are known ones). */
  private oauthProvider(platform: string, via?: string | null): OAuthConnectProvider {
    const key = via?.trim() ? `${platformKey(platform)}-${platformKey(via)}` : platformKey(platform);
    const provider = this.knownProvider(key, platform);
    if (provider.method !== 'oauth') throw ApiError.badRequest(ConnectMessages.usesCredentials(provider.label));
    const missing = provider.missingConfiguration();
    if (missing.length) throw new ApiError(400, ConnectMessages.notConfigured(provider.label, missing), { reason: 'not_configured' }, 'NOT_CONFIGURED');
    return provider;
  }

  /** Checks, then stores. */
  private async save(userId: string, platform: string, candidates: ConnectCandidate[]): Promise<ConnectionRecord[]> {
    await this.checkPreconditions(userId, this.providers.get(platform)!, candidates);
    return this.store(userId, platform, candidates);
  }

  /**
   * A reconnect (same platform and account) is always allowed; new accounts must fit the plan's
   * allowance, counted over the whole billing account (owner and managed users).
   */
  private async checkPreconditions(userId: string, provider: ConnectProvider, candidates: ConnectCandidate[]): Promise<void> {
    let adding = 0;
    for (const c of candidates) {
      const existing = await this.connections.findOne(userId, provider.platform, c.externalId);
      if (!existing) adding += 1;
      else if (provider.idsPerInstance && existing.instanceUrl && c.instanceUrl && existing.instanceUrl !== c.instanceUrl) {
        throw new ConnectError('account_unavailable', ConnectMessages.otherInstance(existing.platformId, provider.label));
      }
    }
    if (!adding) return;
    const user = await this.users.getSummary(userId);
    const owner = (user.parentUserId && (await this.users.findSummary(user.parentUserId))) || user;
    const managed = await this.users.listManaged(owner.id);
    const count = await this.connections.countForUsers([owner.id, ...managed.map((u) => u.id)]);
    const refusal: LimitExceededBody | null = this.limits.newConnectionsRefusal(owner, count, adding);
    // The person reads the sentence; the whole body travels beside it (GraphQL extensions).
    if (refusal) throw new ConnectError('connection_limit', refusal.message, { ...refusal });
  }

  private async store(userId: string, platform: string, candidates: ConnectCandidate[]): Promise<ConnectionRecord[]> {
    const saved: ConnectionRecord[] = [];
    for (const c of candidates) {
      saved.push(
        await this.connections.connect(
          userId,
          {
            platform,
            externalId: c.externalId,
            accessToken: c.accessToken,
            refreshToken: c.refreshToken,
            username: c.username,
            displayName: c.displayName,
            profileImageUrl: c.profileImageUrl,
            profileUrl: c.profileUrl,
            accessTokenExpiresAt: c.accessTokenExpiresAt,
            instanceUrl: c.instanceUrl ?? null,
            type: c.type ?? null,
          },
          { keepRefreshToken: true },
        ),
      );
    }
    return saved;
  }
}
