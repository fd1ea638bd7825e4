import { createAccount, createConnection, createTestApp, type TestAccount, type TestApp } from '@test/support';
import { Types } from 'mongoose';
import { RateLimitService } from '../../src/rate-limit/rate-limit.service';
import { bearer, mcpClient, postMcp, toolCallBatch } from '../mcp/mcp-helpers';

describe('RATE_LIMIT_PER_MINUTE: per-key request limit shared by every instance', () => {
  let a: TestApp;
  let b: TestApp;
  let alice: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    a = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '5' } });
    // A second instance on the same database: the counters are shared.
    b = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '5' }, databaseUri: a.databaseUri });
    alice = await createAccount(a, { plan: 'premium', seats: 5 });
    bob = await createAccount(a, { plan: 'premium', seats: 5 });
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('counts requests on both instances against one key; the sixth answers 429 with Retry-After', async () => {
    const seen: string[] = [];
    for (const t of [a, b, a, b, a]) {
      const res = await t.http.get('/api/v1/list-posts').set(alice.apiHeaders);
      expect(res.status).toBe(200);
      expect(res.headers['ratelimit-policy']).toBe('5;w=60');
      seen.push(res.headers['ratelimit']);
    }
    expect(seen.map((h) => /remaining=(\d+)/.exec(h)![1])).toEqual(['4', '3', '2', '1', '0']);

    const refused = await b.http.get('/api/v1/list-posts').set(alice.apiHeaders);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers['ratelimit']).toBe(`limit=5, remaining=0, reset=${retryAfter}`);
    expect(refused.body).toEqual({
      error: `Rate limit exceeded: at most 5 requests per minute for this API key; retry in ${retryAfter} seconds`,
    });
    // The limit applies before any handler runs, writes included.
    const create = await a.http
      .post('/api/v1/create-post')
      .set(alice.apiHeaders)
      .send({ content: 'x', platforms: ['nope'] });
    expect(create.status).toBe(429);
  });

  it('MCP requests with the same key count against the same limit', async () => {
    const res = await a.fetch(`${a.baseUrl}/mcp`, {
      method: 'POST',
      headers: { ...bearer(alice.apiKey), 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('other keys have their own allowance, and MCP answers carry the headers', async () => {
    const res = await a.http.get('/api/v1/list-posts').set(bob.apiHeaders);
    expect(res.status).toBe(200);
    expect(res.headers['ratelimit']).toMatch(/^limit=5, remaining=4, reset=\d+$/);
    const client = await mcpClient(a, bearer(bob.apiKey));
    await client.listTools();
    await client.close();
    const after = await a.http.get('/api/v1/list-posts').set(bob.apiHeaders);
    // listTools made the initialize, notification and list requests: three more counted.
    expect(Number(/remaining=(\d+)/.exec(after.headers['ratelimit'])![1])).toBeLessThan(3);
  });

  describe('MCP JSON-RPC batches: each request in a batch counts', () => {
    const remaining = (res: Response | { headers: Record<string, string> }) => {
      const header = res.headers instanceof Headers ? res.headers.get('ratelimit') : (res.headers as Record<string, string>).ratelimit;
      return Number(/remaining=(\d+)/.exec(header ?? '')?.[1]);
    };
    const posts = (account: TestAccount) => a.connection.collection('post_groups').countDocuments({ userId: new Types.ObjectId(account.userId) });
    /** A fresh key (its own allowance of 5) with a connection to post to. */
    const freshAccount = async () => {
      const account = await createAccount(a, { plan: 'premium', seats: 5 });
      const { platformId } = await createConnection(a, account.userId, { platform: 'mastodon', externalId: 'm1', instanceUrl: 'https://mastodon.example' });
      return { account, draft: { content: 'hello', platforms: [platformId] } };
    };

    it('a batch of three calls and a notification uses three of the five requests', async () => {
      const { account } = await freshAccount();
      const batch = [...toolCallBatch(3, 'list_posts'), { jsonrpc: '2.0', method: 'notifications/initialized' }];
      const res = await postMcp(a, account.apiKey, batch);
      expect(res.status).toBe(200);
      expect(((await res.json()) as unknown[]).length).toBe(3);
      expect(remaining(res)).toBe(2);
      expect(remaining(await b.http.get('/api/v1/list-posts').set(account.apiHeaders))).toBe(1);
    });

    it('a batch that needs more than is left is refused whole with 429 before any call runs; what is left stays usable', async () => {
      const { account, draft } = await freshAccount();
      for (let i = 0; i < 3; i++) await a.http.get('/api/v1/list-posts').set(account.apiHeaders).expect(200);
      const refused = await postMcp(a, account.apiKey, toolCallBatch(3, 'create_post', draft));
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(await refused.json()).toEqual({
        error: `Rate limit exceeded: this batch holds 3 requests and 2 of the 5 per minute for this API key are left; retry in ${retryAfter} seconds`,
      });
      expect(remaining(refused)).toBe(2);
      expect(await posts(account)).toBe(0);

      const fits = await postMcp(a, account.apiKey, toolCallBatch(2, 'create_post', draft));
      expect(fits.status).toBe(200);
      expect(remaining(fits)).toBe(0);
      expect(await posts(account)).toBe(2);
      expect((await postMcp(a, account.apiKey, toolCallBatch(1, 'list_posts'))).status).toBe(429);
    });

    it('a batch larger than the whole per-minute limit: 429 that says to split it, no Retry-After, nothing used', async () => {
      const { account, draft } = await freshAccount();
      const res = await postMcp(a, account.apiKey, toolCallBatch(6, 'create_post', draft));
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBeNull();
      expect(await res.json()).toEqual({
        error: 'Rate limit exceeded: this batch holds 6 requests, more than the 5 per minute allowed for this API key; send at most 5 per batch',
      });
      expect(await posts(account)).toBe(0);
      expect(remaining(await a.http.get('/api/v1/list-posts').set(account.apiHeaders))).toBe(4);
    });

    it('a batch over the 100-message bound counts as one request and is refused: 400 JSON-RPC Invalid Request', async () => {
      const { account } = await freshAccount();
      const res = await postMcp(a, account.apiKey, toolCallBatch(101, 'list_posts'));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request: Batch must not exceed 100 messages' }, id: null });
      expect(remaining(res)).toBe(4);
    });
  });

  it("an unexpected failure of the limiter answers the route's own 500 message (docs/errors.md), never the cause", async () => {
    jest.spyOn(a.app.get(RateLimitService), 'consume').mockRejectedValueOnce(new Error('limiter store down'));
    try {
      const res = await a.http.get('/api/v1/list-posts').set(bob.apiHeaders);
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: 'Failed to list posts' });
    } finally {
      jest.restoreAllMocks();
    }
  });

  it('requests without a valid key are refused by authentication first (401, not counted)', async () => {
    const res = await a.http.get('/api/v1/list-posts').set({ 'x-api-key': 'sk_nope' });
    expect(res.status).toBe(401);
    expect(res.headers['ratelimit']).toBeUndefined();
  });
});

describe('Without RATE_LIMIT_PER_MINUTE (the default) nothing is limited', () => {
  let t: TestApp;
  let account: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    account = await createAccount(t, { plan: 'premium', seats: 5 });
  }, 60_000);
  afterAll(async () => t?.close());

  it('sends no RateLimit headers and never answers 429', async () => {
    for (let i = 0; i < 30; i++) {
      const res = await t.http.get('/api/v1/list-posts').set(account.apiHeaders);
      expect(res.status).toBe(200);
      expect(res.headers['ratelimit']).toBeUndefined();
    }
    expect(await t.connection.db!.listCollections({ name: 'api_rate_limits' }).toArray()).toEqual([]);
  });
});
