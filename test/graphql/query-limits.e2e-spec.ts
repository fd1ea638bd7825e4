import { createAccount, createConnection, createTestApp, type TestAccount, type TestApp } from '@test/support';
import { QUERY_LIMITS } from '../../src/graphql/query-limits';

const aliases = (n: number, field = 'me { id }') => `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join(' ')} }`;

describe('GraphQL: every operation is bounded before it executes', () => {
  let t: TestApp;
  let alice: TestAccount;
  let bob: TestAccount;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createAccount(t);
    bob = await createAccount(t, { plan: 'premium', seats: 3 });
  }, 60_000);
  afterAll(async () => t?.close());

  const gql = (query: string, cookie?: string) => {
    const req = t.http.post('/graphql').set('content-type', 'application/json').set('apollo-require-preflight', 'true');
    if (cookie) void req.set('Cookie', cookie);
    return req.send({ query });
  };

  it('the dashboard queries run as before', async () => {
    const res = await gql('{ me { id email } apiKeys { id } }', alice.cookie);
    expect(res.status).toBe(200);
    expect(res.body.data.me.id).toBe(alice.userId);
  });

  it('10,000 aliases (signed in) are refused at parse: 400 QUERY_TOO_COMPLEX, nothing executed', async () => {
    const res = await gql(aliases(10_000), alice.cookie);
    expect(res.status).toBe(400);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
    expect(res.body.errors[0].message).toMatch(new RegExp(`Document contains more tha[nt] ${QUERY_LIMITS.maxTokens} tokens`));
  });

  it('aliases, depth and cost each have a limit with a message naming it', async () => {
    const many = await gql(aliases(QUERY_LIMITS.maxAliases + 1), alice.cookie);
    expect(many.status).toBe(400);
    expect(many.body.errors[0]).toMatchObject({ extensions: { code: 'QUERY_TOO_COMPLEX' } });
    expect(many.body.errors[0].message).toMatch(/Aliases limit of 30 exceeded, found 31/);
    expect((await gql(aliases(QUERY_LIMITS.maxAliases), alice.cookie)).status).toBe(200);

    const nest = (n: number): string => (n === 0 ? 'id' : `f${n} { ${nest(n - 1)} }`);
    const d = await gql(`{ me { ${nest(QUERY_LIMITS.maxDepth + 1)} } }`, alice.cookie);
    expect(d.status).toBe(400);
    expect(d.body.errors[0]).toMatchObject({ extensions: { code: 'QUERY_TOO_COMPLEX' } });
    expect(d.body.errors[0].message).toMatch(/^Query depth limit of 10 exceeded/);
    // GraphiQL's introspection query still runs.
    const { getIntrospectionQuery } = await import('graphql');
    expect((await gql(getIntrospectionQuery(), alice.cookie)).status).toBe(200);

    // Cost: a list field counts its fields once per item it may hold (apiKeys: up to 10).
    const keys = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `k${i}: apiKeys { id name keyPrefix createdAt lastUsedAt }`).join(' ')} }`;
    const c = await gql(keys(20), alice.cookie);
    expect(c.status).toBe(400);
    expect(c.body.errors[0]).toMatchObject({ message: 'Query is too complex: cost 1020, at most 1000 allowed', extensions: { code: 'QUERY_TOO_COMPLEX' } });
    expect((await gql(keys(19), alice.cookie)).status).toBe(200);
  });

  it('a query nested deeper than the parser can follow gets a clear error, not "Maximum call stack size exceeded"', async () => {
    const res = await gql(`{${'a{'.repeat(3000)}b${'}'.repeat(3000)}}`, alice.cookie);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
    expect(JSON.stringify(res.body)).not.toMatch(/call stack/);
  });

  it('without a session nothing runs: 401 UNAUTHENTICATED and no data, even for __typename', async () => {
    for (const query of ['{ me { id } }', '{ __typename }', aliases(20, '__typename')]) {
      const res = await gql(query);
      expect(res.status).toBe(401);
      expect(res.body.data).toBeUndefined();
      expect(res.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    }
    // 50,000 aliases of __typename: refused while parsing, a small answer.
    const flood = await gql(aliases(50_000, '__typename'));
    expect(flood.status).toBe(400);
    expect(flood.text.length).toBeLessThan(1_000);
  });

  it('fragments spread into more fields than the cost count visits: 400 QUERY_TOO_COMPLEX, not a 500', async () => {
    // 25 spreads of 25 spreads of 25 spreads of `me { id }`: few tokens, depth 8, 15,625 fields once expanded.
    const spreads = (n: number) => Array.from({ length: 25 }, () => `...F${n}`).join(' ');
    const query = `query Q { ...F3 } fragment F0 on Query { me { id } } ${[1, 2, 3].map((n) => `fragment F${n} on Query { ${spreads(n - 1)} }`).join(' ')}`;
    const res = await gql(query, alice.cookie);
    expect(res.status).toBe(400);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors[0]).toEqual({
      message: `Query is too complex: more than ${QUERY_LIMITS.maxCostedFields} fields once its fragments are expanded`,
      extensions: { code: 'QUERY_TOO_COMPLEX' },
    });
  });

  it('the cost counts with the variables and refuses before any resolver runs, mutations included', async () => {
    const send = (query: string, variables: Record<string, unknown>) =>
      t.http.post('/graphql').set('content-type', 'application/json').set('Cookie', alice.cookie).send({ query, variables });
    // posts: its page `limit` items, 11 fields each.
    const page =
      'query Page($limit: Int) { posts(limit: $limit) { items { id content status scheduledTime platforms createdAt updatedAt mediaUrls processingStatus platformSettings } } }';
    expect((await send(page, { limit: 20 })).status).toBe(200);
    const big = await send(page, { limit: 100 });
    expect(big.status).toBe(400);
    expect(big.body.errors[0]).toMatchObject({
      message: expect.stringMatching(/^Query is too complex: cost \d+, at most 1000 allowed$/),
      extensions: { code: 'QUERY_TOO_COMPLEX' },
    });

    // Fifteen costly createPost answers: refused as a whole, nothing created; one alone runs.
    const { platformId } = await createConnection(t, alice.userId, { platform: 'mastodon', externalId: 'm1', instanceUrl: 'https://mastodon.example' });
    const create = (n: number) =>
      `mutation Many($input: CreatePostInput!) { ${Array.from({ length: n }, (_, i) => `p${i}: createPost(input: $input) { id logs { id event platform createdAt } media { id url type state } platformPosts { id status platform } }`).join(' ')} }`;
    const input = { content: 'hello', platforms: [platformId] };
    const res = await send(create(15), { input });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
    expect(res.body.data).toBeUndefined();
    expect(await t.connection.collection('post_groups').countDocuments()).toBe(0);
    expect((await send(create(1), { input })).body.data.p0.id).toEqual(expect.any(String));
    expect(await t.connection.collection('post_groups').countDocuments()).toBe(1);
  });

  it('wrong variables and an operation Apollo cannot pick are 400 client errors, not 500s (graphql-fuzz.e2e-spec.ts sends them all)', async () => {
    const send = (body: Record<string, unknown>) => t.http.post('/graphql').set('content-type', 'application/json').set('Cookie', alice.cookie).send(body);
    const wrongType = await send({
      query: 'mutation Create($input: CreatePostInput!) { createPost(input: $input) { id } }',
      variables: { input: { content: 123, platforms: ['x-1'] } },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors[0]).toMatchObject({
      message: expect.stringContaining('String cannot represent a non string value: 123'),
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const missing = await send({ query: 'query Post($id: ID!) { post(id: $id) { id } }', variables: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toMatchObject({
      message: 'Variable "$id" of required type "ID!" was not provided.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const unknown = await send({ query: '{ me { id } }', operationName: 'Nope' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]).toMatchObject({ message: 'Unknown operation named "Nope".', extensions: { code: 'OPERATION_RESOLUTION_FAILURE' } });
    const nullIf = await send({ query: 'query Q($if: Boolean = true) { me @include(if: $if) { id } }', variables: { if: null } });
    expect(nullIf.status).toBe(400);
    expect(nullIf.body.errors[0]).toMatchObject({
      message: 'Argument "if" of non-null type "Boolean!" must not be null.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('under a flood of huge queries from one client, /health and another user keep their latency', async () => {
    const timed = async (run: () => Promise<unknown>) => {
      const started = performance.now();
      await run();
      return performance.now() - started;
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const probe = async () => {
      const health: number[] = [];
      const list: number[] = [];
      for (let i = 0; i < 8; i++) {
        health.push(await timed(() => t.http.get('/health').expect(200)));
        list.push(await timed(() => t.http.get('/api/v1/list-posts').set(bob.apiHeaders).expect(200)));
      }
      return { health: median(health), list: median(list) };
    };
    const baseline = await probe();
    const flood = aliases(10_000);
    let stop = false;
    const attackers = Array.from({ length: 4 }, async () => {
      while (!stop) await gql(flood, alice.cookie);
    });
    const during = await probe();
    stop = true;
    await Promise.all(attackers);
    // Generous bounds for a loaded 2-core machine; unbounded, /health took seconds.
    expect(during.health).toBeLessThan(Math.max(250, baseline.health * 10));
    expect(during.list).toBeLessThan(Math.max(500, baseline.list * 10));
  }, 60_000);
});
