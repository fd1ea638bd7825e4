import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createAccount, createConnection, createTestApp, type TestAccount, type TestApp } from '@test/support';
import { bearer, call, mcpClient } from '../mcp/mcp-helpers';

type Gql = { data?: Record<string, any> | null; errors?: unknown[] };

/** Approvals and the audit log for assistants, over the MCP SDK's client: the REST answers and refusals. */
describe('Teams over MCP: approvals and the audit log', () => {
  let t: TestApp;
  let owner: TestAccount;
  let editorCookie: string;
  let client: Client;
  let platformId: string;

  const gql = async (cookie: string, query: string, variables: Record<string, unknown> = {}) =>
    (await t.http.post('/graphql').set('content-type', 'application/json').set('Cookie', cookie).send({ query, variables })).body as Gql;

  beforeAll(async () => {
    t = await createTestApp({ env: { MIN_POST_SPACING_SECONDS: '0' } });
    owner = await createAccount(t, { plan: 'pro' });
    platformId = (await createConnection(t, owner.userId, { platform: 'bluesky' })).platformId;
    const editor = await createAccount(t, { plan: 'starter' });
    const invited = await gql(owner.cookie, `mutation($e: String!) { inviteMember(email: $e, role: "editor") { link } }`, { e: editor.email });
    const token = invited.data!.inviteMember.link.split('/invite/')[1];
    expect((await t.http.post(`/auth/invites/${token}/accept`).set('Cookie', editor.cookie).send({})).status).toBe(200);
    editorCookie = editor.cookie;
    await gql(owner.cookie, `mutation { setRequireApproval(requireApproval: true) }`);
    client = await mcpClient(t, bearer(owner.apiKey));
  }, 60_000);
  afterAll(async () => {
    await client?.close();
    await t?.close();
  });

  const ask = async (content: string) =>
    (
      await gql(editorCookie, `mutation($input: CreatePostInput!) { createPost(input: $input) { id } }`, {
        input: { content, platforms: [platformId], scheduledTime: new Date(Date.now() + 3_600_000).toISOString() },
      })
    ).data!.createPost.id as string;

  it('lists, approves and rejects as REST does', async () => {
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['list_posts_awaiting_approval', 'approve_post', 'reject_post', 'get_audit_log']));
    const a = await ask('First for approval');
    const b = await ask('Second for approval');
    const listed = await call(client, 'list_posts_awaiting_approval');
    expect(listed.isError).toBeFalsy();
    expect((listed.json.posts as Array<{ postGroupId: string }>).map((p) => p.postGroupId)).toEqual(expect.arrayContaining([a, b]));

    expect((await call(client, 'approve_post', { postGroupId: a })).json).toEqual({ success: true, postGroupId: a, state: 'approved', status: 'scheduled' });
    expect((await call(client, 'reject_post', { postGroupId: b, comment: 'Not yet' })).json).toEqual({
      success: true,
      postGroupId: b,
      state: 'rejected',
      status: 'draft',
    });
    const again = await call(client, 'approve_post', { postGroupId: b });
    expect(again.isError).toBe(true);
    expect(again.json).toMatchObject({ error: 'This post is not awaiting approval' });
  });

  it('reads the audit log with its filters; the decisions name the MCP client', async () => {
    const log = await call(client, 'get_audit_log', { action: 'post.approved' });
    expect(log.isError).toBeFalsy();
    const entries = log.json.entries as Array<{ action: string; actor: { type: string } }>;
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.action === 'post.approved')).toBe(true);
    expect(entries[0].actor.type).toBe('mcp');
    const bad = await call(client, 'get_audit_log', { limit: 500 });
    expect(bad.isError).toBe(true);
    expect(bad.json).toMatchObject({ error: 'limit must be an integer from 1 to 100' });
  });
});
