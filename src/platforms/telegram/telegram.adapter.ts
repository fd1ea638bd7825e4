import sharp from 'sharp';
import {
  MediaItem,
  MetricValues,
  PlatformAdapter,
  PlatformCredentials,
  PlatformError,
  PublishRequest,
  PublishResult,
  UnpublishTarget,
  ValidationResult,
} from '../platform-adapter';
import { OPTIONAL_PLATFORM_SETTINGS_DEFAULTS, PLATFORM_CONTENT_RULES, type OptionalPlatformSettingsValues } from '@app/rules';
import { failedValidation, readAll, AdapterBase, unpublishOrder } from '../adapter-kit';
import { categorizeError } from '../error-category';
import { classifyTelegramError, isMessageGone, TelegramEnvelope } from './telegram.errors';
import { TelegramChat, telegramMessageUrl } from './telegram.links';
import { PlatformJsonClient } from '../platform-json-client';

interface TelegramMessage {
  message_id: number;
  chat: TelegramChat;
}

const BOT_TOKEN_REQUIRED = 'Telegram connections must use a bot token';

/** Publishing and deleting need the bot token: the connection is set up wrong, not refused. */
const notABot = () => new PlatformError('PLATFORM_VALIDATION_ERROR', BOT_TOKEN_REQUIRED, { retryable: false, category: 'configuration' });

type TelegramSendOptions = OptionalPlatformSettingsValues['telegram'];

/**
 * The post's Telegram options over their defaults (all off): only options switched on are sent,
 * so a post without them makes exactly the request it made before they existed.
 */
function telegramSendOptions(settings: Record<string, unknown>): TelegramSendOptions {
  const defaults = OPTIONAL_PLATFORM_SETTINGS_DEFAULTS.telegram;
  const given = settings as Partial<Record<keyof TelegramSendOptions, unknown>>;
  const on = (key: keyof TelegramSendOptions) => (typeof given[key] === 'boolean' ? (given[key] as boolean) : defaults[key]);
  return {
    disableWebPagePreview: on('disableWebPagePreview'),
    disableNotification: on('disableNotification'),
    showCaptionAboveMedia: on('showCaptionAboveMedia'),
    protectContent: on('protectContent'),
  };
}

/** A multipart boolean field: "true" when on, left out when off. */
const flag = (on: boolean): string | undefined => (on ? 'true' : undefined);

export const TELEGRAM_NOT_BOT_MESSAGE = 'Only Telegram bot connections can be tested: this connection does not use a bot token';

/**
 * Telegram Bot API: the connection's access token is the bot token (it never expires) and
 * `externalId` the chat id (`-100…` for channels and supergroups, or `@channelname`). Files are
 * uploaded as multipart; several photos go out as one media group with the caption on the first.
 */
export class TelegramAdapter extends AdapterBase implements PlatformAdapter {
  readonly platform = 'telegram' as const;

  /** Only bot connections can be checked: getMe and getChatMember need the bot token. */
  connectionTestRefusal(connectionType: string | null): string | null {
    return connectionType === 'bot' ? null : TELEGRAM_NOT_BOT_MESSAGE;
  }
  readonly rules = PLATFORM_CONTENT_RULES.telegram;

  async publish(credentials: PlatformCredentials, request: PublishRequest): Promise<PublishResult> {
    if (credentials.type !== 'bot') throw notABot();
    const chatId = credentials.externalId;
    const replyParameters = request.replyToId ? JSON.stringify({ message_id: Number(request.replyToId) }) : undefined;
    const images = request.media.filter((m) => m.kind === 'image');
    const video = request.media.find((m) => m.kind === 'video');
    const options = telegramSendOptions(request.settings);
    const flags = { disable_notification: flag(options.disableNotification), protect_content: flag(options.protectContent) };
    const captionAbove = flag(options.showCaptionAboveMedia);

    let message: TelegramMessage;
    if (video) {
      const form = this.form({
        chat_id: chatId,
        caption: request.content,
        supports_streaming: 'true',
        reply_parameters: replyParameters,
        show_caption_above_media: captionAbove,
        ...flags,
      });
      await this.attach(form, 'video', video);
      message = await this.call<TelegramMessage>(credentials, 'sendVideo', form);
    } else if (images.length === 1) {
      const form = this.form({
        chat_id: chatId,
        caption: request.content,
        reply_parameters: replyParameters,
        show_caption_above_media: captionAbove,
        ...flags,
      });
      await this.attach(form, 'photo', images[0]);
      message = await this.call<TelegramMessage>(credentials, 'sendPhoto', form);
    } else if (images.length > 1) {
      // Files are referenced from the media JSON as attach://<field name>; an album's caption
      // position is set on the item that carries the caption.
      const media = images.map((_, i) => ({
        type: 'photo',
        media: `attach://photo${i}`,
        ...(i === 0 && request.content ? { caption: request.content, ...(captionAbove ? { show_caption_above_media: true } : {}) } : {}),
      }));
      const form = this.form({ chat_id: chatId, media: JSON.stringify(media), reply_parameters: replyParameters, ...flags });
      for (const [i, image] of images.entries()) await this.attach(form, `photo${i}`, image);
      const messages = await this.call<TelegramMessage[]>(credentials, 'sendMediaGroup', form);
      message = messages[0];
    } else {
      message = await this.call<TelegramMessage>(credentials, 'sendMessage', {
        chat_id: chatId,
        text: request.content,
        ...(replyParameters ? { reply_parameters: JSON.parse(replyParameters) } : {}),
        ...(options.disableWebPagePreview ? { link_preview_options: { is_disabled: true } } : {}),
        ...(options.disableNotification ? { disable_notification: true } : {}),
        ...(options.protectContent ? { protect_content: true } : {}),
      });
    }
    return { postedId: String(message.message_id), publishedUrl: telegramMessageUrl(message.chat, message.message_id) };
  }

