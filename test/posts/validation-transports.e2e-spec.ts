import { createTestApp, type TestApp } from '@test/support';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Types } from 'mongoose';
import { PostGroup } from '../../src/posts/schemas/post-group.schema';
import { errorOf, gqlClient } from '../graphql/graphql-helpers';
import { bearer, call, mcpClient } from '../mcp/mcp-helpers';
import { accountWithConnections, type Account } from './posts-helpers';

/**
 * One DTO per input: the same bad create-post or update-post body gets the same message over
 * REST, MCP and GraphQL (each where the transport can carry the value), and nothing is stored.
 */
describe('post inputs: one set of checks for every transport', () => {
  let t: TestApp;
  let account: Account;
  let platformId: string;
  let mcp: Client;
  let gql: ReturnType<typeof gqlClient>;

  beforeAll(async () => {
    t = await createTestApp();
    const made = await accountWithConnections(t, ['linkedin']);
    account = made.account;
    platformId = made.connections[0].platformId;
    mcp = await mcpClient(t, bearer(account.apiKey));
    gql = gqlClient(t);
  });
  afterAll(async () => {
    await mcp?.close();
    await t?.close();
  });

  const groups = () => t.connection.model(PostGroup.name).countDocuments({ userId: new Types.ObjectId(account.userId) });
  const CREATE = `mutation($input: CreatePostInput!) { createPost(input: $input) { id } }`;
  const UPDATE = `mutation($id: ID!, $input: UpdatePostInput!) { updatePost(id: $id, input: $input) { id } }`;

  // [case, body, message, the other transports whose types can carry the body (REST carries all)]
  type Transport = 'mcp' | 'graphql';
  const both: Transport[] = ['mcp', 'graphql'];
  const createCases: Array<[string, Record<string, unknown>, string, Transport[]]> = [
    ['blank content, before anything else', { content: '  ', platforms: 'not json' }, 'Content is required', []],
    ['blank content', { content: ' \n', platforms: ['linkedin-x'] }, 'Content is required', both],
    ['content over the maximum', { content: 'a'.repeat(100_001), platforms: ['linkedin-x'] }, 'Content must be at most 100000 characters', both],
    ['no platforms', { content: 'x' }, 'Platforms are required', []],
    ['platforms not JSON', { content: 'x', platforms: '[linkedin' }, 'Invalid platforms JSON format', []],
    ['platforms "null"', { content: 'x', platforms: 'null' }, 'Platforms must be an array', []],
    ['no platform', { content: 'x', platforms: [] }, 'At least one platform is required', both],
    ['a bad id, named', { content: 'x', platforms: ['linkedin-ok', 'Bad Id'] }, 'Invalid platform ID format: Bad Id', both],
    ['bad time', { content: 'x', platforms: ['linkedin-x'], scheduledTime: '2030-01-01 10:00' }, 'Invalid scheduled time format', ['mcp']],
    ['settings not JSON', { content: 'x', platforms: ['linkedin-x'], platformSettings: '{' }, 'Invalid platformSettings JSON', []],
    ['settings an array', { content: 'x', platforms: ['linkedin-x'], platformSettings: [1] }, 'platformSettings must be an object', ['graphql']],
  ];

  it.each(createCases)('create: %s', async (_name, body, message, transports) => {
    const before = await groups();
    const rest = await t.http.post('/api/v1/create-post').set(account.apiHeaders).send(body);
    expect([rest.status, rest.body]).toEqual([400, { error: message }]);
    if (transports.includes('mcp')) expect((await call(mcp, 'create_post', body)).json).toEqual({ error: message, status: 400 });
    if (transports.includes('graphql')) expect(errorOf(await gql(CREATE, { input: body }, account.cookie)).message).toBe(message);
    expect(await groups()).toBe(before);
  });

  it('create: a good body passes every transport (the checks are not stricter anywhere)', async () => {
    const body = { content: 'Hello', platforms: [platformId, platformId] };
    expect((await t.http.post('/api/v1/create-post').set(account.apiHeaders).send(body)).status).toBe(200);
    expect((await call(mcp, 'create_post', body)).json).toMatchObject({ success: true });
    expect((await gql(CREATE, { input: body }, account.cookie)).errors).toBeUndefined();
  });

  const updateCases: Array<[string, Record<string, unknown>, string]> = [
    ['nothing given', {}, 'Either status or scheduledTime must be provided'],
    ['falsy values count as absent', { status: '', scheduledTime: null }, 'Either status or scheduledTime must be provided'],
    ['unknown status', { status: 'published' }, "Status must be either 'draft' or 'scheduled'"],
    ['bad time', { scheduledTime: 'tomorrow' }, 'Invalid scheduled time format'],
  ];

  it.each(updateCases)('update: %s', async (_name, body, message) => {
    const created = await t.http
      .post('/api/v1/create-post')
      .set(account.apiHeaders)
      .send({ content: 'u', platforms: [platformId] });
    const id = created.body.postGroupId as string;

    const rest = await t.http.put(`/api/v1/update-post/${id}`).set(account.apiHeaders).send(body);
    expect([rest.status, rest.body]).toEqual([400, { error: message }]);
    expect((await call(mcp, 'update_post', { postGroupId: id, ...body })).json).toEqual({ error: message, status: 400 });
    expect(errorOf(await gql(UPDATE, { id, input: body }, account.cookie)).message).toBe(message);

    const stored = await t.connection.model(PostGroup.name).findById(id).lean<{ status: string }>();
    expect(stored?.status).toBe('draft');
  });
});
