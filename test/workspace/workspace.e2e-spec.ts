import { createAccount, createTestApp, type TestAccount, type TestApp } from '@app/testing';
import { TwitterFake } from '@app/testing/fakes';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Types } from 'mongoose';
import { UsersService } from '../../src/auth/users.service';
import { ConnectionLink } from '../../src/workspace/schemas/connection-link.schema';
import { authorize, Browser } from '../connect/connect-helpers';
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
  let t: TestApp;
  let owner: TestAccount;

  beforeAll(async () => {
    await x.start();
    t = await createTestApp({
      env: {
        TWITTER_API_URL: x.baseUrl,
        TWITTER_CLIENT_ID: 'x-client',
        TWITTER_CLIENT_SECRET: 'x-secret',
        TWITTER_AUTHORIZE_URL: x.oauth.authorizeUrl,
        TWITTER_TOKEN_URL: `${x.baseUrl}/2/oauth2/token`,
      },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await x.stop();
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
      [{ expiresInDays: 1e9 }, 'expiresInDays must be a positive number'],
    ])('400 for %j, and nothing stored', async (body, message) => {
      const user = await managedUser();
      const res = await api(owner).link(user._id, body).expect(400);
      expect(res.body).toEqual({ error: message });
      expect(await linkModel().countDocuments({ userId: new Types.ObjectId(user._id) })).toBe(0);
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
      const gone = await gql(`mutation($id: ID!) { createWorkspaceConnectionLink(userId: $id) { url } }`, { id: created.id }, owner.cookie);
      expect(errorOf(gone).message).toBe('User not found or not managed by this key');
    });
  });
});
