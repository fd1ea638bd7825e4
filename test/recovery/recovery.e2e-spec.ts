import { createAccount, createConnection, createTestApp, type TestAccount, type TestApp } from '@test/support';
import { FakeMastodonServer, FakeTelegramServer, TwitterFake } from '@test/support/fakes';
import { Types } from 'mongoose';
import { PlatformPost } from '../../src/posts/schemas/platform-post.schema';
import { call, mcpClient } from '../mcp/mcp-helpers';
import { dataOf, errorOf, gqlClient } from '../graphql/graphql-helpers';
import { FAST_ENGINE_ENV, postLogs, waitFor, waitForGroup } from '../publishing/publishing-helpers';
import { startReceiver, type Receiver } from '../webhooks/receiver';

/**
 * Retry and unpublish over REST, GraphQL and MCP, against the X, Mastodon and Telegram fakes:
 * every refusal changes nothing, and the fakes' call counts prove nothing is published twice.
 */
describe('Recovery: retry-post and unpublish-post', () => {
  const twitter = new TwitterFake();
  const mastodon = new FakeMastodonServer();
  const telegram = new FakeTelegramServer();
  const CHAT_ID = -1009876;
  let t: TestApp;
  let account: TestAccount;
  let tw: Awaited<ReturnType<typeof createConnection>>;
  let md: Awaited<ReturnType<typeof createConnection>>;
  let tg: Awaited<ReturnType<typeof createConnection>>;
  let receiver: Receiver;
  let n = 0;

  const TWEET = 'POST /2/tweets';
  /** X refuses the text for good (a 400 that no retry cures). */
  const refuseTweet = () =>
    twitter.inject({
      kind: 'respond',
      match: TWEET,
      response: { status: 400, body: { title: 'Invalid Request', detail: 'One or more parameters to your request was invalid.', type: 'about:blank' } },
    });

  beforeAll(async () => {
    await Promise.all([twitter.start(), mastodon.start(), telegram.start()]);
    receiver = await startReceiver();
    t = await createTestApp({
      env: {
        ...FAST_ENGINE_ENV,
        TWITTER_API_URL: twitter.baseUrl,
        TWITTER_UPLOAD_URL: twitter.baseUrl,
        TWITTER_CLIENT_ID: 'client-1',
        TELEGRAM_API_URL: telegram.baseUrl,
        PUBLISH_MAX_ATTEMPTS: '2',
        PLATFORM_REQUEST_TIMEOUT_MS: '1500',
        WEBHOOKS_WORKER_ENABLED: 'true',
        WEBHOOKS_WORKER_INTERVAL_MS: '50',
        WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
      },
    });
    account = await createAccount(t, { plan: 'premium', seats: 50 });
    twitter.checkAfterSecs = 0;
    twitter.setToken('tw-token');
    mastodon.setToken('md-token');
    telegram.setToken('123:bot');
    telegram.addChat({ id: CHAT_ID, type: 'channel', title: 'News', botStatus: 'administrator' });
    tw = await createConnection(t, account.userId, {
      platform: 'twitter',
      externalId: twitter.user.id,
      username: 'fakeuser',
      accessToken: 'tw-token',
      refreshToken: 'tw-refresh',
    });
    md = await createConnection(t, account.userId, {
      platform: 'mastodon',
      externalId: mastodon.account.id,
      username: 'alice',
      accessToken: 'md-token',
      instanceUrl: mastodon.baseUrl,
    });
    tg = await createConnection(t, account.userId, { platform: 'telegram', externalId: String(CHAT_ID), accessToken: '123:bot' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    await Promise.all([twitter.stop(), mastodon.stop(), telegram.stop()]);
  });
  beforeEach(() => {
    twitter.clearFaults();
    mastodon.clearFaults();
    telegram.clearFaults();
  });

  const unique = (text: string) => `${text} #${++n}-${Date.now()}`;
  const tweetsWith = (content: string) => twitter.posts.filter((p) => p.text === content).length;
  async function schedule(content: string, platformIds: string[]): Promise<string> {
    const res = await t.http
      .post('/api/v1/create-post')
      .set(account.apiHeaders)
      .send({ content, platforms: platformIds, scheduledTime: new Date().toISOString() });
    if (res.status !== 200) throw new Error(`create-post ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.postGroupId;
  }
  const retry = (id: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    t.http
      .post(`/api/v1/retry-post/${id}`)
      .set({ ...account.apiHeaders, ...headers })
      .send(body);
  const unpublish = (id: string, body: Record<string, unknown> = {}) => t.http.post(`/api/v1/unpublish-post/${id}`).set(account.apiHeaders).send(body);
  const getPostOf = async (who: TestAccount, id: string) => (await t.http.get(`/api/v1/get-post/${id}`).set(who.apiHeaders)).body;
  const getPost = (id: string) => getPostOf(account, id);

  /** A tweet that X refused, finished as failed. */
  async function failedTweet(content = unique('Refused tweet')): Promise<{ id: string; content: string }> {
    refuseTweet();
    const id = await schedule(content, [tw.platformId]);
    const group = await waitForGroup(t, account.apiHeaders, id);
    expect(group.status).toBe('failed');
    return { id, content };
  }

  describe('error categories', () => {
    it('a failed post carries the spec error, and beside it a category and a hint', async () => {
      const { id } = await failedTweet();
      const [post] = (await getPost(id)).posts;
      expect(post.status).toBe('failed');
      expect(post.error).toMatchObject({ code: expect.any(String), message: expect.any(String), retryable: false });
      expect(post.errorCategory).toBe('content_rejected');
      expect(post.errorHint).toMatch(/text or settings/);
      // Not inside the spec's error object.
      expect(post.error.category).toBeUndefined();
      const failedLog = (await postLogs(t, account.apiHeaders, id)).find((l) => l.event === 'publish_failed')!;
      expect(failedLog.metadata).toMatchObject({ errorCategory: 'content_rejected' });
    });
  });

  describe('retry', () => {
    it('puts a failed post back, publishes it once, and logs who retried', async () => {
      const { id, content } = await failedTweet();
      const callsBefore = twitter.calls(TWEET).length;
      const res = await retry(id);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, postGroupId: id, status: 'scheduled' });
      expect(res.body.retried).toEqual([
        { postId: expect.any(String), platform: 'twitter', platformId: tw.platformId, scheduledTime: expect.any(String), forced: false },
      ]);
      expect(res.body.warning).toBeUndefined();

      const group = await waitForGroup(t, account.apiHeaders, id);
      expect(group.status).toBe('published');
      expect(group.posts[0].error).toBeUndefined();
      expect(group.posts[0].errorCategory).toBeUndefined();
      expect(twitter.calls(TWEET).length).toBe(callsBefore + 1);
      expect(tweetsWith(content)).toBe(1);

      const logs = await postLogs(t, account.apiHeaders, id);
      const retried = logs.filter((l) => l.metadata?.retry === true);
      expect(retried.map((l) => [l.postId ? 'post' : 'group', l.event])).toEqual([
        ['group', 'status_changed'],
        ['post', 'status_changed'],
        ['post', 'scheduled'],
      ]);
      expect(retried[0].metadata).toMatchObject({ from: 'failed', to: 'scheduled' });
      expect(retried[1].metadata).toMatchObject({
        from: 'failed',
        to: 'scheduled',
        forced: false,
        previousError: expect.any(String),
        by: { userId: account.userId, client: 'api', keyPrefix: expect.any(String) },
      });
      // Then the engine's own run, to published.
      expect(logs.at(-1)).toMatchObject({ event: 'status_changed', metadata: { from: 'scheduled', to: 'published' } });
    });

    it('never retries a published post: refused, and nothing is sent', async () => {
      const content = unique('Went out');
      const id = await schedule(content, [tw.platformId]);
      expect((await waitForGroup(t, account.apiHeaders, id)).status).toBe('published');
      const calls = twitter.calls(TWEET).length;

      const all = await retry(id);
      expect(all.status).toBe(400);
      expect(all.body).toEqual({ error: 'Nothing to retry: no post of this group has failed' });
      const named = await retry(id, { platformIds: [tw.platformId] });
      expect(named.status).toBe(400);
      expect(named.body).toEqual({ error: `Only failed posts can be retried: the post on ${tw.platformId} is published` });

      await new Promise((r) => setTimeout(r, 600));
      expect(twitter.calls(TWEET).length).toBe(calls);
      expect(tweetsWith(content)).toBe(1);
      expect((await getPost(id)).status).toBe('published');
    });

    it('refuses bad input with a clear message and changes nothing', async () => {
      const { id } = await failedTweet();
      const cases: Array<[Record<string, unknown>, number, string]> = [
        [{ platformIds: [] }, 400, 'platformIds must be a non-empty array of platform IDs'],
        [{ platformIds: 'twitter-1' }, 400, 'platformIds must be a non-empty array of platform IDs'],
        [{ platformIds: [42] }, 400, 'platformIds must be a non-empty array of platform IDs'],
        [{ force: 'yes' }, 400, 'force must be true or false'],
        [{ platformIds: [md.platformId] }, 400, `Platform not in this post group: ${md.platformId}`],
      ];
      for (const [body, status, error] of cases) {
        const res = await retry(id, body);
        expect([res.status, res.body]).toEqual([status, { error }]);
      }
      expect((await retry(new Types.ObjectId().toHexString())).status).toBe(404);
      expect((await retry('not-an-id')).body).toEqual({ error: 'Post group not found' });
      const other = await createAccount(t, { plan: 'premium' });
      const foreign = await t.http.post(`/api/v1/retry-post/${id}`).set(other.apiHeaders).send({});
      expect([foreign.status, foreign.body]).toEqual([404, { error: 'Post group not found' }]);
      expect(await t.http.post(`/api/v1/retry-post/${id}`).send({})).toHaveProperty('status', 401);

      const after = await getPost(id);
      expect(after.status).toBe('failed');
      expect(after.posts[0].status).toBe('failed');
    });

    it('accepts the compound id or the bare one get-post shows, and replays an Idempotency-Key', async () => {
      const { id, content } = await failedTweet();
      const bare = (await getPost(id)).posts[0].platformId;
      const first = await retry(id, { platformIds: [bare] }, { 'Idempotency-Key': `retry-${id}` });
      expect(first.status).toBe(200);
      const again = await retry(id, { platformIds: [bare] }, { 'Idempotency-Key': `retry-${id}` });
      expect([again.status, again.body]).toEqual([200, first.body]);
      const different = await retry(id, { platformIds: [tw.platformId] }, { 'Idempotency-Key': `retry-${id}` });
      expect(different.status).toBe(409);
      await waitForGroup(t, account.apiHeaders, id);
      expect(tweetsWith(content)).toBe(1);
    });

    it('retries only the failed part of a group: partially published → published, with the opt-in events', async () => {
      const hook = await t.http
        .post('/api/v1/webhooks')
        .set(account.apiHeaders)
        .send({ name: 'recovery', url: receiver.url, events: ['post.partially_published', 'post.retried', 'post.unpublished'] });
      expect(hook.status).toBe(201);
      const specOnly = await startReceiver();
      try {
        await t.http
          .post('/api/v1/webhooks')
          .set(account.apiHeaders)
          .send({ name: 'spec', url: specOnly.url, events: ['post.published', 'post.failed'] });
        const content = unique('Half out');
        refuseTweet();
        const id = await schedule(content, [tw.platformId, md.platformId]);
        const partial = await waitForGroup(t, account.apiHeaders, id);
        expect(partial.status).toBe('partially_published');
        const toots = mastodon.posts.filter((p) => p.text === content).length;
        expect(toots).toBe(1);

        const res = await retry(id);
        expect(res.body.retried.map((r: { platformId: string }) => r.platformId)).toEqual([tw.platformId]);
        const done = await waitForGroup(t, account.apiHeaders, id);
        expect(done.status).toBe('published');
        expect(mastodon.posts.filter((p) => p.text === content).length).toBe(1);
        expect(tweetsWith(content)).toBe(1);

        const events = await waitFor(async () => {
          const mine = receiver.requests.filter((r) => r.body.data.postGroupId === id).map((r) => r.body);
          return mine.length >= 2 ? mine : null;
        });
        const partialEvent = events.find((e) => e.event === 'post.partially_published')!;
        expect(partialEvent.data).toEqual({
          postGroupId: id,
          published: [{ postId: expect.any(String), platform: 'mastodon' }],
          failed: [{ postId: expect.any(String), platform: 'twitter', error: { code: expect.any(String), message: expect.any(String) } }],
          finishedAt: expect.any(String),
        });
        const retriedEvent = events.find((e) => e.event === 'post.retried')!;
        expect(retriedEvent.data).toEqual({
          postId: res.body.retried[0].postId,
          postGroupId: id,
          platform: 'twitter',
          retriedAt: expect.any(String),
          forced: false,
        });
        // A webhook of the spec's events only never gets the opt-in ones.
        await specOnly.waitFor(3);
        await new Promise((r) => setTimeout(r, 300));
        expect(specOnly.requests.map((r) => r.body.event).filter((e) => !['post.published', 'post.failed'].includes(e))).toEqual([]);

        const groupLog = (await postLogs(t, account.apiHeaders, id)).filter((l) => !l.postId && l.event === 'status_changed').map((l) => l.metadata);
        expect(groupLog.map((m) => [m!.from, m!.to])).toEqual([
          ['scheduled', 'partially_published'],
          ['partially_published', 'scheduled'],
          ['scheduled', 'published'],
        ]);
      } finally {
        await specOnly.close();
      }
    });

    it('an unknown outcome is retried only with force, and the answer says it may publish twice', async () => {
      const content = unique('Lost answer');
      // The connection drops after the request was sent: Telegram cannot be asked whether it arrived.
      telegram.inject({ kind: 'reset', match: '/sendMessage' });
      const id = await schedule(content, [tg.platformId]);
      const failed = await waitForGroup(t, account.apiHeaders, id, 20_000);
      expect(failed.posts[0].error.code).toBe('PUBLISH_OUTCOME_UNKNOWN');
      expect(failed.posts[0].errorCategory).toBe('outcome_unknown');
      const sends = telegram.calls('/sendMessage').length;

      const refused = await retry(id);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatch(/^The outcome of the post on telegram-.* is unknown: .*retry with force: true, which may publish it twice$/);
      await new Promise((r) => setTimeout(r, 500));
      expect(telegram.calls('/sendMessage').length).toBe(sends);
      expect((await getPost(id)).posts[0].status).toBe('failed');

      const forced = await retry(id, { force: true });
      expect(forced.status).toBe(200);
      expect(forced.body.retried[0].forced).toBe(true);
      expect(forced.body.warning).toBe(
        `Forced retry: the earlier attempt on ${tg.platformId} may have reached the platform, so this may publish the post twice`,
      );
      const done = await waitForGroup(t, account.apiHeaders, id);
      expect([done.status, done.posts[0].error]).toEqual(['published', undefined]);
      expect(telegram.calls('/sendMessage').length).toBe(sends + 1);
      const log = (await postLogs(t, account.apiHeaders, id)).find((l) => l.event === 'scheduled' && l.metadata?.retry)!;
      expect(log.metadata).toMatchObject({ forced: true, previousError: 'PUBLISH_OUTCOME_UNKNOWN' });
    });

    it('refuses a retry on an account that must be reconnected, until it is', async () => {
      const { id } = await failedTweet();
      const connections = t.connection.collection('platform_connections');
      await connections.updateOne(
        { _id: new Types.ObjectId(tw.id) },
        { $set: { health: 'reauth_required', healthReason: 'invalid_grant: revoked', reauthRequiredAt: new Date() } },
      );
      try {
        const refused = await retry(id);
        expect([refused.status, refused.body]).toEqual([
          400,
          { error: `Reconnect the account ${tw.platformId} first: its platform refused to renew its token, so the post cannot publish` },
        ]);
        expect((await getPost(id)).posts[0].status).toBe('failed');
      } finally {
        await connections.updateOne({ _id: new Types.ObjectId(tw.id) }, { $set: { health: 'ok', healthReason: null, reauthRequiredAt: null } });
      }
      expect((await retry(id)).status).toBe(200);
      await waitForGroup(t, account.apiHeaders, id);
    });

    it('checks the limits as scheduling does: a full schedule refuses the retry with the limit body', async () => {
      // Starter: three scheduled posts at a time.
      const starter = await createAccount(t, { plan: 'starter', apiAccess: true });
      const conn = await createConnection(t, starter.userId, {
        platform: 'mastodon',
        externalId: `${mastodon.account.id}`,
        username: 'alice',
        accessToken: 'md-token',
        instanceUrl: mastodon.baseUrl,
      });
      const create = (content: string, scheduledTime: string) =>
        t.http
          .post('/api/v1/create-post')
          .set(starter.apiHeaders)
          .send({ content, platforms: [conn.platformId], scheduledTime });
      mastodon.inject({
        kind: 'respond',
        match: 'POST /api/v1/statuses',
        response: { status: 422, body: { error: 'Validation failed: Text character limit of 500 exceeded' } },
      });
      const failedId = (await create(unique('Refused toot'), new Date().toISOString())).body.postGroupId;
      expect((await waitForGroup(t, starter.apiHeaders, failedId)).status).toBe('failed');
      const later = new Date(Date.now() + 3 * 24 * 3600_000).toISOString();
      for (let i = 0; i < 3; i++) expect((await create(unique(`Later ${i}`), later)).status).toBe(200);

      const refused = await t.http.post(`/api/v1/retry-post/${failedId}`).set(starter.apiHeaders).send({});
      expect(refused.status).toBe(403);
      // The scheduling limit's own body: three pending, and the retry would make a fourth.
      expect(refused.body).toMatchObject({ error: 'Scheduled post limit reached', code: 'SCHEDULED_POST_LIMIT_REACHED', limit: 3, used: 3, requested: 1 });
      const after = await getPostOf(starter, failedId);
      expect([after.status, after.posts[0].status]).toEqual(['failed', 'failed']);
    });
  });

  describe('unpublish', () => {
    it('deletes a published post from X: status, log and event record it; a second request is refused', async () => {
      const content = unique('Delete me');
      const id = await schedule(content, [tw.platformId]);
      const group = await waitForGroup(t, account.apiHeaders, id);
      const postedId = group.posts[0].postedId;
      const deletesBefore = twitter.calls(/^DELETE \/2\/tweets\//).length;

      const res = await unpublish(id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        postGroupId: id,
        results: [{ postId: group.posts[0].postId, platform: 'twitter', platformId: tw.platformId, status: 'unpublished', unpublishedAt: expect.any(String) }],
      });
      expect(twitter.calls(/^DELETE \/2\/tweets\//).length).toBe(deletesBefore + 1);
      expect(twitter.posts.some((p) => p.id === postedId)).toBe(false);

      const after = await getPost(id);
      expect(after.posts[0]).toMatchObject({ status: 'unpublished', postedId, unpublishedAt: res.body.results[0].unpublishedAt });
      expect(after.status).toBe('published');
      const log = (await postLogs(t, account.apiHeaders, id)).at(-1)!;
      expect(log).toMatchObject({ event: 'status_changed', metadata: { from: 'published', to: 'unpublished', unpublish: true } });
      await waitFor(async () => receiver.requests.find((r) => r.body.event === 'post.unpublished' && r.body.data.postGroupId === id));

      const again = await unpublish(id);
      expect([again.status, again.body]).toEqual([400, { error: 'Nothing to unpublish: no post of this group is published' }]);
      const named = await unpublish(id, { platformIds: [tw.platformId] });
      expect(named.body).toEqual({ error: `Only published posts can be unpublished: the post on ${tw.platformId} is unpublished` });
      expect(twitter.calls(/^DELETE \/2\/tweets\//).length).toBe(deletesBefore + 1);
      // Retry never brings an unpublished post back.
      expect((await retry(id, { platformIds: [tw.platformId] })).body).toEqual({
        error: `Only failed posts can be retried: the post on ${tw.platformId} is unpublished`,
      });
    });

    it('a platform refusal leaves the post published with the reason', async () => {
      const content = unique('Stays up');
      const id = await schedule(content, [md.platformId]);
      await waitForGroup(t, account.apiHeaders, id);
      mastodon.inject({
        kind: 'respond',
        match: /^DELETE \/api\/v1\/statuses\//,
        response: { status: 403, body: { error: 'This action is outside the authorized scopes' } },
      });
      const res = await unpublish(id);
      expect(res.status).toBe(502);
      expect(res.body.error).toMatch(/^Could not unpublish: /);
      expect(res.body.results[0]).toMatchObject({
        status: 'published',
        error: { code: expect.any(String), category: expect.any(String), hint: expect.any(String) },
      });
      const after = await getPost(id);
      expect(after.posts[0].status).toBe('published');
      expect(after.posts[0].unpublishError).toMatchObject({ code: res.body.results[0].error.code, category: res.body.results[0].error.category });
      expect(mastodon.posts.filter((p) => p.text === content).length).toBe(1);
      const log = (await postLogs(t, account.apiHeaders, id)).at(-1)!;
      expect(log).toMatchObject({ event: 'status_changed', error: expect.any(String), metadata: { from: 'published', to: 'published', unpublish: 'failed' } });

      // Once the platform lets it, the same request goes through.
      const ok = await unpublish(id);
      expect(ok.status).toBe(200);
      expect((await getPost(id)).posts[0].unpublishError).toBeUndefined();
    });

    it('TikTok has no delete API: refused with a message, before anything is deleted', async () => {
      const tt = await createConnection(t, account.userId, { platform: 'tiktok', externalId: `tt-${Date.now()}`, username: 'tok', accessToken: 'tt-token' });
      const content = unique('Two places');
      const created = await t.http
        .post('/api/v1/create-post')
        .set(account.apiHeaders)
        .send({ content, platforms: [tw.platformId, tt.platformId] });
      const id = created.body.postGroupId;
      // Arrange both as published (TikTok publishing needs a video; what is tested here is the refusal).
      await t.connection
        .model(PlatformPost.name)
        .updateMany({ postGroupId: new Types.ObjectId(id) }, { $set: { status: 'published', postedId: 'v-1', publishedAt: new Date() } });
      const deletes = twitter.calls(/^DELETE /).length;
      const res = await unpublish(id);
      expect([res.status, res.body]).toEqual([400, { error: 'TikTok has no API to delete a post: delete it in TikTok itself' }]);
      expect(twitter.calls(/^DELETE /).length).toBe(deletes);
      const statuses = (await getPost(id)).posts.map((p: { status: string }) => p.status);
      expect(statuses).toEqual(['published', 'published']);
    });

    it('Instagram has no delete API: refused with a message, before anything is deleted', async () => {
      const ig = await createConnection(t, account.userId, {
        platform: 'instagram',
        externalId: `1784${Date.now()}`,
        username: 'gram',
        accessToken: 'ig-token',
      });
      const created = await t.http
        .post('/api/v1/create-post')
        .set(account.apiHeaders)
        .send({ content: unique('Also on Instagram'), platforms: [tw.platformId, ig.platformId] });
      const id = created.body.postGroupId;
      // Arranged as published (Instagram publishing needs media and its own fake; what is tested here is the refusal).
      await t.connection
        .model(PlatformPost.name)
        .updateMany({ postGroupId: new Types.ObjectId(id) }, { $set: { status: 'published', postedId: '17900000000000001', publishedAt: new Date() } });
      const deletes = twitter.calls(/^DELETE /).length;
      const res = await unpublish(id);
      expect([res.status, res.body]).toEqual([400, { error: 'Instagram has no API to delete a post: delete it in Instagram itself' }]);
      // Named alone, the same refusal.
      const named = await unpublish(id, { platformIds: [ig.platformId] });
      expect([named.status, named.body]).toEqual([400, { error: 'Instagram has no API to delete a post: delete it in Instagram itself' }]);
      expect(twitter.calls(/^DELETE /).length).toBe(deletes);
      const statuses = (await getPost(id)).posts.map((p: { status: string }) => p.status);
      expect(statuses).toEqual(['published', 'published']);
    });
  });

  describe('GraphQL and MCP', () => {
    const gqlRetry = `mutation($id: ID!, $platformIds: [String!], $force: Boolean) { retryPost(id: $id, platformIds: $platformIds, force: $force) { postGroupId warning retried { platformId forced } } }`;
    const gqlUnpublish = `mutation($id: ID!) { unpublishPost(id: $id) { postGroupId results { platformId status unpublishedAt error { code category hint } } } }`;
    const gqlPost = `query($id: ID!) { post(id: $id) { status platformPosts { status errorCategory errorHint canUnpublish unpublishedAt } } }`;

    it('the dashboard sees the category, retries, and unpublishes', async () => {
      const gql = gqlClient(t);
      const { id, content } = await failedTweet();
      const before = dataOf(await gql(gqlPost, { id }, account.cookie)).post;
      expect(before.platformPosts[0]).toMatchObject({ status: 'failed', errorCategory: 'content_rejected', errorHint: expect.any(String), canUnpublish: true });

      const refused = errorOf(await gql(gqlRetry, { id, platformIds: [md.platformId] }, account.cookie));
      expect(refused.message).toBe(`Platform not in this post group: ${md.platformId}`);
      const retried = dataOf(await gql(gqlRetry, { id }, account.cookie)).retryPost;
      expect(retried).toEqual({ postGroupId: id, warning: null, retried: [{ platformId: tw.platformId, forced: false }] });
      await waitForGroup(t, account.apiHeaders, id);
      expect(tweetsWith(content)).toBe(1);

      const gone = dataOf(await gql(gqlUnpublish, { id }, account.cookie)).unpublishPost;
      expect(gone.results).toEqual([{ platformId: tw.platformId, status: 'unpublished', unpublishedAt: expect.any(String), error: null }]);
      const after = dataOf(await gql(gqlPost, { id }, account.cookie)).post;
      expect(after.platformPosts[0]).toMatchObject({ status: 'unpublished', errorCategory: null, unpublishedAt: expect.any(String) });
    });

    it('an assistant retries and unpublishes through the MCP tools', async () => {
      const client = await mcpClient(t, account.apiHeaders);
      try {
        const { tools } = await client.listTools();
        expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['retry_post', 'unpublish_post']));
        const { id, content } = await failedTweet();
        const detail = await call(client, 'get_post', { postGroupId: id });
        expect((detail.json.posts as Array<Record<string, unknown>>)[0]).toMatchObject({ errorCategory: 'content_rejected' });

        const res = await call(client, 'retry_post', { postGroupId: id, idempotencyKey: `mcp-${id}` });
        expect(res.isError).toBeFalsy();
        expect(res.json).toMatchObject({ success: true, postGroupId: id, status: 'scheduled' });
        const repeat = await call(client, 'retry_post', { postGroupId: id, idempotencyKey: `mcp-${id}` });
        expect(repeat.json).toEqual(res.json);
        await waitForGroup(t, account.apiHeaders, id);
        expect(tweetsWith(content)).toBe(1);

        const again = await call(client, 'retry_post', { postGroupId: id });
        expect(again.isError).toBe(true);
        expect(again.json).toMatchObject({ error: 'Nothing to retry: no post of this group has failed', status: 400 });

        const gone = await call(client, 'unpublish_post', { postGroupId: id });
        expect(gone.isError).toBeFalsy();
        expect((gone.json.results as Array<Record<string, unknown>>)[0]).toMatchObject({ status: 'unpublished' });
      } finally {
        await client.close();
      }
    });
  });
});
