import { createAccount, createTestApp, type TestAccount, type TestApp } from '@test/support';
import { Browser, CREDENTIALS, gql } from '../../test/connect/connect-helpers';
import { bearer, call, mcpClient } from '../../test/mcp/mcp-helpers';
import { FAST_ENGINE_ENV, waitForGroup } from '../../test/publishing/publishing-helpers';
import { DiscordWebhookModule, DiscordWebhookPlatform } from '../discord-webhook/discord-webhook.plugin';
import { FakeDiscordServer } from '../discord-webhook/discord.fake';
import { BannedWordsCheck, BannedWordsModule } from './banned-words.check';

const REFUSAL = 'Posts may not mention "Falcon" (company policy)';

/** A compliance hook: refused before scheduling on REST, GraphQL and MCP, and again before publishing. */
describe('Example: a banned-words post check', () => {
  const discord = new FakeDiscordServer();
  let t: TestApp;
  let account: TestAccount;
  let platformId: string;

  beforeAll(async () => {
    await discord.start();
    t = await createTestApp({
      env: { ...FAST_ENGINE_ENV },
      extensions: {
        imports: [BannedWordsModule.forRoot({ words: ['Falcon'] }), DiscordWebhookModule.forRoot({ apiBase: discord.baseUrl })],
        postChecks: [{ useExisting: BannedWordsCheck }],
        platforms: [{ useExisting: DiscordWebhookPlatform }],
      },
    });
    account = await createAccount(t, { plan: 'pro' });
    const connected = await gql(t, new Browser(account).cookies, CREDENTIALS, { input: { platform: 'discord', secret: discord.addWebhook() } });
    platformId = connected.body.data.connectWithCredentials.platformId;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await discord.stop();
  });
  afterEach(() => t.app.get(BannedWordsCheck).ban(['Falcon']));

  const now = () => new Date().toISOString();
  const listed = async () => (await t.http.get('/api/v1/list-posts').set(account.apiHeaders).expect(200)).body.posts as Array<{ content: string }>;

  it('refuses to schedule on REST with a 400 and its message, and stores nothing', async () => {
    const res = await t.http
      .post('/api/v1/create-post')
      .set(account.apiHeaders)
      .send({ content: 'Project falcon ships!', platforms: [platformId], scheduledTime: now() });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: REFUSAL });
    expect((await listed()).map((p) => p.content)).not.toContain('Project falcon ships!');
    const preview = await t.http
      .post('/api/v1/validate-post')
      .set(account.apiHeaders)
      .send({ content: 'falcon', platforms: [platformId], scheduledTime: now() });
    expect(preview.body).toMatchObject({ valid: false, rejection: { status: 400, error: REFUSAL } });
  });

  it('lets a draft through (checks run when a post is scheduled), then refuses scheduling it', async () => {
    const draft = await t.http
      .post('/api/v1/create-post')
      .set(account.apiHeaders)
      .send({ content: 'Falcon notes', platforms: [platformId] })
      .expect(200);
    const moved = await t.http
      .put(`/api/v1/update-post/${draft.body.postGroupId}`)
      .set(account.apiHeaders)
      .send({ status: 'scheduled', scheduledTime: new Date(Date.now() + 3600_000).toISOString() });
    expect(moved.status).toBe(400);
    expect(moved.body).toEqual({ error: REFUSAL });
    const got = await t.http.get(`/api/v1/get-post/${draft.body.postGroupId}`).set(account.apiHeaders).expect(200);
    expect(got.body.status).toBe('draft');
  });

  it('refuses on GraphQL and MCP with the same message', async () => {
    const graphql = await gql(t, [account.cookie], 'mutation($input: CreatePostInput!) { createPost(input: $input) { status } }', {
      input: { content: 'FALCON', platforms: [platformId], scheduledTime: now() },
    });
    expect(graphql.body.errors[0]).toMatchObject({ message: REFUSAL, extensions: { code: 'BAD_USER_INPUT' } });
    const mcp = await mcpClient(t, bearer(account.apiKey));
    try {
      const result = await call(mcp, 'create_post', { content: 'falcon!', platforms: [platformId], scheduledTime: now() });
      expect(result.isError).toBe(true);
      expect(result.json).toEqual({ error: REFUSAL, status: 400 });
    } finally {
      await mcp.close();
    }
  });

  it('checks again before publishing: a word banned after scheduling fails the post, nothing is sent', async () => {
    const later = new Date(Date.now() + 1500).toISOString();
    const res = await t.http
      .post('/api/v1/create-post')
      .set(account.apiHeaders)
      .send({ content: 'Eagle has landed', platforms: [platformId], scheduledTime: later })
      .expect(200);
    t.app.get(BannedWordsCheck).ban(['eagle']);
    const group = await waitForGroup(t, account.apiHeaders, res.body.postGroupId);
    expect(group.status).toBe('failed');
    expect(group.posts[0].error).toMatchObject({ code: 'REFUSED_BY_CHECK', message: 'Posts may not mention "eagle" (company policy)' });
    expect(discord.messages.map((m) => m.content)).not.toContain('Eagle has landed');
  });

  it('publishes what passes', async () => {
    const res = await t.http
      .post('/api/v1/create-post')
      .set(account.apiHeaders)
      .send({ content: 'Hello world', platforms: [platformId], scheduledTime: now() })
      .expect(200);
    expect((await waitForGroup(t, account.apiHeaders, res.body.postGroupId)).status).toBe('published');
    expect(discord.messages.filter((m) => m.content === 'Hello world')).toHaveLength(1);
  });
});
