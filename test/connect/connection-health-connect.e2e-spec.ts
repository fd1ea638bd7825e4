import { createAccount, createTestApp, TwitterFake, type TestAccount, type TestApp } from '@test/support';
import { ConnectionsService } from '../../src/connections/connections.service';
import { TokenUpkeepService } from '../../src/publishing/token-upkeep.service';
import { startReceiver, type Receiver } from '../webhooks/receiver';
import { Browser, connectThrough, DISCONNECT, gql } from './connect-helpers';

const HEALTH = `{ connections { id platformId health healthReason } }`;

/**
 * The connect flow and connection health: a reconnect through X's own sign-in ends
 * `reauth_required` (keeping the stored refresh token when X sends none, replacing it when it
 * sends one), and a disconnect writes `connection.disconnected` for the webhooks that asked for it.
 */
describe('connect: reconnecting clears reauth_required; disconnect raises connection.disconnected', () => {
  const x = new TwitterFake();
  let t: TestApp;
  let subscribed: Receiver;
  let other: Receiver;
  let account: TestAccount;
  let browser: Browser;

  beforeAll(async () => {
    await x.start();
    [subscribed, other] = await Promise.all([startReceiver(), startReceiver()]);
    t = await createTestApp({
      env: {
        TWITTER_API_URL: x.baseUrl,
        TWITTER_UPLOAD_URL: x.baseUrl,
        TWITTER_CLIENT_ID: 'x-client',
        TWITTER_CLIENT_SECRET: 'x-secret',
        TWITTER_AUTHORIZE_URL: x.oauth.authorizeUrl,
        TWITTER_TOKEN_URL: `${x.baseUrl}/2/oauth2/token`,
        WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
        WEBHOOKS_WORKER_INTERVAL_MS: '100',
        TOKEN_UPKEEP_INTERVAL_MS: '0',
      },
    });
    account = await createAccount(t, { plan: 'pro' });
    browser = new Browser(account);
    await t.http
      .post('/api/v1/webhooks')
      .set(account.apiHeaders)
      .send({ name: 'connections', url: subscribed.url, events: ['connection.disconnected', 'connection.reauth_required'] })
      .expect(201);
    // The spec's events only: opt-in events never reach it.
    await t.http
      .post('/api/v1/webhooks')
      .set(account.apiHeaders)
      .send({ name: 'spec events', url: other.url, events: ['post.scheduled', 'post.published', 'post.failed', 'token.expiring'] })
      .expect(201);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([subscribed.close(), other.close()]);
    await x.stop();
  });

  const refreshTokenOf = async (id: string) => (await t.app.get(ConnectionsService).getCredentials(account.userId, id)).refreshToken;

  it('a reconnect through the sign-in makes a connection needing reauthorization healthy, keeping or replacing the refresh token', async () => {
    const platformId = (await connectThrough(t, browser, { platform: 'twitter' })).searchParams.get('connected')!;
    const [conn] = (await gql(t, browser.cookies, HEALTH)).body.data.connections;
    expect(conn).toMatchObject({ platformId, health: 'ok', healthReason: null });
    const first = await refreshTokenOf(conn.id);
    expect(first).toMatch(/^rt-/);

    // The person revokes the app at X: the next refresh is refused for good.
    x.refreshTokens.set(first!, 'used');
    const report = await t.app.get(TokenUpkeepService).runOnce();
    expect(report.reauthRequired).toBe(1);
    expect((await gql(t, browser.cookies, HEALTH)).body.data.connections[0]).toMatchObject({
      health: 'reauth_required',
      healthReason: expect.stringMatching(/invalid_request/),
    });
    const [event] = await subscribed.waitFor(1);
    expect(event.body).toMatchObject({ event: 'connection.reauth_required', data: { platform: 'twitter', platformId } });

    // X sends no refresh token this time: the stored one stays; the state is healthy again.
    x.oauth.sendRefreshToken = false;
    try {
      await connectThrough(t, browser, { platform: 'twitter' });
    } finally {
      x.oauth.sendRefreshToken = true;
    }
    expect((await gql(t, browser.cookies, HEALTH)).body.data.connections).toEqual([{ id: conn.id, platformId, health: 'ok', healthReason: null }]);
    expect(await refreshTokenOf(conn.id)).toBe(first);

    // A reconnect with a refresh token replaces it.
    await connectThrough(t, browser, { platform: 'twitter' });
    const replaced = await refreshTokenOf(conn.id);
    expect(replaced).toMatch(/^rt-/);
    expect(replaced).not.toBe(first);
  });

  it('disconnect: connection.disconnected reaches the webhook subscribed to it, and not the other', async () => {
    const [conn] = (await gql(t, browser.cookies, `{ connections { platformId username } }`)).body.data.connections;
    const before = subscribed.requests.length;
    const startedAt = Date.now();
    const res = await gql(t, browser.cookies, DISCONNECT, { platformId: conn.platformId });
    expect(res.body.data).toEqual({ disconnectConnection: true });

    const deliveries = await subscribed.waitFor(before + 1);
    const disconnected = deliveries.filter((d) => d.body.event === 'connection.disconnected');
    expect(disconnected).toHaveLength(1);
    expect(disconnected[0].body).toEqual({
      event: 'connection.disconnected',
      timestamp: expect.any(String),
      data: { platform: 'twitter', platformId: conn.platformId, username: conn.username, disconnectedAt: expect.any(String) },
    });
    expect(Date.parse(disconnected[0].body.data.disconnectedAt as string)).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(disconnected[0].headers['x-service-event']).toBe('connection.disconnected');

    // Disconnecting again finds nothing and says nothing more.
    const again = await gql(t, browser.cookies, DISCONNECT, { platformId: conn.platformId });
    expect(again.body.errors?.[0].message).toBe('Connection not found');
    await new Promise((r) => setTimeout(r, 500));
    expect(subscribed.requests.filter((d) => d.body.event === 'connection.disconnected')).toHaveLength(1);
    // The spec's webhook heard of the refused refresh only through token.expiring (the token expires within 7 days).
    expect(other.requests.map((r) => r.body.event)).toEqual(['token.expiring']);
  });
});
