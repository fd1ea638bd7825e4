import { DynamicModule, Inject, Injectable, Module } from '@nestjs/common';
import { IsString } from 'class-validator';
import {
  checkCommonRules,
  ConnectError,
  PlatformError,
  type ConnectCandidate,
  type CredentialsConnectProvider,
  type CredentialsInput,
  type PlatformAdapter,
  type PlatformContentRules,
  type PlatformCredentials,
  type PlatformPlugin,
  type PublishRequest,
  type PublishResult,
  type RefreshedTokens,
  type ValidationResult,
} from 'social-post-scheduler';

/** Where the plugin's webhooks live: Discord itself, or a fake of it in tests. */
export interface DiscordWebhookOptions {
  /** Origin of the webhook URLs accepted (`https://discord.com`): no other URL is ever called. */
  apiBase: string;
  /** Per request, in milliseconds (default 15 s). */
  timeoutMs?: number;
}

const DISCORD_WEBHOOK_OPTIONS = Symbol('DISCORD_WEBHOOK_OPTIONS');

const RULES: PlatformContentRules = {
  label: 'Discord',
  maxTextLength: 2000,
  maxImages: 0,
  maxVideos: 0,
  requiresMedia: false,
  videoOnly: false,
  noMixedMedia: false,
  autoThreads: false,
  convertWebpToJpeg: false,
  videoMimeTypes: [],
};

/** What the webhook answers to GET (its identity) and to an executed message with `wait=true`. */
interface DiscordWebhook {
  id: string;
  name: string | null;
  channel_id: string;
  guild_id?: string;
}
interface DiscordMessage {
  id: string;
  channel_id: string;
}

/** The link base of a Discord server's channels (`@me` for a webhook outside a server). */
const serverLink = (guildId: string | null | undefined): string => `https://discord.com/channels/${guildId ?? '@me'}`;

/** The person types one thing: the webhook URL (it is the credential: kept encrypted as the access token). */
class DiscordWebhookCredentials {
  @IsString({ message: 'Paste the webhook URL from the channel’s Integrations settings' })
  secret: string;
}

/** Calls one webhook URL, within the configured origin only, mapping Discord's answers to PlatformErrors. */
@Injectable()
export class DiscordWebhookClient {
  constructor(@Inject(DISCORD_WEBHOOK_OPTIONS) private readonly options: DiscordWebhookOptions) {}

  /** The URL when it is one of the configured origin's webhook URLs, else null. */
  webhookUrl(raw: string): URL | null {
    let url: URL;
    try {
      url = new URL(raw.trim());
    } catch {
      return null;
    }
    const base = new URL(this.options.apiBase);
    return url.origin === base.origin && /^\/api\/webhooks\/\d+\/[\w-]+$/.test(url.pathname) && !url.search ? url : null;
  }

  async call<T>(rawUrl: string, init: { method: 'GET' | 'POST'; body?: unknown; query?: string }): Promise<T> {
    const url = this.webhookUrl(rawUrl);
    if (!url) throw new PlatformError('PLATFORM_AUTH_EXPIRED', 'The stored Discord webhook URL is not one this service calls; reconnect', { retryable: false });
    let res: Response;
    try {
      res = await fetch(`${url.href}${init.query ?? ''}`, {
        method: init.method,
        headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        redirect: 'manual',
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
      });
    } catch (err) {
      const timedOut = (err as Error).name === 'TimeoutError';
      // A POST that timed out may have been posted: the engine never resends it blindly.
      throw new PlatformError(timedOut ? 'TIMEOUT_ERROR' : 'NETWORK_ERROR', `Discord did not answer: ${(err as Error).message}`, {
        retryable: true,
        outcomeUnknown: init.method === 'POST' && timedOut,
      });
    }
    const body = (await res.json().catch(() => null)) as (T & { message?: string; retry_after?: number }) | null;
    if (res.ok && body) return body;
    const detail = body?.message ?? `HTTP ${res.status}`;
    if (res.status === 401 || res.status === 404) {
      throw new PlatformError('PLATFORM_AUTH_EXPIRED', 'The Discord webhook no longer exists; reconnect the channel', {
        retryable: false,
        httpStatus: res.status,
        platformError: detail,
      });
    }
    if (res.status === 429) {
      const seconds = Number(body?.retry_after ?? res.headers.get('retry-after') ?? 1);
      throw new PlatformError('RATE_LIMITED', 'Discord is rate limiting this webhook', {
        retryable: true,
        httpStatus: 429,
        retryAfterMs: Math.ceil(seconds * 1000),
        platformError: detail,
      });
    }
    if (res.status >= 500)
      throw new PlatformError('PLATFORM_SERVER_ERROR', 'Discord is unavailable', { retryable: true, httpStatus: res.status, platformError: detail });
    throw new PlatformError('PLATFORM_VALIDATION_ERROR', `Discord refused the message: ${detail}`, {
      retryable: false,
      httpStatus: res.status,
      platformError: detail,
    });
  }
}

