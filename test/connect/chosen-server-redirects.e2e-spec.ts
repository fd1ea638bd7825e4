import { createAccount, createTestApp, type TestAccount, type TestApp } from '@test/support';
import { FakeBlueskyServer, FakeMastodonServer } from '@test/support/fakes';
import { ConnectionsService } from '../../src/connections/connections.service';
import { authorize, Browser, callback, connectThrough, CREDENTIALS, gql, start } from './connect-helpers';

const REDIRECTED = (platform: string) => `${platform} server 127.0.0.1 answered with a redirect (HTTP 307); redirects are not followed`;

/**
 * Connecting to a Mastodon instance or Bluesky service that answers 307 towards an inside
 * address: the request (with the app's client secret, the authorization code, a token or the app
 * password) is never repeated there, and the person is told why. The fakes are
 * OUTBOUND_ALLOWED_HOSTS entries (http, loopback) with CONNECT_ALLOW_PRIVATE_INSTANCES off; the
 * redirect target, another loopback port, is not listed.
 */
describe('Connecting to a server that redirects (OUTBOUND_ALLOWED_HOSTS, private instances not allowed)', () => {
  const mastodon = new FakeMastodonServer();
  const bsky = new FakeBlueskyServer();
  /** The inside address the redirects point at: it must see nothing. */
  const inside = new FakeMastodonServer();
  let t: TestApp;
  let account: TestAccount;
  let browser: Browser;
  const redirect = (fake: FakeMastodonServer | FakeBlueskyServer, match: string) =>
    fake.inject({ kind: 'redirect', match, location: `${inside.baseUrl}/steal` });
  const connections = () => t.app.get(ConnectionsService).list(account.userId);

  beforeAll(async () => {
    await Promise.all([mastodon.start(), bsky.start(), inside.start()]);
    t = await createTestApp({ env: { CONNECT_ALLOW_PRIVATE_INSTANCES: 'false', OUTBOUND_ALLOWED_HOSTS: `${mastodon.baseUrl},${bsky.baseUrl}` } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await Promise.all([mastodon.stop(), bsky.stop(), inside.stop()]);
  });
  beforeEach(async () => {
    mastodon.clearFaults();
    bsky.clearFaults();
    inside.requests.length = 0;
    account = await createAccount(t, { plan: 'premium', seats: 10 });
    browser = new Browser(account);
  });

  it('Mastodon: the app registration answered with 307 registers nothing and says why', async () => {
    redirect(mastodon, 'POST /api/v1/apps');
    const res = await start(t, browser, { platform: 'mastodon', instanceUrl: mastodon.baseUrl });
    expect(res.body.data).toBeNull();
    expect(res.body.errors[0].message).toBe(REDIRECTED('Mastodon'));
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'invalid_instance' });
    expect(await t.connection.collection('mastodon_apps').countDocuments({})).toBe(0);
    expect(inside.requests).toHaveLength(0);
  });

  it.each([
    ['the token exchange (code and client secret)', 'POST /oauth/token'],
    ['verify_credentials (the new token)', 'GET /api/v1/accounts/verify_credentials'],
  ])('Mastodon: %s answered with 307 fails the callback; nothing reaches the target', async (_what, call) => {
    const res = await start(t, browser, { platform: 'mastodon', instanceUrl: mastodon.baseUrl });
    expect(res.body.errors).toBeUndefined();
    const back = await authorize(res.body.data.startConnection.authorizeUrl);
    redirect(mastodon, call);
    const landed = await callback(t, browser, back);
    expect(landed.searchParams.get('error')).toBe('token_exchange_failed');
    expect(landed.searchParams.get('message')).toBe(REDIRECTED('Mastodon'));
    expect(await connections()).toHaveLength(0);
    expect(inside.requests).toHaveLength(0);
  });

  it('Mastodon: a listed origin connects over http without CONNECT_ALLOW_PRIVATE_INSTANCES once it stops redirecting', async () => {
    const landed = await connectThrough(t, browser, { platform: 'mastodon', instanceUrl: mastodon.baseUrl });
    expect(landed.searchParams.get('connected')).toBe(`mastodon-${mastodon.account.id}`);
    // Another port of the same host is not listed: the private-address rule, as always.
    const other = await start(t, browser, { platform: 'mastodon', instanceUrl: inside.baseUrl });
    expect(other.body.errors[0].message).toBe('The Mastodon instance URL must use https');
    const otherHttps = await start(t, browser, { platform: 'mastodon', instanceUrl: inside.baseUrl.replace('http:', 'https:') });
    expect(otherHttps.body.errors[0].message).toBe('The Mastodon instance URL is not allowed: Localhost URLs are not allowed');
    expect(inside.requests).toHaveLength(0);
  });

  it('Bluesky: createSession answered with 307 connects nothing; the app password never reaches the target', async () => {
    redirect(bsky, 'POST /xrpc/com.atproto.server.createSession');
    const input = { platform: 'bluesky', identifier: bsky.handle, secret: bsky.appPassword, serviceUrl: bsky.baseUrl };
    const res = await gql(t, browser.cookies, CREDENTIALS, { input });
    expect(res.body.data).toBeNull();
    expect(res.body.errors[0].message).toBe(REDIRECTED('Bluesky'));
    expect(res.body.errors[0].extensions).toMatchObject({ reason: 'invalid_instance' });
    expect(await connections()).toHaveLength(0);
    expect(inside.requests).toHaveLength(0);
  });

  it('Bluesky: a profile read answered with 307 leaves the profile out (the access JWT stays home); the account connects', async () => {
    redirect(bsky, 'GET /xrpc/app.bsky.actor.getProfile');
    const input = { platform: 'bluesky', identifier: bsky.handle, secret: bsky.appPassword, serviceUrl: bsky.baseUrl };
    const res = await gql(t, browser.cookies, CREDENTIALS, { input });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.connectWithCredentials).toMatchObject({ username: bsky.handle, displayName: null, instanceUrl: bsky.baseUrl });
    expect(inside.requests).toHaveLength(0);
  });
});
