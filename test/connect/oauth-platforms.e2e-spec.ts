import { createAccount, createTestApp, type FakeOAuth, type FakePlatformServer, type TestAccount, type TestApp } from '@app/testing';
import { FacebookFake, FakePinterestServer, FakeTikTokServer, FakeYouTubeServer, InstagramFake, LinkedInFake, ThreadsFake } from '@app/testing/fakes';
import { Types } from 'mongoose';
import { AppConfig } from '../../src/config/app-config.service';
import { ConnectionsService } from '../../src/connections/connections.service';
import { TokenCipher } from '../../src/crypto/token-cipher';
import { authorize, Browser, callback, COMPLETE, connectThrough, gql, PENDING, start } from './connect-helpers';

/**
 * The table-driven OAuth platforms against their fakes' OAuth servers: each connects (or offers
 * its pages/channels for selection), answers access_denied, and refuses a replayed state.
 */
describe('Connecting the other OAuth platforms', () => {
  const linkedin = new LinkedInFake();
  const facebook = new FacebookFake();
  const instagram = new InstagramFake();
  const threads = new ThreadsFake();
  const tiktok = new FakeTikTokServer();
  const youtube = new FakeYouTubeServer();
  const pinterest = new FakePinterestServer();
  let t: TestApp;
  let account: TestAccount;

  beforeAll(async () => {
    await Promise.all([linkedin, facebook, instagram, threads, tiktok, youtube, pinterest].map((f) => f.start()));
    const env: Record<string, string> = {
      LINKEDIN_API_URL: linkedin.baseUrl,
      LINKEDIN_CLIENT_ID: 'li-client',
      LINKEDIN_CLIENT_SECRET: 'li-secret',
      LINKEDIN_AUTHORIZE_URL: linkedin.oauth.authorizeUrl,
      LINKEDIN_TOKEN_URL: `${linkedin.baseUrl}/oauth/v2/accessToken`,
      FACEBOOK_API_URL: `${facebook.baseUrl}/v21.0`,
      FACEBOOK_CLIENT_ID: 'fb-client',
      FACEBOOK_CLIENT_SECRET: 'fb-secret',
      FACEBOOK_AUTHORIZE_URL: facebook.oauth.authorizeUrl,
      FACEBOOK_TOKEN_URL: facebook.oauth.tokenUrl,
      INSTAGRAM_API_URL: `${instagram.baseUrl}/v21.0`,
      INSTAGRAM_CLIENT_ID: 'ig-client',
      INSTAGRAM_CLIENT_SECRET: 'ig-secret',
      INSTAGRAM_AUTHORIZE_URL: instagram.oauth.authorizeUrl,
      INSTAGRAM_TOKEN_URL: instagram.oauth.tokenUrl,
      THREADS_API_URL: `${threads.baseUrl}/v1.0`,
      THREADS_CLIENT_ID: 'th-client',
      THREADS_CLIENT_SECRET: 'th-secret',
      THREADS_AUTHORIZE_URL: threads.oauth.authorizeUrl,
      THREADS_TOKEN_URL: threads.oauth.tokenUrl,
      TIKTOK_API_URL: tiktok.baseUrl,
      TIKTOK_CLIENT_ID: 'tt-client',
      TIKTOK_CLIENT_SECRET: 'tt-secret',
      TIKTOK_AUTHORIZE_URL: tiktok.oauth.authorizeUrl,
      TIKTOK_TOKEN_URL: `${tiktok.baseUrl}/v2/oauth/token/`,
      YOUTUBE_API_URL: youtube.baseUrl,
      GOOGLE_OAUTH_URL: youtube.baseUrl,
      YOUTUBE_CLIENT_ID: 'yt-client',
      YOUTUBE_CLIENT_SECRET: 'yt-secret',
      YOUTUBE_AUTHORIZE_URL: youtube.oauth.authorizeUrl,
      YOUTUBE_TOKEN_URL: `${youtube.baseUrl}/token`,
      PINTEREST_API_URL: pinterest.baseUrl,
      PINTEREST_CLIENT_ID: 'pin-client',
      PINTEREST_CLIENT_SECRET: 'pin-secret',
      PINTEREST_AUTHORIZE_URL: pinterest.oauth.authorizeUrl,
      PINTEREST_TOKEN_URL: `${pinterest.baseUrl}/v5/oauth/token`,
    };
    t = await createTestApp({ env });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await Promise.all([linkedin, facebook, instagram, threads, tiktok, youtube, pinterest].map((f) => f.stop()));
  });
  beforeEach(async () => {
    account = await createAccount(t, { plan: 'premium', seats: 20 });
    linkedin.organizations = [];
    facebook.managedPages = [];
    youtube.extraChannels = [];
  });

  const connections = () => t.app.get(ConnectionsService).list(account.userId);
  const credentialsOf = async (platformId: string) => {
    const conn = (await connections()).find((c) => c.platformId === platformId)!;
    return t.app.get(ConnectionsService).getCredentials(account.userId, conn.id);
  };

  const single: Array<{
    platform: string;
    oauth: () => FakeOAuth;
    fake: () => FakePlatformServer;
    platformId: string;
    username: string;
    check?: (url: URL) => void;
  }> = [
    { platform: 'linkedin', oauth: () => linkedin.oauth, fake: () => linkedin, platformId: 'linkedin-abc123', username: 'Fake Member' },
    {
      platform: 'instagram',
      oauth: () => instagram.oauth,
      fake: () => instagram,
      platformId: 'instagram-17841400000000001',
      username: 'fake.insta',
      check: (url) => expect(url.searchParams.get('scope')).toBe('instagram_business_basic,instagram_business_content_publish'),
    },
    { platform: 'threads', oauth: () => threads.oauth, fake: () => threads, platformId: 'threads-26000000000000001', username: 'fake.threads' },
    {
      platform: 'tiktok',
      oauth: () => tiktok.oauth,
      fake: () => tiktok,
      platformId: 'tiktok-open-123',
      username: 'alice.tt',
      check: (url) => {
        expect(url.searchParams.get('client_key')).toBe('tt-client');
        expect(url.searchParams.has('client_id')).toBe(false);
      },
    },
    {
      platform: 'youtube',
      oauth: () => youtube.oauth,
      fake: () => youtube,
      platformId: 'youtube-UC_fake_channel',
      username: '@alicetube',
      check: (url) => {
        expect(url.searchParams.get('access_type')).toBe('offline');
        expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      },
    },
    { platform: 'pinterest', oauth: () => pinterest.oauth, fake: () => pinterest, platformId: 'pinterest-alicepins', username: 'alicepins' },
  ];

  describe.each(single)('$platform', ({ platform, oauth, fake, platformId, username, check }) => {
    it('connects one account; the platform answers with the stored token', async () => {
      const browser = new Browser(account);
      const res = await start(t, browser, { platform });
      expect(res.body.errors).toBeUndefined();
      const url = new URL(res.body.data.startConnection.authorizeUrl);
      expect(url.searchParams.get('redirect_uri')).toBe(`${t.app.get(AppConfig).publicBaseUrl}/connect/callback/${platform}`);
      check?.(url);
      const landed = await callback(t, browser, await authorize(url.toString()));
      expect(Object.fromEntries(landed.searchParams)).toEqual({ connected: platformId });
      const [conn] = await connections();
      expect(conn).toMatchObject({ platform, platformId, username });
      expect(oauth().grants.size).toBeGreaterThan(0);
      expect([...oauth().grants.values()].every((g) => g.used)).toBe(true);
      const creds = await credentialsOf(platformId);
      expect(fake().tokens.get(creds.accessToken)).toBe('valid');
      expect(JSON.stringify(await t.connection.collection('platform_connections').findOne({ _id: new Types.ObjectId(conn.id) }))).not.toContain(
        creds.accessToken,
      );
    });

    it('an expired state is refused; nothing stored', async () => {
      const browser = new Browser(account);
      const res = await start(t, browser, { platform });
      const back = await authorize(res.body.data.startConnection.authorizeUrl);
      await t.connection
        .collection('connect_states')
        .updateMany({ userId: new Types.ObjectId(account.userId) }, { $set: { expiresAt: new Date(Date.now() - 1) } });
      expect((await callback(t, browser, back)).searchParams.get('error')).toBe('expired_state');
      expect(await connections()).toHaveLength(0);
    });

    if (!['instagram', 'threads'].includes(platform)) {
      it('reconnecting keeps the stored refresh token when the provider sends none', async () => {
        const browser = new Browser(account);
        await connectThrough(t, browser, { platform });
        const [first] = await connections();
        const before = await credentialsOf(platformId);
        expect(before.refreshToken).toBeTruthy();
        oauth().sendRefreshToken = false;
        try {
          expect((await connectThrough(t, browser, { platform })).searchParams.get('connected')).toBe(platformId);
        } finally {
          oauth().sendRefreshToken = true;
        }
        const after = await credentialsOf(platformId);
        expect((await connections()).map((c) => c.id)).toEqual([first.id]);
        expect(after.accessToken).not.toBe(before.accessToken);
        expect(after.refreshToken).toBe(before.refreshToken);
      });
    }

    it('access_denied and a replayed state store nothing', async () => {
      const browser = new Browser(account);
      const res = await start(t, browser, { platform });
      oauth().nextDecision = 'deny';
      const back = await authorize(res.body.data.startConnection.authorizeUrl);
      expect((await callback(t, browser, back)).searchParams.get('error')).toBe('access_denied');
      expect((await callback(t, browser, back)).searchParams.get('error')).toBe('invalid_state');
      expect(await connections()).toHaveLength(0);
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

  it('YouTube: a wrong PKCE verifier is refused by Google, nothing stored', async () => {
    const browser = new Browser(account);
    const res = await start(t, browser, { platform: 'youtube' });
    const back = await authorize(res.body.data.startConnection.authorizeUrl);
    const cipher = new TokenCipher(t.app.get(AppConfig).encryptionKey);
    await t.connection
      .collection('connect_states')
      .updateMany({ userId: new Types.ObjectId(account.userId) }, { $set: { codeVerifierEncrypted: cipher.encrypt('V'.repeat(64)) } });
    const landed = await callback(t, browser, back);
    expect(landed.searchParams.get('error')).toBe('token_exchange_failed');
    expect(landed.searchParams.get('message')).toBe('YouTube refused the authorization code (invalid_grant: code_verifier does not match the code_challenge)');
    expect(await connections()).toHaveLength(0);
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