/** Publishing: one message per post through the connected channel's webhook. */
@Injectable()
export class DiscordWebhookAdapter implements PlatformAdapter {
  readonly platform = 'discord';
  readonly rules = RULES;

  constructor(private readonly client: DiscordWebhookClient) {}

  checkContent(request: Pick<PublishRequest, 'content' | 'media' | 'settings'>): string | null {
    return checkCommonRules(RULES, request);
  }

  /** One request: the server's link base was stored when the channel was connected (`instanceUrl`). */
  async publish(credentials: PlatformCredentials, request: PublishRequest): Promise<PublishResult> {
    const message = await this.client.call<DiscordMessage>(credentials.accessToken, {
      method: 'POST',
      query: '?wait=true',
      body: { content: request.content, allowed_mentions: { parse: [] } },
    });
    const server = credentials.instanceUrl ?? serverLink(null);
    return { postedId: message.id, publishedUrl: `${server}/${message.channel_id}/${message.id}` };
  }

  async validate(credentials: PlatformCredentials): Promise<ValidationResult> {
    try {
      const webhook = await this.client.call<DiscordWebhook>(credentials.accessToken, { method: 'GET' });
      return { ok: true, username: webhook.name ?? credentials.username ?? webhook.id, permissions: ['webhook'], message: 'Connection is working' };
    } catch (err) {
      if (err instanceof PlatformError && err.code === 'PLATFORM_AUTH_EXPIRED') {
        return { ok: false, username: credentials.username ?? '', permissions: [], message: err.message };
      }
      throw err;
    }
  }
}

/** Connecting: the person pastes a channel's webhook URL; the service checks it by asking the webhook who it is. */
@Injectable()
export class DiscordWebhookConnectProvider implements CredentialsConnectProvider {
  readonly method = 'credentials' as const;
  readonly platform = 'discord';
  readonly label = 'Discord';
  readonly idsPerInstance = false;
  readonly credentials = DiscordWebhookCredentials;
  readonly fields = [
    {
      name: 'secret' as const,
      label: 'Webhook URL',
      type: 'password' as const,
      required: true,
      placeholder: 'https://discord.com/api/webhooks/…',
      autocomplete: 'off',
    },
  ];

  constructor(private readonly client: DiscordWebhookClient) {}

  missingConfiguration(): string[] {
    return [];
  }

  async connect(input: CredentialsInput): Promise<ConnectCandidate> {
    if (!this.client.webhookUrl(input.secret)) throw new ConnectError('invalid_credentials', 'That is not a Discord webhook URL');
    let webhook: DiscordWebhook;
    try {
      webhook = await this.client.call<DiscordWebhook>(input.secret, { method: 'GET' });
    } catch (err) {
      if (err instanceof PlatformError && err.code === 'PLATFORM_AUTH_EXPIRED')
        throw new ConnectError('invalid_credentials', 'Discord does not know this webhook');
      throw new ConnectError('account_unavailable', 'Discord could not be reached; try again');
    }
    return {
      externalId: webhook.id,
      username: webhook.name ?? webhook.id,
      displayName: webhook.name,
      profileImageUrl: null,
      profileUrl: null,
      kind: 'channel',
      accessToken: input.secret.trim(),
      refreshToken: null,
      accessTokenExpiresAt: null,
      // The Discord server (guild) the channel is on, as the base of its message links.
      instanceUrl: serverLink(webhook.guild_id),
      type: 'webhook',
    };
  }

  refresh(): Promise<RefreshedTokens> {
    return Promise.reject(new Error('Discord webhooks have no tokens to refresh'));
  }

  /** Nothing to withdraw: deleting the webhook would be the channel owner's decision. */
  async revoke(): Promise<void> {}
}

/** The plugin the service registers (`extensions.platforms`). */
@Injectable()
export class DiscordWebhookPlatform implements PlatformPlugin {
  constructor(
    readonly adapter: DiscordWebhookAdapter,
    readonly connect: DiscordWebhookConnectProvider,
  ) {}
}

@Module({})
export class DiscordWebhookModule {
  static forRoot(options: DiscordWebhookOptions): DynamicModule {
    return {
      module: DiscordWebhookModule,
      providers: [
        { provide: DISCORD_WEBHOOK_OPTIONS, useValue: options },
        DiscordWebhookClient,
        DiscordWebhookAdapter,
        DiscordWebhookConnectProvider,
        DiscordWebhookPlatform,
      ],
      exports: [DiscordWebhookPlatform],
    };
  }
}
