import { FakeBlueskyServer, FakeMastodonServer, makeImage, mediaItem } from '@test/support/fakes';
import { BlueskyAdapter } from '../../src/platforms/bluesky';
import { MastodonAdapter } from '../../src/platforms/mastodon';
import type { PlatformCredentials, PublishRequest } from '../../src/platforms/platform-adapter';
import { failureOf, fakeEndpoints, instanceGuardOf } from './fake-endpoints';

/**
 * A Mastodon instance or Bluesky PDS a person chose that answers 307 towards an inside address
 * never gets the request (and the token it carries) repeated there. The fakes are reached as
 * OUTBOUND_ALLOWED_HOSTS entries with private instances not allowed, and the redirect target is
 * another loopback port that is not listed; a redirect is refused as well where private
 * instances are allowed (it would pass the address rules), since redirects are never followed.
 */
describe('publishing to a chosen server that redirects', () => {
  const mastodon = new FakeMastodonServer();
  const bluesky = new FakeBlueskyServer();
  /** The inside address the redirects point at: it must see nothing. */
  const inside = new FakeMastodonServer();
  let listedOnly: { mastodon: MastodonAdapter; bluesky: BlueskyAdapter };
  let lenient: { mastodon: MastodonAdapter; bluesky: BlueskyAdapter };
  let mastodonCreds: PlatformCredentials;
  let blueskyCreds: PlatformCredentials;
  const request = (over: Partial<PublishRequest> = {}): PublishRequest => ({
    content: 'Hello',
    media: [],
    settings: {},
    idempotencyKey: `k-${Math.random()}`,
    ...over,
  });
  const redirect = (fake: FakeMastodonServer | FakeBlueskyServer, match: string) =>
    fake.inject({ kind: 'redirect', match, location: `${inside.baseUrl}/steal` });

  beforeAll(async () => {
    await Promise.all([mastodon.start(), bluesky.start(), inside.start()]);
    const listed = fakeEndpoints(mastodon.baseUrl, { instanceGuard: instanceGuardOf(false, `${mastodon.baseUrl},${bluesky.baseUrl}`) });
    const open = fakeEndpoints(mastodon.baseUrl, { instanceGuard: instanceGuardOf(true) });
    listedOnly = { mastodon: new MastodonAdapter(listed), bluesky: new BlueskyAdapter(listed) };
    lenient = { mastodon: new MastodonAdapter(open), bluesky: new BlueskyAdapter(open) };
    mastodon.setToken('good-token');
    mastodonCreds = { externalId: mastodon.account.id, accessToken: 'good-token', instanceUrl: mastodon.baseUrl };
  });
  beforeEach(() => {
    mastodon.clearFaults();
    bluesky.clearFaults();
    inside.requests.length = 0;
    const session = bluesky.issueSession();
    blueskyCreds = { externalId: bluesky.did, accessToken: session.accessJwt, refreshToken: session.refreshJwt, instanceUrl: bluesky.baseUrl };
  });
  afterAll(async () => {
    await Promise.all([mastodon.stop(), bluesky.stop(), inside.stop()]);
  });

  it('a listed origin is reached without CONNECT_ALLOW_PRIVATE_INSTANCES; the unlisted target is refused outright', async () => {
    await expect(listedOnly.mastodon.publish(mastodonCreds, request())).resolves.toMatchObject({ postedId: expect.any(String) });
    await expect(listedOnly.bluesky.publish(blueskyCreds, request())).resolves.toMatchObject({ postedId: expect.any(String) });
    const direct = await failureOf(listedOnly.mastodon.publish({ ...mastodonCreds, instanceUrl: inside.baseUrl }, request()));
    expect(direct.message).toBe('Mastodon server 127.0.0.1 is not allowed: it resolves to a non-public address');
    expect(inside.requests).toHaveLength(0);
  });

  it.each([
    ['allowed as an OUTBOUND_ALLOWED_HOSTS entry', () => listedOnly],
    ['allowed by CONNECT_ALLOW_PRIVATE_INSTANCES', () => lenient],
  ])('Mastodon (%s): a status creation answered with 307 fails clearly, not retried; nothing reaches the target', async (_what, adapters) => {
    redirect(mastodon, 'POST /api/v1/statuses');
    const err = await failureOf(adapters().mastodon.publish(mastodonCreds, request()));
    expect(err).toMatchObject({ code: 'PLATFORM_VALIDATION_ERROR', options: { retryable: false, httpStatus: 307 } });
    expect(err.options.outcomeUnknown).toBeFalsy();
    expect(err.message).toBe('Mastodon server 127.0.0.1 answered with a redirect (HTTP 307); redirects are not followed');
    expect(inside.requests).toHaveLength(0);
  });

  it('Mastodon: a media upload (multipart, through fetch) and a health check answered with 307 reach nothing', async () => {
    redirect(mastodon, 'POST /api/v2/media');
    const png = await makeImage('png');
    const err = await failureOf(
      listedOnly.mastodon.publish(mastodonCreds, request({ media: [mediaItem(png, { kind: 'image', mimeType: 'image/png', fileName: 'a.png' })] })),
    );
    expect(err.message).toBe('Mastodon server 127.0.0.1 answered with a redirect (HTTP 307); redirects are not followed');
    redirect(mastodon, 'GET /api/v1/accounts/verify_credentials');
    const health = await listedOnly.mastodon.validate(mastodonCreds);
    expect(health.ok).toBe(false);
    expect(health.message).toContain('answered with a redirect (HTTP 307)');
    expect(inside.requests).toHaveLength(0);
  });

  it('Bluesky: createRecord answered with 307 fails clearly; the access JWT never reaches the target', async () => {
    redirect(bluesky, 'POST /xrpc/com.atproto.repo.createRecord');
    const before = bluesky.posts.length;
    const err = await failureOf(listedOnly.bluesky.publish(blueskyCreds, request()));
    expect(err).toMatchObject({ code: 'PLATFORM_VALIDATION_ERROR', options: { retryable: false } });
    expect(err.message).toBe('Bluesky server 127.0.0.1 answered with a redirect (HTTP 307); redirects are not followed');
    expect(bluesky.posts).toHaveLength(before);
    expect(inside.requests).toHaveLength(0);
  });

  it('Bluesky: a session refresh (the refresh JWT as bearer) answered with 307 reaches nothing, on its own or mid-publish', async () => {
    redirect(bluesky, 'POST /xrpc/com.atproto.server.refreshSession');
    const err = await failureOf(listedOnly.bluesky.refresh!(blueskyCreds));
    expect(err.message).toBe('Bluesky server 127.0.0.1 answered with a redirect (HTTP 307); redirects are not followed');
    bluesky.setToken(blueskyCreds.accessToken, 'expired');
    redirect(bluesky, 'POST /xrpc/com.atproto.server.refreshSession');
    await expect(listedOnly.bluesky.publish(blueskyCreds, request())).rejects.toMatchObject({ code: 'PLATFORM_VALIDATION_ERROR' });
    expect(inside.requests).toHaveLength(0);
  });
});
