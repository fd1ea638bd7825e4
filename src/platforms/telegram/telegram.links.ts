/** The chat part of a Telegram message as the Bot API returns it. */
export interface TelegramChat {
  id: number;
  type: string;
  username?: string;
  title?: string;
}

/**
 * Public link of a message: `t.me/<username>/<id>` for public channels and groups, otherwise
 * `t.me/c/<chat id without the -100 prefix>/<id>` (opens for members of private chats).
 */
export function telegramMessageUrl(chat: TelegramChat, messageId: number): string {
  if (chat.username) return `https://t.me/${chat.username}/${messageId}`;
  const internalId = String(chat.id).replace(/^-100/, '').replace(/^-/, '');
  return `https://t.me/c/${internalId}/${messageId}`;
}
