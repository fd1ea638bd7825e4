import { createAccount, createTestApp, type TestAccount, type TestApp } from '@test/support';
import { FacebookFake, FakeBlueskyServer, FakeTelegramServer, TwitterFake } from '@test/support/fakes';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Types } from 'mongoose';
import { UsersService } from '../../src/auth/users.service';
import { ConnectionLink } from '../../src/workspace/schemas/connection-link.schema';
import { authorize, Browser, SIGNATURE } from '../connect/connect-helpers';
import { dataOf, errorOf, gqlClient } from '../graphql/graphql-helpers';
import { bearer, call, mcpClient } from '../mcp/mcp-helpers';

const USERS = '/api/v1/workspace/users';
const DAY = 24 * 3600 * 1000;

/**
 * The workspace family (reference notes "Workspace"; docs/workspace.md): managed users, their
 * API keys and connection links over REST, MCP and GraphQL, and the hosted page a link opens.
 */
describe('workspace: managed users and connection links', () => {
  const x = new TwitterFake();
  const facebook = new FacebookFake();
  const bsky = new FakeBlueskyServer();
  const telegram = new FakeTelegramServer();
  const BOT_TOKEN = '777000111:AAH-fake-bot-token-for-tests_0123';
  let t: TestApp;
  let owner: TestAccount;

  beforeAll(async () => {
    await Promise.all([x.start(), facebook.start(), bsky.start(), telegram.start()]);
    telegram.setToken(BOT_TOKEN);
    telegram.addChat({ id: -1001234567890, type: 'channel', title: 'My Channel', username: 'mychannel', botStatus: 'administrator' });
    t = await createTestApp({
      env: {
        TWITTER_API_URL: x.baseUrl,
        TWITTER_CLIENT_ID: 'x-client',
        TWITTER_CLIENT_SECRET: 'x-secret',
        TWITTER_AUTHORIZE_URL: x.oauth.authorizeUrl,
        TWITTER_TOKEN_URL: `${x.baseUrl}/2/oauth2/token`,
        FACEBOOK_API_URL: `${facebook.baseUrl}/v21.0`,
        FACEBOOK_CLIENT_ID: 'fb-client',
        FACEBOOK_CLIENT_SECRET: 'fb-secret',
        FACEBOOK_AUTHORIZE_URL: facebook.oauth.authorizeUrl,
        FACEBOOK_TOKEN_URL: facebook.oauth.tokenUrl,
        TELEGRAM_API_URL: telegram.baseUrl,
        // The Bluesky fake listens on 127.0.0.1.
        CONNECT_ALLOW_PRIVATE_INSTANCES: 'true',
      },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await Promise.all([x.stop(), facebook.stop(), bsky.stop(), telegram.stop()]);
  });
  beforeEach(async () => {
    owner = await createAccount(t, { plan: 'pro', workspacesEnabled: true, seats: 10 });
  });

  const api = (account: TestAccount) => ({
    list: () => t.http.get(USERS).set(account.apiHeaders),
    create: (body: unknown) =>
      t.http
        .post(USERS)
        .set(account.apiHeaders)
        .send(body as object),
    detach: (id: string) => t.http.delete(`${USERS}/${id}`).set(account.apiHeaders),
    apiKey: (id: string) => t.http.post(`${USERS}/${id}/api-key`).set(account.apiHeaders),
    link: (id: string, body: object = {}) => t.http.post(`${USERS}/${id}/connection-url`).set(account.apiHeaders).send(body),
  });
  const email = () => `client-${new Types.ObjectId().toHexString()}@example.com`;
  async function managedUser(account = owner, body: object = {}) {
    const res = await api(account)
      .create({ username: email(), ...body })
      .expect(201);
    return res.body.user as { _id: string; username: string; displayName: string };
  }
  const linkModel = () => t.connection.model(ConnectionLink.name);

  describe('access', () => {
    it('403 Workspace access is not enabled for this key, on every route, before the body is checked', async () => {
      const plain = await createAccount(t, { plan: 'pro' });
      const id = new Types.ObjectId().toHexString();
      const answers = await Promise.all([
        api(plain).list(),
        api(plain).create({}),
        api(plain).detach(id),
        api(plain).apiKey(id),
        api(plain).link(id, { rotate: 'yes' }),
      ]);
      for (const res of answers) expect([res.status, res.body]).toEqual([403, { error: 'Workspace access is not enabled for this key' }]);
    });

    it('admins manage users without the workspace permission', async () => {
      const admin = await createAccount(t, { isAdmin: true, plan: 'pro' });
      await managedUser(admin);
      expect((await api(admin).list()).body.users).toHaveLength(1);
    });

    it('requires an API key', async () => {
      const res = await t.http.get(USERS).expect(401);
      expect(res.body).toEqual({ error: 'API key is required' });
    });
  });

  describe('POST /api/v1/workspace/users', () => {
    it('201 { user } as a ManagedUser; the display name defaults to the email', async () => {
      const address = email();
      const res = await api(owner).create({ username: address.toUpperCase() }).expect(201);
      expect(res.body).toEqual({
        user: {
          _id: expect.stringMatching(/^[0-9a-f]{24}$/),
          username: address,
          displayName: address,
          role: 'managed',
          dailyPostsLeft: 100,
          connectionsPageUrl: null,
          connectionsPageTokenExpiresAt: null,
        },
      });
      const stored = await t.app.get(UsersService).findSummary(res.body.user._id);
      expect(stored).toMatchObject({ parentUserId: owner.userId, email: address });
      expect((await managedUser(owner, { displayName: '  Client Ltd ' })).displayName).toBe('Client Ltd');
    });

    it.each([
      [{}, 'Email is required'],
      [{ username: '   ' }, 'Email is required'],
      [{ username: 42 }, 'Email is required'],
      [{ username: 'not-an-email' }, 'A valid email is required'],
      [{ username: 'a@example.com', displayName: 7 }, 'displayName must be a string of at most 100 characters'],
      [{ username: 'a@example.com', displayName: 'x'.repeat(101) }, 'displayName must be a string of at most 100 characters'],
    ])('400 for %j', async (body, message) => {
      const res = await api(owner).create(body).expect(400);
      expect(res.body).toEqual({ error: message });
    });

    it('409 User with this email already exists (any case, any owner)', async () => {
      const user = await managedUser();
      const other = await createAccount(t, { plan: 'pro', workspacesEnabled: true });
      for (const account of [owner, other]) {
        const res = await api(account).create({ username: user.username.toUpperCase() }).expect(409);
        expect(res.body).toEqual({ error: 'User with this email already exists' });
      }
    });
  });

  describe('GET /api/v1/workspace/users', () => {
    it('{ users } of this owner only, oldest first, with the current link', async () => {
      const a = await managedUser();
      const b = await managedUser();
      await managedUser(await createAccount(t, { plan: 'pro', workspacesEnabled: true }));
      const link = (await api(owner).link(b._id).expect(200)).body;
      const res = await api(owner).list().expect(200);
      expect(res.body.users.map((u: { _id: string }) => u._id)).toEqual([a._id, b._id]);
      expect(res.body.users[1]).toMatchObject({ connectionsPageUrl: link.url, connectionsPageTokenExpiresAt: link.tokenExpiresAt });
      expect(res.body.users[0]).toMatchObject({ connectionsPageUrl: null, connectionsPageTokenExpiresAt: null });
    });
  });

  describe('acting for a managed user', () => {
    it('x-service-user-id with a created user acts as it', async () => {
      const user = await managedUser();
      const res = await t.http.get('/api/v1/platform-connections').set(owner.apiHeaders).set('x-service-user-id', user._id).expect(200);
      expect(res.body).toEqual({ success: true, connections: [] });
    });
  });

  describe('POST …/:userId/api-key', () => {
    it('a working key for the user; a new one invalidates the previous', async () => {
      const user = await managedUser();
      const first = await api(owner).apiKey(user._id).expect(200);
      expect(first.body).toEqual({ message: 'API key generated successfully', apiKey: expect.any(String), userId: user._id });
      await t.http.get('/api/v1/platform-connections').set('x-api-key', first.body.apiKey).expect(200);

      const second = await api(owner).apiKey(user._id).expect(200);
      expect(second.body.apiKey).not.toBe(first.body.apiKey);
      const old = await t.http.get('/api/v1/platform-connections').set('x-api-key', first.body.apiKey).expect(401);
      expect(old.body).toEqual({ error: 'Invalid API key' });
      await t.http.get('/api/v1/platform-connections').set('x-api-key', second.body.apiKey).expect(200);
    });

    it("the user's key works with the owner's entitlements: 403 when the owner has no API access", async () => {
      const user = await managedUser();
      const { apiKey } = (await api(owner).apiKey(user._id).expect(200)).body;
      await t.app.get(UsersService).update(owner.userId, { apiAccess: false });
      const res = await t.http.get('/api/v1/platform-connections').set('x-api-key', apiKey).expect(403);
      expect(res.body).toEqual({ error: 'API access is not enabled for this workspace owner' });
    });

    it('404 User not found or not managed by this key: malformed, unknown, another owner’s, the owner itself', async () => {
      const stranger = await managedUser(await createAccount(t, { plan: 'pro', workspacesEnabled: true }));
      for (const id of ['nope', new Types.ObjectId().toHexString(), stranger._id, owner.userId]) {
        for (const res of await Promise.all([api(owner).apiKey(id), api(owner).link(id), api(owner).detach(id)])) {
          expect([res.status, res.body]).toEqual([404, { error: 'User not found or not managed by this key' }]);
        }
      }
    });
  });

  describe('POST …/:userId/connection-url and the hosted page', () => {
    /** Opens a link as a browser: the page's cookies, the page itself. */
    async function open(url: string) {
      const path = new URL(url).pathname;
      const first = await t.http.get(path);
      if (first.status !== 303) return { status: first.status, html: first.text, browser: null };
      expect(first.headers.location).toBe('/connect/link/accounts');
      const browser = new Browser({ cookie: '' } as TestAccount);
      browser.cookies = [];
      browser.absorb(first.headers['set-cookie']);
      const page = await t.http.get('/connect/link/accounts').set('Cookie', browser.cookies.join('; '));
      return { status: page.status, html: page.text, browser };
    }

    it('{ url, tokenExpiresAt }: 90 days by default, the same link again, a new one on rotate', async () => {
      const user = await managedUser();
      const before = Date.now();
      const first = (await api(owner).link(user._id).expect(200)).body;
      expect(first.url).toMatch(/^http:\/\/.+\/connect\/[A-Za-z0-9_-]{43}$/);
      expect(Date.parse(first.tokenExpiresAt) - before).toBeGreaterThanOrEqual(90 * DAY - 1000);
      expect(Date.parse(first.tokenExpiresAt) - before).toBeLessThan(90 * DAY + 60_000);
      expect((await api(owner).link(user._id, { rotate: false }).expect(200)).body).toEqual(first);

      const rotated = (await api(owner).link(user._id, { rotate: true, expiresInDays: 1.5 }).expect(200)).body;
      expect(rotated.url).not.toBe(first.url);
      expect(Date.parse(rotated.tokenExpiresAt) - Date.now()).toBeLessThanOrEqual(1.5 * DAY);
      expect((await open(first.url)).status).toBe(410);
      expect((await open(rotated.url)).status).toBe(200);
    });

    it('the token is stored only as a hash and encrypted', async () => {
      const user = await managedUser();
      const { url } = (await api(owner).link(user._id).expect(200)).body;
      const token = url.split('/').pop()!;
      const stored = JSON.stringify(await linkModel().find({}).lean());
      expect(stored).not.toContain(token);
    });

    it.each([
      [{ rotate: 'yes' }, 'rotate must be a boolean'],
      [{ expiresInDays: 0 }, 'expiresInDays must be a positive number'],
      [{ expiresInDays: -3 }, 'expiresInDays must be a positive number'],
      [{ expiresInDays: '7' }, 'expiresInDays must be a positive number'],
      [{ expiresInDays: 'NaN' }, 'expiresInDays must be a positive number'],
      [{ expiresInDays: [7] }, 'expiresInDays must be a positive number'],
      [{ expiresInDays: 365.01 }, 'expiresInDays must be at most 365'],
      [{ expiresInDays: 100_000_000 }, 'expiresInDays must be at most 365'],
      [{ expiresInDays: 1e9 }, 'expiresInDays must be at most 365'],
    ])('400 for %j, and nothing stored', async (body, message) => {
      const user = await managedUser();
      const res = await api(owner).link(user._id, body).expect(400);
      expect(res.body).toEqual({ error: message });
      expect(await linkModel().countDocuments({ userId: new Types.ObjectId(user._id) })).toBe(0);
    });

    it('a number JSON cannot hold (1e400 parses as Infinity) is refused like any non-number; 365 days is the longest link', async () => {
      const user = await managedUser();
      const infinite = await t.http
        .post(`${USERS}/${user._id}/connection-url`)
        .set(owner.apiHeaders)
        .set('content-type', 'application/json')
        .send('{"expiresInDays":1e400}');
      expect([infinite.status, infinite.body]).toEqual([400, { error: 'expiresInDays must be a positive number' }]);
      const before = Date.now();
      const longest = (await api(owner).link(user._id, { expiresInDays: 365 }).expect(200)).body;
      expect(Date.parse(longest.tokenExpiresAt) - before).toBeGreaterThanOrEqual(365 * DAY - 1000);
      expect(Date.parse(longest.tokenExpiresAt) - before).toBeLessThan(365 * DAY + 60_000);
    });

    it('the page names the user, lists what can be connected, and escapes what it shows', async () => {
      const user = await managedUser(owner, { displayName: '<b>Client</b> & Co' });
      const { url } = (await api(owner).link(user._id).expect(200)).body;
      const { status, html } = await open(url);
      expect(status).toBe(200);
      expect(html).toContain('Connect your accounts');
      expect(html).toContain('&lt;b&gt;Client&lt;/b&gt; &amp; Co');
      expect(html).not.toContain('<b>Client</b>');
      expect(html).toContain('href="/connect/link/start/twitter"');
      expect(html).not.toContain('<script');
    });

    it('410 once the link has expired, and without the link cookie', async () => {
      const user = await managedUser();
      const { url } = (await api(owner).link(user._id).expect(200)).body;
      const { browser } = await open(url);
      await linkModel().updateOne({ userId: new Types.ObjectId(user._id) }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
      expect((await open(url)).status).toBe(410);
      const page = await t.http.get('/connect/link/accounts').set('Cookie', browser!.cookies.join('; '));
      expect(page.status).toBe(410);
      expect(page.text).toContain('This connection link has expired or was replaced. Ask for a new link.');
      expect((await t.http.get('/connect/link/accounts')).status).toBe(410);
      expect((await t.http.get(`/connect/${'a'.repeat(43)}`)).status).toBe(410);
      // An expired link is not offered again: a new one is made.
      const fresh = (await api(owner).link(user._id).expect(200)).body;
      expect(fresh.url).not.toBe(url);
    });

    it('connects an X account for the managed user through OAuth and back to the page', async () => {
      const user = await managedUser();
      const { url } = (await api(owner).link(user._id).expect(200)).body;
      const { browser } = await open(url);
      const start = await t.http.get('/connect/link/start/twitter').set('Cookie', browser!.cookies.join('; '));
      expect(start.status).toBe(302);
      browser!.absorb(start.headers['set-cookie']);
      x.oauth.nextDecision = 'approve';
      const back = await authorize(start.headers.location);
      const done = await t.http.get(`${back.pathname}${back.search}`).set('Cookie', browser!.cookies.join('; '));
      expect(done.status).toBe(302);
      const landing = new URL(done.headers.location);
      expect(landing.pathname).toBe('/connect/link/accounts');
      expect(landing.searchParams.get('connected')).toMatch(/^twitter-/);
      const page = await t.http.get(`${landing.pathname}${landing.search}`).set('Cookie', browser!.cookies.join('; '));
      expect(page.text).toContain('Connected twitter-');

      // The connection is the managed user's, not the owner's.
      const mine = await t.http.get('/api/v1/platform-connections').set(owner.apiHeaders).expect(200);
      expect(mine.body.connections).toEqual([]);
      const theirs = await t.http.get('/api/v1/platform-connections').set(owner.apiHeaders).set('x-service-user-id', user._id).expect(200);
      expect(theirs.body.connections).toHaveLength(1);
    });

    it('a refusal (platform not configured) comes back to the page as a message', async () => {
      const user = await managedUser();
      const { url } = (await api(owner).link(user._id).expect(200)).body;
      const { browser } = await open(url);
      const start = await t.http.get('/connect/link/start/linkedin').set('Cookie', browser!.cookies.join('; '));
      expect(start.status).toBe(303);
      const page = await t.http.get(start.headers.location).set('Cookie', browser!.cookies.join('; '));
      expect(page.text).toMatch(/role="alert">[^<]*LINKEDIN_CLIENT_ID/);
    });

    /** The page as the browser sees it after a step (a redirect to the page with the outcome). */
    async function pageAt(location: string, browser: Browser) {
      const url = new URL(location, 'http://page.invalid');
      expect(url.pathname).toBe('/connect/link/accounts');
      const page = await t.http.get(`${url.pathname}${url.search}`).set('Cookie', browser.cookies.join('; '));
      expect(page.status).toBe(200);
      return page.text;
    }
    const alertOf = (html: string) => /<p class="error" role="alert">([^<]*)<\/p>/.exec(html)?.[1];
    /** The outcome parameters of a step's redirect to the page. */
    const outcomeOf = (location: string) => {
      const url = new URL(location, 'http://page.invalid');
      expect(url.pathname).toBe('/connect/link/accounts');
      return Object.fromEntries(url.searchParams);
    };
    const theirConnections = async (userId: string) =>
      (await t.http.get('/api/v1/platform-connections').set(owner.apiHeaders).set('x-service-user-id', userId).expect(200)).body.connections as Array<{
        platformId: string;
      }>;
    /** A managed user with a link opened in a browser. */
    async function linkedBrowser() {
      const user = await managedUser();
      const { url } = (await api(owner).link(user._id).expect(200)).body;
      const { browser } = await open(url);
      return { user, browser: browser! };
    }

    it('lists each platform from its provider: start links, forms for what must be typed, unconfigured ones with no way to start', async () => {
      const { browser } = await linkedBrowser();
      const html = await pageAt('/connect/link/accounts', browser);
      expect(html).toContain('<section aria-label="X"><h2>X</h2><a class="button" href="/connect/link/start/twitter">Connect X</a></section>');
      expect(html).toContain('<section aria-label="LinkedIn"><h2>LinkedIn</h2><p>Not available on this service yet.</p></section>');
      for (const unconfigured of ['linkedin', 'instagram', 'threads', 'tiktok', 'youtube', 'pinterest']) {
        expect(html).not.toContain(`/connect/link/start/${unconfigured}`);
      }
      expect(html).toContain('<form method="get" action="/connect/link/start/mastodon">');
      expect(html).toContain('name="instanceUrl" type="url"');
      expect(html).toContain('<form method="post" action="/connect/link/credentials/bluesky">');
      expect(html).toContain('<form method="post" action="/connect/link/credentials/telegram">');
      expect(html).toMatch(
        /action="\/connect\/link\/credentials\/telegram"><label for="telegram-secret">Bot token<\/label><input id="telegram-secret" name="secret" type="password"/,
      );
    });

    it('connects Bluesky through the page’s form for the managed user; a refusal comes back to the page and stores nothing', async () => {
      const { user, browser } = await linkedBrowser();
      const post = (form: Record<string, string>) =>
        t.http.post('/connect/link/credentials/bluesky').set('Cookie', browser.cookies.join('; ')).type('form').send(form);

      const refused = await post({ identifier: bsky.handle, secret: 'not-the-app-password', serviceUrl: bsky.baseUrl });
      expect(refused.status).toBe(303);
      expect(alertOf(await pageAt(refused.headers.location, browser))).toBe(
        'Bluesky refused this handle and app password: check the handle and use an app password (Bluesky Settings → Privacy and security → App passwords), not your account password',
      );
      const missing = await post({ identifier: ' ', secret: bsky.appPassword });
      expect(alertOf(await pageAt(missing.headers.location, browser))).toBe('identifier is required: your Bluesky handle or e-mail');
      expect(await theirConnections(user._id)).toEqual([]);

      const done = await post({ identifier: `@${bsky.handle}`, secret: bsky.appPassword, serviceUrl: bsky.baseUrl });
      expect(done.status).toBe(303);
      expect(outcomeOf(done.headers.location)).toEqual({ connected: `bluesky-${bsky.did.slice('did:plc:'.length)}`, sig: SIGNATURE });
      const page = await pageAt(done.headers.location, browser);
      expect(page).toContain(`Connected bluesky-${bsky.did.slice('did:plc:'.length)}.`);
      expect(page).toContain(`<li>bluesky: ${bsky.handle}</li>`);
      expect((await theirConnections(user._id)).map((c) => c.platformId)).toEqual([`bluesky-${bsky.did.slice('did:plc:'.length)}`]);
      expect((await t.http.get('/api/v1/platform-connections').set(owner.apiHeaders).expect(200)).body.connections).toEqual([]);
    });

    it('connects Telegram through the page’s form; its checks speak on the page', async () => {
      const { user, browser } = await linkedBrowser();
      const post = (form: Record<string, string>) =>
        t.http.post('/connect/link/credentials/telegram').set('Cookie', browser.cookies.join('; ')).type('form').send(form);
      const noChat = await post({ secret: BOT_TOKEN });
      expect(alertOf(await pageAt(noChat.headers.location, browser))).toBe('chatId is required: the channel or group as @name or numeric id');
      const done = await post({ secret: BOT_TOKEN, chatId: '@mychannel' });
      expect(outcomeOf(done.headers.location)).toEqual({ connected: 'telegram--1001234567890', sig: SIGNATURE });
      expect((await theirConnections(user._id)).map((c) => c.platformId)).toEqual(['telegram--1001234567890']);
    });

    it("shows only outcomes the service signed for this link's user: a crafted or another user's address gets fixed words", async () => {
      const { browser } = await linkedBrowser();
      const refused = await t.http
        .post('/connect/link/credentials/telegram')
        .set('Cookie', browser.cookies.join('; '))
        .type('form')
        .send({ secret: BOT_TOKEN });
      expect(alertOf(await pageAt(refused.headers.location, browser))).toBe('chatId is required: the channel or group as @name or numeric id');

      const crafted = '/connect/link/accounts?error=refused&message=Your+link+expired%3A+sign+in+at+evil.example';
      expect(alertOf(await pageAt(crafted, browser))).toBe('The account was not connected: try again');
      expect(alertOf(await pageAt('/connect/link/accounts?error=invalid_credentials&message=Call+us', browser))).toBe('The credentials were refused');
      const other = await linkedBrowser();
      expect(alertOf(await pageAt(refused.headers.location, other.browser))).toBe('The credentials were refused');
      const announced = await pageAt('/connect/link/accounts?connected=Everything+was+deleted', browser);
      expect(announced).not.toContain('Everything was deleted');
      expect(alertOf(announced)).toBeUndefined();
    });

    it('a platform that offers several accounts: the page lists them, the person chooses, once, for its own user only', async () => {
      facebook.managedPages = [
        { id: '104000000000001', name: 'Fake Page', access_token: 'EAApage-1' },
        { id: '104000000000002', name: 'Second <Page>', access_token: 'EAApage-2' },
      ];
      const { user, browser } = await linkedBrowser();
      const started = await t.http.get('/connect/link/start/facebook').set('Cookie', browser.cookies.join('; '));
      expect(started.status).toBe(302);
      browser.absorb(started.headers['set-cookie']);
      const back = await authorize(started.headers.location);
      const landed = await t.http.get(`${back.pathname}${back.search}`).set('Cookie', browser.cookies.join('; '));
      expect(landed.status).toBe(302);
      const pendingId = new URL(landed.headers.location).searchParams.get('pending')!;
      expect(pendingId).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const page = await pageAt(landed.headers.location, browser);
      expect(page).toContain(`<form method="post" action="/connect/link/pending/${pendingId}">`);
      expect(page).toContain(
        '<input id="account-0" type="checkbox" name="externalIds" value="104000000000001"><label for="account-0">Fake Page (Fake Page) — page</label>',
      );
      expect(page).toContain('value="104000000000002"><label for="account-1">Second &lt;Page&gt; (Second &lt;Page&gt;) — page</label>');
      expect(await theirConnections(user._id)).toEqual([]);

      const choose = (who: Browser, form: string) =>
        t.http.post(`/connect/link/pending/${pendingId}`).set('Cookie', who.cookies.join('; ')).type('form').send(form);
      const none = await choose(browser, '');
      expect(none.status).toBe(303);
      expect(alertOf(await pageAt(none.headers.location, browser))).toBe('externalIds must name at least one account of the pending connection');
      // Another managed user's link cannot complete it.
      const stranger = await linkedBrowser();
      const theft = await choose(stranger.browser, 'externalIds=104000000000002');
      expect(alertOf(await pageAt(theft.headers.location, stranger.browser))).toBe('Pending connection not found or expired');
      expect(await theirConnections(stranger.user._id)).toEqual([]);

      const done = await choose(browser, 'externalIds=104000000000002');
      expect(done.status).toBe(303);
      expect(outcomeOf(done.headers.location)).toEqual({ connected: 'facebook-104000000000002', sig: SIGNATURE });
      expect(await pageAt(done.headers.location, browser)).toContain('Connected facebook-104000000000002.');
      expect((await theirConnections(user._id)).map((c) => c.platformId)).toEqual(['facebook-104000000000002']);
      const twice = await choose(browser, 'externalIds=104000000000001');
      expect(alertOf(await pageAt(twice.headers.location, browser))).toBe('Pending connection not found or expired');
      expect(await theirConnections(user._id)).toHaveLength(1);
    });

    it('a refused, replayed or expired flow comes back to the link’s page with the error shown there, never to the dashboard', async () => {
      const { user, browser } = await linkedBrowser();
      const begin = async () => {
        const started = await t.http.get('/connect/link/start/twitter').set('Cookie', browser.cookies.join('; '));
        expect(started.status).toBe(302);
        browser.absorb(started.headers['set-cookie']);
        return authorize(started.headers.location);
      };
      const back = async (url: URL) => {
        const res = await t.http.get(`${url.pathname}${url.search}`).set('Cookie', browser.cookies.join('; '));
        expect(res.status).toBe(302);
        const landing = new URL(res.headers.location);
        expect(landing.pathname).toBe('/connect/link/accounts');
        return { error: landing.searchParams.get('error'), shown: alertOf(await pageAt(res.headers.location, browser)) };
      };

      x.oauth.nextDecision = 'deny';
      const denied = await begin();
      expect(await back(denied)).toEqual({ error: 'access_denied', shown: 'X access was not granted' });
      // The same callback again (the browser's back button): the state is spent.
      expect(await back(denied)).toEqual({
        error: 'invalid_state',
        shown: 'This connection attempt is unknown, was already used or was started in another browser: start again',
      });

      const late = await begin();
      await t.connection
        .collection('connect_states')
        .updateMany({ userId: new Types.ObjectId(user._id) }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
      expect(await back(late)).toEqual({ error: 'expired_state', shown: 'This connection attempt expired (10 minutes): start again' });
      expect(await theirConnections(user._id)).toEqual([]);
    });

    it('a credentials form without the link cookie changes nothing (410)', async () => {
      const res = await t.http.post('/connect/link/credentials/bluesky').type('form').send({ identifier: 'a.bsky.social', secret: 'x' });
      expect(res.status).toBe(410);
    });
  });

  describe('DELETE /api/v1/workspace/users/:userId', () => {
    it('{ success: true }: the record stays, the association and the link go', async () => {
      const user = await managedUser();
      const { url } = (await api(owner).link(user._id).expect(200)).body;
      expect((await api(owner).detach(user._id).expect(200)).body).toEqual({ success: true });

      expect(await t.app.get(UsersService).findSummary(user._id)).toMatchObject({ parentUserId: null });
      expect((await api(owner).list()).body.users).toEqual([]);
      const acting = await t.http.get('/api/v1/platform-connections').set(owner.apiHeaders).set('x-service-user-id', user._id).expect(403);
      expect(acting.body).toEqual({ error: 'User is not managed by key' });
      expect((await t.http.get(new URL(url).pathname)).status).toBe(410);
      expect((await api(owner).detach(user._id)).status).toBe(404);
    });
  });

  describe('MCP tools', () => {
    let client: Client;
    afterEach(() => client?.close());

    it('list_workspace_users, create_workspace_user, workspace_detach_user: the REST bodies', async () => {
      client = await mcpClient(t, bearer(owner.apiKey));
      const address = email();
      const created = await call(client, 'create_workspace_user', { username: address, displayName: 'Client' });
      expect(created.isError).toBeFalsy();
      expect(created.json).toEqual({ user: expect.objectContaining({ username: address, displayName: 'Client', role: 'managed' }) });
      const listed = await call(client, 'list_workspace_users');
      expect(listed.json).toEqual({ users: [expect.objectContaining({ username: address })] });
      const id = (created.json.user as { _id: string })._id;
      expect((await call(client, 'workspace_detach_user', { userId: id })).json).toEqual({ success: true });
      expect((await call(client, 'list_workspace_users')).json).toEqual({ users: [] });

      const again = await call(client, 'create_workspace_user', { username: address });
      expect(again.json).toEqual({ error: 'User with this email already exists', status: 409 });
      expect((await call(client, 'create_workspace_user', { username: ' ' })).json).toEqual({ error: 'Email is required', status: 400 });
    });

    it('refused without workspace access', async () => {
      const plain = await createAccount(t, { plan: 'pro' });
      client = await mcpClient(t, bearer(plain.apiKey));
      expect((await call(client, 'list_workspace_users')).json).toEqual({ error: 'Workspace access is not enabled for this key', status: 403 });
    });
  });

  describe('GraphQL (the owner’s dashboard session)', () => {
    it('lists, creates, issues a key and a link, detaches', async () => {
      const gql = gqlClient(t);
      const created = dataOf(
        await gql(
          `mutation($input: CreateManagedUserInput!) { createWorkspaceUser(input: $input) { id username displayName role connectionsPageUrl } }`,
          { input: { username: email() } },
          owner.cookie,
        ),
      ).createWorkspaceUser;
      expect(created).toMatchObject({ role: 'managed', connectionsPageUrl: null });
      const link = dataOf(
        await gql(
          `mutation($id: ID!) { createWorkspaceConnectionLink(userId: $id, input: { expiresInDays: 2 }) { url tokenExpiresAt } }`,
          { id: created.id },
          owner.cookie,
        ),
      ).createWorkspaceConnectionLink;
      expect(link.url).toMatch(/\/connect\/[A-Za-z0-9_-]{43}$/);
      const key = dataOf(
        await gql(`mutation($id: ID!) { createWorkspaceUserApiKey(userId: $id) { userId apiKey } }`, { id: created.id }, owner.cookie),
      ).createWorkspaceUserApiKey;
      await t.http.get('/api/v1/platform-connections').set('x-api-key', key.apiKey).expect(200);
      const users = dataOf(await gql(`{ workspaceUsers { id connectionsPageUrl } }`, {}, owner.cookie)).workspaceUsers;
      expect(users).toEqual([{ id: created.id, connectionsPageUrl: link.url }]);
      expect(dataOf(await gql(`mutation($id: ID!) { detachWorkspaceUser(userId: $id) }`, { id: created.id }, owner.cookie)).detachWorkspaceUser).toBe(true);

      const plain = await createAccount(t, { plan: 'pro' });
      expect(errorOf(await gql(`{ workspaceUsers { id } }`, {}, plain.cookie)).message).toBe('Workspace access is not enabled for this key');
      const bad = await gql(
        `mutation($id: ID!) { createWorkspaceConnectionLink(userId: $id, input: { expiresInDays: -1 }) { url } }`,
        { id: created.id },
        owner.cookie,
      );
      expect(errorOf(bad).message).toBe('expiresInDays must be a positive number');
      const tooLong = await gql(
        `mutation($id: ID!, $days: Float) { createWorkspaceConnectionLink(userId: $id, input: { expiresInDays: $days }) { url } }`,
        { id: created.id, days: 100_000_000 },
        owner.cookie,
      );
      expect(errorOf(tooLong)).toMatchObject({ message: 'expiresInDays must be at most 365', extensions: { code: 'BAD_USER_INPUT' } });
      const gone = await gql(`mutation($id: ID!) { createWorkspaceConnectionLink(userId: $id) { url } }`, { id: created.id }, owner.cookie);
      expect(errorOf(gone).message).toBe('User not found or not managed by this key');
    });

    const CREATE_USER = `mutation($input: CreateManagedUserInput!) { createWorkspaceUser(input: $input) { id username displayName role dailyPostsLeft } }`;
    const managedCount = async (ownerId: string) => (await t.app.get(UsersService).listManaged(ownerId)).length;

    it('a ManagedUser carries dailyPostsLeft as REST shows it', async () => {
      const gql = gqlClient(t);
      const address = email();
      const created = dataOf(await gql(CREATE_USER, { input: { username: address, displayName: 'Client' } }, owner.cookie)).createWorkspaceUser;
      expect(created).toEqual({ id: expect.any(String), username: address, displayName: 'Client', role: 'managed', dailyPostsLeft: 100 });
      const listed = dataOf(await gql(`{ workspaceUsers { id dailyPostsLeft } }`, {}, owner.cookie)).workspaceUsers;
      expect(listed).toEqual([{ id: created.id, dailyPostsLeft: 100 }]);
      const rest = (await api(owner).list().expect(200)).body.users;
      expect(rest).toEqual([expect.objectContaining({ _id: created.id, dailyPostsLeft: 100 })]);
    });

    it.each([
      [{ username: '' }, 'Email is required', 'BAD_USER_INPUT'],
      [{ username: '   ' }, 'Email is required', 'BAD_USER_INPUT'],
      [{ username: 'not-an-email' }, 'A valid email is required', 'BAD_USER_INPUT'],
      [{ username: 'a@example.com', displayName: 'x'.repeat(101) }, 'displayName must be a string of at most 100 characters', 'BAD_USER_INPUT'],
    ])('createWorkspaceUser %j: %s, nothing created', async (input, message, code) => {
      const res = await gqlClient(t)(CREATE_USER, { input }, owner.cookie);
      expect(errorOf(res)).toMatchObject({ message, code });
      expect(await managedCount(owner.userId)).toBe(0);
    });

    it('createWorkspaceUser with an email already used (any case, any owner) is a CONFLICT', async () => {
      const gql = gqlClient(t);
      const user = await managedUser();
      const other = await createAccount(t, { plan: 'pro', workspacesEnabled: true });
      for (const account of [owner, other]) {
        const res = await gql(CREATE_USER, { input: { username: user.username.toUpperCase() } }, account.cookie);
        expect(errorOf(res)).toMatchObject({ message: 'User with this email already exists', code: 'CONFLICT' });
      }
      expect(await managedCount(owner.userId)).toBe(1);
      expect(await managedCount(other.userId)).toBe(0);
    });

    it('every workspace operation is UNAUTHENTICATED without a session, and changes nothing', async () => {
      const gql = gqlClient(t);
      const user = await managedUser();
      const { url } = (await api(owner).link(user._id).expect(200)).body;
      const ops: Array<[string, Record<string, unknown>]> = [
        [`{ workspaceUsers { id } }`, {}],
        [CREATE_USER, { input: { username: email() } }],
        [`mutation($id: ID!) { detachWorkspaceUser(userId: $id) }`, { id: user._id }],
        [`mutation($id: ID!) { createWorkspaceUserApiKey(userId: $id) { apiKey } }`, { id: user._id }],
        [`mutation($id: ID!) { createWorkspaceConnectionLink(userId: $id, input: { rotate: true }) { url } }`, { id: user._id }],
      ];
      for (const [query, variables] of ops) {
        const res = await gql(query, variables);
        expect(res.status).toBe(401);
        expect(res.data).toBeUndefined();
        expect(errorOf(res)).toMatchObject({ message: 'Authentication required', code: 'UNAUTHENTICATED' });
      }
      // Still one managed user, still attached, with the same link and no API key.
      const listed = (await api(owner).list().expect(200)).body.users;
      expect(listed).toEqual([expect.objectContaining({ _id: user._id, connectionsPageUrl: url })]);
      expect(await t.connection.collection('api_keys').countDocuments({ userId: new Types.ObjectId(user._id) })).toBe(0);
    });
  });
});
