import { createAccount, createTestApp, type TestApp } from '@test/support';
import { bearer, mcpClient } from './mcp-helpers';

describe('MCP_PATH', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { MCP_PATH: '/assistant/mcp' } });
  });
  afterAll(() => t.close());

  it('serves the MCP server at the configured path only', async () => {
    const account = await createAccount(t, { plan: 'pro' });
    const client = await mcpClient(t, bearer(account.apiKey), '/assistant/mcp');
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('create_post');
    await client.close();
    expect((await t.http.post('/mcp').set(bearer(account.apiKey)).send({})).status).toBe(404);
  });
});
