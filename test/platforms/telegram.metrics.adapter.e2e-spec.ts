import { FakeTelegramServer } from '@test/support/fakes';
import { TelegramAdapter } from '../../src/platforms/telegram';
import type { PlatformAdapter, PlatformCredentials } from '../../src/platforms/platform-adapter';
import { categorizeError } from '../../src/platforms/error-category';
import { failureOf, fakeEndpoints } from './fake-endpoints';

describe('TelegramAdapter metrics against a fake Bot API', () => {
  const fake = new FakeTelegramServer();
  const TOKEN = '123456:ABC-secret';
  const CHAT = -1007654321000;
  let adapter: TelegramAdapter;
  const creds: PlatformCredentials = { externalId: String(CHAT), accessToken: TOKEN, type: 'bot' };
  const categoryOf = (err: { code: string; options: { category?: string } }) => categorizeError({ code: err.code, category: err.options.category });
  const countReads = () => fake.calls(/\/getChatMemberCount$/);

  beforeAll(async () => {
    adapter = new TelegramAdapter(fakeEndpoints(await fake.start()));
  });
  beforeEach(async () => {
    await fake.settle();
    fake.reset();
    fake.setToken(TOKEN);
    fake.addChat({ id: CHAT, type: 'channel', title: 'Metrics', botStatus: 'administrator', memberCount: 1250 });
  });
  afterAll(() => fake.stop());

  it('reads the chat’s member count as followers, one getChatMemberCount of the connected chat, nothing else', async () => {
    await expect(adapter.accountMetrics(creds)).resolves.toEqual({ followers: 1250 });
    expect(countReads()).toHaveLength(1);
    expect(countReads()[0].path).toBe(`/bot${TOKEN}/getChatMemberCount`);
    expect(countReads()[0].body).toEqual({ chat_id: String(CHAT) });
    expect(fake.requests).toHaveLength(1);
  });

  it('each reading is the count as of now (Telegram keeps no history)', async () => {
    const first = await adapter.accountMetrics(creds);
    fake.chats.get(String(CHAT))!.memberCount = 1262;
    const second = await adapter.accountMetrics(creds);
    expect([first.followers, second.followers]).toEqual([1250, 1262]);
  });

  it('a chat named by its @username is read the same way', async () => {
    fake.addChat({ id: -1001112223334, type: 'channel', username: 'metrics_news', botStatus: 'administrator', memberCount: 87 });
    await expect(adapter.accountMetrics({ ...creds, externalId: '@metrics_news' })).resolves.toEqual({ followers: 87 });
    expect(countReads()[0].body).toEqual({ chat_id: '@metrics_news' });
  });

  it('has no per-post metrics: the Bot API has no endpoint to pull them', () => {
    const asAdapter: PlatformAdapter = adapter;
    expect(asAdapter.postMetrics).toBeUndefined();
    expect(asAdapter.metricsBatchSize).toBeUndefined();
  });

  it.each([
    ['kicked from', 'kicked'],
    ['no longer in', 'left'],
  ] as const)('a bot %s the chat → permission_missing, naming what the read needs', async (_label, status) => {
    fake.chats.get(String(CHAT))!.botStatus = status;
    const err = await failureOf(adapter.accountMetrics(creds));
    expect(err.code).toBe('PLATFORM_AUTH_EXPIRED');
    expect(categoryOf(err)).toBe('permission_missing');
    expect(err.message).toBe(
      `Telegram needs the bot in chat ${CHAT} (in a channel, as an administrator) to read its member count; add it back (Telegram said: ${err.options.platformError})`,
    );
    expect(err.options).toMatchObject({ httpStatus: 403, retryable: false, platformError: expect.stringMatching(/^Forbidden: bot /) });
  });

  it('a chat the bot cannot find → configuration', async () => {
    const err = await failureOf(adapter.accountMetrics({ ...creds, externalId: '-100404' }));
    expect(err.code).toBe('PLATFORM_VALIDATION_ERROR');
    expect(categoryOf(err)).toBe('configuration');
    expect(err.options.platformError).toBe('Bad Request: chat not found');
  });

  it('a revoked bot token → PLATFORM_AUTH_EXPIRED, auth_expired', async () => {
    fake.setToken(TOKEN, 'revoked');
    const err = await failureOf(adapter.accountMetrics(creds));
    expect(err.code).toBe('PLATFORM_AUTH_EXPIRED');
    expect(categoryOf(err)).toBe('auth_expired');
  });

  it('429 with retry_after → RATE_LIMITED with the wait', async () => {
    fake.inject({ kind: 'rate_limit', match: 'getChatMemberCount', retryAfterSeconds: 30 });
    const err = await failureOf(adapter.accountMetrics(creds));
    expect(err.code).toBe('RATE_LIMITED');
    expect(categoryOf(err)).toBe('rate_limited');
    expect(err.options.retryAfterMs).toBe(30_000);
  });

  it('a connection that is not a bot → configuration, nothing sent', async () => {
    const err = await failureOf(adapter.accountMetrics({ ...creds, type: 'channel' }));
    expect(err.message).toBe('Telegram connections must use a bot token');
    expect(categoryOf(err)).toBe('configuration');
    expect(fake.requests).toHaveLength(0);
  });
});
