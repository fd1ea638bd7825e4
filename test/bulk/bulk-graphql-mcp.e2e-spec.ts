import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createAccount, createTestApp, type TestApp } from '@test/support';
import { BulkMessages } from '../../src/bulk/bulk.errors';
import { dataOf, errorOf, gqlClient } from '../graphql/graphql-helpers';
import { bearer, call, mcpClient } from '../mcp/mcp-helpers';
import { accountWithConnections, csvOf, groupCount, isoIn, type Account } from './bulk-helpers';

/** The same import and export for the dashboard (GraphQL) and assistants (MCP), docs/bulk.md. */
describe('bulk import over GraphQL and MCP', () => {
  let t: TestApp;
  let account: Account;
  let linkedin: string;
  let gql: ReturnType<typeof gqlClient>;

  beforeAll(async () => {
    t = await createTestApp();
    const made = await accountWithConnections(t, ['linkedin']);
    account = made.account;
    linkedin = made.connections[0].platformId;
    gql = gqlClient(t);
  });
  afterAll(() => t.close());

  describe('GraphQL (the dashboard’s import page)', () => {
    const VALIDATE = `mutation($input: BulkPostsInput!) {
      validateBulkPosts(input: $input) {
        valid total accepted refused
        results { row line success valid status scheduledTime httpStatus error platforms { platformId ok problems warnings } }
      }
    }`;
    const CREATE = `mutation($input: BulkPostsInput!, $key: String) {
      bulkCreatePosts(input: $input, idempotencyKey: $key) { mode total created failed results { row success postGroupId status error httpStatus details } }
    }`;

    it('validateBulkPosts previews each row (a CSV file as text), creating nothing', async () => {
      const before = await groupCount(t, account.userId);
      const csv = csvOf([
        ['content', 'accounts', 'scheduledTime'],
        ['Tomorrow', linkedin, isoIn(24 * 60)],
        ['', linkedin, ''],
      ]);
      const data = dataOf(await gql(VALIDATE, { input: { csv } }, account.cookie)).validateBulkPosts;
      expect(data).toMatchObject({ valid: false, total: 2, accepted: 1, refused: 1 });
      expect(data.results[0]).toMatchObject({
        row: 1,
        line: 2,
        success: true,
        valid: true,
        status: 'scheduled',
        platforms: [{ platformId: linkedin, ok: true }],
      });
      expect(data.results[1]).toMatchObject({ row: 2, line: 3, success: false, valid: false, httpStatus: 400, error: 'Content is required', platforms: null });
      expect(await groupCount(t, account.userId)).toBe(before);
    });

    it('bulkCreatePosts creates the rows; a partial import answers per row', async () => {
      const data = dataOf(
        await gql(
          CREATE,
          {
            input: {
              rows: [
                { content: 'From the dashboard', accounts: [linkedin] },
                { content: 'bad', accounts: ['linkedin-nobody'] },
              ],
              mode: 'partial',
            },
          },
          account.cookie,
        ),
      ).bulkCreatePosts;
      expect(data).toMatchObject({ mode: 'partial', total: 2, created: 1, failed: 1 });
      expect(data.results[0]).toMatchObject({ row: 1, success: true, status: 'draft', postGroupId: expect.any(String) });
      expect(data.results[1]).toMatchObject({ row: 2, success: false, httpStatus: 400, error: 'Platform connection not found: linkedin-nobody' });
    });

    it('all or nothing refused: BAD_USER_INPUT with every refused row in extensions.errors; nothing created', async () => {
      const before = await groupCount(t, account.userId);
      const body = await gql(CREATE, { input: { rows: [{ content: 'ok', accounts: [linkedin] }, { content: 'no accounts' }] } }, account.cookie);
      const err = errorOf(body);
      expect(err.message).toBe(BulkMessages.notCreated(1, 2));
      expect(err.code).toBe('BAD_USER_INPUT');
      expect(err.extensions.errors).toEqual([{ row: 2, httpStatus: 400, error: 'Platforms are required' }]);
      expect(await groupCount(t, account.userId)).toBe(before);
    });

    it('a team editor whose posts need approval imports drafts; a row asking for a time or the queue is refused', async () => {
      const editor = await createAccount(t, { plan: 'starter' });
      const invite = dataOf(
        await gql(`mutation($e: String!) { inviteMember(email: $e, role: "editor") { link } }`, { e: editor.email }, account.cookie),
      ).inviteMember;
      await t.http
        .post(`/auth/invites/${(invite.link as string).split('/invite/')[1]}/accept`)
        .set('Cookie', editor.cookie)
        .send({})
        .expect(200);
      dataOf(await gql('mutation { setRequireApproval(requireApproval: true) }', {}, account.cookie));
      try {
        const data = dataOf(
          await gql(
            CREATE,
            {
              input: {
                mode: 'partial',
                rows: [
                  { content: 'a draft is fine', accounts: [linkedin] },
                  { content: 'needs an approver', accounts: [linkedin], scheduledTime: isoIn(60) },
                  { content: 'so does the queue', accounts: [linkedin], scheduledTime: 'queue' },
                ],
              },
            },
            editor.cookie,
          ),
        ).bulkCreatePosts;
        expect(data.results.map((r: { status?: string; error?: string }) => r.status ?? r.error)).toEqual([
          'draft',
          BulkMessages.approvalNeeded,
          BulkMessages.approvalNeeded,
        ]);
        expect(data.results[1].httpStatus).toBe(403);
      } finally {
        dataOf(await gql('mutation { setRequireApproval(requireApproval: false) }', {}, account.cookie));
      }
    });

    it('rows and csv together, or neither: refused; without a session nothing runs', async () => {
      expect(errorOf(await gql(CREATE, { input: { csv: 'content,accounts\n', rows: [] } }, account.cookie)).message).toBe(BulkMessages.rowsOrCsv);
      expect(errorOf(await gql(CREATE, { input: {} }, account.cookie)).message).toBe(BulkMessages.rowsOrCsv);
      const anonymous = await gql(CREATE, { input: { rows: [] } });
      expect([anonymous.status, errorOf(anonymous).message]).toEqual([401, 'Authentication required']);
    });
  });

  describe('MCP tools', () => {
    let client: Client;
    beforeAll(async () => {
      client = await mcpClient(t, bearer(account.apiKey));
    });
    afterAll(() => client.close());

    it('bulk_create_posts creates the rows and answers the REST body; a retry with its idempotencyKey creates nothing twice', async () => {
      const before = await groupCount(t, account.userId);
      const args = { rows: [{ content: 'From an assistant', accounts: [linkedin], scheduledTime: isoIn(180) }], idempotencyKey: 'assistant-import-1' };
      const result = await call(client, 'bulk_create_posts', args);
      expect(result.isError).toBeFalsy();
      expect(result.json).toMatchObject({ success: true, mode: 'all', created: 1, results: [{ row: 1, success: true, status: 'scheduled' }] });
      const again = await call(client, 'bulk_create_posts', args);
      expect(again.json).toEqual(result.json);
      expect(await groupCount(t, account.userId)).toBe(before + 1);
    });

    it('bulk_create_posts refused: a tool error with the REST body and status; validateOnly previews', async () => {
      const refused = await call(client, 'bulk_create_posts', { rows: [{ content: '', accounts: [linkedin] }] });
      expect(refused.isError).toBe(true);
      expect(refused.json).toEqual({
        error: BulkMessages.notCreated(1, 1),
        total: 1,
        errors: [{ row: 1, httpStatus: 400, error: 'Content is required' }],
        status: 400,
      });
      const preview = await call(client, 'bulk_create_posts', { csv: `content,accounts\nhi,${linkedin}\n`, validateOnly: true });
      expect(preview.json).toMatchObject({ success: true, valid: true, accepted: 1, results: [{ row: 1, success: true, status: 'draft' }] });
      const mode = await call(client, 'bulk_create_posts', { rows: [], mode: 'most' });
      expect(mode.json).toEqual({ error: BulkMessages.mode, status: 400 });
    });

    it('export_posts answers JSON or CSV with list_posts’ filters; a bad filter is refused as REST refuses it', async () => {
      const json = await call(client, 'export_posts', { status: 'scheduled' });
      expect(json.json).toMatchObject({ success: true, format: 'json', truncated: false });
      expect((json.json.posts as Array<{ status: string }>).every((p) => p.status === 'scheduled')).toBe(true);
      expect(json.json.count).toBeGreaterThan(0);
      const csv = await call(client, 'export_posts', { format: 'csv', limit: 1 });
      expect(csv.json).toMatchObject({
        success: true,
        format: 'csv',
        count: 1,
        truncated: true,
        csv: expect.stringMatching(/^content,accounts,scheduledTime,/),
      });
      const bad = await call(client, 'export_posts', { status: 'done' });
      expect(bad.isError).toBe(true);
      expect(bad.json).toEqual({ error: 'Invalid status. Must be one of: draft, scheduled, published, failed, partially_published', status: 400 });
    });
  });
});
