import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createTestApp, type TestApp } from '@test/support';
import type { ConnectionRef } from '../../src/connections/connections.service';
import { accountWithConnections, type Account } from '../posts/posts-helpers';
import { bearer, call, mcpClient } from './mcp-helpers';

/** MCP create_post / update_post with contentOverrides and firstComment: REST's rules and messages. */
describe('MCP contentOverrides and firstComment', () => {
  let t: TestApp;
  let account: Account;
  let x: ConnectionRef;
  let telegram: ConnectionRef;
  let client: Client;

  beforeAll(async () => {
    t = await createTestApp();
    const setup = await accountWithConnections(t, ['twitter', 'telegram'], { plan: 'pro', mcpAccess: true });
    account = setup.account;
    [x, telegram] = setup.connections;
    client = await mcpClient(t, bearer(account.apiKey));
  });
  afterAll(async () => {
    await client?.close();
    await t.close();
  });

  it('creates, shows, updates and clears; refusals are tool errors with the REST message', async () => {
    const created = await call(client, 'create_post', {
      content: 'Group',
      platforms: [x.platformId, telegram.platformId],
      contentOverrides: { telegram: 'For Telegram' },
    });
    expect(created.isError).toBeFalsy();
    const postGroupId = created.json.postGroupId as string;
    const got = await call(client, 'get_post', { postGroupId });
    expect((got.json.posts as Array<Record<string, unknown>>).map((p) => [p.content, p.contentOverridden])).toEqual([
      ['Group', undefined],
      ['For Telegram', true],
    ]);

    const refusedComment = await call(client, 'update_post', { postGroupId, firstComment: 'hi' });
    expect(refusedComment.isError).toBe(true);
    expect(refusedComment.json).toEqual({ error: 'firstComment is not supported on Telegram: remove the first comment or those platforms', status: 400 });

    const updated = await call(client, 'update_post', { postGroupId, contentOverrides: { [x.platformId]: 'For X' } });
    expect(updated.json).toMatchObject({ success: true, message: 'Post updated successfully' });
    const after = await call(client, 'get_post', { postGroupId });
    expect((after.json.posts as Array<{ content: string }>).map((p) => p.content)).toEqual(['For X', 'Group']);

    const xOnly = await call(client, 'create_post', { content: 'Solo', platforms: [x.platformId], firstComment: 'Reply under it' });
    const shown = await call(client, 'get_post', { postGroupId: xOnly.json.postGroupId as string });
    expect(shown.json.firstComment).toBe('Reply under it');
    const removed = await call(client, 'update_post', { postGroupId: xOnly.json.postGroupId as string, firstComment: null });
    expect(removed.isError).toBeFalsy();
    expect((await call(client, 'get_post', { postGroupId: xOnly.json.postGroupId as string })).json).not.toHaveProperty('firstComment');

    const before = (await call(client, 'list_posts', {})).json.pagination as { totalItems: number };
    const bad = await call(client, 'create_post', { content: 'c', platforms: [x.platformId], contentOverrides: { mastodon: 'x' } });
    expect(bad.json).toEqual({
      error: 'contentOverrides key "mastodon" is not one of the chosen platforms: use a compound id from platforms or its platform name',
      status: 400,
    });
    const notText = await call(client, 'create_post', { content: 'c', platforms: [x.platformId], contentOverrides: { twitter: 5 } });
    expect(notText.json).toEqual({ error: 'contentOverrides "twitter" must be a non-empty string', status: 400 });
    expect(((await call(client, 'list_posts', {})).json.pagination as { totalItems: number }).totalItems).toBe(before.totalItems);
  });
});
