import { FakeBlueskyServer, FakeMastodonServer } from '@test/support/fakes';
import { BlueskyAdapter } from '../../src/platforms/bluesky';
import { MastodonAdapter } from '../../src/platforms/mastodon';
import { PlatformError, type PublishRequest } from '../../src/platforms/platform-adapter';
import { fakeEndpoints, instanceGuardOf, rejectionOf } from './fake-endpoints';

/**
 * A Mastodon instance or Bluesky service is checked on every call, not only when the account
 * was connected: a connection made while private hosts were allowed (or whose name now resolves
 * to a private address) reaches nothing once they are not. (Names are checked on the address
 * each socket is opened to: src/common/outbound/outbound-guard.spec.ts.)
 */
describe('instance addresses are checked on every call', () => {
  const mastodon = new FakeMastodonServer();
  const bluesky = new FakeBlueskyServer();
  let mastodonBase: string;
  let blueskyBase: string;
  const request = (): PublishRequest => ({ content: 'Hello', media: [], settings: {}, idempotencyKey: `k-${Math.random()}` });

  beforeAll(async () => {
    mastodonBase = await mastodon.start();
    blueskyBase = await bluesky.start();
  });
  afterAll(async () => {
    await mastodon.stop();
    await bluesky.stop();
  });

  it('Mastodon: publish and health check refuse a loopback instance without calling it', async () => {
    const strict = new MastodonAdapter(fakeEndpoints(mastodonBase, { instanceGuard: instanceGuardOf(false) }));
    const creds = { externalId: mastodon.account.id, accessToken: 'good-token', instanceUrl: mastodonBase };
    mastodon.setToken('good-token');
    mastodon.requests.length = 0;
    const err = await rejectionOf(strict.publish(creds, request()));
    expect(err).toBeInstanceOf(PlatformError);
    expect(err).toMatchObject({ code: 'PLATFORM_VALIDATION_ERROR', options: { retryable: false } });
    expect(err.message).toBe('Mastodon server 127.0.0.1 is not allowed: it resolves to a non-public address');
    const health = await strict.validate(creds);
    expect(health.ok).toBe(false);
    expect(mastodon.requests).toHaveLength(0);

    // The same connection works where private instances are allowed (the tests' fakes).
    const lenient = new MastodonAdapter(fakeEndpoints(mastodonBase));
    await expect(lenient.publish(creds, request())).resolves.toMatchObject({ postedId: expect.any(String) });
  });

  it('Bluesky: the PDS is checked before each call and before a session refresh', async () => {
    const strict = new BlueskyAdapter(fakeEndpoints(blueskyBase, { instanceGuard: instanceGuardOf(false) }));
    const session = bluesky.issueSession();
    const creds = {
      externalId: bluesky.did,
      accessToken: session.accessJwt,
      refreshToken: session.refreshJwt,
      instanceUrl: blueskyBase,
      username: bluesky.handle,
    };
    bluesky.requests.length = 0;
    const err = await rejectionOf(strict.publish(creds, request()));
    expect(err.message).toBe('Bluesky server 127.0.0.1 is not allowed: it resolves to a non-public address');
    await expect(strict.refresh!(creds)).rejects.toMatchObject({ code: 'PLATFORM_VALIDATION_ERROR' });
    expect(bluesky.requests).toHaveLength(0);
  });

  it('the rule: public addresses pass, private and metadata ones do not (metadata even when private hosts are allowed)', () => {
    const strict = instanceGuardOf(false);
    const lenient = instanceGuardOf(true);
    expect(strict.refusalForUrl('https://93.184.216.34')).toBeNull();
    for (const url of ['http://127.0.0.1:8080', 'https://10.1.2.3', 'https://[::1]', 'https://192.168.0.9', 'https://169.254.169.254']) {
      expect(strict.refusalForUrl(url)?.message).toMatch(/^Refused: .* resolves to a (loopback|private|metadata) address/);
    }
    expect(strict.refusalForUrl('http://93.184.216.34')?.message).toBe('Refused: plain http to 93.184.216.34');
    expect(lenient.refusalForUrl('http://10.1.2.3')).toBeNull();
    expect(lenient.refusalForUrl('http://169.254.169.254')?.message).toMatch(/metadata/);
  });
});
