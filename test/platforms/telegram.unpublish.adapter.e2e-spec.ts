import { FakeTelegramServer, makeImage, mediaItem, type FakeResponse } from '@test/support/fakes';
import { TelegramAdapter } from '../../src/platforms/telegram';
import type { PlatformCredentials, PublishRequest } from '../../src/platforms/platform-adapter';
import { categorizeError, type ErrorCategory } from '../../src/platforms/error-category';
import { failureOf, fakeEndpoints } from './fake-endpoints';

const bad = (code: number, description: string): FakeResponse => ({ status: code, body: { ok: false, error_code: code, description } });

describe('TelegramAdapter.unpublish and error categories against a fake Bot API', () => {
  const fake = new FakeTelegramServer();
  const TOKEN = '123456:ABC-secret';
  const CHAT = -1009876543210;
  let adapter: TelegramAdapter;
  const creds: PlatformCredentials = { externalId: String(CHAT), accessToken: TOKEN, type: 'bot' };
  const request = (over: Partial<PublishRequest> = {}): PublishRequest => ({ content: 'Hello channel', media: [], settings: {}, idempotencyKey: 'k', ...over });
  const categoryOf = (err: { code: string; options: { category?: string } }) => categorizeError({ code: err.code, category: err.options.category });

  beforeAll(async () => {
    adapter = new TelegramAdapter(fakeEndpoints(await fake.start()));
  });
  beforeEach(async () => {
    await fake.settle();
    fake.reset();
    fake.messages.length = 0;
    fake.setToken(TOKEN);
    fake.addChat({ id: CHAT, type: 'channel', title: 'Private', botStatus: 'administrator' });
  });
  afterAll(() => fake.stop());

  describe('unpublish', () => {
    it('deletes the message in the connection’s chat with one deleteMessage and no send', async () => {
      const posted = await adapter.publish(creds, request({ content: 'to delete' }));
      const kept = await adapter.publish(creds, request({ content: 'kept' }));
      const sends = fake.calls('/sendMessage').length;

      await adapter.unpublish(creds, { postedId: posted.postedId, publishedUrl: posted.publishedUrl });

      expect(fake.calls('/deleteMessage')[0].body).toEqual({ chat_id: String(CHAT), message_id: Number(posted.postedId) });
      expect(fake.deletes).toEqual([{ chatId: CHAT, messageId: Number(posted.postedId) }]);
      expect(fake.messages.map((m) => String(m.message_id))).toEqual([kept.postedId]);
      expect(fake.calls('/sendMessage')).toHaveLength(sends);
    });

    it('deletes a reply chain last part first', async () => {
      const one = await adapter.publish(creds, request({ content: 'part 1' }));
      const two = await adapter.publish(creds, request({ content: 'part 2', replyToId: one.postedId }));
      await adapter.unpublish(creds, { postedId: one.postedId, partIds: [one.postedId, two.postedId] });
      expect(fake.deletes.map((d) => String(d.messageId))).toEqual([two.postedId, one.postedId]);
      expect(fake.messages).toHaveLength(0);
    });

    it('a message Telegram no longer has counts as deleted', async () => {
      const posted = await adapter.publish(creds, request());
      await adapter.unpublish(creds, { postedId: posted.postedId });
      await expect(adapter.unpublish(creds, { postedId: posted.postedId })).resolves.toBeUndefined();
      expect(fake.deletes).toHaveLength(2);
    });

    it('a bot without the deleting right is refused: PlatformError, permission_missing, message kept', async () => {
      const posted = await adapter.publish(creds, request());
      fake.chats.get(String(CHAT))!.canDeleteMessages = false;

      const err = await failureOf(adapter.unpublish(creds, { postedId: posted.postedId }));

      expect(err.code).toBe('PLATFORM_VALIDATION_ERROR');
      expect(err.options).toMatchObject({ retryable: false, httpStatus: 400, platformError: "Bad Request: message can't be deleted" });
      expect(categoryOf(err)).toBe('permission_missing');
      expect(fake.messages).toHaveLength(1);
    });

    it('a bot kicked from the chat → PLATFORM_AUTH_EXPIRED, permission_missing', async () => {
      const posted = await adapter.publish(creds, request());
      fake.chats.get(String(CHAT))!.botStatus = 'kicked';
      const err = await failureOf(adapter.unpublish(creds, { postedId: posted.postedId }));
      expect(err.code).toBe('PLATFORM_AUTH_EXPIRED');
      expect(categoryOf(err)).toBe('permission_missing');
    });

    it('a connection that is not a bot → configuration, nothing sent', async () => {
      const err = await failureOf(adapter.unpublish({ ...creds, type: 'channel' }, { postedId: '1' }));
      expect(err.code).toBe('PLATFORM_VALIDATION_ERROR');
      expect(categoryOf(err)).toBe('configuration');
      expect(fake.requests).toHaveLength(0);
    });
  });

  describe('error categories', () => {
    it('401 revoked bot token → PLATFORM_AUTH_EXPIRED, auth_expired', async () => {
      fake.setToken(TOKEN, 'revoked');
      const err = await failureOf(adapter.publish(creds, request()));
      expect(err.code).toBe('PLATFORM_AUTH_EXPIRED');
      expect(categoryOf(err)).toBe('auth_expired');
    });

    it.each([
      ['kicked', 'Forbidden: bot was kicked'],
      ['left', 'Forbidden: bot is not a member'],
    ] as const)('403 (bot %s) → PLATFORM_AUTH_EXPIRED, permission_missing', async (status, words) => {
      fake.chats.get(String(CHAT))!.botStatus = status;
      const err = await failureOf(adapter.publish(creds, request()));
      expect(err.code).toBe('PLATFORM_AUTH_EXPIRED');
      expect(err.options.platformError).toContain(words);
      expect(categoryOf(err)).toBe('permission_missing');
    });

    it('400 chat not found → PLATFORM_VALIDATION_ERROR, configuration', async () => {
      const err = await failureOf(adapter.publish({ ...creds, externalId: '-100404' }, request()));
      expect(err.code).toBe('PLATFORM_VALIDATION_ERROR');
      expect(categoryOf(err)).toBe('configuration');
    });

    it('400 with migrate_to_chat_id → PLATFORM_VALIDATION_ERROR, configuration', async () => {
      fake.inject({
        kind: 'respond',
        match: 'sendMessage',
        response: {
          status: 400,
          body: {
            ok: false,
            error_code: 400,
            description: 'Bad Request: group chat was upgraded to a supergroup chat',
            parameters: { migrate_to_chat_id: -100555 },
          },
        },
      });
      const err = await failureOf(adapter.publish(creds, request()));
      expect(err.code).toBe('PLATFORM_VALIDATION_ERROR');
      expect(categoryOf(err)).toBe('configuration');
    });

    const png = async () => mediaItem(await makeImage('png'), { kind: 'image', mimeType: 'image/png' });
    const answered: Array<[string, string, boolean, FakeResponse, string, ErrorCategory]> = [
      [
        'need administrator rights',
        'sendMessage',
        false,
        bad(400, 'Bad Request: need administrator rights in the channel chat'),
        'PLATFORM_VALIDATION_ERROR',
        'permission_missing',
      ],
      [
        'not enough rights',
        'sendMessage',
        false,
        bad(400, 'Bad Request: not enough rights to send text messages to the chat'),
        'PLATFORM_VALIDATION_ERROR',
        'permission_missing',
      ],
      ['CHAT_WRITE_FORBIDDEN', 'sendMessage', false, bad(403, 'Forbidden: CHAT_WRITE_FORBIDDEN'), 'PLATFORM_AUTH_EXPIRED', 'permission_missing'],
      ['PHOTO_INVALID_DIMENSIONS', 'sendPhoto', true, bad(400, 'Bad Request: PHOTO_INVALID_DIMENSIONS'), 'PLATFORM_VALIDATION_ERROR', 'media_rejected'],
      ['IMAGE_PROCESS_FAILED', 'sendPhoto', true, bad(400, 'Bad Request: IMAGE_PROCESS_FAILED'), 'PLATFORM_VALIDATION_ERROR', 'media_rejected'],
      ['413 Request Entity Too Large', 'sendPhoto', true, bad(413, 'Request Entity Too Large'), 'CONTENT_TOO_LARGE', 'media_rejected'],
      ['message is too long', 'sendMessage', false, bad(400, 'Bad Request: message is too long'), 'PLATFORM_VALIDATION_ERROR', 'content_rejected'],
      [
        '429 retry_after',
        'sendMessage',
        false,
        { status: 429, body: { ok: false, error_code: 429, description: 'Too Many Requests: retry after 5', parameters: { retry_after: 5 } } },
        'RATE_LIMITED',
        'rate_limited',
      ],
      ['502', 'sendMessage', false, bad(502, 'Bad Gateway'), 'PLATFORM_SERVER_ERROR', 'platform_unavailable'],
    ];
    it.each(answered)('Telegram “%s” on %s', async (_label, match, withPhoto, response, code, category) => {
      fake.inject({ kind: 'respond', match, response });
      const err = await failureOf(adapter.publish(creds, request({ media: withPhoto ? [await png()] : [] })));
      expect(err.code).toBe(code);
      expect(categoryOf(err)).toBe(category);
    });
  });
});
