import { PlatformError } from '../platform-adapter';
import type { ErrorCategory } from '../error-category';
import { platformFailure } from '../adapter-kit';

/** Telegram's answer envelope: `{ok, result}` or `{ok:false, error_code, description, parameters}`. */
export interface TelegramEnvelope<T> {
  ok: boolean;
  result?: T;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number; migrate_to_chat_id?: number };
}

/** The bot lacks a right in the chat (an admin must grant it); Telegram says so only in words. */
const MISSING_RIGHTS = /not enough rights|need administrator rights|have no rights|CHAT_WRITE_FORBIDDEN|CHAT_ADMIN_REQUIRED|message can't be deleted/i;
/** The chat id the connection names is not one the bot can reach (wrong id, or a group that moved). */
const WRONG_CHAT = /chat not found|group chat was upgraded/i;
/** Telegram refused a file we uploaded (its type, dimensions or size). */
const MEDIA_REFUSED =
  /IMAGE_PROCESS_FAILED|PHOTO_INVALID_DIMENSIONS|PHOTO_SAVE_FILE_INVALID|PHOTO_EXT_INVALID|VIDEO_FILE_INVALID|wrong file|file is too big|failed to get HTTP URL content|wrong type of the web page content/i;

/** Telegram's own words name the category; null when they say no more than the code. */
function telegramCategory(description: string | null): ErrorCategory | undefined {
  if (!description) return undefined;
  if (MISSING_RIGHTS.test(description)) return 'permission_missing';
  if (WRONG_CHAT.test(description)) return 'configuration';
  if (MEDIA_REFUSED.test(description)) return 'media_rejected';
  return undefined;
}

/** Telegram's "the message is already gone" answer to deleteMessage. */
export function isMessageGone(status: number, body: unknown): boolean {
  const description = (body as TelegramEnvelope<unknown> | null)?.description ?? '';
  return status === 400 && /message to delete not found/i.test(description);
}

/**
 * Bot API failures. The body's `parameters.retry_after` is the rate-limit signal (flood control
 * can also arrive as 400); 401 means the bot token was revoked; 403 means the bot was removed
 * from the chat or blocked — permanent until someone adds the bot back.
 */
export function classifyTelegramError(status: number, body: TelegramEnvelope<unknown> | null): PlatformError {
  const code = body?.error_code ?? status;
  const description = body?.description ?? null;
  const retryAfter = body?.parameters?.retry_after;
  if (typeof retryAfter === 'number' || code === 429) {
    return platformFailure({
      platform: 'Telegram',
      status,
      platformError: description,
      rateLimited: true,
      retryAfterMs: typeof retryAfter === 'number' ? retryAfter * 1000 : undefined,
    });
  }
  if (code === 403) {
    // Kicked, not a member, blocked: the bot token is fine, the bot has to be let back in.
    return new PlatformError('PLATFORM_AUTH_EXPIRED', `Telegram bot cannot post to this chat${description ? `: ${description}` : ''}`, {
      retryable: false,
      httpStatus: status,
      platformError: description,
      category: 'permission_missing',
    });
  }
  const migrated = body?.parameters?.migrate_to_chat_id;
  if (migrated !== undefined) {
    return new PlatformError('PLATFORM_VALIDATION_ERROR', `Telegram group was upgraded to a supergroup; reconnect it with chat id ${migrated}`, {
      retryable: false,
      httpStatus: status,
      platformError: description,
      category: 'configuration',
    });
  }
  const err = platformFailure({ platform: 'Telegram', status: code >= 400 ? code : status, platformError: description, authExpired: code === 401 });
  const category = err.code === 'PLATFORM_VALIDATION_ERROR' ? telegramCategory(description) : undefined;
  return category ? new PlatformError(err.code, err.message, { ...err.options, category }) : err;
}
