import { PlatformError, type RefreshedTokens } from '../../platforms/platform-adapter';
import { platformFetch, readJson } from '../../platforms/platform-http';
import type { ConnectSettings } from '../connect-settings';
import { TelegramCredentialsDto } from '../dto/credentials.dto';
import { ConnectError, type ConnectCandidate, type ConnectField, type CredentialsConnectProvider, type CredentialsInput } from './connect-provider';

interface BotAnswer<T> {
  ok: boolean;
  result?: T;
  description?: string;
  error_code?: number;
}

/**
 * Telegram with a bot the person created (@BotFather) and made an administrator of their
 * channel or group. getMe proves the token, getChat finds the chat (by @name or numeric id) and
 * getChatMember proves the bot is an administrator that may post; every refusal names what is
 * missing. The connection's id is the numeric chat id (a channel's @name can change).
 */
export class TelegramProvider implements CredentialsConnectProvider {
  readonly platform = 'telegram' as const;
  readonly method = 'credentials' as const;
  readonly label = 'Telegram';
  readonly fields: readonly ConnectField[] = [
    { name: 'secret', label: 'Bot token', type: 'password', required: true, autocomplete: 'off' },
    { name: 'chatId', label: 'Channel or chat id', type: 'text', required: true, placeholder: '@mychannel' },
  ];
  readonly credentials = TelegramCredentialsDto;
  readonly idsPerInstance = false;

  constructor(private readonly settings: ConnectSettings) {}

  missingConfiguration(): string[] {
    return [];
  }

  /** `input` passed TelegramCredentialsDto: a bot token's shape and a chat, trimmed. */
  async connect(input: CredentialsInput): Promise<ConnectCandidate> {
    const token = input.secret;
    const chatId = input.chatId!;

    const me = await this.call<{ id: number; username?: string }>(token, 'getMe', {});
    if (!me.ok || !me.result) {
      throw new ConnectError('invalid_credentials', 'Telegram refused this bot token: copy it again from @BotFather');
    }
    const bot = `@${me.result.username ?? me.result.id}`;
    const chat = await this.call<{ id: number; title?: string; username?: string; type?: string; first_name?: string }>(token, 'getChat', { chat_id: chatId });
    if (!chat.ok || !chat.result) {
      throw new ConnectError(
        'account_unavailable',
        `The bot ${bot} cannot see the chat ${chatId}: add the bot to the channel or group as an administrator, then try again (${chat.description ?? 'chat not found'})`,
      );
    }
    const title = chat.result.title ?? chat.result.first_name ?? String(chat.result.id);
    const member = await this.call<{ status?: string; can_post_messages?: boolean }>(token, 'getChatMember', {
      chat_id: chat.result.id,
      user_id: me.result.id,
    });
    const status = member.result?.status;
    if (!member.ok || (status !== 'administrator' && status !== 'creator')) {
      throw new ConnectError(
        'account_unavailable',
        `The bot ${bot} is not an administrator of ${title}: make it an administrator${chat.result.type === 'channel' ? ' with the "Post messages" right' : ''}`,
      );
    }
    // Channels grant posting separately; in groups an administrator can always send.
    if (chat.result.type === 'channel' && member.result?.can_post_messages !== true) {
      throw new ConnectError(
        'account_unavailable',
        `The bot ${bot} is an administrator of ${title} but lacks the "Post messages" right: enable it in the channel's administrator settings`,
      );
    }
    const username = chat.result.username ?? null;
    return {
      externalId: String(chat.result.id),
      username: username ?? title,
      displayName: title,
      profileImageUrl: null,
      profileUrl: username ? `https://t.me/${username}` : null,
      kind: chat.result.type === 'channel' ? 'page' : 'profile',
      accessToken: token,
      refreshToken: null,
      accessTokenExpiresAt: null,
      type: 'bot',
    };
  }

  refresh(): Promise<RefreshedTokens> {
    return Promise.reject(new PlatformError('PLATFORM_AUTH_EXPIRED', 'Telegram bot tokens do not expire', { retryable: false }));
  }

  /** A bot token belongs to the person (revoked in @BotFather); disconnecting only forgets it. */
  async revoke(): Promise<void> {}

  private async call<T>(token: string, method: string, fields: Record<string, unknown>): Promise<BotAnswer<T>> {
    let res: Response;
    try {
      res = await platformFetch(`${this.settings.endpoints.telegramApiUrl}/bot${token}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(fields),
        timeoutMs: this.settings.timeoutMs,
      });
    } catch {
      throw new ConnectError('account_unavailable', 'Telegram could not be reached; try again');
    }
    return (await readJson<BotAnswer<T>>(res)) ?? { ok: false, description: `HTTP ${res.status}` };
  }
}
