import { PlatformError } from '../platform-adapter';
import { platformFailure } from '../adapter-kit';

/** Telegram's answer envelope: `{ok, result}` or `{ok:false, error_code, description, parameters}`. */
export interface TelegramEnvelope<T> {
  ok: boolean;
  result?: T;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number; migrate_to_chat_id?: number };
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
    return new PlatformError('PLATFORM_AUTH_EXPIRED', `Telegram bot cannot post to this chat${description ? `: ${description}` : ''}`, {
      retryable: false,
      httpStatus: status,
      platformError: description,
    });
  }
  const migrated = body?.parameters?.migrate_to_chat_id;
  if (migrated !== undefined) {
    return new PlatformError('PLATFORM_VALIDATION_ERROR', `Telegram group was upgraded to a supergroup; reconnect it with chat id ${migrated}`, {
      retryable: false,
      httpStatus: status,
      platformError: description,
    });
  }
  return platformFailure({ platform: 'Telegram', status: code >= 400 ? code : status, platformError: description, authExpired: code === 401 });
}
