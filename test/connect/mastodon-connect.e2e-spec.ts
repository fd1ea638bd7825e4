import { createAccount, createTestApp, type TestAccount, type TestApp } from '@test/support';
import { FakeMastodonServer } from '@test/support/fakes';
import { ConnectionsService } from '../../src/connections/connections.service';
import { FAST_ENGINE_ENV, waitForGroup } from '../publishing/publishing-helpers';
import { authorize, Browser, callback, connectThrough, DISCONNECT, gql, start } from './connect-helpers';

/** Mastodon on any instance: the app registers once per instance and keeps that client. */
describe('Connecting Mastodon on two instances', () => {
  const a = new FakeMastodonServer();
  const b = new FakeMastodonServer();
  let t: TestApp;
  let account: TestAccount;

  beforeAll(async () => {
    await Promise.all([a.start(), b.start()]);
    b.account.id = '110000000000000002';
    b.account.username = 'bob';
    t = await createTestApp({ env: { ...FAST_ENGINE_ENV, CONNECT_ALLOW_PRIVATE_INSTANCES: 'true' } });
    account = await createAccount(t, { plan: 'premium', seats: 10 });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await Promise.all([a.stop(), b.stop()]);
  });

  it('registers on each instance once, connects an account on each (PKCE S256), keeps the instance URL', async () => {
    const browser = new Browser(account);
    const first = await start(t, browser, { platform: 'mastodon', instanceUrl: a.baseUrl });
    const url = new URL(first.body.data.startConnection.authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${a.baseUrl}/oauth/authorize`);
    expect(a.apps).toHaveLength(1);
    expect(url.searchParams.get('client_id')).toBe(a.apps[0].clientId);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(a.apps[0].redirectUris).toBe(url.searchParams.get('redirect_uri'));
    const landedA = await callback(t, browser, await authorize(url.toString()));
    expect(landedA.searchParams.get('connected')).toBe(`mastodon-${a.account.id}`);
    const tokenCall = a.calls('POST /oauth/token').at(-1)!;
    expect((tokenCall.body as Record<string, string>).client_secret).toBe(a.apps[0].clientSecret);

    // Same instance again: the stored client is reused, no second registration.
    expect((await connectThrough(t, browser, { platform: 'mastodon', instanceUrl: `${a.baseUrl}/` })).searchParams.get('connected')).toBe(
      `mastodon-${a.account.id}`,
    );
    expect(a.apps).toHaveLength(1);

    const landedB = await connectThrough(t, browser, { platform: 'mastodon', instanceUrl: b.baseUrl });
    expect(landedB.searchParams.get('connected')).toBe(`mastodon-${b.account.id}`);
    expect(b.apps).toHaveLength(1);

    const list = await t.app.get(ConnectionsService).list(account.userId);
    expect(list.map((c) => [c.platformId, c.instanceUrl, c.username])).toEqual([
      [`mastodon-${a.account.id}`, a.baseUrl, 'alice'],
      [`mastodon-${b.account.id}`, b.baseUrl, 'bob'],
    ]);
    // The client secret is stored encrypted.
    const apps = await t.connection.collection('mastodon_apps').find({}).toArray();
    expect(apps).toHaveLength(2);
    expect(JSON.stringify(apps)).not.toContain(a.apps[0].clientSecret);
  });

  it('each connection publishes on its own instance, with the token that instance issued', async () => {
    const list = await t.app.get(ConnectionsService).list(account.userId);
    for (const [fake, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const conn = list.find((c) => c.instanceUrl === fake.baseUrl)!;
      const { accessToken } = await t.app.get(ConnectionsService).getCredentials(account.userId, conn.id);
      const content = `Toot on ${conn.platformId} ${Date.now()}`;
      const created = await t.http
        .post('/api/v1/create-post')
        .set(account.apiHeaders)
        .send({ content, platforms: [conn.platformId], scheduledTime: new Date(Date.now() + 300).toISOString() });
      expect(created.status).toBe(200);
      const group = await waitForGroup(t, account.apiHeaders, created.body.postGroupId);
      expect(group.status).toBe('published');
      const toot = fake.posts.find((p) => p.text === content)!;
      expect(toot).toBeDefined();
      expect(other.posts.find((p) => p.text === content)).toBeUndefined();
      expect(fake.calls('POST /api/v1/statuses').at(-1)!.token).toBe(accessToken);
      expect(group.posts[0]).toMatchObject({ postedId: toot.id, publishedUrl: fake.statusUrl(toot.id) });
    }
  });

  it('needs an instance URL, and refuses one with a path or another scheme', async () => {
    const browser = new Browser(account);
    expect((await start(t, browser, { platform: 'mastodon' })).body.errors[0].message).toBe('instanceUrl is required for Mastodon');
    expect((await start(t, browser, { platform: 'mastodon', instanceUrl: `${a.baseUrl}/@alice` })).body.errors[0].message).toBe(
      "The Mastodon instance URL must be the server's address only, without path, query or credentials",
    );
    expect((await start(t, browser, { platform: 'mastodon', instanceUrl: 'ftp://example.com' })).body.errors[0].message).toBe(
      'The Mastodon instance URL must use https',
    );
  });

  it('access_denied on the instance stores nothing and spends the state', async () => {
    const browser = new Browser(account);
    const before = (await t.app.get(ConnectionsService).list(account.userId)).length;
    const res = await start(t, browser, { platform: 'mastodon', instanceUrl: a.baseUrl });
    a.oauth.nextDecision = 'deny';
    const back = await authorize(res.body.data.startConnection.authorizeUrl);
    expect((await callback(t, browser, back)).searchParams.get('error')).toBe('access_denied');
    expect((await callback(t, browser, back)).searchParams.get('error')).toBe('invalid_state');
    expect(await t.app.get(ConnectionsService).list(account.userId)).toHaveLength(before);
  });

  it('an instance that forgot the app (invalid_client): the flow fails once, the next start registers again', async () => {
    const browser = new Browser(account);
    const res = await start(t, browser, { platform: 'mastodon', instanceUrl: a.baseUrl });
    const registered = a.apps.length;
    a.oauth.options.clientSecret = 'vacuumed';
    const failed = await callback(t, browser, await authorize(res.body.data.startConnection.authorizeUrl));
    expect(failed.searchParams.get('error')).toBe('token_exchange_failed');
    expect(failed.searchParams.get('message')).toBe('Mastodon refused the authorization code (invalid_client: Client authentication failed)');
    const again = await connectThrough(t, browser, { platform: 'mastodon', instanceUrl: a.baseUrl });
    expect(a.apps).toHaveLength(registered + 1);
    expect(again.searchParams.get('connected')).toBe(`mastodon-${a.account.id}`);
  });

  it('disconnect revokes the token on its instance', async () => {
    const browser = new Browser(account);
    const list = await t.app.get(ConnectionsService).list(account.userId);
    const target = list.find((c) => c.instanceUrl === b.baseUrl)!;
    const { accessToken } = await t.app.get(ConnectionsService).getCredentials(account.userId, target.id);
    const res = await gql(t, browser.cookies, DISCONNECT, { platformId: target.platformId });
    expect(res.body.data.disconnectConnection).toBe(true);
    expect(b.oauth.revoked).toContain(accessToken);
    expect((await t.app.get(ConnectionsService).list(account.userId)).map((c) => c.instanceUrl)).toEqual([a.baseUrl]);
  });
});
