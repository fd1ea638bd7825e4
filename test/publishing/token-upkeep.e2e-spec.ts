import { createAccount, createConnection, createTestApp, TwitterFake, type TestAccount, type TestApp } from '@test/support';
import { ConnectionsService } from '../../src/connections/connections.service';
import { TokenUpkeepService } from '../../src/publishing/token-upkeep.service';
import { startReceiver, type Receiver } from '../webhooks/receiver';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

describe('token upkeep: refresh ahead of expiry, token.expiring once', () => {
  const twitter = new TwitterFake();
  let t: TestApp;
  let account: TestAccount;
  let receiver: Receiver;
  let upkeep: TokenUpkeepService;

  beforeAll(async () => {
    await twitter.start();
    receiver = await startReceiver();
    t = await createTestApp({
      env: {
        TWITTER_API_URL: twitter.baseUrl,
        TWITTER_CLIENT_ID: 'client-1',
        WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
        WEBHOOKS_WORKER_INTERVAL_MS: '100',
        TOKEN_UPKEEP_INTERVAL_MS: '0',
      },
    });
    account = await createAccount(t, { plan: 'pro' });
    await t.http
      .post('/api/v1/webhooks')
      .set(account.apiHeaders)
      .send({ name: 'tokens', url: receiver.url, events: ['token.expiring'] })
      .expect(201);
    upkeep = t.app.get(TokenUpkeepService);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
    await twitter.stop();
  });

  it('refreshes a refreshable token that expires within the refresh window, and raises no event for it', async () => {
    twitter.setToken('tw-expiring');
    twitter.refreshTokens.set('tw-refresh-1', 'valid');
    const conn = await createConnection(t, account.userId, {
      platform: 'twitter',
      externalId: '3000000000000000001',
      username: 'refreshable',
      accessToken: 'tw-expiring',
      refreshToken: 'tw-refresh-1',
      accessTokenExpiresAt: new Date(Date.now() + HOUR),
    });
    const report = await upkeep.runOnce();
    expect(report.refreshed).toBe(1);
    expect(twitter.calls('POST /2/oauth2/token')).toHaveLength(1);
    const creds = await t.app.get(ConnectionsService).getCredentials(account.userId, conn.id);
    expect(creds.accessToken).not.toBe('tw-expiring');
    expect(twitter.refreshTokens.get('tw-refresh-1')).toBe('used');
    expect(creds.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + HOUR);
  });

  it('sends token.expiring once for a token that cannot be refreshed and has under 7 days left', async () => {
    const expiresAt = new Date(Date.now() + 3 * DAY);
    const conn = await createConnection(t, account.userId, {
      platform: 'linkedin',
      externalId: 'li-upkeep-1',
      username: 'Jane Doe',
      accessToken: 'li-token',
      accessTokenExpiresAt: expiresAt,
    });
    // Far from expiry: nothing to say.
    await createConnection(t, account.userId, {
      platform: 'linkedin',
      externalId: 'li-upkeep-2',
      accessToken: 'li-token-2',
      accessTokenExpiresAt: new Date(Date.now() + 30 * DAY),
    });

    const first = await upkeep.runOnce();
    expect(first.notified).toBe(1);
    const [delivery] = await receiver.waitFor(1);
    expect(delivery.body).toEqual({
      event: 'token.expiring',
      timestamp: expect.any(String),
      data: { platform: 'linkedin', platformId: conn.platformId, username: 'Jane Doe', expiresAt: expiresAt.toISOString() },
    });
    expect(delivery.headers['x-service-event']).toBe('token.expiring');

    // The next pass (upkeep leases expire after 5 minutes; run as if later) says nothing again.
    const second = await upkeep.runOnce(new Date(Date.now() + 10 * 60_000));
    expect(second.notified).toBe(0);
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.requests).toHaveLength(1);
  });

  it('tells the owner when a refresh is refused, and records it on the connection', async () => {
    const conn = await createConnection(t, account.userId, {
      platform: 'twitter',
      externalId: '3000000000000000002',
      username: 'revoked',
      accessToken: 'tw-dead',
      refreshToken: 'tw-refresh-unknown',
      accessTokenExpiresAt: new Date(Date.now() + HOUR),
    });
    // (The 2-hour token of the first test is inside the refresh window again and is refreshed.)
    const report = await upkeep.runOnce(new Date(Date.now() + 20 * 60_000));
    expect(report.notified).toBe(1);
    const events = await receiver.waitFor(2);
    expect(events[1].body.data).toMatchObject({ platform: 'twitter', platformId: conn.platformId, username: 'revoked' });
    const listed = await t.http.get('/api/v1/platform-connections').set(account.apiHeaders).expect(200);
    const entry = listed.body.connections.find((c: { platformId: string }) => c.platformId === conn.platformId);
    expect(entry.lastError.message).toMatch(/^Token refresh failed: /);
  });
});
