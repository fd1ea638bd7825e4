import { createAccount, createConnection, createTestApp, FakeMastodonServer, FakeTelegramServer, type TestAccount, type TestApp } from '@test/support';
import { TELEGRAM_NOT_BOT_MESSAGE } from '../../src/platforms/telegram/telegram.adapter';
import { createAdapters } from '../../src/platforms/platforms.module';
import { fakeEndpoints } from '../platforms/fake-endpoints';

// The adapter path needs the Mastodon adapter registered in PlatformsModule (done by the lead as
// adapters land). Until then these tests are SKIPPED, visibly, rather than silently passing.
const REGISTERED = new Set(createAdapters(fakeEndpoints('http://127.0.0.1:9')).map((a) => a.platform));
const describeWithMastodonAdapter = REGISTERED.has('mastodon') ? describe : describe.skip;
const describeWithTelegramAdapter = REGISTERED.has('telegram') ? describe : describe.skip;

/** POST /api/v1/test-connection/:platformId */
describe('POST /api/v1/test-connection/:platformId', () => {
  let t: TestApp;
  let user: TestAccount;
  // The Telegram Bot API base URL is app configuration: the app under test points at a fake.
  const telegram = new FakeTelegramServer();
  beforeAll(async () => {
    const telegramBase = await telegram.start();
    t = await createTestApp({ env: { TELEGRAM_API_URL: telegramBase } });
    user = await createAccount(t);
  });
  afterAll(async () => {
    await t?.close();
    await telegram.stop();
  });

  const test = (account: TestAccount, platformId: string) => t.http.post(`/api/v1/test-connection/${platformId}`).set(account.apiHeaders);

  describe('errors', () => {
    it.each(['nodash', '-123', 'twitter-'])('400 `Invalid platformId format` for %j', async (id) => {
      const res = await test(user, id).expect(400);
      expect(res.body).toEqual({ error: 'Invalid platformId format' });
    });

    it('404 `Connection not found` for an unknown id', async () => {
      const res = await test(user, 'twitter-999').expect(404);
      expect(res.body).toEqual({ error: 'Connection not found' });
    });

    it("404 for another user's connection (invisible, not forbidden)", async () => {
      const other = await createAccount(t);
      const ref = await createConnection(t, other.userId, { platform: 'pinterest', externalId: 'theirs' });
      const res = await test(user, ref.platformId).expect(404);
      expect(res.body).toEqual({ error: 'Connection not found' });
      await test(other, ref.platformId).expect(200);
    });

    it('401 without an API key', async () => {
      const res = await t.http.post('/api/v1/test-connection/twitter-1').expect(401);
      expect(res.body).toEqual({ error: 'API key is required' });
    });

    it('500 `Failed to test connection` on an unexpected failure (a corrupt stored record)', async () => {
      const a = await createAccount(t);
      const ref = await createConnection(t, a.userId, { platform: 'telegram', externalId: '-100777', type: 'channel' });
      // An expiry that is not a date, written behind the service's back, breaks the derivation.
      await t.connection.collection('platform_connections').updateOne({ platformId: ref.platformId }, { $set: { accessTokenExpiresAt: 'not-a-date' } });
      const res = await test(a, ref.platformId).expect(500);
      expect(res.body).toEqual({ error: 'Failed to test connection' });
    });
  });

  describe('platforms without a validator', () => {
    it('pinterest: 200, status error, unknown platform, fixed empty fields', async () => {
      const ref = await createConnection(t, user.userId, {
        platform: 'pinterest',
        externalId: 'pin-1',
        username: 'pinner',
        accessTokenExpiresAt: new Date(Date.now() + 3 * 24 * 3600_000),
      });
      const res = await test(user, ref.platformId).expect(200);
      expect(res.body).toEqual({
        platform: 'pinterest',
        platformId: 'pinterest-pin-1',
        username: 'unknown',
        status: 'error',
        message: 'Unknown platform: pinterest',
        permissions: [],
        tokenExpiresIn: null,
        lastSuccessfulPost: null,
        lastError: null,
      });
    });

    it('accepts an uppercase platform prefix (lower-cased for the lookup)', async () => {
      await createConnection(t, user.userId, { platform: 'pinterest', externalId: 'UPPER-9' });
      const res = await test(user, 'PINTEREST-UPPER-9').expect(200);
      expect(res.body).toMatchObject({ platform: 'pinterest', platformId: 'pinterest-UPPER-9', status: 'error' });
    });

    it('accepts ids with colons (the DID form of a Bluesky id) as well as the listed id', async () => {
      // Points at a closed port, so a registered Bluesky adapter fails fast instead of calling bsky.social.
      await createConnection(t, user.userId, { platform: 'bluesky', externalId: 'did:plc:colon1', instanceUrl: 'http://127.0.0.1:9' });
      for (const asked of ['bluesky-did:plc:colon1', 'bluesky-colon1']) {
        const res = await test(user, asked).expect(200);
        expect(res.body).toMatchObject({ platform: 'bluesky', platformId: 'bluesky-colon1', status: 'error' });
      }
    });
  });

  describe('telegram', () => {
    it('a connection whose type is not bot: status error with the bot-token message', async () => {
      const expires = new Date(Date.now() + 10 * 24 * 3600_000 + 1800_000);
      const ref = await createConnection(t, user.userId, {
        platform: 'telegram',
        externalId: '-1009876543210',
        type: 'channel',
        username: 'mychannel',
        accessTokenExpiresAt: expires,
      });
      expect(ref.platformId).toBe('telegram--1009876543210');
      const res = await test(user, ref.platformId).expect(200);
      expect(res.body).toEqual({
        platform: 'telegram',
        platformId: 'telegram--1009876543210',
        username: 'mychannel',
        status: 'error',
        message: TELEGRAM_NOT_BOT_MESSAGE,
        permissions: [],
        tokenExpiresIn: '10d 0h',
        lastSuccessfulPost: null,
        lastError: null,
      });
      expect(res.body.message).toMatch(/bot token/);
    });

    it('a connection without a type is not a bot either', async () => {
      const ref = await createConnection(t, user.userId, { platform: 'telegram', externalId: '-100555', type: null });
      const res = await test(user, ref.platformId).expect(200);
      expect(res.body).toMatchObject({ status: 'error', message: TELEGRAM_NOT_BOT_MESSAGE });
    });
  });

  describeWithMastodonAdapter('through the platform adapter (Mastodon against a local fake instance)', () => {
    const fake = new FakeMastodonServer();
    let base: string;
    beforeAll(async () => {
      base = await fake.start();
    });
    beforeEach(() => {
      fake.reset();
      fake.setToken('good-token');
    });
    afterAll(() => fake.stop());

    it('ok: the adapter validates the token; profile facts are refreshed', async () => {
      const a = await createAccount(t);
      const ref = await createConnection(t, a.userId, {
        platform: 'mastodon',
        externalId: fake.account.id,
        accessToken: 'good-token',
        instanceUrl: base,
        username: 'old-name',
      });
      const res = await test(a, ref.platformId).expect(200);
      expect(res.body).toMatchObject({
        platform: 'mastodon',
        platformId: ref.platformId,
        username: 'alice',
        status: 'ok',
        tokenExpiresIn: null,
        lastSuccessfulPost: null,
        lastError: null,
      });
      expect(Array.isArray(res.body.permissions)).toBe(true);
      expect(fake.calls('GET /api/v1/accounts/verify_credentials')[0].headers.authorization).toBe('Bearer good-token');
      const list = await t.http.get('/api/v1/platform-connections').set(a.apiHeaders).expect(200);
      expect(list.body.connections[0]).toMatchObject({ displayName: 'Alice', profileImageUrl: fake.account.avatar });
    });

    it('error: a rejected token answers 200 status error and records lastError on the connection', async () => {
      const a = await createAccount(t);
      const ref = await createConnection(t, a.userId, {
        platform: 'mastodon',
        externalId: fake.account.id,
        accessToken: 'revoked-token',
        instanceUrl: base,
        username: 'alice',
      });
      const before = Date.now();
      const res = await test(a, ref.platformId).expect(200);
      expect(res.body).toMatchObject({ platform: 'mastodon', username: 'alice', status: 'error', permissions: [] });
      expect(res.body.lastError.message).toBe(res.body.message);
      expect(Date.parse(res.body.lastError.occurredAt)).toBeGreaterThanOrEqual(before - 1000);
      const list = await t.http.get('/api/v1/platform-connections').set(a.apiHeaders).expect(200);
      expect(list.body.connections[0].lastError).toEqual(res.body.lastError);
    });
  });

  describeWithTelegramAdapter('through the platform adapter (Telegram bot against the fake Bot API)', () => {
    beforeEach(() => {
      telegram.reset();
      telegram.setToken('123:bot-token');
      telegram.addChat({ id: -1001111, type: 'channel', title: 'News', botStatus: 'administrator' });
      telegram.addChat({ id: -1002222, type: 'channel', title: 'Gone', botStatus: 'left' });
    });

    it('ok: a bot admin of the chat, permissions from the Bot API', async () => {
      const a = await createAccount(t);
      const ref = await createConnection(t, a.userId, { platform: 'telegram', externalId: '-1001111', accessToken: '123:bot-token', type: 'bot' });
      const res = await test(a, 'TELEGRAM--1001111').expect(200);
      expect(res.body).toMatchObject({
        platform: 'telegram',
        platformId: ref.platformId,
        username: 'poster_bot',
        status: 'ok',
        tokenExpiresIn: null,
        lastError: null,
      });
      expect(res.body.permissions).toEqual(expect.arrayContaining(['administrator', 'can_post_messages']));
    });

    it('error: the bot left the chat; recorded as lastError', async () => {
      const a = await createAccount(t);
      const ref = await createConnection(t, a.userId, { platform: 'telegram', externalId: '-1002222', accessToken: '123:bot-token', type: 'bot' });
      const res = await test(a, ref.platformId).expect(200);
      expect(res.body).toMatchObject({ status: 'error', permissions: [], lastError: { message: res.body.message } });
      expect(res.body.message).toMatch(/not a member/);
    });
  });
});
