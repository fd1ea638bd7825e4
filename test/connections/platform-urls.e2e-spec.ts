import { createAccount, createTestApp, type TestAccount, type TestApp } from '@test/support';
import { FacebookFake, FakeMastodonServer } from '@test/support/fakes';
import { Types } from 'mongoose';
import { Browser, COMPLETE, connectThrough, PENDING } from '../connect/connect-helpers';
import { FAST_ENGINE_ENV, waitForGroup } from '../publishing/publishing-helpers';

const SCRIPT_URL = 'javascript:alert(document.cookie)';
const DATA_URL = 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==';

const CONNECTIONS = `{ connections { platformId profileImageUrl profileUrl } }`;
const POST = `query($id: ID!) { post(id: $id) { platformPosts { platformId publishedUrl } } }`;
const ADMIN_CREATE = `mutation($input: AdminCreateConnectionInput!) { adminCreateConnection(input: $input) { platformId profileUrl } }`;

/**
 * Addresses a platform hands us (profile picture, profile link, published post) end up as `src`
 * and `href` in the dashboard and in integrators' pages: only http(s) URLs are kept, whether the
 * platform sends something else now or a stored value came from before the rule.
 */
describe('Platform URLs other than http(s) are not kept', () => {
  const mastodon = new FakeMastodonServer();
  const facebook = new FacebookFake();
  let t: TestApp;
  let account: TestAccount;
  let admin: TestAccount;

  beforeAll(async () => {
    await Promise.all([mastodon.start(), facebook.start()]);
    t = await createTestApp({
      env: {
        ...FAST_ENGINE_ENV,
        CONNECT_ALLOW_PRIVATE_INSTANCES: 'true',
        FACEBOOK_API_URL: `${facebook.baseUrl}/v21.0`,
        FACEBOOK_CLIENT_ID: 'fb-client',
        FACEBOOK_CLIENT_SECRET: 'fb-secret',
        FACEBOOK_AUTHORIZE_URL: facebook.oauth.authorizeUrl,
        FACEBOOK_TOKEN_URL: facebook.oauth.tokenUrl,
      },
    });
    account = await createAccount(t, { plan: 'premium', seats: 10 });
    admin = await createAccount(t, { isAdmin: true });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await Promise.all([mastodon.stop(), facebook.stop()]);
  });

  const gql = (cookie: string, query: string, variables: Record<string, unknown> = {}) =>
    t.http.post('/graphql').set('content-type', 'application/json').set('Cookie', cookie).send({ query, variables });
  const storedConnection = (platformId: string) => t.connection.collection('platform_connections').findOne({ platformId });

  it('a profile link and picture that are not http(s) are dropped when the account is connected', async () => {
    Object.assign(mastodon.account, { url: SCRIPT_URL, avatar: DATA_URL });
    const landed = await connectThrough(t, new Browser(account), { platform: 'mastodon', instanceUrl: mastodon.baseUrl });
    const platformId = landed.searchParams.get('connected')!;
    expect(platformId).toBe(`mastodon-${mastodon.account.id}`);

    const listed = await t.http.get('/api/v1/platform-connections').set(account.apiHeaders).expect(200);
    expect(listed.body.connections.find((c: { platformId: string }) => c.platformId === platformId)).toMatchObject({
      profileImageUrl: null,
      profileUrl: null,
    });
    expect(await storedConnection(platformId)).toMatchObject({ profileImageUrl: null, profileUrl: null });
  });

  it('a published post whose platform link is not http(s) has no publishedUrl', async () => {
    const platformId = `mastodon-${mastodon.account.id}`;
    const original = mastodon.statusUrl.bind(mastodon);
    mastodon.statusUrl = () => SCRIPT_URL;
    try {
      const created = await t.http
        .post('/api/v1/create-post')
        .set(account.apiHeaders)
        .send({ content: `Link check ${Date.now()}`, platforms: [platformId], scheduledTime: new Date(Date.now() + 300).toISOString() })
        .expect(200);
      const group = await waitForGroup(t, account.apiHeaders, created.body.postGroupId);
      expect(group.status).toBe('published');
      expect(group.posts[0].status).toBe('published');
      expect(group.posts[0]).not.toHaveProperty('publishedUrl');
      const stored = await t.connection.collection('platform_posts').findOne({ postGroupId: new Types.ObjectId(created.body.postGroupId) });
      expect(stored).toMatchObject({ status: 'published', postedId: expect.any(String) });
      expect(stored!.publishedUrl).toBeUndefined();
      const graph = await gql(account.cookie, POST, { id: created.body.postGroupId }).expect(200);
      expect(graph.body.data.post.platformPosts[0].publishedUrl).toBeNull();
    } finally {
      mastodon.statusUrl = original;
    }
  });

  it('values stored before the rule are not shown (REST, GraphQL)', async () => {
    const platformId = `mastodon-${mastodon.account.id}`;
    await t.connection.collection('platform_connections').updateOne({ platformId }, { $set: { profileUrl: SCRIPT_URL, profileImageUrl: DATA_URL } });
    const created = await t.http
      .post('/api/v1/create-post')
      .set(account.apiHeaders)
      .send({ content: `Old link ${Date.now()}`, platforms: [platformId], scheduledTime: new Date(Date.now() + 300).toISOString() })
      .expect(200);
    await waitForGroup(t, account.apiHeaders, created.body.postGroupId);
    await t.connection
      .collection('platform_posts')
      .updateOne({ postGroupId: new Types.ObjectId(created.body.postGroupId) }, { $set: { publishedUrl: SCRIPT_URL } });

    const listed = await t.http.get('/api/v1/platform-connections').set(account.apiHeaders).expect(200);
    expect(listed.body.connections.find((c: { platformId: string }) => c.platformId === platformId)).toMatchObject({
      profileImageUrl: null,
      profileUrl: null,
    });
    const graphConnections = await gql(account.cookie, CONNECTIONS).expect(200);
    expect(graphConnections.body.data.connections.find((c: { platformId: string }) => c.platformId === platformId)).toEqual({
      platformId,
      profileImageUrl: null,
      profileUrl: null,
    });
    const detail = await t.http.get(`/api/v1/get-post/${created.body.postGroupId}`).set(account.apiHeaders).expect(200);
    expect(detail.body.posts[0]).not.toHaveProperty('publishedUrl');
    const graph = await gql(account.cookie, POST, { id: created.body.postGroupId }).expect(200);
    expect(graph.body.data.post.platformPosts[0].publishedUrl).toBeNull();
  });

  it('an admin-created connection refuses a profile link or picture that is not http(s)', async () => {
    const input = { userId: account.userId, platform: 'mastodon', externalId: '4242', accessToken: 'token' };
    for (const [field, value] of [
      ['profileUrl', SCRIPT_URL],
      ['profileImageUrl', DATA_URL],
      ['profileUrl', 'ftp://files.example/me'],
    ]) {
      const res = await gql(admin.cookie, ADMIN_CREATE, { input: { ...input, [field]: value } }).expect(200);
      expect(res.body.data).toBeNull();
      expect(res.body.errors[0].message).toBe(`${field} must be an http(s) URL`);
      expect(res.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    }
    expect(await storedConnection('mastodon-4242')).toBeNull();
    const ok = await gql(admin.cookie, ADMIN_CREATE, { input: { ...input, profileUrl: 'https://mastodon.social/@x' } }).expect(200);
    expect(ok.body.data.adminCreateConnection).toEqual({ platformId: 'mastodon-4242', profileUrl: 'https://mastodon.social/@x' });
  });

  it('a pending selection neither shows nor stores a picture that is not http(s)', async () => {
    facebook.managedPages = [{ id: '104000000000007', name: 'Scripted Page', access_token: 'EAApage-7', picture: { data: { url: SCRIPT_URL } } }];
    const browser = new Browser(account);
    const landed = await connectThrough(t, browser, { platform: 'facebook' });
    const id = landed.searchParams.get('pending')!;
    const pending = await gql(account.cookie, PENDING, { id }).expect(200);
    expect(pending.body.data.pendingConnection.accounts).toEqual([
      { externalId: '104000000000007', username: 'Scripted Page', displayName: 'Scripted Page', profileImageUrl: null, kind: 'page' },
    ]);
    const done = await gql(account.cookie, COMPLETE, { id, ids: ['104000000000007'] }).expect(200);
    expect(done.body.errors).toBeUndefined();
    expect(await storedConnection('facebook-104000000000007')).toMatchObject({ profileImageUrl: null });
  });
});
