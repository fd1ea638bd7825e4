import { createAccount, createTestApp, type TestAccount, type TestApp } from '@test/support';
import { FakeBlueskyServer, FakeTelegramServer } from '@test/support/fakes';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { PLATFORM_NAMES, type PlatformName } from '@app/rules';
import { CREATE_PLATFORM_ID_PATTERN } from '../../src/posts/post-rules';
import { dataOf, gqlClient } from '../graphql/graphql-helpers';
import { bearer, call, mcpClient } from '../mcp/mcp-helpers';
import { FAST_ENGINE_ENV, waitForGroup } from '../publishing/publishing-helpers';
import { Browser, COMPLETE, connectThrough, CREDENTIALS, gql } from './connect-helpers';
import { OAuthFakes } from './oauth-fakes';

/**
 * Every platform connected the way the dashboard connects it (OAuth: start → the fake's authorize
 * page → callback, a selection where the platform offers one; Bluesky and Telegram with
 * credentials; Mastodon on a fake instance), then posted to with the id the connection list gives:
 * that id is one create-post accepts (REST, GraphQL and MCP), whatever the platform's own id
 * looks like (Bluesky's DID has colons).
 */
describe('Posting to an account of every platform, connected through its connect flow', () => {
  const oauthFakes = new OAuthFakes();
  const { facebook, mastodon } = oauthFakes;
  const bsky = new FakeBlueskyServer();
  const telegram = new FakeTelegramServer();
  const fakes = [...oauthFakes.all, bsky, telegram];
  const BOT_TOKEN = '777000111:AAH-fake-bot-token-for-tests_0123';
  let t: TestApp;

  beforeAll(async () => {
    await Promise.all(fakes.map((f) => f.start()));
    telegram.setToken(BOT_TOKEN);
    telegram.addChat({ id: -1001234567890, type: 'channel', title: 'My Channel', username: 'mychannel', botStatus: 'administrator' });
    facebook.managedPages = [{ id: '104000000000001', name: 'Fake Page', access_token: 'EAApage-1' }];
    t = await createTestApp({
      env: {
        ...FAST_ENGINE_ENV,
        ...oauthFakes.env(),
        TELEGRAM_API_URL: telegram.baseUrl,
      },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await Promise.all(fakes.map((f) => f.stop()));
  });

  /** Connects the platform through its own flow as the dashboard does; the id the flow reported. */
  async function connectPlatform(account: TestAccount, platform: PlatformName): Promise<string> {
    const browser = new Browser(account);
    if (platform === 'bluesky' || platform === 'telegram') {
      const input =
        platform === 'bluesky'
          ? { platform, identifier: bsky.handle, secret: bsky.appPassword, serviceUrl: bsky.baseUrl }
          : { platform, secret: BOT_TOKEN, chatId: '@mychannel' };
      const res = await gql(t, browser.cookies, CREDENTIALS, { input });
      expect(res.body.errors).toBeUndefined();
      return res.body.data.connectWithCredentials.platformId;
    }
    const landed = await connectThrough(t, browser, platform === 'mastodon' ? { platform, instanceUrl: mastodon.baseUrl } : { platform });
    const connected = landed.searchParams.get('connected');
    if (connected) return connected;
    // Facebook offers its Pages to choose from.
    const id = landed.searchParams.get('pending');
    expect(id).toBeTruthy();
    const pending = await gql(t, browser.cookies, `query($id: ID!) { pendingConnection(id: $id) { accounts { externalId } } }`, { id });
    const ids = pending.body.data.pendingConnection.accounts.map((a: { externalId: string }) => a.externalId);
    const done = await gql(t, browser.cookies, COMPLETE, { id, ids });
    expect(done.body.errors).toBeUndefined();
    return done.body.data.completeConnection[0].platformId;
  }

  async function listedIds(account: TestAccount): Promise<Map<string, string>> {
    const res = await t.http.get('/api/v1/platform-connections').set(account.apiHeaders);
    expect(res.status).toBe(200);
    const listed = res.body.connections as Array<{ platformId: string }>;
    return new Map(listed.map((c) => [c.platformId.slice(0, c.platformId.indexOf('-')), c.platformId]));
  }

  const rawOf = (platformId: string) => platformId.slice(platformId.indexOf('-') + 1);

  describe('one account of each of the eleven platforms', () => {
    let account: TestAccount;
    let ids: Map<string, string>;

    beforeAll(async () => {
      account = await createAccount(t, { plan: 'premium', seats: 20 });
      const reported = new Map<string, string>();
      for (const platform of PLATFORM_NAMES) reported.set(platform, await connectPlatform(account, platform));
      ids = await listedIds(account);
      // The flow reports the id the list shows.
      expect(Object.fromEntries(ids)).toEqual(Object.fromEntries(reported));
    }, 60_000);

    it('lists an id for each that matches create-post’s pattern; Bluesky’s is its DID’s plc id', () => {
      expect([...ids.keys()].sort()).toEqual([...PLATFORM_NAMES].sort());
      for (const id of ids.values()) expect(id).toMatch(CREATE_PLATFORM_ID_PATTERN);
      expect(bsky.did).toMatch(/^did:plc:[a-z2-7]{24}$/);
      expect(ids.get('bluesky')).toBe(`bluesky-${bsky.did.slice('did:plc:'.length)}`);
      expect(ids.get('telegram')).toBe('telegram--1001234567890');
    });

    it.each([...PLATFORM_NAMES])('REST create-post to the %s connection succeeds; list-posts and get-post show its id', async (platform) => {
      const platformId = ids.get(platform)!;
      const content = `A draft for ${platform}`;
      const created = await t.http
        .post('/api/v1/create-post')
        .set(account.apiHeaders)
        .send({ content, platforms: [platformId] });
      expect(created.body).toEqual({ success: true, postGroupId: expect.any(String) });
      expect(created.status).toBe(200);

      const listed = await t.http.get(`/api/v1/list-posts?platform=${platform}&limit=100`).set(account.apiHeaders);
      const group = listed.body.posts.find((p: { postGroupId: string }) => p.postGroupId === created.body.postGroupId);
      expect(group.platforms).toEqual([{ platformId, platform, status: 'pending' }]);

      const detail = await t.http.get(`/api/v1/get-post/${created.body.postGroupId}`).set(account.apiHeaders);
      expect(detail.status).toBe(200);
      expect(detail.body.posts).toEqual([expect.objectContaining({ platform, platformId: rawOf(platformId), status: 'pending', content })]);
    });

    it('GraphQL createPost takes all eleven ids at once; its platform posts show them', async () => {
      const all = [...ids.values()];
      const created = dataOf(
        await gqlClient(t)(
          `mutation($input: CreatePostInput!) { createPost(input: $input) { status platformPosts { platform platformId externalId } } }`,
          { input: { content: 'Everywhere at once', platforms: all } },
          account.cookie,
        ),
      ).createPost;
      expect(created.status).toBe('draft');
      expect(created.platformPosts.map((p: { platformId: string }) => p.platformId).sort()).toEqual([...all].sort());
      // The platform's own id is kept beside it: Bluesky's DID, which its adapter posts as.
      expect(created.platformPosts.find((p: { platform: string }) => p.platform === 'bluesky').externalId).toBe(bsky.did);
    });

    it('the MCP create_post tool takes the Bluesky and Telegram ids that list_connections gives', async () => {
      const client: Client = await mcpClient(t, bearer(account.apiKey));
      try {
        const listed = await call(client, 'list_connections');
        const fromTool = (listed.json.connections as Array<{ platformId: string }>).map((c) => c.platformId).sort();
        expect(fromTool).toEqual([...ids.values()].sort());
        const created = await call(client, 'create_post', { content: 'Through MCP', platforms: [ids.get('bluesky'), ids.get('telegram')] });
        expect(created.isError).toBeFalsy();
        expect(created.json).toEqual({ success: true, postGroupId: expect.any(String) });
        const got = await call(client, 'get_post', { postGroupId: created.json.postGroupId });
        expect((got.json.posts as Array<{ platformId: string }>).map((p) => p.platformId).sort()).toEqual(
          [rawOf(ids.get('bluesky')!), rawOf(ids.get('telegram')!)].sort(),
        );
      } finally {
        await client.close();
      }
    });

    it('a scheduled post to the Bluesky id is published on the account’s repository (its DID)', async () => {
      const content = `Published through the new id ${Date.now()}`;
      const created = await t.http
        .post('/api/v1/create-post')
        .set(account.apiHeaders)
        .send({ content, platforms: [ids.get('bluesky')], scheduledTime: new Date(Date.now() + 300).toISOString() });
      expect(created.status).toBe(200);
      const group = await waitForGroup(t, account.apiHeaders, created.body.postGroupId);
      expect(group.status).toBe('published');
      const post = bsky.posts.find((p) => p.value.text === content)!;
      expect(post.uri).toBe(`at://${bsky.did}/app.bsky.feed.post/${post.rkey}`);
    });

    it('test-connection finds the Bluesky connection by the listed id and by the DID form alike', async () => {
      for (const asked of [ids.get('bluesky')!, `bluesky-${bsky.did}`, `BLUESKY-${bsky.did}`]) {
        const res = await t.http.post(`/api/v1/test-connection/${asked}`).set(account.apiHeaders);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ platform: 'bluesky', platformId: ids.get('bluesky'), status: 'ok', username: bsky.handle });
      }
    });
  });

  it('a did:web account gets an id create-post accepts, and posts to it', async () => {
    const original = bsky.did;
    bsky.did = 'did:web:alice.example.com%3A8443';
    try {
      const account = await createAccount(t, { plan: 'premium', seats: 5 });
      const reported = await connectPlatform(account, 'bluesky');
      expect(reported).toBe('bluesky-web_alice_example_com__8443');
      expect((await listedIds(account)).get('bluesky')).toBe(reported);
      const created = await t.http
        .post('/api/v1/create-post')
        .set(account.apiHeaders)
        .send({ content: 'From a did:web account', platforms: [reported] });
      expect(created.status).toBe(200);
      const detail = await t.http.get(`/api/v1/get-post/${created.body.postGroupId}`).set(account.apiHeaders);
      expect(detail.body.posts[0].platformId).toBe('web_alice_example_com__8443');
    } finally {
      bsky.did = original;
    }
  });
});
