import { Transform } from 'class-transformer';
import { IsString, Matches, MinLength } from 'class-validator';
import { IsNonBlankString, WhenGiven } from '../../common/validation/field-rules';
import { ConnectMessages } from '../connect.errors';
import type { CredentialsInput } from '../providers/connect-provider';

/**
 * Each credentials provider's own check of what the person typed (its `credentials` DTO), run by
 * ConnectService before the provider calls the platform. Fields a provider does not take are
 * dropped. The messages say what to type.
 */

const trimmed = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);

/** Bluesky: a handle (a leading @ is dropped) or e-mail, an app password, optionally the service (PDS). */
export class BlueskyCredentialsDto implements Partial<CredentialsInput> {
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().replace(/^@/, '') : value))
  @IsNonBlankString(ConnectMessages.blueskyIdentifierRequired)
  identifier: string;

  @MinLength(1, { message: ConnectMessages.blueskySecretRequired })
  @IsString({ message: ConnectMessages.blueskySecretRequired })
  secret: string;

  @Transform(trimmed)
  @WhenGiven()
  @IsString({ message: ConnectMessages.notText('serviceUrl') })
  serviceUrl?: string | null;
}

/** A bot token as @BotFather issues it: the bot's id, a colon, the key. */
const BOT_TOKEN = /^\d+:[A-Za-z0-9_-]{20,}$/;

/** Telegram: the bot's token and the channel or group it posts to (@name or numeric id). */
export class TelegramCredentialsDto implements Partial<CredentialsInput> {
  @Transform(trimmed)
  @Matches(BOT_TOKEN, { message: ConnectMessages.telegramBotToken })
  @IsString({ message: ConnectMessages.telegramBotToken })
  secret: string;

  @Transform(trimmed)
  @IsNonBlankString(ConnectMessages.telegramChatRequired)
  chatId: string;
}
