import { createAccount, createTestApp, type TestAccount, type TestApp } from '@test/support';
import { bearer, call, mcpClient } from '../../test/mcp/mcp-helpers';
import { Browser, CREDENTIALS, DISCONNECT, gql, START } from '../../test/connect/connect-helpers';
import { FAST_ENGINE_ENV, waitForGroup } from '../../test/publishing/publishing-helpers';
import { DiscordWebhookModule, DiscordWebhookPlatform } from './discord-webhook.plugin';
import { FakeDiscordServer } from './discord.fake';

const SPEC_PLATFORMS = 'twitter, linkedin, instagram, threads, tiktok, youtube, facebook, bluesky, mastodon, telegram, pinterest';

/**
 * A twelfth platform registered by a provider: connected, listed, validated, filtered on and
 * published to on every surface, with no edit in the service's code.
 */
describe('Example: a Discord-style webhook platform plugin', () => {
  const discord = new FakeDiscordServer();
  let t: TestApp;
  let account: TestAccount;
  let browser: Browser;

  beforeAll(async () => {
    await discord.start();
    t = await createTestApp({
      env: { ...FAST_ENGINE_ENV },
      extensions: {
        imports: [DiscordWebhookModule.forRoot({ apiBase: discord.baseUrl })],
        platforms: [{ useExisting: DiscordWebhookPlatform }],
      },
    });
    account = await createAccount(t, { plan: 'pro', seats: 5 });
    browser = new Browser(account);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await discord.stop();
  });

  async function connect(url: string) {
    return gql(t, browser.cookies, CREDENTIALS, { input: { platform: 'Discord', secret: url } });
  }

  it('is offered by connectablePlatforms after the eleven, with its credentials form', async () => {
    const res = await gql(t, browser.cookies, '{ connectablePlatforms { platform method configured label fields { name label type required placeholder } } }');
    const platforms = res.body.data.connectablePlatforms;
    expect(platforms.map((p: { platform: string }) => p.platform).join(', ')).toBe(`${SPEC_PLATFORMS}, discord`);
    expect(platforms.at(-1)).toEqual({
      platform: 'discord',
      method: 'credentials',
      configured: true,
      label: 'Discord',
      fields: [{ name: 'secret', label: 'Webhook URL', type: 'password', required: true, placeholder: 'https://discord.com/api/webhooks/…' }],
    });
  });

  it("is in the OpenAPI document's platform lists", async () => {
    const document = (await t.http.get('/api/v1/openapi.json').expect(200)).body;
    const listPosts = document.paths['/api/v1/list-posts'].get.parameters.find((p: { name: string }) => p.name === 'platform');
    expect(listPosts.schema.enum.join(', ')).toBe(`${SPEC_PLATFORMS}, discord`);
  });

  it('connects a webhook URL of its origin only, and names itself in the unknown-platform message', async () => {
    const elsewhere = await connect('https://example.com/api/webhooks/1/abc');
    expect(elsewhere.body.errors[0].message).toBe('That is not a Discord webhook URL');
    const unknown = await connect(`${discord.baseUrl}/api/webhooks/42/nope`);
    expect(unknown.body.errors[0].message).toBe('Discord does not know this webhook');
    const other = await gql(t, browser.cookies, START, { input: { platform: 'myspace' } });
    expect(other.body.errors[0].message).toBe(`Unknown platform: myspace. Must be one of: ${SPEC_PLATFORMS}, discord`);
    const listed = await t.http.get('/api/v1/platform-connections').set(account.apiHeaders);
    expect(listed.body.connections ?? listed.body).not.toEqual(expect.arrayContaining([expect.objectContaining({ platform: 'discord' })]));
  });

  it('publishes a scheduled post exactly once, then lists, filters and tests the connection', async () => {
    const url = discord.addWebhook('release-notes');
    const connected = await connect(url);
    expect(connected.body.errors).toBeUndefined();
    const platformId: string = connected.body.data.connectWithCredentials.platformId;
    expect(platformId).toMatch(/^discord-\d+$/);
    expect(connected.body.data.connectWithCredentials).toMatchObject({ platform: 'discord', username: 'release-notes', type: 'webhook' });

    const created = await t.http
      .post('/api/v1/create-post')
      .set(account.apiHeaders)
      .send({ content: 'Version 2 is out @everyone', platforms: [platformId], scheduledTime: new Date().toISOString() })
      .expect(200);
    const group = await waitForGroup(t, account.apiHeaders, created.body.postGroupId);
    expect(group.status).toBe('published');
    expect(discord.messages).toHaveLength(1);
    // One call per post: the message itself (the server's link base was kept when connecting).
    expect(discord.calls(/^POST \/api\/webhooks\//)).toHaveLength(1);
    expect(discord.calls(/^GET \/api\/webhooks\//)).toHaveLength(2);
    // No pings from a scheduled post: the plugin turns mentions off.
    expect(discord.messages[0]).toMatchObject({ content: 'Version 2 is out @everyone', allowedMentions: { parse: [] } });
    expect(group.posts[0]).toMatchObject({ platform: 'discord', status: 'published' });
    expect(group.posts[0].publishedUrl).toBe(`https://discord.com/channels/777/${discord.messages[0].channelId}/${discord.messages[0].id}`);

    const filtered = await t.http.get('/api/v1/list-posts?platform=Discord').set(account.apiHeaders).expect(200);
    expect(filtered.body.posts.map((p: { postGroupId: string }) => p.postGroupId)).toEqual([created.body.postGroupId]);
    const tested = await t.http.post(`/api/v1/test-connection/${platformId}`).set(account.apiHeaders).expect(200);
    expect(tested.body).toMatchObject({ platform: 'discord', platformId, status: 'ok', username: 'release-notes', message: 'Connection is working' });

    const mcp = await mcpClient(t, bearer(account.apiKey));
    try {
      const tools = await mcp.listTools();
      const listPosts = tools.tools.find((tool) => tool.name === 'list_posts')!;
      expect(JSON.stringify(listPosts.inputSchema)).toContain(`${SPEC_PLATFORMS}, discord`);
      const listed = await call(mcp, 'list_posts', { platform: 'discord' });
      expect(listed.isError).toBeFalsy();
    } finally {
      await mcp.close();
    }
  });

  it('fails a post whose webhook was deleted, without retrying, and disconnects cleanly', async () => {
    const url = discord.addWebhook('gone-soon');
    const platformId: string = (await connect(url)).body.data.connectWithCredentials.platformId;
    discord.deleteWebhook(url);
    const before = discord.messages.length;
    const created = await t.http
      .post('/api/v1/create-post')
      .set(account.apiHeaders)
      .send({ content: 'Into the void', platforms: [platformId], scheduledTime: new Date().toISOString() })
      .expect(200);
    const group = await waitForGroup(t, account.apiHeaders, created.body.postGroupId);
    expect(group.status).toBe('failed');
    expect(group.posts[0].error).toMatchObject({ code: 'PLATFORM_AUTH_EXPIRED' });
    expect(discord.messages).toHaveLength(before);
    const disconnected = await gql(t, browser.cookies, DISCONNECT, { platformId });
    expect(disconnected.body.data.disconnectConnection).toBe(true);
  });
});
