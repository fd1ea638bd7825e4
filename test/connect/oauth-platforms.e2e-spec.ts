import { createAccount, createConnection, createTestApp, type FakeOAuth, type FakePlatformServer, type TestAccount, type TestApp } from '@test/support';
import { Types } from 'mongoose';
import { AppConfig } from '../../src/config/app-config.service';
import { ConnectionsService } from '../../src/connections/connections.service';
import { TokenCipher } from '../../src/crypto/token-cipher';
import { OAuthFakes } from './oauth-fakes';
import { authorize, Browser, callback, COMPLETE, connectThrough, gql, PENDING, SIGNATURE, start } from './connect-helpers';

/**
 * Every OAuth sign-in against its fake's OAuth server, one table (FLOWS) run through the same
 * cases: success, access_denied, forged, expired and replayed state, a wrong PKCE verifier where
 * the provider uses PKCE, reconnect in place (profile updated, refresh token kept), and the
 * connection limit. Platform specifics (selections, long-lived tokens, clear errors) follow.
 */
describe('Connecting the OAuth platforms', () => {
  const fakes = new OAuthFakes();
  const { x, linkedin, facebook, instagram, threads, tiktok, youtube, pinterest, mastodon } = fakes;
  let t: TestApp;
  let account: TestAccount;

  beforeAll(async () => {
    await fakes.start();
    t = await createTestApp({ env: fakes.env() });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await fakes.stop();
  });
  beforeEach(async () => {
    account = await createAccount(t, { plan: 'premium', seats: 20 });
    linkedin.organizations = [];
    facebook.managedPages = [];
    youtube.extraChannels = [];
  });

  const connections = (userId = account.userId) => t.app.get(ConnectionsService).list(userId);
  const credentialsOf = async (platformId: string) => {
    const conn = (await connections()).find((c) => c.platformId === platformId)!;
    return t.app.get(ConnectionsService).getCredentials(account.userId, conn.id);
  };
  const useVerifier = async (verifier: string) => {
    const cipher = new TokenCipher(t.app.get(AppConfig).encryptionKey);
    await t.connection
      .collection('connect_states')
      .updateMany({ userId: new Types.ObjectId(account.userId) }, { $set: { codeVerifierEncrypted: cipher.encrypt(verifier) } });
  };
  const expireStates = () =>
    t.connection.collection('connect_states').updateMany({ userId: new Types.ObjectId(account.userId) }, { $set: { expiresAt: new Date(Date.now() - 1) } });

  const facebookPage = () => ({ id: '104000000000001', name: 'Fake Page', access_token: 'EAApage-1' });

  interface Flow {
    /** The sign-in, as the table's title. */
    name: string;
    input: () => Record<string, unknown>;
    label: string;
    oauth: () => FakeOAuth;
    /** The fake that must accept the stored access token. */
    fake: () => FakePlatformServer;
    /** The provider checks a PKCE S256 verifier at its token endpoint. */
    pkce: boolean;
    /** What the fake offers a signed-in person (Pages for the Facebook sign-ins). */
    arrange?: () => void;
    /** The account the flow connects; `choose` when the person picks it from a selection. */
    platformId: string;
    choose?: string;
    /** The fake's profile of that account and its username / display-name fields (renamed by the reconnect case). */
    profile: () => [Record<string, unknown>, string, string];
    /** The provider issues refresh tokens (a reconnect without one keeps the stored one). */
    refreshTokens: boolean;
  }

  const FLOWS: Flow[] = [
    {
      name: 'X',
      input: () => ({ platform: 'twitter' }),
      label: 'X',
      oauth: () => x.oauth,
      fake: () => x,
      pkce: true,
      platformId: 'twitter-1500000000000000001',
      profile: () => [x.user, 'username', 'name'],
      refreshTokens: true,
    },
    {
      name: 'LinkedIn',
      input: () => ({ platform: 'linkedin' }),
      label: 'LinkedIn',
      oauth: () => linkedin.oauth,
      fake: () => linkedin,
      pkce: false,
      platformId: 'linkedin-abc123',
      // The member's name is both its username and display name.
      profile: () => [linkedin.userinfo, 'name', 'name'],
      refreshTokens: true,
    },
    {
      name: 'Facebook',
      input: () => ({ platform: 'facebook' }),
      label: 'Facebook',
      oauth: () => facebook.oauth,
      fake: () => facebook,
      pkce: false,
      arrange: () => {
        facebook.managedPages = [facebookPage()];
      },
      platformId: 'facebook-104000000000001',
      choose: '104000000000001',
      profile: () => [facebook.managedPages[0], 'name', 'name'],
      refreshTokens: false,
    },
    {
      name: 'Instagram (Instagram Login)',
      input: () => ({ platform: 'instagram' }),
      label: 'Instagram',
      oauth: () => instagram.oauth,
      fake: () => instagram,
      pkce: false,
      platformId: 'instagram-17841400000000001',
      profile: () => [instagram.user, 'username', 'name'],
      refreshTokens: false,
    },
    {
      name: 'Instagram through Facebook Login',
      input: () => ({ platform: 'instagram', via: 'facebook' }),
      label: 'Instagram (Facebook Login)',
      oauth: () => facebook.oauth,
      fake: () => facebook,
      pkce: false,
      arrange: () => {
        facebook.managedPages = [{ ...facebookPage(), instagram_business_account: { id: '17841400000000009', username: 'page.insta', name: 'Page Insta' } }];
      },
      platformId: 'instagram-17841400000000009',
      choose: '17841400000000009',
      profile: () => [facebook.managedPages[0].instagram_business_account!, 'username', 'name'],
      refreshTokens: false,
    },
    {
      name: 'Threads',
      input: () => ({ platform: 'threads' }),
      label: 'Threads',
      oauth: () => threads.oauth,
      fake: () => threads,
      pkce: false,
      platformId: 'threads-26000000000000001',
      profile: () => [threads.user, 'username', 'name'],
      refreshTokens: false,
    },
    {
      name: 'TikTok',
      input: () => ({ platform: 'tiktok' }),
      label: 'TikTok',
      oauth: () => tiktok.oauth,
      fake: () => tiktok,
      pkce: false,
      platformId: 'tiktok-open-123',
      profile: () => [tiktok.user, 'username', 'display_name'],
      refreshTokens: true,
    },
    {
      name: 'YouTube',
      input: () => ({ platform: 'youtube' }),
      label: 'YouTube',
      oauth: () => youtube.oauth,
      fake: () => youtube,
      pkce: true,
      platformId: 'youtube-UC_fake_channel',
      profile: () => [youtube.channel.snippet, 'customUrl', 'title'],
      refreshTokens: true,
    },
    {
      name: 'Pinterest',
      input: () => ({ platform: 'pinterest' }),
      label: 'Pinterest',
      oauth: () => pinterest.oauth,
      fake: () => pinterest,
      pkce: false,
      platformId: 'pinterest-549755813888',
      profile: () => [pinterest.account, 'username', 'business_name'],
      refreshTokens: true,
    },
    {
      name: 'Mastodon',
      input: () => ({ platform: 'mastodon', instanceUrl: mastodon.baseUrl }),
      label: 'Mastodon',
      oauth: () => mastodon.oauth,
      fake: () => mastodon,
      pkce: true,
      platformId: 'mastodon-109000001',
      profile: () => [mastodon.account, 'username', 'display_name'],
      refreshTokens: false,
    },
  ];

  describe.each(FLOWS)('$name', (flow) => {
    beforeEach(() => {
      flow.oauth().nextDecision = 'approve';
      flow.oauth().sendRefreshToken = true;
      flow.arrange?.();
    });

    /** Where the provider sends the browser back after the person approves (or refuses). */
    async function authorized(browser: Browser, returnTo?: string): Promise<URL> {
      const res = await start(t, browser, { ...flow.input(), ...(returnTo ? { returnTo } : {}) });
      expect(res.body.errors).toBeUndefined();
      return authorize(res.body.data.startConnection.authorizeUrl);
    }

    /** Completes what the callback answered: the selection when there is one. Returns the connected platformId. */
    async function finish(browser: Browser, landed: URL): Promise<string> {
      if (!flow.choose) {
        expect(Object.fromEntries(landed.searchParams)).toEqual({ connected: flow.platformId, sig: SIGNATURE });
        return flow.platformId;
      }
      const pending = landed.searchParams.get('pending');
      expect(pending).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const done = await gql(t, browser.cookies, COMPLETE, { id: pending, ids: [flow.choose] });
      expect(done.body.errors).toBeUndefined();
      return done.body.data.completeConnection[0].platformId;
    }

    it('connects; the stored token is the one the platform issued, encrypted at rest', async () => {
      const browser = new Browser(account);
      expect(await finish(browser, await callback(t, browser, await authorized(browser)))).toBe(flow.platformId);
      const [conn] = await connections();
      expect(conn.platformId).toBe(flow.platformId);
      const creds = await credentialsOf(flow.platformId);
      expect(flow.fake().tokens.get(creds.accessToken)).toBe('valid');
      const raw = await t.connection.collection('platform_connections').findOne({ _id: new Types.ObjectId(conn.id) });
      expect(JSON.stringify(raw)).not.toContain(creds.accessToken);
    });

    it('access_denied stores nothing and spends the state', async () => {
      const browser = new Browser(account);
      const res = await start(t, browser, flow.input());
      flow.oauth().nextDecision = 'deny';
      const back = await authorize(res.body.data.startConnection.authorizeUrl);
      const denied = await callback(t, browser, back);
      expect(Object.fromEntries(denied.searchParams)).toEqual({ error: 'access_denied', message: `${flow.label} access was not granted`, sig: SIGNATURE });
      expect((await callback(t, browser, back)).searchParams.get('error')).toBe('invalid_state');
      expect(await connections()).toHaveLength(0);
    });

    it('a forged state is refused (invalid_state, to /connections); the real one still works', async () => {
      const browser = new Browser(account);
      const back = await authorized(browser, '/settings');
      const forged = new URL(back);
      forged.searchParams.set('state', 'not-a-state-we-issued');
      const refused = await callback(t, browser, forged);
      expect(refused.pathname).toBe('/connections');
      expect(refused.searchParams.get('error')).toBe('invalid_state');
      expect(await connections()).toHaveLength(0);
      const landed = await callback(t, browser, back);
      expect(landed.pathname).toBe('/settings');
      expect(await finish(browser, landed)).toBe(flow.platformId);
    });

    it('an expired state is refused (expired_state, to its returnTo); nothing stored', async () => {
      const browser = new Browser(account);
      const back = await authorized(browser, '/later');
      await expireStates();
      const expired = await callback(t, browser, back);
      expect(expired.pathname).toBe('/later');
      expect(Object.fromEntries(expired.searchParams)).toEqual({
        error: 'expired_state',
        message: 'This connection attempt expired (10 minutes): start again',
        sig: SIGNATURE,
      });
      expect(await connections()).toHaveLength(0);
    });

    it('a replayed state is refused (invalid_state); nothing more stored', async () => {
      const browser = new Browser(account);
      const back = await authorized(browser);
      await finish(browser, await callback(t, browser, back));
      const replay = await callback(t, browser, back);
      expect(replay.searchParams.get('error')).toBe('invalid_state');
      expect(replay.searchParams.has('pending')).toBe(false);
      expect((await connections()).map((c) => c.platformId)).toEqual([flow.platformId]);
    });

    if (flow.pkce) {
      it('a wrong PKCE verifier is refused at the token endpoint (token_exchange_failed); nothing stored', async () => {
        const browser = new Browser(account);
        const back = await authorized(browser);
        await useVerifier('W'.repeat(64));
        const landed = await callback(t, browser, back);
        expect(Object.fromEntries(landed.searchParams)).toEqual({
          error: 'token_exchange_failed',
          message: `${flow.label} refused the authorization code (invalid_grant: code_verifier does not match the code_challenge)`,
          sig: SIGNATURE,
        });
        expect(await connections()).toHaveLength(0);
      });
    }

    it(`reconnecting updates the same connection in place: new username and display name${flow.refreshTokens ? ', the stored refresh token kept when none is sent' : ''}`, async () => {
      const browser = new Browser(account);
      await finish(browser, await callback(t, browser, await authorized(browser)));
      const [first] = await connections();
      const before = await credentialsOf(flow.platformId);
      if (flow.refreshTokens) expect(before.refreshToken).toBeTruthy();

      const [profile, usernameField, displayNameField] = flow.profile();
      const original = { ...profile };
      profile[usernameField] = 'renamed_account';
      profile[displayNameField] = 'Renamed Account';
      const expected = { username: profile[usernameField], displayName: profile[displayNameField] };
      flow.oauth().sendRefreshToken = false;
      try {
        expect(await finish(browser, await callback(t, browser, await authorized(browser)))).toBe(flow.platformId);
      } finally {
        Object.assign(profile, original);
      }
      const after = await connections();
      expect(after).toHaveLength(1);
      expect(after[0]).toMatchObject({ id: first.id, platformId: first.platformId, createdAt: first.createdAt, ...expected });
      expect(first).not.toMatchObject(expected);
      const creds = await credentialsOf(flow.platformId);
      expect(flow.fake().tokens.get(creds.accessToken)).toBe('valid');
      if (flow.refreshTokens) {
        expect(creds.accessToken).not.toBe(before.accessToken);
        expect(creds.refreshToken).toBe(before.refreshToken);
      }
    });

    it('a new account beyond the plan’s allowance is refused (connection limit); nothing stored', async () => {
      const full = await createAccount(t, { plan: 'pro', seats: 1 });
      await createConnection(t, full.userId, { platform: 'bluesky' });
      const browser = new Browser(full);
      const res = await start(t, browser, flow.input());
      const landed = await callback(t, browser, await authorize(res.body.data.startConnection.authorizeUrl));
      const message = 'Your Pro plan allows 1 connected channel and your account has 1. Disconnect a channel or upgrade your plan to connect another.';
      if (!flow.choose) {
        expect(Object.fromEntries(landed.searchParams)).toEqual({ error: 'connection_limit', message, sig: SIGNATURE });
      } else {
        // A selection is checked when the person completes it.
        const refused = await gql(t, browser.cookies, COMPLETE, { id: landed.searchParams.get('pending'), ids: [flow.choose] });
        expect(refused.body.errors[0].message).toBe(message);
        expect(refused.body.errors[0].extensions).toMatchObject({ code: 'CONNECTIONS_OVER_LIMIT', limit: 1, used: 1 });
      }
      expect((await connections(full.userId)).map((c) => c.platform)).toEqual(['bluesky']);
    });
  });

  it('Instagram and Threads swap the short-lived code token for a long-lived one, which is also the refresh credential', async () => {
    const browser = new Browser(account);
    await connectThrough(t, browser, { platform: 'instagram' });
    await connectThrough(t, browser, { platform: 'threads' });
    for (const [fake, platformId] of [
      [instagram, 'instagram-17841400000000001'],
      [threads, 'threads-26000000000000001'],
    ] as const) {
      const creds = await credentialsOf(platformId);
      expect(creds.accessToken).toMatch(/-long-/);
      expect(creds.refreshToken).toBe(creds.accessToken);
      expect(fake.tokens.get(creds.accessToken)).toBe('valid');
      expect(creds.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 50 * 86400_000);
    }
  });

  it('YouTube with several channels: the person chooses; completion happens once', async () => {
    youtube.extraChannels = [
      { id: 'UC_brand_channel', snippet: { title: 'Brand', customUrl: '@brand', thumbnails: { default: { url: 'https://yt3.example/b.jpg' } } } },
    ];
    const browser = new Browser(account);
    const landed = await connectThrough(t, browser, { platform: 'youtube' });
    const pendingId = landed.searchParams.get('pending')!;
    expect(pendingId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await connections()).toHaveLength(0);
    const pending = await gql(t, browser.cookies, PENDING, { id: pendingId });
    expect(pending.body.data.pendingConnection).toMatchObject({
      id: pendingId,
      platform: 'youtube',
      accounts: [
        { externalId: 'UC_fake_channel', username: '@alicetube', displayName: 'Alice Tube', profileImageUrl: 'https://yt3.example/a.jpg', kind: 'channel' },
        { externalId: 'UC_brand_channel', username: '@brand', displayName: 'Brand', kind: 'channel' },
      ],
    });
    // Another user cannot see or complete it.
    const stranger = new Browser(await createAccount(t));
    expect((await gql(t, stranger.cookies, PENDING, { id: pendingId })).body.data.pendingConnection).toBeNull();
    expect((await gql(t, stranger.cookies, COMPLETE, { id: pendingId, ids: ['UC_brand_channel'] })).body.errors[0].message).toBe(
      'Pending connection not found or expired',
    );

    const unknown = await gql(t, browser.cookies, COMPLETE, { id: pendingId, ids: ['UC_nope'] });
    expect(unknown.body.errors[0].message).toBe('The pending connection has no account UC_nope');
    const done = await gql(t, browser.cookies, COMPLETE, { id: pendingId, ids: ['UC_brand_channel'] });
    expect(done.body.data.completeConnection).toEqual([
      {
        platform: 'youtube',
        platformId: 'youtube-UC_brand_channel',
        externalId: 'UC_brand_channel',
        username: '@brand',
        displayName: 'Brand',
        type: null,
        instanceUrl: null,
      },
    ]);
    const creds = await credentialsOf('youtube-UC_brand_channel');
    expect(youtube.refreshTokens.get(creds.refreshToken!)).toBe('valid');
    const twice = await gql(t, browser.cookies, COMPLETE, { id: pendingId, ids: ['UC_fake_channel'] });
    expect(twice.body.errors[0].message).toBe('Pending connection not found or expired');
    expect((await connections()).map((c) => c.platformId)).toEqual(['youtube-UC_brand_channel']);
  });

  it('LinkedIn with administered pages: member and organisations are offered; organisations connect as type organization', async () => {
    linkedin.organizations = [{ id: 2414183, localizedName: 'Acme Corp', vanityName: 'acme' }];
    const browser = new Browser(account);
    const landed = await connectThrough(t, browser, { platform: 'linkedin' });
    const id = landed.searchParams.get('pending')!;
    const pending = await gql(t, browser.cookies, PENDING, { id });
    expect(pending.body.data.pendingConnection.accounts).toEqual([
      { externalId: 'abc123', username: 'Fake Member', displayName: 'Fake Member', profileImageUrl: 'https://media.licdn.com/p.jpg', kind: 'profile' },
      { externalId: '2414183', username: 'acme', displayName: 'Acme Corp', profileImageUrl: null, kind: 'organization' },
    ]);
    const done = await gql(t, browser.cookies, COMPLETE, { id, ids: ['abc123', '2414183'] });
    expect(done.body.data.completeConnection.map((c: { platformId: string; type: string }) => [c.platformId, c.type])).toEqual([
      ['linkedin-abc123', 'person'],
      ['linkedin-2414183', 'organization'],
    ]);
  });

  it('Facebook: the Pages come back for selection, each connected with its own page token', async () => {
    facebook.managedPages = [
      { id: '104000000000001', name: 'Fake Page', access_token: 'EAApage-1', picture: { data: { url: 'https://fb.example/1.jpg' } } },
      { id: '104000000000002', name: 'Second Page', access_token: 'EAApage-2' },
    ];
    const browser = new Browser(account);
    const landed = await connectThrough(t, browser, { platform: 'facebook' });
    expect(facebook.calls('GET /v21.0/oauth/access_token').at(-1)!.query.get('client_secret')).toBe('fb-secret');
    const id = landed.searchParams.get('pending')!;
    const pending = await gql(t, browser.cookies, PENDING, { id });
    expect(pending.body.data.pendingConnection.accounts.map((a: { externalId: string; kind: string }) => [a.externalId, a.kind])).toEqual([
      ['104000000000001', 'page'],
      ['104000000000002', 'page'],
    ]);
    await gql(t, browser.cookies, COMPLETE, { id, ids: ['104000000000002'] });
    const creds = await credentialsOf('facebook-104000000000002');
    expect(creds.accessToken).toBe('EAApage-2');
    expect(creds.type).toBe('page');
  });

  it('Instagram through Facebook Login: the business accounts of the granted Pages to choose from, stored with the Page token', async () => {
    facebook.managedPages = [
      {
        id: '104000000000001',
        name: 'Fake Page',
        access_token: 'EAApage-1',
        instagram_business_account: { id: '17841400000000009', username: 'page.insta', name: 'Page Insta', profile_picture_url: 'https://ig.example/p.jpg' },
      },
      { id: '104000000000002', name: 'Page without Instagram', access_token: 'EAApage-2' },
    ];
    const listed = await gql(t, [account.cookie], `{ connectablePlatforms { platform via } }`);
    expect(listed.body.data.connectablePlatforms.find((p: { platform: string }) => p.platform === 'instagram')).toEqual({
      platform: 'instagram',
      via: ['facebook'],
    });
    expect(listed.body.data.connectablePlatforms.find((p: { platform: string }) => p.platform === 'twitter').via).toEqual([]);

    const browser = new Browser(account);
    const started = await start(t, browser, { platform: 'instagram', via: 'facebook' });
    const authorizeUrl = new URL(started.body.data.startConnection.authorizeUrl);
    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(facebook.oauth.authorizeUrl);
    expect(authorizeUrl.searchParams.get('client_id')).toBe('fb-client');
    expect(authorizeUrl.searchParams.get('scope')).toBe('instagram_basic,instagram_content_publish,pages_show_list,pages_read_engagement,business_management');
    expect(authorizeUrl.searchParams.get('redirect_uri')).toMatch(/\/connect\/callback\/instagram-facebook$/);
    const landed = await callback(t, browser, await authorize(authorizeUrl.toString()));
    const id = landed.searchParams.get('pending')!;
    const pending = await gql(t, browser.cookies, PENDING, { id });
    expect(pending.body.data.pendingConnection).toMatchObject({
      platform: 'instagram',
      accounts: [{ externalId: '17841400000000009', username: 'page.insta', displayName: 'Page Insta', kind: 'business_account' }],
    });
    await gql(t, browser.cookies, COMPLETE, { id, ids: ['17841400000000009'] });
    const creds = await credentialsOf('instagram-17841400000000009');
    expect(creds).toMatchObject({ accessToken: 'EAApage-1', type: 'facebook_login', refreshToken: null });
  });

  it('Instagram through Facebook Login without a linked account, or through an unknown sign-in: clear errors', async () => {
    facebook.managedPages = [{ id: '104000000000002', name: 'Page without Instagram', access_token: 'EAApage-2' }];
    const landed = await connectThrough(t, new Browser(account), { platform: 'instagram', via: 'facebook' });
    expect(landed.searchParams.get('error')).toBe('account_unavailable');
    expect(landed.searchParams.get('message')).toBe(
      'No Instagram business account found: link a professional Instagram account to a Facebook Page and grant access to that Page',
    );
    const unknown = await start(t, new Browser(account), { platform: 'twitter', via: 'facebook' });
    expect(unknown.body.errors[0].message).toBe('twitter cannot be connected through facebook; leave via empty, or use facebook for Instagram');
  });

  it('Facebook without any Page: a clear error', async () => {
    const landed = await connectThrough(t, new Browser(account), { platform: 'facebook' });
    expect(landed.searchParams.get('error')).toBe('account_unavailable');
    expect(landed.searchParams.get('message')).toBe('Facebook returned no Page you manage: grant access to at least one Page');
  });

  it('completing a selection respects the connection limit', async () => {
    const small = await createAccount(t, { plan: 'pro', seats: 1 });
    linkedin.organizations = [{ id: 2414183, localizedName: 'Acme Corp', vanityName: 'acme' }];
    const browser = new Browser(small);
    const id = (await connectThrough(t, browser, { platform: 'linkedin' })).searchParams.get('pending')!;
    const refused = await gql(t, browser.cookies, COMPLETE, { id, ids: ['abc123', '2414183'] });
    expect(refused.body.errors[0].message).toBe(
      'Your Pro plan allows 1 connected channel and your account has 0. Disconnect a channel or upgrade your plan to connect 2 more.',
    );
    expect(refused.body.errors[0].extensions).toMatchObject({
      code: 'CONNECTIONS_OVER_LIMIT',
      metric: 'connections.total',
      limit: 1,
      used: 0,
      requested: 2,
      remaining: 1,
      planName: 'Pro',
    });
    expect(await t.app.get(ConnectionsService).list(small.userId)).toHaveLength(0);
    // The selection is still there: choosing one fits.
    const ok = await gql(t, browser.cookies, COMPLETE, { id, ids: ['2414183'] });
    expect(ok.body.data.completeConnection).toHaveLength(1);
  });
});
