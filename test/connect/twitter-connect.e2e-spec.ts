import { createAccount, createConnection, createTestApp, type TestAccount, type TestApp } from '@test/support';
import { TwitterFake } from '@test/support/fakes';
import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import { AppConfig } from '../../src/config/app-config.service';
import { ConnectionsService } from '../../src/connections/connections.service';
import { TokenCipher } from '../../src/crypto/token-cipher';
import { FAST_ENGINE_ENV, postLogs, waitFor, waitForGroup } from '../publishing/publishing-helpers';
import { startReceiver, type Receiver } from '../webhooks/receiver';
import { authorize, Browser, callback, connectThrough, DISCONNECT, gql, OUTCOME, PLATFORMS, SIGNATURE, start } from './connect-helpers';

/**
 * X end to end: startConnection → the fake's authorize page → our callback → token exchange
 * (HTTP Basic + PKCE S256) → users/me → connection; every refusal of the flow; reconnect;
 * connection limit; disconnect; and a scheduled post published with the connected tokens.
 */
describe('Connecting X (OAuth 2.0 + PKCE) on the dashboard session', () => {
  const x = new TwitterFake();
  let t: TestApp;
  let receiver: Receiver;
  let account: TestAccount;

  beforeAll(async () => {
    await x.start();
    receiver = await startReceiver();
    t = await createTestApp({
      env: {
        ...FAST_ENGINE_ENV,
        TWITTER_API_URL: x.baseUrl,
        TWITTER_UPLOAD_URL: x.baseUrl,
        TWITTER_CLIENT_ID: 'x-client',
        TWITTER_CLIENT_SECRET: 'x-secret',
        TWITTER_AUTHORIZE_URL: x.oauth.authorizeUrl,
        TWITTER_TOKEN_URL: `${x.baseUrl}/2/oauth2/token`,
        WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
        WEBHOOKS_WORKER_INTERVAL_MS: '50',
      },
    });
    x.checkAfterSecs = 0;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await x.stop();
    await receiver?.close();
  });
  beforeEach(async () => {
    account = await createAccount(t, { plan: 'premium', seats: 10 });
    x.oauthSendsRefreshToken = true;
    x.oauth.nextDecision = 'approve';
  });

  const connections = () => t.app.get(ConnectionsService).list(account.userId);
  const stateDocs = () =>
    t.connection
      .collection('connect_states')
      .find({ userId: new Types.ObjectId(account.userId) })
      .toArray();
  /** The account's states are spent: marked used, their verifier gone (kept until the TTL so a replay knows its returnTo). */
  const expectSpent = async () => {
    const docs = await stateDocs();
    expect(docs.length).toBeGreaterThan(0);
    for (const doc of docs) expect(doc).toMatchObject({ usedAt: expect.any(Date), codeVerifierEncrypted: null });
  };

  it('lists the eleven platforms with how they connect; unconfigured ones say so and name the variables to set', async () => {
    const browser = new Browser(account);
    const res = await gql(t, browser.cookies, PLATFORMS);
    const list = res.body.data.connectablePlatforms as Array<Record<string, unknown>>;
    expect(list.map((p) => p.platform)).toEqual([
      'twitter',
      'linkedin',
      'instagram',
      'threads',
      'tiktok',
      'youtube',
      'facebook',
      'bluesky',
      'mastodon',
      'telegram',
      'pinterest',
    ]);
    expect(list.find((p) => p.platform === 'twitter')).toEqual({ platform: 'twitter', method: 'oauth', configured: true, label: 'X' });
    expect(list.find((p) => p.platform === 'linkedin')).toMatchObject({ method: 'oauth', configured: false });
    expect(list.find((p) => p.platform === 'bluesky')).toMatchObject({ method: 'credentials', configured: true });
    expect(list.find((p) => p.platform === 'mastodon')).toMatchObject({ method: 'oauth', configured: true });

    const refused = await start(t, browser, { platform: 'linkedin' });
    expect(refused.body.errors[0].message).toBe('LinkedIn is not configured: set LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET');
    expect(refused.body.errors[0].extensions.code).toBe('NOT_CONFIGURED');
    const credentials = await start(t, browser, { platform: 'bluesky' });
    expect(credentials.body.errors[0].message).toBe('Bluesky connects with credentials: use connectWithCredentials');
    const unknown = await start(t, browser, { platform: 'myspace' });
    expect(unknown.body.errors[0].message).toMatch(/^Unknown platform: myspace\./);
    expect(await stateDocs()).toHaveLength(0);
  });

  it('needs a session', async () => {
    const res = await t.http.post('/graphql').set('content-type', 'application/json').send({ query: PLATFORMS });
    expect(res.status).toBe(401);
  });

  it('connects: authorize URL with PKCE S256 and offline.access, Basic client auth, tokens stored encrypted, never returned', async () => {
    const browser = new Browser(account);
    const res = await start(t, browser, { platform: 'twitter' });
    const { authorizeUrl, expiresAt } = res.body.data.startConnection;
    expect(browser.binding).toBeDefined();
    const url = new URL(authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(x.oauth.authorizeUrl);
    expect(url.searchParams.get('client_id')).toBe('x-client');
    expect(url.searchParams.get('redirect_uri')).toBe(`${t.app.get(AppConfig).publicBaseUrl}/connect/callback/twitter`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('scope')!.split(' ')).toEqual(expect.arrayContaining(['tweet.write', 'users.read', 'offline.access']));
    const ttl = new Date(expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);
    // The state is kept only as a hash; the verifier only encrypted.
    const [doc] = await stateDocs();
    const state = url.searchParams.get('state')!;
    expect(doc.stateHash).toBe(createHash('sha256').update(state).digest('hex'));
    expect(JSON.stringify(doc)).not.toContain(state);

    const landed = await callback(t, browser, await authorize(authorizeUrl));
    expect(landed.pathname).toBe('/connections');
    expect(landed.searchParams.get('connected')).toBe(`twitter-${x.user.id}`);
    const tokenCall = x.calls('POST /2/oauth2/token').at(-1)!;
    expect(tokenCall.headers.authorization).toBe(`Basic ${Buffer.from('x-client:x-secret').toString('base64')}`);

    const [conn] = await connections();
    expect(conn).toMatchObject({
      platform: 'twitter',
      externalId: x.user.id,
      username: 'fakeuser',
      displayName: 'Fake User',
      profileUrl: 'https://x.com/fakeuser',
    });
    expect(conn.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 7000_000);
    const raw = await t.connection.collection('platform_connections').findOne({ _id: new Types.ObjectId(conn.id) });
    const creds = await t.app.get(ConnectionsService).getCredentials(account.userId, conn.id);
    expect(x.tokens.get(creds.accessToken)).toBe('valid');
    expect(x.refreshTokens.get(creds.refreshToken!)).toBe('valid');
    expect(JSON.stringify(raw)).not.toContain(creds.accessToken);
    expect(JSON.stringify(raw)).not.toContain(creds.refreshToken);
    await expectSpent();

    const listed = await t.http.get('/api/v1/platform-connections').set(account.apiHeaders).expect(200);
    expect(JSON.stringify(listed.body)).not.toContain(creds.accessToken);
  });

  it('access_denied: the person refused; nothing stored', async () => {
    const browser = new Browser(account);
    const res = await start(t, browser, { platform: 'twitter', returnTo: '/settings/channels?tab=x' });
    x.oauth.nextDecision = 'deny';
    const landed = await callback(t, browser, await authorize(res.body.data.startConnection.authorizeUrl));
    expect(landed.pathname).toBe('/settings/channels');
    expect(landed.searchParams.get('tab')).toBe('x');
    expect(landed.searchParams.get('error')).toBe('access_denied');
    expect(landed.searchParams.get('message')).toBe('X access was not granted');
    expect(await connections()).toHaveLength(0);
    await expectSpent();
  });

  it("the dashboard shows an outcome's words only when the service signed them for this user", async () => {
    const outcome = async (who: TestAccount, landed: URL) =>
      (await gql(t, [who.cookie], OUTCOME, Object.fromEntries(landed.searchParams))).body.data.connectOutcome as { connected: boolean; message: string } | null;

    // A real refusal: its words, for the user whose attempt it was.
    const browser = new Browser(account);
    x.oauth.nextDecision = 'deny';
    const denied = await callback(t, browser, await authorize((await start(t, browser, { platform: 'twitter' })).body.data.startConnection.authorizeUrl));
    expect(await outcome(account, denied)).toEqual({ connected: false, message: 'X access was not granted' });

    // The same address opened by someone else, or with its words changed: the code's fixed words.
    const victim = await createAccount(t, { plan: 'premium' });
    expect(await outcome(victim, denied)).toEqual({ connected: false, message: 'Access was not granted' });
    const changed = new URL(denied);
    changed.searchParams.set('message', 'Your account is suspended: call +1 555 0100');
    expect(await outcome(account, changed)).toEqual({ connected: false, message: 'Access was not granted' });
    const unsigned = new URL('http://app.invalid/connections?error=token_exchange_failed&message=Sign+in+again+at+evil.example');
    expect(await outcome(account, unsigned)).toEqual({ connected: false, message: 'The platform did not complete the connection: try again' });

    // An attacker's own attempt whose error description (theirs to choose) carries the text: signed
    // for the attacker, so a victim who opens the address sees the fixed words.
    const attacker = new Browser(await createAccount(t, { plan: 'premium' }));
    const started = await start(t, attacker, { platform: 'twitter' });
    const state = new URL(started.body.data.startConnection.authorizeUrl).searchParams.get('state')!;
    const crafted = await callback(t, attacker, new URL(`http://x/connect/callback/twitter?state=${state}&error=server_error&error_description=Call+us`));
    expect(crafted.searchParams.get('message')).toBe('X answered server_error: Call us');
    expect(await outcome(victim, crafted)).toEqual({ connected: false, message: 'The platform did not complete the connection: try again' });

    // A connection is announced only when signed for this user.
    x.oauth.nextDecision = 'approve';
    const landed = await connectThrough(t, browser, { platform: 'twitter' });
    expect(await outcome(account, landed)).toEqual({ connected: true, message: `twitter-${x.user.id}` });
    expect(await outcome(victim, landed)).toBeNull();
    expect(await outcome(account, new URL('http://app.invalid/connections?connected=Your+data+was+exported'))).toBeNull();
  });

  it('refuses a returnTo that leaves this site', async () => {
    const browser = new Browser(account);
    for (const returnTo of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'connections']) {
      const res = await start(t, browser, { platform: 'twitter', returnTo });
      expect(res.body.errors[0].message).toBe('returnTo must be a path on this site, such as /connections');
    }
    expect(await stateDocs()).toHaveLength(0);
  });

  it('wrong, replayed, expired and other-browser states are refused, and nothing is stored', async () => {
    const browser = new Browser(account);
    const res = await start(t, browser, { platform: 'twitter' });
    const back = await authorize(res.body.data.startConnection.authorizeUrl);

    const forged = new URL(back);
    forged.searchParams.set('state', 'not-a-state-we-issued');
    const wrong = await callback(t, browser, forged);
    expect(wrong.searchParams.get('error')).toBe('invalid_state');
    expect(wrong.pathname).toBe('/connections');

    // Another browser (no binding cookie, or another one) cannot use the state; it is spent.
    const other = new Browser(account);
    other.cookies.push(`sps_connect=${'A'.repeat(43)}`);
    expect((await callback(t, other, back)).searchParams.get('error')).toBe('invalid_state');
    expect((await callback(t, browser, back)).searchParams.get('error')).toBe('invalid_state');

    // Replay: the first use connects, the second is refused and goes back where the state started.
    const again = await start(t, browser, { platform: 'twitter', returnTo: '/settings/channels' });
    const back2 = await authorize(again.body.data.startConnection.authorizeUrl);
    expect((await callback(t, browser, back2)).searchParams.get('connected')).toBe(`twitter-${x.user.id}`);
    const replay = await callback(t, browser, back2);
    expect(replay.pathname).toBe('/settings/channels');
    expect(replay.searchParams.get('error')).toBe('invalid_state');
    expect(replay.searchParams.get('message')).toBe('This connection attempt is unknown, was already used or was started in another browser: start again');

    // A state used on another platform's callback is refused too.
    const third = await start(t, browser, { platform: 'twitter' });
    const back3 = await authorize(third.body.data.startConnection.authorizeUrl);
    const elsewhere = new URL(back3);
    elsewhere.pathname = '/connect/callback/linkedin';
    expect((await callback(t, browser, elsewhere)).searchParams.get('error')).toBe('invalid_state');

    // Expired: ten minutes passed.
    const fourth = await start(t, browser, { platform: 'twitter', returnTo: '/later' });
    const back4 = await authorize(fourth.body.data.startConnection.authorizeUrl);
    await t.connection
      .collection('connect_states')
      .updateMany({ userId: new Types.ObjectId(account.userId) }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await callback(t, browser, back4);
    expect(expired.pathname).toBe('/later');
    expect(expired.searchParams.get('error')).toBe('expired_state');
    expect(expired.searchParams.get('message')).toBe('This connection attempt expired (10 minutes): start again');
    expect((await connections()).map((c) => c.platformId)).toEqual([`twitter-${x.user.id}`]);
  });

  it('not_configured: a callback for a platform whose client is not configured (removed after the start) stores nothing', async () => {
    // LinkedIn has no client in this app: a state started while it had one, then the callback.
    const browser = new Browser(account);
    browser.cookies.push(`sps_connect=${'B'.repeat(43)}`);
    const state = 'started-before-the-client-was-removed';
    const cipher = new TokenCipher(t.app.get(AppConfig).encryptionKey);
    await t.connection.collection('connect_states').insertOne({
      stateHash: createHash('sha256').update(state).digest('hex'),
      userId: new Types.ObjectId(account.userId),
      platform: 'linkedin',
      browserHash: createHash('sha256').update('B'.repeat(43)).digest('hex'),
      codeVerifierEncrypted: cipher.encrypt('V'.repeat(64)),
      returnTo: '/connections?tab=linkedin',
      instanceUrl: null,
      expiresAt: new Date(Date.now() + 60_000),
      createdAt: new Date(),
    });
    const landed = await callback(t, browser, new URL(`http://x/connect/callback/linkedin?code=a-code&state=${state}`));
    expect(landed.pathname).toBe('/connections');
    expect(Object.fromEntries(landed.searchParams)).toEqual({
      tab: 'linkedin',
      error: 'not_configured',
      message: 'LinkedIn is not configured: set LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET',
      sig: SIGNATURE,
    });
    expect(await connections()).toHaveLength(0);
    await expectSpent();
  });

  it('a wrong PKCE verifier: the token endpoint refuses (token_exchange_failed), nothing stored', async () => {
    const browser = new Browser(account);
    const res = await start(t, browser, { platform: 'twitter' });
    const back = await authorize(res.body.data.startConnection.authorizeUrl);
    const cipher = new TokenCipher(t.app.get(AppConfig).encryptionKey);
    await t.connection
      .collection('connect_states')
      .updateMany({ userId: new Types.ObjectId(account.userId) }, { $set: { codeVerifierEncrypted: cipher.encrypt('W'.repeat(64)) } });
    const landed = await callback(t, browser, back);
    expect(landed.searchParams.get('error')).toBe('token_exchange_failed');
    expect(landed.searchParams.get('message')).toBe('X refused the authorization code (invalid_grant: code_verifier does not match the code_challenge)');
    expect(await connections()).toHaveLength(0);
  });

  it('reconnecting updates in place: same platformId and id, history kept, stored refresh token kept when none is sent', async () => {
    const browser = new Browser(account);
    await connectThrough(t, browser, { platform: 'twitter' });
    const [first] = await connections();
    const service = t.app.get(ConnectionsService);
    const before = await service.getCredentials(account.userId, first.id);
    const postedAt = new Date('2026-01-02T03:04:05Z');
    service.recordSuccessfulPost(account.userId, first.id, postedAt);
    await service.flushSuccessfulPosts();

    x.oauthSendsRefreshToken = false;
    const landed = await connectThrough(t, browser, { platform: 'twitter' });
    expect(landed.searchParams.get('connected')).toBe(first.platformId);
    const after = await connections();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: first.id, platformId: first.platformId, lastSuccessfulPost: postedAt, createdAt: first.createdAt });
    const creds = await service.getCredentials(account.userId, first.id);
    expect(creds.accessToken).not.toBe(before.accessToken);
    expect(creds.refreshToken).toBe(before.refreshToken);

    // A new refresh token replaces the stored one.
    x.oauthSendsRefreshToken = true;
    await connectThrough(t, browser, { platform: 'twitter' });
    const latest = await service.getCredentials(account.userId, first.id);
    expect(latest.refreshToken).not.toBe(before.refreshToken);
  });

  it('connection limit: a new account beyond the plan is refused (connection_limit); a reconnect still works', async () => {
    const starter = await createAccount(t, { plan: 'starter' });
    for (const id of ['1', '2', '3']) await createConnection(t, starter.userId, { platform: 'mastodon', externalId: `limit-${id}`, accessToken: 'x' });
    const browser = new Browser(starter);
    const landed = await connectThrough(t, browser, { platform: 'twitter' });
    expect(landed.searchParams.get('error')).toBe('connection_limit');
    expect(landed.searchParams.get('message')).toBe(
      'Your Starter plan allows 3 connected channels and your account has 3. Disconnect a channel or upgrade your plan to connect another.',
    );
    const list = await t.app.get(ConnectionsService).list(starter.userId);
    expect(list.map((c) => c.platform)).toEqual(['mastodon', 'mastodon', 'mastodon']);

    // Managed users count toward their owner's allowance.
    const owner = await createAccount(t, { plan: 'pro', seats: 1, workspacesEnabled: true });
    const managed = await createAccount(t, { plan: 'pro', parentUserId: owner.userId });
    await createConnection(t, owner.userId, { platform: 'mastodon', externalId: 'owner-1', accessToken: 'x' });
    const refused = await connectThrough(t, new Browser(managed), { platform: 'twitter' });
    expect(refused.searchParams.get('error')).toBe('connection_limit');

    // At the limit, reconnecting an account already connected is not a new connection.
    const full = await createAccount(t, { plan: 'pro', seats: 1 });
    const fullBrowser = new Browser(full);
    expect((await connectThrough(t, fullBrowser, { platform: 'twitter' })).searchParams.get('connected')).toBe(`twitter-${x.user.id}`);
    expect((await connectThrough(t, fullBrowser, { platform: 'twitter' })).searchParams.get('connected')).toBe(`twitter-${x.user.id}`);
  });

  it('connects through the flow, then the scheduler publishes a scheduled post to X with those tokens', async () => {
    const browser = new Browser(account);
    const landed = await connectThrough(t, browser, { platform: 'twitter' });
    const platformId = landed.searchParams.get('connected')!;
    const [conn] = await connections();
    const { accessToken } = await t.app.get(ConnectionsService).getCredentials(account.userId, conn.id);
    const content = `Connected and scheduled ${Date.now()}`;
    const created = await t.http
      .post('/api/v1/create-post')
      .set(account.apiHeaders)
      .send({ content, platforms: [platformId], scheduledTime: new Date(Date.now() + 500).toISOString() });
    expect(created.status).toBe(200);
    const group = await waitForGroup(t, account.apiHeaders, created.body.postGroupId);
    expect(group.status).toBe('published');
    const tweet = x.posts.find((p) => p.text === content)!;
    expect(tweet).toBeDefined();
    expect(x.calls('POST /2/tweets').find((r) => (r.body as { text?: string }).text === content)!.token).toBe(accessToken);
  });

  it('disconnect: revokes at X, deletes the connection and its tokens, fails its scheduled posts at once with post.failed', async () => {
    const browser = new Browser(account);
    const platformId = (await connectThrough(t, browser, { platform: 'twitter' })).searchParams.get('connected')!;
    const [conn] = await connections();
    const { refreshToken } = await t.app.get(ConnectionsService).getCredentials(account.userId, conn.id);
    const hook = await t.http
      .post('/api/v1/webhooks')
      .set(account.apiHeaders)
      .send({ name: 'rx', url: receiver.url, events: ['post.failed'] });
    expect(hook.status).toBe(201);
    const created = await t.http
      .post('/api/v1/create-post')
      .set(account.apiHeaders)
      .send({ content: `Later ${Date.now()}`, platforms: [platformId], scheduledTime: new Date(Date.now() + 3600_000).toISOString() });
    expect(created.status).toBe(200);
    const seen = receiver.requests.length;
    const stored = () => t.connection.collection('platform_connections').countDocuments({ _id: new Types.ObjectId(conn.id) });
    expect(await stored()).toBe(1);

    const res = await gql(t, browser.cookies, DISCONNECT, { platformId });
    expect(res.body).toEqual({ data: { disconnectConnection: true } });
    expect(x.oauth.revoked).toContain(refreshToken);
    expect(await connections()).toHaveLength(0);
    // The document itself is gone, tokens with it.
    expect(await stored()).toBe(0);

    const group = await waitForGroup(t, account.apiHeaders, created.body.postGroupId);
    expect(group.status).toBe('failed');
    expect(group.posts[0].error).toMatchObject({
      code: 'CONNECTION_DISCONNECTED',
      message: 'The platform connection was disconnected before this post was published',
    });
    const logs = await postLogs(t, account.apiHeaders, created.body.postGroupId);
    expect(logs.some((l) => l.event === 'publish_failed' && l.metadata?.errorCode === 'CONNECTION_DISCONNECTED')).toBe(true);
    const delivered = await waitFor(async () =>
      receiver.requests.slice(seen).find((r) => r.body.event === 'post.failed' && r.body.data.postGroupId === created.body.postGroupId),
    );
    expect(delivered.body.data).toMatchObject({ platform: 'twitter', error: { code: 'CONNECTION_DISCONNECTED' } });

    const again = await gql(t, browser.cookies, DISCONNECT, { platformId });
    expect(again.body.errors[0].message).toBe('Connection not found');
  });
});
