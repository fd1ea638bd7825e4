import { createAccount, createTestApp, type TestAccount, type TestApp } from '@test/support';
import { FakeBlueskyServer, FakeTelegramServer } from '@test/support/fakes';
import { Types } from 'mongoose';
import { ConnectionsService } from '../../src/connections/connections.service';
import { Browser, CREDENTIALS, DISCONNECT, gql, START } from './connect-helpers';

/** Bluesky (handle + app password) and Telegram (bot token + chat) through connectWithCredentials. */
describe('Connecting with credentials: Bluesky and Telegram', () => {
  const bsky = new FakeBlueskyServer();
  const telegram = new FakeTelegramServer();
  const BOT_TOKEN = '777000111:AAH-fake-bot-token-for-tests_0123';
  let t: TestApp;
  let account: TestAccount;
  let browser: Browser;

  beforeAll(async () => {
    await Promise.all([bsky.start(), telegram.start()]);
    telegram.setToken(BOT_TOKEN);
    telegram.addChat({ id: -1001234567890, type: 'channel', title: 'My Channel', username: 'mychannel', botStatus: 'administrator' });
    telegram.addChat({ id: -1001111111111, type: 'channel', title: 'Member Channel', username: 'memberchannel', botStatus: 'member' });
    telegram.addChat({ id: -1002222222222, type: 'channel', title: 'Muted Channel', botStatus: 'administrator', canPostMessages: false });
    telegram.addChat({ id: -1003333333333, type: 'supergroup', title: 'Team Group', botStatus: 'administrator' });
    t = await createTestApp({ env: { TELEGRAM_API_URL: telegram.baseUrl, CONNECT_ALLOW_PRIVATE_INSTANCES: 'true' } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await Promise.all([bsky.stop(), telegram.stop()]);
  });
  beforeEach(async () => {
    account = await createAccount(t, { plan: 'premium', seats: 10 });
    browser = new Browser(account);
  });

  const connect = (input: Record<string, unknown>) => gql(t, browser.cookies, CREDENTIALS, { input });
  const connections = () => t.app.get(ConnectionsService).list(account.userId);
  const rawConnections = () =>
    t.connection
      .collection('platform_connections')
      .find({ userId: new Types.ObjectId(account.userId) })
      .toArray();

  it('refuses a platform there is none of, on both flows, listing the eleven (BAD_USER_INPUT)', async () => {
    const message = (p: string) =>
      `Unknown platform: ${p}. Must be one of: twitter, linkedin, instagram, threads, tiktok, youtube, facebook, bluesky, mastodon, telegram, pinterest`;
    const credentials = await connect({ platform: ' Orkut ', secret: 'x' });
    expect(credentials.body.errors[0]).toMatchObject({ message: message(' Orkut '), extensions: { code: 'BAD_USER_INPUT' } });
    const started = await gql(t, browser.cookies, START, { input: { platform: 'myspace' } });
    expect(started.body.errors[0]).toMatchObject({ message: message('myspace'), extensions: { code: 'BAD_USER_INPUT' } });
    expect(await connections()).toHaveLength(0);
  });

  describe('Bluesky', () => {
    it('opens a session with the app password and keeps the JWTs, never the password', async () => {
      const res = await connect({ platform: 'bluesky', identifier: '@alice.bsky.social', secret: bsky.appPassword, serviceUrl: bsky.baseUrl });
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.connectWithCredentials).toEqual({
        platform: 'bluesky',
        // The DID's plc id: create-post refuses the colons of the DID itself.
        platformId: `bluesky-${bsky.did.slice('did:plc:'.length)}`,
        externalId: bsky.did,
        username: bsky.handle,
        displayName: 'Alice',
        instanceUrl: bsky.baseUrl,
        type: null,
        tokenStatus: 'unknown',
      });
      const [conn] = await connections();
      const creds = await t.app.get(ConnectionsService).getCredentials(account.userId, conn.id);
      expect(bsky.tokens.get(creds.accessToken)).toBe('valid');
      expect(bsky.refreshTokens.get(creds.refreshToken!)).toBe('valid');
      const raw = JSON.stringify(await rawConnections());
      expect(raw).not.toContain(bsky.appPassword);
      expect(raw).not.toContain(creds.refreshToken);
    });

    it('a wrong app password is refused with a clear message; nothing stored', async () => {
      const res = await connect({ platform: 'bluesky', identifier: bsky.handle, secret: 'wrong-pass-word-here', serviceUrl: bsky.baseUrl });
      expect(res.body.errors[0].message).toBe(
        'Bluesky refused this handle and app password: check the handle and use an app password (Bluesky Settings → Privacy and security → App passwords), not your account password',
      );
      expect(res.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'invalid_credentials' });
      const missing = await connect({ platform: 'bluesky', secret: bsky.appPassword, serviceUrl: bsky.baseUrl });
      expect(missing.body.errors[0].message).toBe('identifier is required: your Bluesky handle or e-mail');
      const badService = await connect({ platform: 'bluesky', identifier: bsky.handle, secret: bsky.appPassword, serviceUrl: `${bsky.baseUrl}/some/path` });
      expect(badService.body.errors[0].message).toBe("The Bluesky service URL must be the server's address only, without path, query or credentials");
      expect(await connections()).toHaveLength(0);
    });

    it('an OAuth platform is refused here; disconnect ends the Bluesky session', async () => {
      const oauth = await connect({ platform: 'twitter', secret: 'x' });
      expect(oauth.body.errors[0].message).toBe('X connects through its authorization page: use startConnection');
      const res = await connect({ platform: 'bluesky', identifier: bsky.handle, secret: bsky.appPassword, serviceUrl: bsky.baseUrl });
      const [conn] = await connections();
      const { refreshToken } = await t.app.get(ConnectionsService).getCredentials(account.userId, conn.id);
      const gone = await gql(t, browser.cookies, DISCONNECT, { platformId: res.body.data.connectWithCredentials.platformId });
      expect(gone.body.data.disconnectConnection).toBe(true);
      expect(bsky.refreshTokens.get(refreshToken!)).toBe('revoked');
      expect(await connections()).toHaveLength(0);
    });
  });

  describe('Telegram', () => {
    it('a bot that administers the channel with the post right connects as telegram-<chat id>', async () => {
      const res = await connect({ platform: 'telegram', secret: BOT_TOKEN, chatId: '@mychannel' });
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.connectWithCredentials).toMatchObject({
        platform: 'telegram',
        platformId: 'telegram--1001234567890',
        externalId: '-1001234567890',
        username: 'mychannel',
        displayName: 'My Channel',
        type: 'bot',
        tokenStatus: 'unknown',
      });
      expect(JSON.stringify(await rawConnections())).not.toContain(BOT_TOKEN);
      const group = await connect({ platform: 'telegram', secret: BOT_TOKEN, chatId: '-1003333333333' });
      expect(group.body.data.connectWithCredentials.platformId).toBe('telegram--1003333333333');
    });

    it('refuses, naming what is missing: not an administrator, no post right, unknown chat, bad token', async () => {
      const member = await connect({ platform: 'telegram', secret: BOT_TOKEN, chatId: '@memberchannel' });
      expect(member.body.errors[0].message).toBe(
        'The bot @poster_bot is not an administrator of Member Channel: make it an administrator with the "Post messages" right',
      );
      const muted = await connect({ platform: 'telegram', secret: BOT_TOKEN, chatId: '-1002222222222' });
      expect(muted.body.errors[0].message).toBe(
        'The bot @poster_bot is an administrator of Muted Channel but lacks the "Post messages" right: enable it in the channel\'s administrator settings',
      );
      const unknown = await connect({ platform: 'telegram', secret: BOT_TOKEN, chatId: '@nowhere' });
      expect(unknown.body.errors[0].message).toBe(
        'The bot @poster_bot cannot see the chat @nowhere: add the bot to the channel or group as an administrator, then try again (Bad Request: chat not found)',
      );
      const badToken = await connect({ platform: 'telegram', secret: '123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', chatId: '@mychannel' });
      expect(badToken.body.errors[0].message).toBe('Telegram refused this bot token: copy it again from @BotFather');
      const notAToken = await connect({ platform: 'telegram', secret: 'hello', chatId: '@mychannel' });
      expect(notAToken.body.errors[0].message).toBe('secret must be a bot token from @BotFather (digits, a colon, then the key)');
      const noChat = await connect({ platform: 'telegram', secret: BOT_TOKEN });
      expect(noChat.body.errors[0].message).toBe('chatId is required: the channel or group as @name or numeric id');
      expect(await connections()).toHaveLength(0);
    });

    it('the connection limit applies to credentials too (CONNECTIONS_OVER_LIMIT)', async () => {
      const starter = await createAccount(t, { plan: 'starter' });
      const b = new Browser(starter);
      for (const chatId of ['@mychannel', '-1003333333333']) {
        expect((await gql(t, b.cookies, CREDENTIALS, { input: { platform: 'telegram', secret: BOT_TOKEN, chatId } })).body.errors).toBeUndefined();
      }
      expect(
        (await gql(t, b.cookies, CREDENTIALS, { input: { platform: 'bluesky', identifier: bsky.handle, secret: bsky.appPassword, serviceUrl: bsky.baseUrl } }))
          .body.errors,
      ).toBeUndefined();
      telegram.addChat({ id: -1004444444444, type: 'channel', title: 'Fourth', botStatus: 'administrator' });
      const refused = await gql(t, b.cookies, CREDENTIALS, { input: { platform: 'telegram', secret: BOT_TOKEN, chatId: '-1004444444444' } });
      const message = 'Your Starter plan allows 3 connected channels and your account has 3. Disconnect a channel or upgrade your plan to connect another.';
      expect(refused.body.errors[0].message).toBe(message);
      // The limit-exceeded body beside the code, as for the post limits.
      expect(refused.body.errors[0].extensions).toEqual({
        code: 'CONNECTIONS_OVER_LIMIT',
        reason: 'connection_limit',
        error: 'Account over channel limit',
        metric: 'connections.total',
        message,
        limit: 3,
        used: 3,
        requested: 1,
        remaining: 0,
        periodStart: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        periodEnd: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        planName: 'Starter',
      });
      expect(await t.app.get(ConnectionsService).list(starter.userId)).toHaveLength(3);
      // Reconnecting one of the three is fine.
      expect((await gql(t, b.cookies, CREDENTIALS, { input: { platform: 'telegram', secret: BOT_TOKEN, chatId: '@mychannel' } })).body.errors).toBeUndefined();
      expect(await t.app.get(ConnectionsService).list(starter.userId)).toHaveLength(3);
    });
  });
});