  /**
   * `deleteMessage` in the connection's chat, each part last first. A message Telegram no longer
   * has ("message to delete not found") is already deleted. Telegram deletes only messages under
   * 48 hours old, and in a channel only with the bot's posting or deleting right; it refuses the
   * rest as "message can't be deleted". An album is several messages, of which only the first id
   * is stored: its other photos stay.
   */
  async unpublish(credentials: PlatformCredentials, target: UnpublishTarget): Promise<void> {
    if (credentials.type !== 'bot') throw notABot();
    for (const id of unpublishOrder(target)) {
      await this.call<boolean>(credentials, 'deleteMessage', { chat_id: credentials.externalId, message_id: Number(id) }, isMessageGone);
    }
  }

  /**
   * `getChatMemberCount` of the connected chat (a channel's subscribers, a group's members) as
   * `followers`. Telegram keeps no history of it: each daily reading is the only record. The Bot
   * API gives no per-post counters to pull, so there is no `postMetrics`.
   */
  async accountMetrics(credentials: PlatformCredentials): Promise<MetricValues> {
    if (credentials.type !== 'bot') throw notABot();
    const chatId = credentials.externalId;
    try {
      const count = await this.call<number>(credentials, 'getChatMemberCount', { chat_id: chatId });
      return typeof count === 'number' && Number.isFinite(count) ? { followers: count } : {};
    } catch (err) {
      if (!(err instanceof PlatformError) || categorizeError({ code: err.code, category: err.options.category }) !== 'permission_missing') throw err;
      // The publishing message ("cannot post") would mislead here: say what the read needs.
      const said = err.options.platformError ? ` (Telegram said: ${err.options.platformError})` : '';
      throw new PlatformError(
        err.code,
        `Telegram needs the bot in chat ${chatId} (in a channel, as an administrator) to read its member count; add it back${said}`,
        err.options,
      );
    }
  }

  /** getMe proves the token; getChatMember proves the bot may post in the connected chat. */
  async validate(credentials: PlatformCredentials): Promise<ValidationResult> {
    const fail = (message: string, username?: string): ValidationResult => failedValidation(credentials, message, username);
    if (credentials.type !== 'bot') return fail(BOT_TOKEN_REQUIRED);
    let bot: { id: number; username: string; first_name: string };
    try {
      bot = await this.call(credentials, 'getMe', {});
    } catch (err) {
      return failedValidation(credentials, { label: 'Telegram', error: err });
    }
    try {
      const member = await this.call<Record<string, unknown> & { status: string }>(credentials, 'getChatMember', {
        chat_id: credentials.externalId,
        user_id: bot.id,
      });
      if (member.status === 'left' || member.status === 'kicked') {
        return fail(`Bot @${bot.username} is not a member of chat ${credentials.externalId}`, bot.username);
      }
      if (member.status === 'administrator' && member.can_post_messages === false) {
        return fail(`Bot @${bot.username} is not allowed to post messages in chat ${credentials.externalId}`, bot.username);
      }
      const rights = Object.keys(member).filter((k) => k.startsWith('can_') && member[k] === true);
      return {
        ok: true,
        username: bot.username,
        permissions: [member.status, ...rights],
        message: 'Connection is valid',
        displayName: bot.first_name,
      };
    } catch (err) {
      if (!(err instanceof PlatformError)) throw err;
      return fail(`Bot @${bot.username} cannot access chat ${credentials.externalId}: ${err.options.platformError ?? err.message}`, bot.username);
    }
  }

  private form(fields: Record<string, string | undefined>): FormData {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) if (value !== undefined && value !== '') form.append(name, value);
    return form;
  }

  /** Adds a file part; Telegram does not take WebP as a photo, so it is sent as JPEG. */
  private async attach(form: FormData, field: string, item: MediaItem): Promise<void> {
    let bytes = await readAll(item);
    let mimeType = item.mimeType;
    let fileName = item.fileName;
    if (item.kind === 'image' && mimeType === 'image/webp') {
      bytes = await sharp(bytes).jpeg({ quality: 90 }).toBuffer();
      mimeType = 'image/jpeg';
      fileName = fileName.replace(/\.webp$/i, '') + '.jpg';
    }
    form.append(field, new Blob([bytes], { type: mimeType }), fileName);
  }

  private async call<T>(
    credentials: PlatformCredentials,
    method: string,
    body: FormData | Record<string, unknown>,
    accept?: (status: number, body: unknown) => boolean,
  ): Promise<T> {
    // The Bot API answers `{ ok, result }`; `ok: false` is an error whatever the status.
    const client = new PlatformJsonClient({
      timeoutMs: this.endpoints.requestTimeoutMs,
      classify: (a) => classifyTelegramError(a.status, a.body as TelegramEnvelope<unknown> | null),
      isError: (a) => {
        const envelope = a.body as TelegramEnvelope<unknown> | null;
        return !envelope?.ok || envelope.result === undefined;
      },
    });
    const url = `${this.endpoints.telegramApiUrl}/bot${credentials.accessToken}/${method}`;
    const { body: envelope } = await client.request<TelegramEnvelope<T>>(url, {
      method: 'POST',
      ...(body instanceof FormData ? { body } : { json: body }),
      ...(accept ? { accept } : {}),
    });
    return envelope.result as T;
  }
}
