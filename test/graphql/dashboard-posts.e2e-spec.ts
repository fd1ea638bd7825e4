import { createAccount, createTestApp, type TestApp } from '@test/support';
import { Types } from 'mongoose';
import { PlatformPost } from '../../src/posts/schemas/platform-post.schema';
import { PostGroup } from '../../src/posts/schemas/post-group.schema';
import { PostLog } from '../../src/posts/schemas/post-log.schema';
import { accountWithConnections, isoIn, seedGroups } from '../posts/posts-helpers';
import { dataOf, errorOf, gqlClient } from './graphql-helpers';

/** Dashboard GraphQL for posts and usage: the REST rules, messages and limits, on the session. */
describe('GraphQL posts, post, createPost, updatePost, deletePost, usage', () => {
  let t: TestApp;
  let gql: ReturnType<typeof gqlClient>;

  beforeAll(async () => {
    // Metrics on (any free port) turn on the driver's command events, which the N+1 test counts.
    t = await createTestApp({ env: { METRICS_ENABLED: 'true', METRICS_PORT: '0' } });
    gql = gqlClient(t);
  });
  afterAll(() => t?.close());

  const CREATE = `mutation($input: CreatePostInput!) { createPost(input: $input) {
    id content status processingStatus scheduledTime platforms platformSettings mediaUrls createdAt updatedAt
    platformPosts { id platform platformId externalId status content scheduledTime postedId publishedUrl error { code } }
    logs { event platform metadata } } }`;
  const UPDATE = `mutation($id: ID!, $input: UpdatePostInput!) { updatePost(id: $id, input: $input) {
    id content status scheduledTime platforms platformPosts { platformId status content scheduledTime } logs { event platform metadata } } }`;
  const GET = `query($id: ID!) { post(id: $id) { id content status platformPosts { platformId status error { code message retryable } } logs { event } } }`;
  const groupsOf = (userId: string) => t.connection.model(PostGroup.name).countDocuments({ userId: new Types.ObjectId(userId) });

  describe('createPost', () => {
    it('creates a draft and a scheduled group, with the REST defaults and logs', async () => {
      const { account, connections } = await accountWithConnections(t, ['linkedin', 'mastodon']);
      const [li, md] = connections;
      const draft = dataOf(
        await gql(CREATE, { input: { content: 'Hello', platforms: [li.platformId, md.platformId, li.platformId] } }, account.cookie),
      ).createPost;
      expect(draft).toMatchObject({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        content: 'Hello',
        status: 'draft',
        processingStatus: 'pending',
        scheduledTime: null,
        platforms: ['linkedin', 'mastodon'],
        mediaUrls: [],
        logs: [],
      });
      expect(draft.platformSettings.tiktok).toMatchObject({ viewerSetting: 'PUBLIC_TO_EVERYONE' });
      expect(draft.platformPosts).toEqual([
        {
          id: expect.any(String),
          platform: 'linkedin',
          platformId: li.platformId,
          externalId: li.externalId,
          status: 'pending',
          content: 'Hello',
          scheduledTime: null,
          postedId: null,
          publishedUrl: null,
          error: null,
        },
        {
          id: expect.any(String),
          platform: 'mastodon',
          platformId: md.platformId,
          externalId: md.externalId,
          status: 'pending',
          content: 'Hello',
          scheduledTime: null,
          postedId: null,
          publishedUrl: null,
          error: null,
        },
      ]);

      const when = isoIn(90);
      const scheduled = dataOf(
        await gql(
          CREATE,
          { input: { content: 'Later', platforms: [li.platformId], scheduledTime: when, platformSettings: { youtube: { title: 'T' } } } },
          account.cookie,
        ),
      ).createPost;
      expect(scheduled).toMatchObject({ status: 'scheduled', scheduledTime: new Date(when).toISOString() });
      expect(scheduled.platformSettings.youtube).toEqual({ privacy: 'public', title: 'T' });
      expect(scheduled.logs).toEqual([{ event: 'scheduled', platform: 'linkedin', metadata: { scheduledTime: new Date(when).toISOString() } }]);
      // The same group through REST.
      const rest = await t.http.get(`/api/v1/get-post/${scheduled.id}`).set(account.apiHeaders).expect(200);
      expect(rest.body).toMatchObject({ postGroupId: scheduled.id, status: 'scheduled', content: 'Later' });
    });

    it('refuses each invalid input with the REST message and BAD_USER_INPUT, writing nothing', async () => {
      const { account, connections } = await accountWithConnections(t, ['linkedin']);
      const other = await accountWithConnections(t, ['mastodon']);
      const li = connections[0].platformId;
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ content: '', platforms: [li] }, 'Content is required'],
        [{ content: '   ', platforms: [li] }, 'Content is required'],
        [{ content: 'x'.repeat(100_001), platforms: [li] }, 'Content must be at most 100000 characters'],
        [{ content: 'x', platforms: [] }, 'At least one platform is required'],
        [{ content: 'x', platforms: ['bluesky-did:plc:abc'] }, 'Invalid platform ID format: bluesky-did:plc:abc'],
        [{ content: 'x', platforms: ['linkedin-nope'] }, 'Platform connection not found: linkedin-nope'],
        // Another user's connection is not yours: the same answer as a missing one.
        [{ content: 'x', platforms: [other.connections[0].platformId] }, `Platform connection not found: ${other.connections[0].platformId}`],
        [{ content: 'x', platforms: [li], scheduledTime: 'next tuesday' }, 'Invalid scheduled time format'],
        [{ content: 'x', platforms: [li], platformSettings: [1, 2] }, 'platformSettings must be an object'],
        [{ content: 'x', platforms: [li], platformSettings: 'not json' }, 'Invalid platformSettings JSON'],
        [{ content: 'x', platforms: [li], mediaIds: ['0123456789abcdef01234567'] }, 'Media file not found: 0123456789abcdef01234567'],
      ];
      for (const [input, message] of cases) {
        const err = errorOf(await gql(CREATE, { input }, account.cookie));
        expect({ input: Object.keys(input), message: err.message, code: err.code }).toEqual({ input: Object.keys(input), message, code: 'BAD_USER_INPUT' });
      }
      expect(await groupsOf(account.userId)).toBe(0);
    });

    it('a limit refusal carries the limit code and the limit-exceeded body in extensions', async () => {
      const { account, connections } = await accountWithConnections(t, ['twitter', 'linkedin'], { plan: 'starter' });
      const err = errorOf(await gql(CREATE, { input: { content: 'x', platforms: [connections[1].platformId, connections[0].platformId] } }, account.cookie));
      expect(err.message).toBe('Platform not available');
      expect(err.extensions).toMatchObject({
        code: 'PLATFORM_NOT_AVAILABLE',
        metric: 'posts.platform_monthly',
        planName: 'Starter',
        disallowedPlatforms: ['twitter'],
        limit: expect.any(Number),
        periodStart: expect.any(String),
        periodEnd: expect.any(String),
      });
      const horizon = errorOf(
        await gql(CREATE, { input: { content: 'x', platforms: [connections[1].platformId], scheduledTime: isoIn(8 * 24 * 60) } }, account.cookie),
      );
      expect(horizon.extensions).toMatchObject({ code: 'SCHEDULE_HORIZON_REACHED', limit: 7, metric: 'posts.schedule_horizon_days' });
      expect(await groupsOf(account.userId)).toBe(0);
    });
  });

  describe('posts and post', () => {
    it('lists with list-posts’ filters, sort and paging', async () => {
      const { account, connections } = await accountWithConnections(t, ['linkedin', 'mastodon']);
      const [li, md] = connections;
      const base = Date.now();
      await seedGroups(t, account.userId, [
        { content: 'a', status: 'draft', connections: [li], createdAt: new Date(base - 3000) },
        { content: 'b', status: 'scheduled', scheduledTime: new Date(base + 3_600_000), connections: [li, md], createdAt: new Date(base - 2000) },
        { content: 'c', status: 'published', scheduledTime: new Date(base - 3_600_000), connections: [md], createdAt: new Date(base - 1000) },
      ]);
      const LIST = `query($f: PostsFilter, $p: Int, $l: Int) { posts(filter: $f, page: $p, limit: $l) {
        totalItems page limit totalPages hasNextPage hasPrevPage items { content status platforms platformPosts { platformId status } } } }`;
      const all = dataOf(await gql(LIST, {}, account.cookie)).posts;
      expect(all).toMatchObject({ totalItems: 3, page: 1, limit: 20, totalPages: 1, hasNextPage: false, hasPrevPage: false });
      expect(all.items.map((i: any) => i.content)).toEqual(['c', 'b', 'a']);
      expect(all.items[1].platformPosts).toEqual([
        { platformId: li.platformId, status: 'scheduled' },
        { platformId: md.platformId, status: 'scheduled' },
      ]);

      const paged = dataOf(await gql(LIST, { p: 2, l: 2, f: { sortOrder: 'asc' } }, account.cookie)).posts;
      expect(paged).toMatchObject({ totalItems: 3, page: 2, limit: 2, totalPages: 2, hasNextPage: false, hasPrevPage: true });
      expect(paged.items.map((i: any) => i.content)).toEqual(['c']);

      const filtered = dataOf(await gql(LIST, { f: { platform: 'LinkedIn', status: 'scheduled' } }, account.cookie)).posts;
      expect(filtered.items.map((i: any) => i.content)).toEqual(['b']);
      const ranged = dataOf(await gql(LIST, { f: { fromDate: new Date(base).toISOString(), sortBy: 'scheduledTime' } }, account.cookie)).posts;
      expect(ranged.items.map((i: any) => i.content)).toEqual(['b']);
    });

    it('filter errors are the REST messages', async () => {
      const account = await createAccount(t);
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ status: 'done' }, 'Invalid status. Must be one of: draft, scheduled, published, failed, partially_published'],
        [{ sortBy: 'content' }, 'Invalid sortBy. Must be one of: createdAt, updatedAt, scheduledTime'],
        [{ fromDate: 'yesterday' }, 'Invalid fromDate format'],
        [{ toDate: '2025-13-45T00:00:00Z' }, 'Invalid toDate format'],
      ];
      for (const [f, message] of cases) {
        const err = errorOf(await gql('query($f: PostsFilter) { posts(filter: $f) { totalItems } }', { f }, account.cookie));
        expect([err.message, err.code]).toEqual([message, 'BAD_USER_INPUT']);
      }
    });

    it('post: platform posts with their error, logs; another user’s or a malformed id is NOT_FOUND', async () => {
      const { account, connections } = await accountWithConnections(t, ['linkedin']);
      const [id] = await seedGroups(t, account.userId, [{ status: 'failed', connections, attemptCount: 1 }]);
      await t.connection
        .model(PlatformPost.name)
        .updateOne(
          { postGroupId: new Types.ObjectId(id) },
          { $set: { error: { code: 'PLATFORM_REJECTED', message: 'Nope', retryable: false, failedAt: new Date(), platformError: null } } },
        );
      const got = dataOf(await gql(GET, { id }, account.cookie)).post;
      expect(got).toEqual({
        id,
        content: 'seed 0',
        status: 'failed',
        platformPosts: [{ platformId: connections[0].platformId, status: 'failed', error: { code: 'PLATFORM_REJECTED', message: 'Nope', retryable: false } }],
        logs: [],
      });
      const stranger = await createAccount(t);
      for (const [who, postId] of [
        [stranger.cookie, id],
        [account.cookie, 'nope'],
        [account.cookie, String(new Types.ObjectId())],
      ] as const) {
        const res = await gql(GET, { id: postId }, who);
        expect(res.data?.post).toBeNull();
        expect([errorOf(res).message, errorOf(res).code]).toEqual(['Post group not found', 'NOT_FOUND']);
      }
      const listed = dataOf(await gql('{ posts { totalItems } }', {}, stranger.cookie)).posts;
      expect(listed.totalItems).toBe(0);
    });
  });

  describe('updatePost', () => {
    it('schedules, reschedules and moves back to draft like update-post', async () => {
      const { account, connections } = await accountWithConnections(t, ['linkedin']);
      const [id] = await seedGroups(t, account.userId, [{ status: 'draft', connections }]);
      const when = isoIn(60);
      const scheduled = dataOf(await gql(UPDATE, { id, input: { status: 'scheduled', scheduledTime: when } }, account.cookie)).updatePost;
      expect(scheduled).toMatchObject({
        status: 'scheduled',
        scheduledTime: new Date(when).toISOString(),
        platformPosts: [{ status: 'scheduled', scheduledTime: new Date(when).toISOString() }],
      });
      expect(scheduled.logs.map((l: any) => l.event)).toEqual(['status_changed', 'scheduled']);
      const later = isoIn(120);
      const moved = dataOf(await gql(UPDATE, { id, input: { scheduledTime: later } }, account.cookie)).updatePost;
      expect(moved.scheduledTime).toBe(new Date(later).toISOString());
      const back = dataOf(await gql(UPDATE, { id, input: { status: 'draft' } }, account.cookie)).updatePost;
      expect(back).toMatchObject({ status: 'draft', platformPosts: [{ status: 'pending' }] });
    });

    it('edits content and platforms of a draft and of a scheduled group; new platforms are logged and limit-checked', async () => {
      const { account, connections } = await accountWithConnections(t, ['linkedin', 'mastodon', 'threads']);
      const [li, md, th] = connections;
      const created = dataOf(
        await gql(CREATE, { input: { content: 'v1', platforms: [li.platformId, md.platformId], scheduledTime: isoIn(30) } }, account.cookie),
      ).createPost;
      const edited = dataOf(
        await gql(UPDATE, { id: created.id, input: { content: 'v2', platforms: [md.platformId, th.platformId] } }, account.cookie),
      ).updatePost;
      expect(edited).toMatchObject({ content: 'v2', status: 'scheduled', platforms: ['mastodon', 'threads'] });
      expect(edited.platformPosts).toEqual([
        { platformId: md.platformId, status: 'scheduled', content: 'v2', scheduledTime: created.scheduledTime },
        { platformId: th.platformId, status: 'scheduled', content: 'v2', scheduledTime: created.scheduledTime },
      ]);
      // Only the new platform gets a scheduled entry; the removed one's post is gone.
      expect(edited.logs.filter((l: any) => l.event === 'scheduled').map((l: any) => l.platform)).toEqual(['linkedin', 'mastodon', 'threads']);
      expect(await t.connection.model(PlatformPost.name).countDocuments({ postGroupId: new Types.ObjectId(created.id) })).toBe(2);

      const draftOnly = dataOf(await gql(CREATE, { input: { content: 'd', platforms: [li.platformId] } }, account.cookie)).createPost;
      const redrafted = dataOf(await gql(UPDATE, { id: draftOnly.id, input: { content: 'd2' } }, account.cookie)).updatePost;
      expect(redrafted).toMatchObject({ content: 'd2', status: 'draft', platformPosts: [{ content: 'd2', status: 'pending' }], logs: [] });
    });

    it('adding a platform the plan lacks is the limit refusal; nothing changes', async () => {
      const { account, connections } = await accountWithConnections(t, ['linkedin', 'twitter'], { plan: 'starter' });
      const [li, tw] = connections;
      const created = dataOf(await gql(CREATE, { input: { content: 'v1', platforms: [li.platformId] } }, account.cookie)).createPost;
      const err = errorOf(await gql(UPDATE, { id: created.id, input: { platforms: [li.platformId, tw.platformId] } }, account.cookie));
      expect(err.extensions).toMatchObject({ code: 'PLATFORM_NOT_AVAILABLE', disallowedPlatforms: ['twitter'] });
      expect(dataOf(await gql(GET, { id: created.id }, account.cookie)).post.platformPosts).toHaveLength(1);
    });

    it('refusals: REST messages, published groups, groups being published, other users', async () => {
      const { account, connections } = await accountWithConnections(t, ['linkedin']);
      const [draftId, publishedId, takenId] = await seedGroups(t, account.userId, [
        { status: 'draft', connections },
        { status: 'published', connections, scheduledTime: new Date() },
        { status: 'scheduled', connections, scheduledTime: new Date(), postStatus: 'processing' },
      ]);
      const cases: Array<[string, Record<string, unknown>, string, string]> = [
        [draftId, {}, 'Either status or scheduledTime must be provided', 'BAD_USER_INPUT'],
        [draftId, { status: 'published' }, "Status must be either 'draft' or 'scheduled'", 'BAD_USER_INPUT'],
        [draftId, { scheduledTime: 'soon' }, 'Invalid scheduled time format', 'BAD_USER_INPUT'],
        [draftId, { content: '' }, 'Content is required', 'BAD_USER_INPUT'],
        [draftId, { platforms: ['linkedin-unknown'] }, 'Platform connection not found: linkedin-unknown', 'BAD_USER_INPUT'],
        [publishedId, { status: 'draft' }, 'Cannot update post: post is currently in published status', 'BAD_USER_INPUT'],
        [publishedId, { content: 'new' }, 'Cannot update post: post is currently in published status', 'BAD_USER_INPUT'],
        [takenId, { content: 'new' }, 'Cannot edit post: publishing has already started', 'BAD_USER_INPUT'],
        [String(new Types.ObjectId()), { status: 'draft' }, 'Post group not found', 'NOT_FOUND'],
        ['malformed', { content: 'x' }, 'Post group not found', 'NOT_FOUND'],
      ];
      for (const [id, input, message, code] of cases) {
        const err = errorOf(await gql(UPDATE, { id, input }, account.cookie));
        expect({ input, message: err.message, code: err.code }).toEqual({ input, message, code });
      }
      const stranger = await createAccount(t);
      const err = errorOf(await gql(UPDATE, { id: draftId, input: { content: 'mine now' } }, stranger.cookie));
      expect([err.message, err.code]).toEqual(['Post group not found', 'NOT_FOUND']);
      const unchanged = await t.connection.model(PostGroup.name).findById(draftId).lean<{ content: string; status: string }>();
      expect(unchanged).toMatchObject({ content: 'seed 0', status: 'draft' });
    });
  });

  describe('deletePost', () => {
    it('deletes the group, its platform posts and logs; another user’s id is NOT_FOUND', async () => {
      const { account, connections } = await accountWithConnections(t, ['linkedin']);
      const created = dataOf(
        await gql(CREATE, { input: { content: 'bye', platforms: [connections[0].platformId], scheduledTime: isoIn(10) } }, account.cookie),
      ).createPost;
      const stranger = await createAccount(t);
      const refused = errorOf(await gql('mutation($id: ID!) { deletePost(id: $id) }', { id: created.id }, stranger.cookie));
      expect([refused.message, refused.code]).toEqual(['Post group not found', 'NOT_FOUND']);
      expect(dataOf(await gql('mutation($id: ID!) { deletePost(id: $id) }', { id: created.id }, account.cookie)).deletePost).toBe(true);
      const gid = new Types.ObjectId(created.id);
      expect(await t.connection.model(PostGroup.name).countDocuments({ _id: gid })).toBe(0);
      expect(await t.connection.model(PlatformPost.name).countDocuments({ postGroupId: gid })).toBe(0);
      expect(await t.connection.model(PostLog.name).countDocuments({ postGroupId: gid })).toBe(0);
      const again = errorOf(await gql('mutation($id: ID!) { deletePost(id: $id) }', { id: created.id }, account.cookie));
      expect(again.code).toBe('NOT_FOUND');
    });
  });

  describe('usage', () => {
    it('answers the REST numbers', async () => {
      const { account, connections } = await accountWithConnections(t, ['linkedin'], { plan: 'starter', apiAccess: true });
      await gql(CREATE, { input: { content: 'x', platforms: [connections[0].platformId], scheduledTime: isoIn(60) } }, account.cookie);
      const res = dataOf(
        await gql(
          `{ usage { planName periodStart periodEnd scheduleHorizonDays platforms
            monthlyPosts { limit scope used remaining byConnection { platformId used remaining } }
            scheduledPosts { limit used remaining } connections { limit used remaining } } }`,
          {},
          account.cookie,
        ),
      ).usage;
      const rest = (await t.http.get('/api/v1/usage').set(account.apiHeaders).expect(200)).body;
      const { success: _success, ...restUsage } = rest;
      expect(res).toEqual(restUsage);
      expect(res).toMatchObject({ planName: 'Starter', scheduledPosts: { used: 1 }, monthlyPosts: { scope: 'account', used: 1 } });
    });
  });

  describe('post-count limits (the REST limit-exceeded body in extensions)', () => {
    const period = { periodStart: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), periodEnd: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) };
    const pendingOf = (userId: string) => t.connection.model(PlatformPost.name).countDocuments({ userId: new Types.ObjectId(userId), status: 'scheduled' });

    it('SCHEDULED_POST_LIMIT_REACHED: createPost and updatePost beyond the pending posts the plan allows; nothing changes', async () => {
      const { account, connections } = await accountWithConnections(t, ['linkedin'], { plan: 'starter' });
      const li = connections[0].platformId;
      for (let i = 0; i < 3; i++) dataOf(await gql(CREATE, { input: { content: `p${i}`, platforms: [li], scheduledTime: isoIn(60 + i) } }, account.cookie));
      const body = {
        code: 'SCHEDULED_POST_LIMIT_REACHED',
        metric: 'posts.scheduled_active',
        message: 'Scheduled post limit reached. Your Starter plan allows 3 scheduled platform posts at a time.',
        limit: 3,
        used: 3,
        requested: 1,
        remaining: 0,
        scope: 'account',
        planName: 'Starter',
        ...period,
      };
      const created = errorOf(await gql(CREATE, { input: { content: 'p4', platforms: [li], scheduledTime: isoIn(90) } }, account.cookie));
      expect(created.message).toBe('Scheduled post limit reached');
      expect(created.extensions).toEqual(body);

      const draft = dataOf(await gql(CREATE, { input: { content: 'd', platforms: [li] } }, account.cookie)).createPost;
      const updated = errorOf(await gql(UPDATE, { id: draft.id, input: { status: 'scheduled', scheduledTime: isoIn(95) } }, account.cookie));
      expect(updated.message).toBe('Scheduled post limit reached');
      expect(updated.extensions).toEqual(body);
      expect(dataOf(await gql(GET, { id: draft.id }, account.cookie)).post).toMatchObject({ status: 'draft', platformPosts: [{ status: 'pending' }] });
      expect(await groupsOf(account.userId)).toBe(4);
      expect(await pendingOf(account.userId)).toBe(3);
    });

    it('POST_LIMIT_REACHED on Starter: one monthly pool for the account', async () => {
      const { account, connections } = await accountWithConnections(t, ['linkedin', 'threads'], { plan: 'starter' });
      await seedGroups(
        t,
        account.userId,
        Array.from({ length: 14 }, () => ({ status: 'published' as const, scheduledTime: new Date(), connections: [connections[0]] })),
      );
      // 14 used + 2 requested (one group on two connections) > 15.
      const err = errorOf(
        await gql(CREATE, { input: { content: 'x', platforms: connections.map((c) => c.platformId), scheduledTime: isoIn(60) } }, account.cookie),
      );
      expect(err.message).toBe('Post limit reached');
      expect(err.extensions).toEqual({
        code: 'POST_LIMIT_REACHED',
        metric: 'posts.platform_monthly',
        message: 'Monthly post limit reached. Your Starter plan allows 15 platform posts per month.',
        limit: 15,
        used: 14,
        requested: 2,
        remaining: 1,
        scope: 'account',
        planName: 'Starter',
        ...period,
      });
      expect(await groupsOf(account.userId)).toBe(14);
      // One platform post still fits.
      dataOf(await gql(CREATE, { input: { content: 'x', platforms: [connections[1].platformId], scheduledTime: isoIn(60) } }, account.cookie));
    });

    it('POST_LIMIT_REACHED on Pro: a pool per connection, the blocked ones listed; scheduling a draft is refused the same way', async () => {
      const { account, connections } = await accountWithConnections(t, ['linkedin', 'mastodon'], { plan: 'pro' });
      const [full, free] = connections;
      await seedGroups(
        t,
        account.userId,
        Array.from({ length: 100 }, () => ({ status: 'published' as const, scheduledTime: new Date(), connections: [full] })),
      );
      const body = {
        code: 'POST_LIMIT_REACHED',
        metric: 'posts.platform_monthly',
        message: 'Monthly post limit reached. Your Pro plan allows 100 platform posts per month.',
        limit: 100,
        used: null,
        remaining: null,
        scope: 'connection',
        blockedPlatforms: [{ platformSelection: full.platformId, used: 100, remaining: 0 }],
        planName: 'Pro',
        ...period,
      };
      const created = errorOf(
        await gql(CREATE, { input: { content: 'x', platforms: [full.platformId, free.platformId], scheduledTime: isoIn(60) } }, account.cookie),
      );
      expect(created.message).toBe('Post limit reached');
      expect(created.extensions).toEqual({ ...body, requested: 2 });

      const draft = dataOf(await gql(CREATE, { input: { content: 'x', platforms: [full.platformId] } }, account.cookie)).createPost;
      const updated = errorOf(await gql(UPDATE, { id: draft.id, input: { status: 'scheduled' } }, account.cookie));
      expect(updated.message).toBe('Post limit reached');
      expect(updated.extensions).toEqual({ ...body, requested: 1 });
      expect(dataOf(await gql(GET, { id: draft.id }, account.cookie)).post).toMatchObject({ status: 'draft', platformPosts: [{ status: 'pending' }] });
      // The connection with room left still takes a post.
      dataOf(await gql(CREATE, { input: { content: 'x', platforms: [free.platformId], scheduledTime: isoIn(60) } }, account.cookie));
    });
  });

  describe('sessions only', () => {
    it('every operation is UNAUTHENTICATED without a session, and writes nothing', async () => {
      const { account, connections } = await accountWithConnections(t, ['linkedin']);
      const [id] = await seedGroups(t, account.userId, [{ status: 'draft', connections }]);
      const ops: Array<[string, Record<string, unknown>]> = [
        ['{ posts { totalItems } }', {}],
        [GET, { id }],
        ['{ usage { planName } }', {}],
        [CREATE, { input: { content: 'x', platforms: [connections[0].platformId] } }],
        [UPDATE, { id, input: { status: 'scheduled' } }],
        ['mutation($id: ID!) { deletePost(id: $id) }', { id }],
      ];
      for (const [query, variables] of ops) {
        const res = await gql(query, variables);
        expect(res.status).toBe(401);
        expect(res.data).toBeUndefined();
        expect(errorOf(res)).toMatchObject({ message: 'Authentication required', code: 'UNAUTHENTICATED' });
      }
      expect(await groupsOf(account.userId)).toBe(1);
      expect(await t.connection.model(PostGroup.name).findById(id).lean<{ status: string }>()).toMatchObject({ status: 'draft' });
    });
  });

  describe('no N+1', () => {
    /** Database commands on the post collections while `run` executes (the driver's command events). */
    async function countQueries(run: () => Promise<unknown>): Promise<Record<string, number>> {
      const counts: Record<string, number> = {};
      const watched = new Set(['post_groups', 'platform_posts', 'post_logs', 'media']);
      const onCommand = (e: { commandName: string; command: Record<string, unknown> }) => {
        const collection = String(e.command[e.commandName]);
        if (watched.has(collection)) counts[`${collection}.${e.commandName}`] = (counts[`${collection}.${e.commandName}`] ?? 0) + 1;
      };
      const client = t.connection.getClient();
      client.on('commandStarted', onCommand);
      try {
        await run();
      } finally {
        client.off('commandStarted', onCommand);
      }
      return counts;
    }

    it('a page costs the same queries for 2 groups as for 25', async () => {
      const PAGE = `query($l: Int) { posts(limit: $l) { totalItems items { id content
        platformPosts { platformId status error { code } } logs { event } } } }`;
      const small = await accountWithConnections(t, ['linkedin', 'mastodon']);
      const large = await accountWithConnections(t, ['linkedin', 'mastodon']);
      await seedGroups(
        t,
        small.account.userId,
        Array.from({ length: 2 }, () => ({ status: 'draft' as const, connections: small.connections })),
      );
      await seedGroups(
        t,
        large.account.userId,
        Array.from({ length: 25 }, () => ({ status: 'draft' as const, connections: large.connections })),
      );

      let smallItems = 0;
      let largeItems = 0;
      const forSmall = await countQueries(async () => {
        smallItems = dataOf(await gql(PAGE, { l: 25 }, small.account.cookie)).posts.items.length;
      });
      const forLarge = await countQueries(async () => {
        const items = dataOf(await gql(PAGE, { l: 25 }, large.account.cookie)).posts.items;
        largeItems = items.length;
        expect(items.every((i: any) => i.platformPosts.length === 2)).toBe(true);
      });
      expect([smallItems, largeItems]).toEqual([2, 25]);
      expect(forLarge).toEqual(forSmall);
      // The page and its count, one query for every platform post, one for every log.
      expect(forLarge).toEqual({ 'post_groups.find': 1, 'post_groups.count': 1, 'platform_posts.find': 1, 'post_logs.find': 1 });
    });
  });
});
