import { createAccount, createConnection, createTestApp, type TestApp } from '@test/support';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ApiKeysService } from '../../src/auth/api-keys.service';
import type { ConnectionRef } from '../../src/connections/connections.service';
import { PostGroup } from '../../src/posts/schemas/post-group.schema';
import { bearer, call, isoIn, mcpClient, postMcp, toolCallBatch } from './mcp-helpers';

const EXPECTED_TOOLS = [
  'list_posts',
  'get_post',
  'create_post',
  'update_post',
  'delete_post',
  'get_post_logs',
  'list_connections',
  'test_connection',
  'get_upload_url',
  'list_webhooks',
  'create_webhook',
  'update_webhook',
  'delete_webhook',
  'regenerate_webhook_secret',
  'linkedin_followers',
  'linkedin_profile_summary',
  'linkedin_post_statistics',
  'linkedin_account_statistics',
];

type Account = Awaited<ReturnType<typeof createAccount>>;

describe('MCP server', () => {
  let t: TestApp;
  let account: Account;
  let linkedin: ConnectionRef;
  let client: Client;

  beforeAll(async () => {
    t = await createTestApp();
    account = await createAccount(t, { plan: 'pro', seats: 10 });
    linkedin = await createConnection(t, account.userId, { platform: 'linkedin' });
    client = await mcpClient(t, bearer(account.apiKey));
  });
  afterAll(async () => {
    await client?.close();
    await t.close();
  });

  describe('tools', () => {
    it('lists every tool with a description and input schema, and not the disabled feed tools', async () => {
      const { tools } = await client.listTools();
      const names = tools.map((tool) => tool.name);
      expect(names).toEqual(expect.arrayContaining(EXPECTED_TOOLS));
      for (const disabled of ['linkedin_posts', 'linkedin_post_comments', 'linkedin_post_reactions']) {
        expect(names).not.toContain(disabled);
      }
      for (const tool of tools) {
        expect(tool.description).toBeTruthy();
        expect(tool.inputSchema.type).toBe('object');
      }
      const create = tools.find((tool) => tool.name === 'create_post')!;
      expect(create.inputSchema.required).toEqual(expect.arrayContaining(['content', 'platforms']));
      expect(create.inputSchema.required).not.toContain('scheduledTime');
      expect(Object.keys(create.inputSchema.properties ?? {})).toContain('idempotencyKey');
    });

    it('serves the reference names of the two statistics tools as aliases', async () => {
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).toEqual(expect.arrayContaining(['linkedin_post_stats', 'linkedin_account_stats']));
    });
  });

  describe('posts', () => {
    it('create (draft) → update (schedule) → get → delete round trip', async () => {
      const created = await call(client, 'create_post', { content: 'Hello from MCP', platforms: [linkedin.platformId] });
      expect(created.isError).toBeFalsy();
      expect(created.json).toEqual({ success: true, postGroupId: expect.stringMatching(/^[0-9a-f]{24}$/) });
      expect(created.structuredContent).toEqual(created.json);
      const postGroupId = created.json.postGroupId as string;

      const draft = await call(client, 'get_post', { postGroupId });
      expect(draft.json).toMatchObject({ postGroupId, status: 'draft', content: 'Hello from MCP' });

      const when = isoIn(120);
      const updated = await call(client, 'update_post', { postGroupId, status: 'scheduled', scheduledTime: when });
      expect(updated.isError).toBeFalsy();
      expect(updated.json).toMatchObject({ success: true, postGroup: { _id: postGroupId, status: 'scheduled' } });
      expect(typeof (updated.json.postGroup as { scheduledTime: string }).scheduledTime).toBe('string');

      const scheduled = await call(client, 'get_post', { postGroupId });
      expect(scheduled.json).toMatchObject({ postGroupId, status: 'scheduled' });
      expect((scheduled.json.posts as unknown[]).length).toBe(1);

      // The same group is what REST sees.
      const rest = await t.http.get(`/api/v1/get-post/${postGroupId}`).set(account.apiHeaders).expect(200);
      expect(rest.body).toEqual(scheduled.json);

      const listed = await call(client, 'list_posts', { status: 'scheduled' });
      expect((listed.json.posts as Array<{ postGroupId: string }>).map((p) => p.postGroupId)).toContain(postGroupId);

      const logs = await call(client, 'get_post_logs', { postGroupId });
      expect(logs.json).toMatchObject({ success: true });
      expect((logs.json.logs as Array<{ event: string }>).map((l) => l.event)).toContain('scheduled');

      const deleted = await call(client, 'delete_post', { postGroupId });
      expect(deleted.json).toEqual({ success: true });
      const gone = await call(client, 'get_post', { postGroupId });
      expect(gone.isError).toBe(true);
      expect(gone.json).toEqual({ error: 'Post group not found', status: 404 });
    });

    it('an unknown post is a tool error carrying the REST message', async () => {
      const res = await call(client, 'get_post', { postGroupId: 'a'.repeat(24) });
      expect(res.isError).toBe(true);
      expect(res.json).toEqual({ error: 'Post group not found', status: 404 });
      const del = await call(client, 'delete_post', { postGroupId: 'b'.repeat(24) });
      expect(del.isError).toBe(true);
      expect(del.json.error).toBe('Post group not found');
      const upd = await call(client, 'update_post', { postGroupId: 'c'.repeat(24), status: 'draft' });
      expect(upd.json).toEqual({ error: 'Post group not found', status: 404 });
    });

    it('a malformed id answers the route failure message (as REST), not a crash', async () => {
      const res = await call(client, 'get_post', { postGroupId: 'nope' });
      expect(res.isError).toBe(true);
      expect(res.json).toEqual({ error: 'Failed to fetch post group', status: 500 });
    });

    it('service validation messages come back as tool errors', async () => {
      const blank = await call(client, 'create_post', { content: '  ', platforms: [linkedin.platformId] });
      expect(blank.isError).toBe(true);
      expect(blank.json).toEqual({ error: 'Content is required', status: 400 });
      const neither = await call(client, 'update_post', { postGroupId: 'd'.repeat(24) });
      expect(neither.json).toEqual({ error: 'Either status or scheduledTime must be provided', status: 400 });
    });

    it('values are checked by the service as REST checks them: same leniency, same messages', async () => {
      const status = await call(client, 'update_post', { postGroupId: 'd'.repeat(24), status: 'published' });
      expect(status.isError).toBe(true);
      expect(status.json).toEqual({ error: "Status must be either 'draft' or 'scheduled'", status: 400 });
      // Empty and null count as absent, as in REST.
      const blanks = await call(client, 'update_post', { postGroupId: 'd'.repeat(24), status: '', scheduledTime: null });
      expect(blanks.json).toEqual({ error: 'Either status or scheduledTime must be provided', status: 400 });
      const listStatus = await call(client, 'list_posts', { status: 'bogus' });
      expect(listStatus.json).toEqual({ error: 'Invalid status. Must be one of: draft, scheduled, published, failed, partially_published', status: 400 });
      const sortBy = await call(client, 'list_posts', { sortBy: 'title' });
      expect(sortBy.json).toEqual({ error: 'Invalid sortBy. Must be one of: createdAt, updatedAt, scheduledTime', status: 400 });
      // Any other sortOrder is desc (REST); page and limit may be strings as in a query string.
      const sortOrder = await call(client, 'list_posts', { sortOrder: 'ASC', page: '1', limit: '5' });
      const rest = await t.http.get('/api/v1/list-posts?sortOrder=ASC&page=1&limit=5').set(account.apiHeaders).expect(200);
      expect(sortOrder.isError).toBeFalsy();
      expect(sortOrder.json).toEqual(rest.body);
      // A null scheduledTime is a draft.
      const draft = await call(client, 'create_post', { content: 'null time', platforms: [linkedin.platformId], scheduledTime: null });
      expect(draft.isError).toBeFalsy();
      const created = await call(client, 'get_post', { postGroupId: draft.json.postGroupId as string });
      expect(created.json).toMatchObject({ status: 'draft' });
      await call(client, 'delete_post', { postGroupId: draft.json.postGroupId as string });
    });

    it('a plan limit error carries the limit-exceeded body', async () => {
      const starter = await createAccount(t, { plan: 'starter', apiAccess: true, mcpAccess: true });
      const twitter = await createConnection(t, starter.userId, { platform: 'twitter' });
      const c = await mcpClient(t, bearer(starter.apiKey));
      try {
        const res = await call(c, 'create_post', { content: 'x', platforms: [twitter.platformId] });
        expect(res.isError).toBe(true);
        expect(res.json).toMatchObject({ error: 'Platform not available', code: 'PLATFORM_NOT_AVAILABLE', metric: 'posts.platform_monthly', status: 403 });
        expect(res.json.planName).toBeDefined();
      } finally {
        await c.close();
      }
    });
  });

  describe('idempotency', () => {
    let fresh: Account;
    let freshLinkedin: ConnectionRef;
    let c: Client;
    beforeAll(async () => {
      fresh = await createAccount(t, { plan: 'pro', seats: 10 });
      freshLinkedin = await createConnection(t, fresh.userId, { platform: 'linkedin' });
      c = await mcpClient(t, bearer(fresh.apiKey));
    });
    afterAll(() => c.close());
    const groups = () => t.connection.model(PostGroup.name).countDocuments({ userId: fresh.userId });

    it('create_post: the same key twice creates one post and returns the first result', async () => {
      const args = { content: 'retry me', platforms: [freshLinkedin.platformId], idempotencyKey: 'mcp-create-1' };
      const first = await call(c, 'create_post', args);
      const second = await call(c, 'create_post', args);
      expect(first.isError).toBeFalsy();
      expect(second.json).toEqual(first.json);
      expect(await groups()).toBe(1);
    });

    it('create_post: the same key with other arguments is refused', async () => {
      await call(c, 'create_post', { content: 'a', platforms: [freshLinkedin.platformId], idempotencyKey: 'mcp-create-2' });
      const res = await call(c, 'create_post', { content: 'b', platforms: [freshLinkedin.platformId], idempotencyKey: 'mcp-create-2' });
      expect(res.isError).toBe(true);
      expect(res.json).toEqual({ error: 'Idempotency-Key reused with a different request body', status: 409 });
    });

    it('create_webhook: concurrent duplicates run once', async () => {
      const args = { name: 'hook', url: 'https://example.com/hook', events: ['post.published'], idempotencyKey: 'wh-1' };
      const [a, b] = await Promise.all([call(c, 'create_webhook', args), call(c, 'create_webhook', args)]);
      expect(a.isError).toBeFalsy();
      expect(b.isError).toBeFalsy();
      expect(b.json).toEqual(a.json);
      const again = await call(c, 'create_webhook', args);
      expect(again.json).toEqual(a.json);
      const list = await call(c, 'list_webhooks');
      expect((list.json.webhooks as unknown[]).length).toBe(1);
      // The stored first result (it holds the secret) is encrypted at rest.
      const stored = await t.connection.collection('idempotency_records').findOne({ scope: 'create_webhook', key: 'wh-1' });
      expect(JSON.stringify(stored)).not.toContain((a.json.webhook as { secret: string }).secret);
    });

    it('a failed call frees its key, and an invalid key is refused', async () => {
      const bad = await call(c, 'create_webhook', { name: 'x', url: 'not a url', events: ['post.published'], idempotencyKey: 'wh-2' });
      expect(bad.json).toEqual({ error: 'Invalid URL format', status: 400 });
      const ok = await call(c, 'create_webhook', { name: 'x', url: 'https://example.com/2', events: ['post.published'], idempotencyKey: 'wh-2' });
      expect(ok.isError).toBeFalsy();
      const invalid = await call(c, 'create_webhook', { name: 'x', url: 'https://example.com/3', events: ['post.published'], idempotencyKey: 'has space' });
      expect(invalid.json).toEqual({ error: 'Invalid idempotencyKey: 1-255 visible ASCII characters', status: 400 });
    });

    it('update_post and get_upload_url replay the first result', async () => {
      const { json } = await call(c, 'create_post', { content: 'media', platforms: [freshLinkedin.platformId] });
      const postGroupId = json.postGroupId as string;
      const upload = { postGroupId, fileName: 'photo 1.png', contentType: 'image/png', type: 'image', idempotencyKey: 'up-1' };
      const u1 = await call(c, 'get_upload_url', upload);
      const u2 = await call(c, 'get_upload_url', upload);
      expect(u1.json).toMatchObject({ success: true, uploadUrl: expect.any(String), fileUrl: expect.any(String), mediaId: expect.any(String) });
      expect(u2.json).toEqual(u1.json);

      const schedule = { postGroupId, status: 'scheduled', scheduledTime: isoIn(90), idempotencyKey: 'sched-1' };
      const s1 = await call(c, 'update_post', schedule);
      const s2 = await call(c, 'update_post', schedule);
      expect(s1.json).toMatchObject({ success: true, postGroup: { status: 'scheduled' } });
      expect(s2.json).toEqual(s1.json);
      const logs = await call(c, 'get_post_logs', { postGroupId });
      expect((logs.json.logs as Array<{ event: string }>).filter((l) => l.event === 'scheduled')).toHaveLength(1);
    });

    it('get_upload_url without a required field gives the REST message', async () => {
      const res = await call(c, 'get_upload_url', { postGroupId: 'a'.repeat(24), fileName: '', contentType: 'image/png', type: 'image' });
      expect(res.isError).toBe(true);
      expect(res.json.text).toContain('fileName, contentType, and postGroupId are required');
      const missing = await call(c, 'get_upload_url', { fileName: 'a.png', contentType: 'image/png', type: 'image' });
      expect(missing.isError).toBe(true);
      expect(missing.json.text).toContain('fileName, contentType, and postGroupId are required');
    });

    it('create_post checks idempotencyKey like the other tools, and creates nothing on a bad key', async () => {
      const before = await groups();
      for (const idempotencyKey of ['', 'has space', 'x'.repeat(256)]) {
        const res = await call(c, 'create_post', { content: 'k', platforms: [freshLinkedin.platformId], idempotencyKey });
        expect(res.json).toEqual({ error: 'Invalid idempotencyKey: 1-255 visible ASCII characters', status: 400 });
      }
      expect(await groups()).toBe(before);
    });
  });

  describe('connections and webhooks', () => {
    it('list_connections and test_connection return the REST bodies', async () => {
      const list = await call(client, 'list_connections');
      const rest = await t.http.get('/api/v1/platform-connections').set(account.apiHeaders).expect(200);
      expect(list.json).toEqual(rest.body);
      const missing = await call(client, 'test_connection', { platformId: 'linkedin-doesnotexist' });
      expect(missing.json).toEqual({ error: 'Connection not found', status: 404 });
      const bad = await call(client, 'test_connection', { platformId: 'nodash' });
      expect(bad.json).toEqual({ error: 'Invalid platformId format', status: 400 });
    });

    it('webhook tools: create, update, regenerate, delete', async () => {
      const created = await call(client, 'create_webhook', { name: 'w', url: 'https://example.com/w', events: ['post.failed'] });
      const id = (created.json.webhook as { _id: string })._id;
      expect(created.json).toMatchObject({ success: true, webhook: { name: 'w', secret: expect.any(String), isActive: true } });
      const updated = await call(client, 'update_webhook', { id, name: 'renamed', isActive: false });
      expect(updated.json).toMatchObject({ success: true, webhook: { _id: id, name: 'renamed', isActive: false } });
      const secret = await call(client, 'regenerate_webhook_secret', { id });
      expect(secret.json).toEqual({ success: true, secret: expect.any(String) });
      expect(await call(client, 'delete_webhook', { id })).toMatchObject({ json: { success: true } });
      const again = await call(client, 'delete_webhook', { id });
      expect(again.json).toEqual({ error: 'Webhook not found', status: 404 });
      const badEvents = await call(client, 'create_webhook', { name: 'w', url: 'https://example.com/w', events: ['nope'] });
      expect(badEvents.json.error).toMatch(/^Invalid events: nope\. Valid events: /);
    });

    it('analytics tools answer the service messages', async () => {
      const res = await call(client, 'linkedin_followers', { platformId: 'linkedin-unknown' });
      expect(res.isError).toBe(true);
      expect(res.json).toEqual({ error: 'LinkedIn connection not found', status: 404 });
      const noQuery = await call(client, 'linkedin_post_stats', { platformId: linkedin.platformId, postedId: 'urn:li:share:1' });
      expect(noQuery.json).toEqual({ error: 'queryType or queryTypes is required', status: 400 });
      // queryTypes as REST takes it: a comma-separated string (checked by the service).
      const list = await call(client, 'linkedin_post_statistics', {
        platformId: linkedin.platformId,
        postedId: 'urn:li:share:1',
        queryTypes: 'impression,bogus',
      });
      expect(list.json).toEqual({
        error: 'Invalid queryTypes: bogus. Must be one of: IMPRESSION, MEMBERS_REACHED, RESHARE, REACTION, COMMENT, or "ALL"',
        status: 400,
      });
      const one = await call(client, 'linkedin_account_statistics', { platformId: linkedin.platformId, queryType: 'bogus' });
      expect(one.json).toEqual({ error: 'Invalid queryType. Must be one of: IMPRESSION, MEMBERS_REACHED, RESHARE, REACTION, COMMENT', status: 400 });
    });
  });

  describe('authentication', () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    };
    const post = () => t.http.post('/mcp').set('Content-Type', 'application/json');

    it('no key: 401 API key is required, before any MCP message is read', async () => {
      const res = await post().send(initialize);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'API key is required' });
      expect(res.headers['www-authenticate']).toBe('Bearer');
      await expect(mcpClient(t, {})).rejects.toThrow(/API key is required/);
    });

    it('bad key: 401 Invalid API key', async () => {
      const res = await post().set(bearer('sk_nope_123.456')).send(initialize);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Invalid API key' });
      await expect(mcpClient(t, bearer('sk_nope_123.456'))).rejects.toThrow(/Invalid API key/);
    });

    it('revoked key: 401 Invalid API key', async () => {
      const a = await createAccount(t, { plan: 'pro' });
      const keys = t.app.get(ApiKeysService);
      const [key] = await keys.list(a.userId);
      await keys.revoke(a.userId, String(key._id));
      const res = await post().set(bearer(a.apiKey)).send(initialize);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Invalid API key' });
    });

    it('starter plan without API access: 403', async () => {
      const a = await createAccount(t, { plan: 'starter' });
      const res = await post().set(bearer(a.apiKey)).send(initialize);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'API access is not enabled for this account' });
    });

    it('MCP access off: 403 MCP access is not enabled for this account (REST still works)', async () => {
      const a = await createAccount(t, { plan: 'pro', mcpAccess: false });
      const res = await post().set(bearer(a.apiKey)).send(initialize);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'MCP access is not enabled for this account' });
      // The MCP client is always `mcp`, whatever x-service-client says.
      const claimed = await post().set(bearer(a.apiKey)).set('x-service-client', 'api').send(initialize);
      expect(claimed.status).toBe(403);
      await expect(mcpClient(t, bearer(a.apiKey))).rejects.toThrow(/MCP access is not enabled for this account/);
      await t.http.get('/api/v1/list-posts').set(a.apiHeaders).expect(200);
    });

    it('x-api-key is accepted too, and a missing Accept header is completed', async () => {
      const res = await post().set('x-api-key', account.apiKey).send(initialize);
      expect(res.status).toBe(200);
      expect(res.body.result.serverInfo.name).toBe('social-post-scheduler');
      const c = await mcpClient(t, { 'x-api-key': account.apiKey });
      expect((await c.listTools()).tools.length).toBeGreaterThanOrEqual(EXPECTED_TOOLS.length);
      await c.close();
    });

    it('GET and DELETE answer 405 (stateless server); without a key they answer 401 first', async () => {
      const get = await t.http.get('/mcp').set(bearer(account.apiKey)).set('Accept', 'text/event-stream');
      expect(get.status).toBe(405);
      expect(get.headers.allow).toBe('POST');
      expect((await t.http.delete('/mcp').set(bearer(account.apiKey))).status).toBe(405);
      expect((await t.http.get('/mcp')).status).toBe(401);
    });
  });

  describe('JSON-RPC batches', () => {
    it('the transport still takes a batch: up to 100 calls in one POST, answered together', async () => {
      const res = await postMcp(t, account.apiKey, toolCallBatch(100, 'list_connections'));
      expect(res.status).toBe(200);
      const answers = (await res.json()) as Array<{ id: number; result: { structuredContent: { success: boolean } } }>;
      expect(answers.map((a) => a.id).sort((x, y) => x - y)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
      expect(answers.every((a) => a.result.structuredContent.success)).toBe(true);
    });

    it('more than 100 messages: 400 JSON-RPC Invalid Request, no call run', async () => {
      const before = await t.connection.model(PostGroup.name).countDocuments();
      const res = await postMcp(t, account.apiKey, toolCallBatch(101, 'create_post', { content: 'x', platforms: [linkedin.platformId] }));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request: Batch must not exceed 100 messages' }, id: null });
      expect(await t.connection.model(PostGroup.name).countDocuments()).toBe(before);
    });
  });

  describe('workspace (x-service-user-id)', () => {
    let owner: Account;
    let managed: Account;
    let managedLinkedin: ConnectionRef;
    beforeAll(async () => {
      owner = await createAccount(t, { plan: 'pro', workspacesEnabled: true });
      managed = await createAccount(t, { plan: 'pro', parentUserId: owner.userId });
      managedLinkedin = await createConnection(t, managed.userId, { platform: 'linkedin' });
    });

    it('acts for a managed user', async () => {
      const c = await mcpClient(t, { ...bearer(owner.apiKey), 'x-service-user-id': managed.userId });
      try {
        const conns = await call(c, 'list_connections');
        expect((conns.json.connections as Array<{ platformId: string }>).map((x) => x.platformId)).toEqual([managedLinkedin.platformId]);
        const created = await call(c, 'create_post', { content: 'for managed', platforms: [managedLinkedin.platformId] });
        expect(created.isError).toBeFalsy();
        const rest = await t.http
          .get(`/api/v1/get-post/${created.json.postGroupId as string}`)
          .set(managed.apiHeaders)
          .expect(200);
        expect(rest.body.content).toBe('for managed');
        await t.http
          .get(`/api/v1/get-post/${created.json.postGroupId as string}`)
          .set(owner.apiHeaders)
          .expect(404);
      } finally {
        await c.close();
      }
    });

    it('refuses a user the key does not manage, an invalid id, and owners without workspaces', async () => {
      const other = await createAccount(t, { plan: 'pro' });
      const initialize = {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'r', version: '1' } },
      };
      const send = (key: string, userId: string) =>
        t.http.post('/mcp').set(bearer(key)).set('x-service-user-id', userId).set('Content-Type', 'application/json').send(initialize);
      const notManaged = await send(owner.apiKey, other.userId);
      expect(notManaged.status).toBe(403);
      expect(notManaged.body).toEqual({ error: 'User is not managed by key' });
      const invalid = await send(owner.apiKey, 'xyz');
      expect(invalid.status).toBe(400);
      expect(invalid.body).toEqual({ error: 'Invalid x-postpost-user-id' });
      const noWorkspace = await send(other.apiKey, managed.userId);
      expect(noWorkspace.status).toBe(403);
      expect(noWorkspace.body).toEqual({ error: 'Workspace access is not enabled for this key' });
      await expect(mcpClient(t, { ...bearer(owner.apiKey), 'x-service-user-id': other.userId })).rejects.toThrow(/User is not managed by key/);
    });
  });
});
