import { FakePlatformServer, FakeRequest, FakeResponse, TokenState } from './fake-platform-server';
import { multipartFields, parseMultipart } from './multipart';

export interface FakeTelegramChat {
  id: number;
  type: 'channel' | 'supergroup' | 'group' | 'private';
  title?: string;
  username?: string;
  /** The bot's membership in this chat. */
  botStatus: 'administrator' | 'member' | 'left' | 'kicked';
  /** An administrator's "Post messages" right (channels); default true. */
  canPostMessages?: boolean;
  /** An administrator's right to delete messages here (its own posts included, for this fake); default true. */
  canDeleteMessages?: boolean;
  /** What getChatMemberCount answers (subscribers of a channel, members of a group); default 2, the owner and the bot. */
  memberCount?: number;
}

export interface FakeTelegramMessage {
  message_id: number;
  chatId: number;
  method: string;
  text?: string;
  caption?: string;
  files: Array<{ field: string; fileName?: string; contentType?: string; size: number }>;
  mediaGroupId?: string;
  replyTo?: number;
  /**
   * The send options the request carried, exactly as sent (JSON values for sendMessage, the
   * multipart strings for media; an album item's own `show_caption_above_media` too); absent when none.
   */
  options?: Partial<Record<TelegramSendOption, unknown>>;
}

/** The Bot API send options the fake records. */
export const TELEGRAM_SEND_OPTIONS = [
  'link_preview_options',
  'disable_web_page_preview',
  'disable_notification',
  'protect_content',
  'show_caption_above_media',
] as const;
export type TelegramSendOption = (typeof TELEGRAM_SEND_OPTIONS)[number];

const sendOptionsOf = (fields: Record<string, unknown>): FakeTelegramMessage['options'] => {
  const present = TELEGRAM_SEND_OPTIONS.filter((key) => fields[key] !== undefined);
  return present.length ? Object.fromEntries(present.map((key) => [key, fields[key]])) : undefined;
};

/**
 * Telegram Bot API at `/bot<token>/<method>`: getMe, getChatMember, getChatMemberCount,
 * sendMessage (JSON), sendPhoto / sendVideo / sendMediaGroup (multipart), with Telegram's limits
 * and its `{ok:false, error_code, description, parameters}` errors.
 */
export class FakeTelegramServer extends FakePlatformServer {
  readonly bot = { id: 777000111, is_bot: true, first_name: 'Poster Bot', username: 'poster_bot' };
  readonly chats = new Map<string, FakeTelegramChat>();
  readonly messages: FakeTelegramMessage[] = [];
  /** Every deleteMessage answered (not refused for the chat), in call order (messages already gone too). */
  readonly deletes: Array<{ chatId: number; messageId: number }> = [];
  private nextMessageId = 100;

  constructor() {
    super();
    this.route('POST', '/bot:token/:method', (req) => this.dispatch(req));
  }

  addChat(chat: FakeTelegramChat): void {
    this.chats.set(String(chat.id), chat);
    if (chat.username) this.chats.set(`@${chat.username}`, chat);
  }

  protected override extractToken(req: FakeRequest): string | null {
    return /^\/bot([^/]+)\//.exec(req.path)?.[1] ?? null;
  }

  protected authError(_req: FakeRequest, _state: TokenState | 'missing'): FakeResponse {
    return { status: 401, body: { ok: false, error_code: 401, description: 'Unauthorized' } };
  }

  protected rateLimitError(_req: FakeRequest, retryAfterSeconds: number): FakeResponse {
    return {
      status: 429,
      body: { ok: false, error_code: 429, description: `Too Many Requests: retry after ${retryAfterSeconds}`, parameters: { retry_after: retryAfterSeconds } },
    };
  }

  protected override serverError(_req: FakeRequest): FakeResponse {
    return { status: 502, body: { ok: false, error_code: 502, description: 'Bad Gateway' } };
  }

