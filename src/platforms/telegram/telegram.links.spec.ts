import { classifyTelegramError } from './telegram.errors';
import { telegramMessageUrl } from './telegram.links';

describe('telegramMessageUrl', () => {
  it('public chats use the username', () => expect(telegramMessageUrl({ id: -1001234, type: 'channel', username: 'news' }, 7)).toBe('https://t.me/news/7'));
  it('private supergroups/channels drop the -100 prefix', () =>
    expect(telegramMessageUrl({ id: -1009876543210, type: 'channel' }, 42)).toBe('https://t.me/c/9876543210/42'));
});

describe('classifyTelegramError', () => {
  it('retry_after → RATE_LIMITED in ms, even on a 400', () => {
    const err = classifyTelegramError(429, { ok: false, error_code: 429, description: 'Too Many Requests: retry after 7', parameters: { retry_after: 7 } });
    expect(err.code).toBe('RATE_LIMITED');
    expect(err.options).toMatchObject({ retryable: true, retryAfterMs: 7000 });
    expect(classifyTelegramError(400, { ok: false, error_code: 400, parameters: { retry_after: 1 } }).code).toBe('RATE_LIMITED');
  });
  it('401 revoked token and 403 kicked bot are permanent auth problems', () => {
    expect(classifyTelegramError(401, { ok: false, error_code: 401, description: 'Unauthorized' }).code).toBe('PLATFORM_AUTH_EXPIRED');
    const kicked = classifyTelegramError(403, { ok: false, error_code: 403, description: 'Forbidden: bot was kicked from the channel chat' });
    expect(kicked.code).toBe('PLATFORM_AUTH_EXPIRED');
    expect(kicked.message).toMatch(/cannot post to this chat: Forbidden: bot was kicked/);
    expect(kicked.options.retryable).toBe(false);
  });
  it('400 keeps Telegram’s description; 5xx is retryable; migrated group names the new id', () => {
    const bad = classifyTelegramError(400, { ok: false, error_code: 400, description: 'Bad Request: message caption is too long' });
    expect(bad.code).toBe('PLATFORM_VALIDATION_ERROR');
    expect(bad.options.platformError).toBe('Bad Request: message caption is too long');
    expect(classifyTelegramError(502, null).options.retryable).toBe(true);
    expect(classifyTelegramError(400, { ok: false, error_code: 400, parameters: { migrate_to_chat_id: -100555 } }).message).toMatch(/-100555/);
  });
});
