import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createAccount, createConnection, createTestApp, type TestAccount, type TestApp } from '@test/support';
import { bearer, call, mcpClient } from '../mcp/mcp-helpers';
import { makePng } from '../media/media-helpers';
import { everyDay } from './queue-helpers';

const QUEUE = `query($id: String!) { queue(platformId: $id) { platformId schedule { configured timeZone } posts { id content status scheduledTime queuedFor platformIds } } }`;
const ADD = `mutation($input: AddToQueueInput!) { addToQueue(input: $input) { postGroupId scheduledTime } }`;
const SET = `mutation($id: String!, $input: QueueScheduleInput!) { setQueueSchedule(platformId: $id, input: $input) { configured } }`;
const REORDER = `mutation($id: String!, $order: String!) { reorderQueue(platformId: $id, order: $order) { posts { id scheduledTime } } }`;
const MOVE = `mutation($id: String!, $post: String!, $dir: String!) { moveInQueue(platformId: $id, postGroupId: $post, direction: $dir) { posts { id scheduledTime } } }`;

/** The queue on the dashboard's GraphQL (session cookie): the REST rules and messages. */
describe('The queue (GraphQL)', () => {
  let t: TestApp;
  let account: TestAccount;
  let platformId: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { MIN_POST_SPACING_SECONDS: '0' } });
    account = await createAccount(t, { plan: 'pro' });
    platformId = (await createConnection(t, account.userId, { platform: 'bluesky' })).platformId;
  }, 60_000);
  afterAll(() => t?.close());

  const gql = (query: string, variables: Record<string, unknown> = {}) =>
    t.http.post('/graphql').set('content-type', 'application/json').set('Cookie', account.cookie).send({ query, variables });
  const nextSlots = async (count: number): Promise<string[]> =>
    (await gql(`query($ids: [String!]!, $n: Int) { nextQueueSlots(platformIds: $ids, count: $n) }`, { ids: [platformId], n: count })).body.data.nextQueueSlots;

  it('refuses to add while the account has no slots, with BAD_USER_INPUT', async () => {
    const res = await gql(ADD, { input: { content: 'nowhere', platforms: [platformId] } });
    expect(res.body.errors[0]).toMatchObject({
      message: 'No free queue slot: the schedules of these accounts share no active slot within a year',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('adds a new post and a draft at the next free slots; the post says fromQueue; the queue lists both', async () => {
    expect((await gql(SET, { id: platformId, input: { timeZone: 'Europe/Berlin', slots: everyDay('10:30') } })).body.errors).toBeUndefined();
    const expected = await nextSlots(2);
    const added = await gql(ADD, { input: { content: 'from the dashboard', platforms: [platformId] } });
    expect(added.body.errors).toBeUndefined();
    expect(added.body.data.addToQueue.scheduledTime).toBe(expected[0]);
    const draft = await gql(`mutation($input: CreatePostInput!) { createPost(input: $input) { id fromQueue } }`, {
      input: { content: 'a draft', platforms: [platformId] },
    });
    expect(draft.body.data.createPost.fromQueue).toBe(false);
    const queued = await gql(ADD, { input: { postGroupId: draft.body.data.createPost.id } });
    expect(queued.body.data.addToQueue).toEqual({ postGroupId: draft.body.data.createPost.id, scheduledTime: expected[1] });
    const post = await gql(`query($id: ID!) { post(id: $id) { status scheduledTime fromQueue } }`, { id: added.body.data.addToQueue.postGroupId });
    expect(post.body.data.post).toEqual({ status: 'scheduled', scheduledTime: expected[0], fromQueue: true });

    const queue = (await gql(QUEUE, { id: platformId })).body.data.queue;
    expect(queue).toMatchObject({ platformId, schedule: { configured: true, timeZone: 'Europe/Berlin' } });
    expect(queue.posts).toEqual([
      {
        id: added.body.data.addToQueue.postGroupId,
        content: 'from the dashboard',
        status: 'scheduled',
        scheduledTime: expected[0],
        queuedFor: expected[0],
        platformIds: [platformId],
      },
      {
        id: draft.body.data.createPost.id,
        content: 'a draft',
        status: 'scheduled',
        scheduledTime: expected[1],
        queuedFor: expected[1],
        platformIds: [platformId],
      },
    ]);
  });

  it('moves, compacts and shuffles, with the REST refusals', async () => {
    const before = (await gql(QUEUE, { id: platformId })).body.data.queue.posts as Array<{ id: string; scheduledTime: string }>;
    const moved = await gql(MOVE, { id: platformId, post: before[1].id, dir: 'up' });
    expect(moved.body.data.moveInQueue.posts).toEqual([
      { id: before[1].id, scheduledTime: before[0].scheduledTime },
      { id: before[0].id, scheduledTime: before[1].scheduledTime },
    ]);
    const first = await gql(MOVE, { id: platformId, post: before[1].id, dir: 'up' });
    expect(first.body.errors[0]).toMatchObject({ message: 'This post is already first in the queue', extensions: { code: 'BAD_USER_INPUT' } });
    const stranger = await gql(MOVE, { id: platformId, post: '665f1c2b9d3e4a0012345678', dir: 'up' });
    expect(stranger.body.errors[0]).toMatchObject({ message: "Post group not found in this account's queue", extensions: { code: 'NOT_FOUND' } });

    await t.http.delete(`/api/v1/delete-post/${before[1].id}`).set(account.apiHeaders).expect(200);
    const compacted = await gql(REORDER, { id: platformId, order: 'compact' });
    expect(compacted.body.data.reorderQueue.posts).toEqual([{ id: before[0].id, scheduledTime: before[0].scheduledTime }]);
    const shuffled = await gql(REORDER, { id: platformId, order: 'shuffle' });
    expect(shuffled.body.data.reorderQueue.posts).toHaveLength(1);
    const bad = await gql(REORDER, { id: platformId, order: 'random' });
    expect(bad.body.errors[0]).toMatchObject({ message: "order must be 'compact' or 'shuffle'", extensions: { code: 'BAD_USER_INPUT' } });
    const missing = await gql(QUEUE, { id: 'bluesky-nobody' });
    expect(missing.body.errors[0]).toMatchObject({ message: 'Platform connection not found', extensions: { code: 'NOT_FOUND' } });
  });

  it("takes createPost's richer fields: text per account, a first comment and alt text per file, with their refusals", async () => {
    const UPLOAD = 'mutation($input: CreateUploadUrlInput!) { createUploadUrl(input: $input) { mediaId uploadUrl } }';
    const issued = (await gql(UPLOAD, { input: { fileName: 'loaf.png', contentType: 'image/png', type: 'image' } })).body.data.createUploadUrl;
    await t.http
      .put(new URL(issued.uploadUrl).pathname + new URL(issued.uploadUrl).search)
      .set('content-type', 'image/png')
      .send(await makePng(40, 20))
      .expect(200);
    const added = await gql(ADD, {
      input: {
        content: 'queued with extras',
        platforms: [platformId],
        contentOverrides: { [platformId]: 'its own text on Bluesky' },
        firstComment: 'More in the first comment',
        mediaIds: [issued.mediaId],
        mediaAltTexts: [{ mediaId: issued.mediaId, altText: 'A round loaf' }],
      },
    });
    expect(added.body.errors).toBeUndefined();
    const FULL = `query($id: ID!) { post(id: $id) { fromQueue firstComment media { altText } platformPosts { content contentOverridden firstComment { content status } } } }`;
    const post = (await gql(FULL, { id: added.body.data.addToQueue.postGroupId })).body.data.post;
    expect(post).toEqual({
      fromQueue: true,
      firstComment: 'More in the first comment',
      media: [{ altText: 'A round loaf' }],
      platformPosts: [
        { content: 'its own text on Bluesky', contentOverridden: true, firstComment: { content: 'More in the first comment', status: 'pending' } },
      ],
    });

    const before = (await gql(QUEUE, { id: platformId })).body.data.queue.posts.length;
    for (const [input, message] of [
      [
        { content: 'x', platforms: [platformId], contentOverrides: { twitter: 'no' } },
        'contentOverrides key "twitter" is not one of the chosen platforms: use a compound id from platforms or its platform name',
      ],
      [{ content: 'x', platforms: [platformId], firstComment: '   ' }, 'firstComment must be a non-empty string'],
      [
        { content: 'x', platforms: [platformId], mediaIds: [issued.mediaId], mediaAltTexts: [{ mediaId: '665f1c2b9d3e4a0012345678', altText: 'a' }] },
        'mediaAltTexts names a media file that is not in mediaIds: 665f1c2b9d3e4a0012345678',
      ],
    ] as const) {
      const res = await gql(ADD, { input });
      expect([res.body.errors?.[0]?.message, res.body.errors?.[0]?.extensions?.code]).toEqual([message, 'BAD_USER_INPUT']);
    }
    expect((await gql(QUEUE, { id: platformId })).body.data.queue.posts).toHaveLength(before);
  });
});

/** The assistants' tools: get_queue and add_to_queue over the MCP SDK's client. */
describe('The queue (MCP)', () => {
  let t: TestApp;
  let account: TestAccount;
  let platformId: string;
  let client: Client;

  beforeAll(async () => {
    t = await createTestApp({ env: { MIN_POST_SPACING_SECONDS: '0' } });
    account = await createAccount(t, { plan: 'pro' });
    platformId = (await createConnection(t, account.userId, { platform: 'linkedin' })).platformId;
    await t.http
      .put(`/api/v1/queue/schedules/${platformId}`)
      .set(account.apiHeaders)
      .send({ timeZone: 'America/New_York', slots: everyDay('08:00') })
      .expect(200);
    client = await mcpClient(t, bearer(account.apiKey));
  }, 60_000);
  afterAll(async () => {
    await client?.close();
    await t?.close();
  });

  it('lists both tools', async () => {
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['get_queue', 'add_to_queue']));
  });

  it('get_queue shows the schedule and the next free slots; add_to_queue takes the first; a repeat with its key answers the same', async () => {
    const before = await call(client, 'get_queue', { platformId, count: 2 });
    expect(before.isError).toBeFalsy();
    expect(before.json).toMatchObject({ success: true, queue: { platformId, schedule: { timeZone: 'America/New_York' }, posts: [] } });
    const [first, second] = before.json.nextSlots as string[];
    const added = await call(client, 'add_to_queue', { content: 'from an assistant', platforms: [platformId], idempotencyKey: 'mcp-queue-1' });
    expect(added.json).toEqual({ success: true, postGroupId: expect.any(String), scheduledTime: first });
    const repeat = await call(client, 'add_to_queue', { content: 'from an assistant', platforms: [platformId], idempotencyKey: 'mcp-queue-1' });
    expect(repeat.json).toEqual(added.json);
    const after = await call(client, 'get_queue', { platformId, count: 1 });
    expect(after.json.nextSlots).toEqual([second]);
    expect((after.json.queue as { posts: unknown[] }).posts).toEqual([
      {
        postGroupId: added.json.postGroupId,
        content: 'from an assistant',
        status: 'scheduled',
        scheduledTime: first,
        queuedFor: first,
        platforms: [platformId],
      },
    ]);
  });

  it('fails as a tool error with the REST message and status', async () => {
    const bad = await call(client, 'add_to_queue', { content: 'x', platforms: [platformId], scheduledTime: '2030-01-01T00:00:00.000Z' });
    expect(bad.isError).toBe(true);
    expect(bad.json).toMatchObject({ error: 'scheduledTime cannot be given: the queue sets the time', status: 400 });
    const missing = await call(client, 'get_queue', { platformId: 'linkedin-nobody' });
    expect(missing.json).toMatchObject({ error: 'Platform connection not found', status: 404 });
  });
});