  private dispatch(req: FakeRequest): FakeResponse {
    const multipart = String(req.headers['content-type'] ?? '').includes('multipart/form-data');
    const parts = multipart ? parseMultipart(req.raw, req.headers['content-type']) : [];
    const fields: Record<string, any> = multipart ? multipartFields(parts) : ((req.body as Record<string, unknown>) ?? {});
    const files = parts
      .filter((p) => p.filename !== undefined)
      .map((p) => ({ field: p.name, fileName: p.filename, contentType: p.contentType, size: p.data.length }));

    if (req.params.method === 'getMe') return ok(this.bot);
    const chat = this.chats.get(String(fields.chat_id));
    if (!chat) return bad(400, 'Bad Request: chat not found');
    if (req.params.method === 'getChatMember') {
      if (Number(fields.user_id) !== this.bot.id) return bad(400, 'Bad Request: user not found');
      const rights =
        chat.botStatus === 'administrator'
          ? {
              ...(chat.type === 'channel' ? { can_post_messages: chat.canPostMessages ?? true } : {}),
              can_edit_messages: true,
              can_delete_messages: chat.canDeleteMessages ?? true,
            }
          : {};
      return ok({ user: this.bot, status: chat.botStatus, ...rights });
    }
    if (req.params.method === 'getChat') {
      if (chat.botStatus === 'left' || chat.botStatus === 'kicked') return bad(400, 'Bad Request: chat not found');
      return ok({ id: chat.id, type: chat.type, ...(chat.title ? { title: chat.title } : {}), ...(chat.username ? { username: chat.username } : {}) });
    }
    if (chat.botStatus === 'kicked') return bad(403, `Forbidden: bot was kicked from the ${chat.type} chat`);
    if (chat.botStatus === 'left') return bad(403, `Forbidden: bot is not a member of the ${chat.type} chat`);

    const replyTo = fields.reply_parameters
      ? (typeof fields.reply_parameters === 'string' ? JSON.parse(fields.reply_parameters) : fields.reply_parameters).message_id
      : undefined;
    const caption = fields.caption as string | undefined;
    if (caption && [...caption].length > 1024) return bad(400, 'Bad Request: message caption is too long');

    switch (req.params.method) {
      case 'getChatMemberCount':
        return ok(chat.memberCount ?? 2);
      case 'deleteMessage':
        return this.deleteMessage(chat, Number(fields.message_id));
      case 'sendMessage': {
        const text = String(fields.text ?? '');
        if (!text) return bad(400, 'Bad Request: message text is empty');
        if ([...text].length > 4096) return bad(400, 'Bad Request: message is too long');
        return ok(this.store(chat, { method: 'sendMessage', text, files: [], replyTo, options: sendOptionsOf(fields) }));
      }
      case 'sendPhoto':
      case 'sendVideo': {
        const field = req.params.method === 'sendPhoto' ? 'photo' : 'video';
        const file = files.find((f) => f.field === field);
        if (!file) return bad(400, `Bad Request: there is no ${field} in the request`);
        return ok(this.store(chat, { method: req.params.method, caption, files: [file], replyTo, options: sendOptionsOf(fields) }));
      }
      case 'sendMediaGroup': {
        const media = JSON.parse(String(fields.media ?? '[]')) as Array<{ type: string; media: string; caption?: string; show_caption_above_media?: boolean }>;
        if (media.length < 2 || media.length > 10) return bad(400, 'Bad Request: wrong number of media in the group (2-10)');
        if (media.some((m) => (m.caption ?? '').length > 1024)) return bad(400, 'Bad Request: message caption is too long');
        const groupId = this.nextId('grp');
        const sent: unknown[] = [];
        for (const m of media) {
          const file = files.find((f) => `attach://${f.field}` === m.media);
          if (!file) return bad(400, `Bad Request: file ${m.media} not found`);
          const options = sendOptionsOf({ ...fields, show_caption_above_media: m.show_caption_above_media });
          sent.push(this.store(chat, { method: 'sendMediaGroup', caption: m.caption, files: [file], mediaGroupId: groupId, replyTo, options }));
        }
        return ok(sent);
      }
      default:
        return bad(404, 'Not Found: method not found');
    }
  }

  override reset(): void {
    super.reset();
    this.deletes.length = 0;
  }

  /** In a channel a bot deletes only as an administrator with the posting or deleting right. */
  private deleteMessage(chat: FakeTelegramChat, messageId: number): FakeResponse {
    if (chat.type === 'channel' && (chat.botStatus !== 'administrator' || chat.canDeleteMessages === false)) {
      return bad(400, "Bad Request: message can't be deleted");
    }
    this.deletes.push({ chatId: chat.id, messageId });
    const at = this.messages.findIndex((m) => m.chatId === chat.id && m.message_id === messageId);
    if (at === -1) return bad(400, 'Bad Request: message to delete not found');
    this.messages.splice(at, 1);
    return ok(true);
  }

  private store(chat: FakeTelegramChat, message: Omit<FakeTelegramMessage, 'message_id' | 'chatId'>) {
    const stored = { message_id: this.nextMessageId++, chatId: chat.id, ...message };
    this.messages.push(stored);
    return {
      message_id: stored.message_id,
      date: Math.floor(Date.now() / 1000),
      chat: { id: chat.id, type: chat.type, title: chat.title, ...(chat.username ? { username: chat.username } : {}) },
      ...(message.text ? { text: message.text } : {}),
      ...(message.caption ? { caption: message.caption } : {}),
      ...(message.mediaGroupId ? { media_group_id: message.mediaGroupId } : {}),
    };
  }
}

const ok = (result: unknown): FakeResponse => ({ status: 200, body: { ok: true, result } });
const bad = (code: number, description: string): FakeResponse => ({ status: code, body: { ok: false, error_code: code, description } });
