/** A status as words (`partially_published` → "partially published"). */
export const statusWords = (status: string) => status.replace('_', ' ');

/** What to do about a platform's error code (docs/publishing.md). */
export const ERROR_HINTS: Record<string, string> = {
  PLATFORM_AUTH_EXPIRED: 'Reconnect the account on the Connections page, then schedule the post again.',
  RATE_LIMITED: 'The platform asked to slow down; it is retried automatically.',
  INVALID_CONTENT: 'Change the text or media to fit the platform’s rules.',
  CONTENT_TOO_LARGE: 'Use a smaller file.',
  CONNECTION_DISCONNECTED: 'The account was disconnected; connect it again and reschedule.',
  PUBLISH_OUTCOME_UNKNOWN: 'Check the platform before posting again: it may have gone out.',
};
