import { createAccount, createTestApp, type TestAccount, type TestApp } from '@test/support';
import { FakeBlueskyServer, FakeMastodonServer } from '@test/support/fakes';
import { Types } from 'mongoose';
import { ConnectionsService } from '../../src/connections/connections.service';
import { Browser, CREDENTIALS, gql, start } from './connect-helpers';

/**
 * A server a person types (Mastodon instance, Bluesky service) is an outbound target: with
 * CONNECT_ALLOW_PRIVATE_INSTANCES off, loopback, private and metadata addresses are refused
 * through the dashboard's GraphQL before anything is called or stored. The loopback case points
 * at live fakes, so a request that got through would show in their logs.
 */
describe('Private servers refused through GraphQL (CONNECT_ALLOW_PRIVATE_INSTANCES=false)', () => {
  const mastodon = new FakeMastodonServer();
  const bsky = new FakeBlueskyServer();
  let t: TestApp;
  let account: TestAccount;

  beforeAll(async () => {
    await Promise.all([mastodon.start(), bsky.start()]);
    t = await createTestApp({ env: { CONNECT_ALLOW_PRIVATE_INSTANCES: 'false' } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await Promise.all([mastodon.stop(), bsky.stop()]);
  });
  beforeEach(async () => {
    account = await createAccount(t, { plan: 'premium', seats: 10 });
  });

  /** The fake's own address, over https (http alone is refused for another reason). */
  const loopback = (baseUrl: string) => `https://127.0.0.1:${new URL(baseUrl).port}`;
  const TARGETS: Array<[string, (baseUrl: string) => string, string]> = [
    ['loopback (the live fake)', loopback, 'Localhost URLs are not allowed'],
    ['a private network address', () => 'https://10.0.0.5', 'Private IP addresses are not allowed'],
    ['the cloud metadata address', () => 'https://169.254.169.254', 'Cloud metadata endpoints are not allowed'],
  ];
  const stored = async () => ({
    states: await t.connection.collection('connect_states').countDocuments({ userId: new Types.ObjectId(account.userId) }),
    apps: await t.connection.collection('mastodon_apps').countDocuments({}),
    connections: (await t.app.get(ConnectionsService).list(account.userId)).length,
  });

  it.each(TARGETS)('startConnection for Mastodon on %s is refused; nothing called or stored', async (_what, url, reason) => {
    const res = await start(t, new Browser(account), { platform: 'mastodon', instanceUrl: url(mastodon.baseUrl) });
    expect(res.body.data).toBeNull();
    expect(res.body.errors[0].message).toBe(`The Mastodon instance URL is not allowed: ${reason}`);
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'invalid_instance' });
    expect(await stored()).toEqual({ states: 0, apps: 0, connections: 0 });
    expect(mastodon.requests).toHaveLength(0);
  });

  it.each(TARGETS)('connectWithCredentials for Bluesky on %s is refused; nothing called or stored', async (_what, url, reason) => {
    const input = { platform: 'bluesky', identifier: bsky.handle, secret: bsky.appPassword, serviceUrl: url(bsky.baseUrl) };
    const res = await gql(t, [account.cookie], CREDENTIALS, { input });
    expect(res.body.data).toBeNull();
    expect(res.body.errors[0].message).toBe(`The Bluesky service URL is not allowed: ${reason}`);
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'invalid_instance' });
    expect(await stored()).toEqual({ states: 0, apps: 0, connections: 0 });
    expect(bsky.requests).toHaveLength(0);
  });

  it('plain http is refused too while private servers are not allowed', async () => {
    const res = await start(t, new Browser(account), { platform: 'mastodon', instanceUrl: mastodon.baseUrl });
    expect(res.body.errors[0].message).toBe('The Mastodon instance URL must use https');
    expect(mastodon.requests).toHaveLength(0);
  });
});
