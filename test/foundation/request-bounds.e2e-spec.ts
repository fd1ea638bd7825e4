import { createAccount, createConnection, createTestApp, type TestAccount, type TestApp } from '@test/support';
import { Logger } from '@nestjs/common';
import { dataOf, errorOf, gqlClient } from '../graphql/graphql-helpers';
import { bearer, call, mcpClient } from '../mcp/mcp-helpers';

/** Nest logger calls at error and warn while `run` runs. */
async function logsDuring(run: () => Promise<unknown>): Promise<{ errors: string[]; warnings: string[] }> {
  const error = jest.spyOn(Logger.prototype, 'error');
  const warn = jest.spyOn(Logger.prototype, 'warn');
  try {
    await run();
    const text = (calls: unknown[][]) => calls.map((c) => (typeof c[0] === 'string' ? c[0] : JSON.stringify(c[0])));
    return { errors: text(error.mock.calls), warnings: text(warn.mock.calls) };
  } finally {
    error.mockRestore();
    warn.mockRestore();
  }
}

describe('Request bounds and client mistakes', () => {
  let t: TestApp;
  let account: TestAccount;
  let platformId: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { MCP_MAX_RESPONSE_BYTES: String(1_500_000) } });
    account = await createAccount(t, { plan: 'premium', seats: 5 });
    platformId = (await createConnection(t, account.userId, { platform: 'mastodon', externalId: 'm1', instanceUrl: 'https://mastodon.example' })).platformId;
  }, 60_000);
  afterAll(async () => t?.close());

  const post = (body: string) => t.http.post('/api/v1/create-post').set(account.apiHeaders).set('content-type', 'application/json').send(body);

  it('a deeply nested body is a clear 400 before validation, not a 500 with a stack', async () => {
    const deep = `{"content":"x","platforms":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const { errors } = await logsDuring(async () => {
      const res = await post(deep);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Request body is nested too deeply (maximum depth 32)' });
    });
    expect(errors).toEqual([]);
    expect(await t.connection.collection('post_groups').countDocuments()).toBe(0);
  });

  it('a __proto__ key gets a message that says what to change', async () => {
    const res = await post(`{"content":"x","platforms":["${platformId}"],"__proto__":{"admin":true}}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(
      'Request body must not contain the keys __proto__ or constructor.prototype (they could change objects on the server); rename them',
    );
    // Ordinary bad JSON keeps its message.
    expect((await post('{bad')).body).toEqual({ error: "Body is not valid JSON but content-type is set to 'application/json'" });
  });

  it('content is capped at 100,000 characters (above every platform maximum)', async () => {
    const res = await t.http
      .post('/api/v1/create-post')
      .set(account.apiHeaders)
      .send({ content: 'a'.repeat(100_001), platforms: [platformId] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Content must be at most 100000 characters' });
    await t.http
      .post('/api/v1/create-post')
      .set(account.apiHeaders)
      .send({ content: 'a'.repeat(100_000), platforms: [platformId] })
      .expect(200);
  });

  it('content with a NUL, an unpaired surrogate or another control character is a clear 400 on every surface; tab, line breaks and emoji are kept', async () => {
    const groups = () => t.connection.collection('post_groups').countDocuments();
    const before = await groups();
    const control = (codePoint: string, at: number) =>
      `Content must not contain control characters other than tab, line feed and carriage return: ${codePoint} at character ${at}`;
    const surrogate = (codePoint: string, at: number) => `Content must be valid Unicode text: an unpaired surrogate ${codePoint} at character ${at}`;

    // REST, with the escapes a JSON client sends.
    for (const [content, error] of [
      ['Hello\\u0000world', control('U+0000', 6)],
      ['a\\u0007', control('U+0007', 2)],
      ['Hi \\ud800 there', surrogate('U+D800', 4)],
      ['\\ud83d\\ude00 \\udc00', surrogate('U+DC00', 3)],
    ]) {
      const res = await post(`{"content":"${content}","platforms":["${platformId}"]}`);
      expect([res.status, res.body]).toEqual([400, { error }]);
    }
    // validate-post answers create-post's refusal.
    const validated = await t.http
      .post('/api/v1/validate-post')
      .set(account.apiHeaders)
      .set('content-type', 'application/json')
      .send(`{"content":"x\\u0000","platforms":["${platformId}"]}`);
    expect(validated.body.rejection).toEqual({ status: 400, error: control('U+0000', 2) });
    // MCP create_post.
    const client = await mcpClient(t, bearer(account.apiKey));
    try {
      const refused = await call(client, 'create_post', { content: 'x\ud800', platforms: [platformId] });
      expect([refused.isError, refused.json]).toEqual([true, { error: surrogate('U+D800', 2), status: 400 }]);
    } finally {
      await client.close();
    }
    // GraphQL createPost, and the dashboard's edit of a draft's content.
    const gql = gqlClient(t);
    const created = await gql(
      `mutation($input: CreatePostInput!) { createPost(input: $input) { id } }`,
      { input: { content: 'nul\u0000', platforms: [platformId] } },
      account.cookie,
    );
    expect(errorOf(created)).toMatchObject({ message: control('U+0000', 4), code: 'BAD_USER_INPUT' });
    const draft = await t.http
      .post('/api/v1/create-post')
      .set(account.apiHeaders)
      .send({ content: 'draft', platforms: [platformId] })
      .expect(200);
    const edited = await gql(
      `mutation($id: ID!, $input: UpdatePostInput!) { updatePost(id: $id, input: $input) { id } }`,
      { id: draft.body.postGroupId, input: { content: 'edit\u001b[31m' } },
      account.cookie,
    );
    expect(errorOf(edited)).toMatchObject({ message: control('U+001B', 5), code: 'BAD_USER_INPUT' });
    expect(await groups()).toBe(before + 1);

    // Kept as given: tab, CR, LF, and a surrogate pair (an emoji).
    const kept = await post(`{"content":"Tab\\there\\r\\nnext line \\ud83d\\ude00","platforms":["${platformId}"]}`);
    expect(kept.status).toBe(200);
    const stored = await t.http.get(`/api/v1/get-post/${kept.body.postGroupId}`).set(account.apiHeaders);
    expect(stored.body.content).toBe('Tab\there\r\nnext line \u{1F600}');
    const renamed = dataOf(
      await gql(
        `mutation($id: ID!, $input: UpdatePostInput!) { updatePost(id: $id, input: $input) { content } }`,
        { id: draft.body.postGroupId, input: { content: 'line\nline' } },
        account.cookie,
      ),
    );
    expect(renamed.updatePost.content).toBe('line\nline');
  });

  it('a malformed post group id keeps the status the spec fixes, logged at warn without a stack', async () => {
    const { errors, warnings } = await logsDuring(async () => {
      for (const [method, path] of [
        ['get', '/api/v1/get-post/zzz'],
        ['get', '/api/v1/post-logs/zzz'],
        ['delete', '/api/v1/delete-post/zzz'],
      ] as const) {
        const res = await t.http[method](path).set(account.apiHeaders);
        expect(res.status).toBe(500);
      }
      const res = await t.http.put('/api/v1/update-post/zzz').set(account.apiHeaders).send({ status: 'draft' });
      expect(res.body).toEqual({ error: 'Failed to update post' });
    });
    expect(errors).toEqual([]);
    expect(warnings.filter((w) => w.includes('Malformed post group id: zzz'))).toHaveLength(4);
    expect(warnings.join('\n')).not.toMatch(/\n\s+at /);
  });

  it('an MCP batch whose results outgrow the response budget still answers: the calls past it are tool errors saying so', async () => {
    // Ten posts of 50,000 characters: one list page is ~1 MB of results, counted twice (text and structuredContent).
    for (let i = 0; i < 10; i++) {
      await t.http
        .post('/api/v1/create-post')
        .set(account.apiHeaders)
        .send({ content: `${i}`.repeat(50_000), platforms: [platformId] })
        .expect(200);
    }
    const batch = Array.from({ length: 30 }, (_, i) => ({
      jsonrpc: '2.0',
      id: i + 1,
      method: 'tools/call',
      params: { name: 'list_posts', arguments: { limit: 5 } },
    }));
    const res = await t.fetch(`${t.baseUrl}/mcp`, {
      method: 'POST',
      headers: { ...bearer(account.apiKey), 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify(batch),
      signal: AbortSignal.timeout(60_000),
    });
    expect([res.status, res.status === 200 ? '' : await res.text()]).toEqual([200, '']);
    const answers = (await res.json()) as Array<{ id: number; result?: { isError?: boolean; structuredContent?: { error?: string; status?: number } } }>;
    const calls = answers.filter((a) => a.id > 0).sort((a, b) => a.id - b.id);
    expect(calls).toHaveLength(30);
    const refused = calls.filter((a) => a.result?.isError);
    expect(refused.length).toBeGreaterThan(20);
    // The calls run concurrently: whichever finishes first takes the budget, not necessarily id 1.
    expect(calls.filter((a) => a.result && !a.result.isError).length).toBeGreaterThanOrEqual(1);
    expect(refused[0].result!.structuredContent).toMatchObject({ status: 413 });
    expect(refused[0].result!.structuredContent!.error).toMatch(
      /^Result too large: about \d+\.\d MB, and one MCP response may carry at most 1\.4 MB of results \(MCP_MAX_RESPONSE_BYTES\)/,
    );
  }, 90_000);
});
