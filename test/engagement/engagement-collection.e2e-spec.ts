import { createAccount, createConnection, createTestApp, type TestAccount, type TestApp } from '@test/support';
import { FakeTelegramServer, TwitterFake } from '@test/support/fakes';
import { Types } from 'mongoose';
import { EngagementCollectorService } from '../../src/engagement/engagement-collector.service';
import { call, mcpClient } from '../mcp/mcp-helpers';
import { FAST_ENGINE_ENV, waitForGroup } from '../publishing/publishing-helpers';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** What the X fake gives a young post besides likes, sorted: the top-posts CSV's columns after the ranked one. */
const TOP_POST_COUNTERS = [
  'bookmark_count',
  'engagements',
  'impressions',
  'organic_impression_count',
  'organic_like_count',
  'organic_reply_count',
  'organic_retweet_count',
  'organic_url_link_clicks',
  'organic_user_profile_clicks',
  'quote_count',
  'replies',
  'reposts',
  'url_link_clicks',
  'user_profile_clicks',
];

/**
 * Post and account metrics, followed from publishing through the collector's steps against the X
 * fake (real HTTP): batched reads, growing counters, a post deleted on X, the per-connection
 * budget, a rate limit, a missing scope, and two instances that never read the same thing twice.
 */
describe('Engagement: collection and the metrics API', () => {
  const twitter = new TwitterFake();
  const telegram = new FakeTelegramServer();
  const CHAT_ID = -1005555;
  let t: TestApp;
  let second: TestApp | undefined;
  let collector: EngagementCollectorService;
  let n = 0;

  beforeAll(async () => {
    await Promise.all([twitter.start(), telegram.start()]);
    t = await createTestApp({
      env: {
        ...FAST_ENGINE_ENV,
        TWITTER_API_URL: twitter.baseUrl,
        TWITTER_UPLOAD_URL: twitter.baseUrl,
        TWITTER_CLIENT_ID: 'client-1',
        TELEGRAM_API_URL: telegram.baseUrl,
        // Driven by hand (runOnce with the time to act at).
        ENGAGEMENT_COLLECTION_INTERVAL_MS: '0',
        ENGAGEMENT_REQUESTS_PER_CONNECTION_PER_HOUR: '6',
      },
    });
    collector = t.app.get(EngagementCollectorService);
    twitter.checkAfterSecs = 0;
    twitter.setToken('tw-token');
    telegram.setToken('123:bot');
    telegram.addChat({ id: CHAT_ID, type: 'channel', title: 'News', botStatus: 'administrator', memberCount: 321 });
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await t?.close();
    await Promise.all([twitter.stop(), telegram.stop()]);
  });
  beforeEach(() => twitter.clearFaults());

  /** A fresh account with its own X connection (its own budget), and `count` published tweets. */
  async function publishedTweets(
    count: number,
  ): Promise<{ account: TestAccount; platformId: string; connectionId: string; groups: string[]; publishedAt: Date }> {
    const account = await createAccount(t, { plan: 'premium', seats: 20 });
    const conn = await createConnection(t, account.userId, { platform: 'twitter', externalId: twitter.user.id, username: 'fakeuser', accessToken: 'tw-token' });
    const groups: string[] = [];
    for (let i = 0; i < count; i++) {
      const res = await t.http
        .post('/api/v1/create-post')
        .set(account.apiHeaders)
        .send({ content: `Metrics ${++n}-${Date.now()}`, platforms: [conn.platformId], scheduledTime: new Date().toISOString() });
      groups.push(res.body.postGroupId);
    }
    for (const id of groups) expect((await waitForGroup(t, account.apiHeaders, id)).status).toBe('published');
    return { account, platformId: conn.platformId, connectionId: conn.id, groups, publishedAt: new Date() };
  }
  const metricsOf = async (account: TestAccount, id: string) => {
    const res = await t.http.get(`/api/v1/post-metrics/${id}`).set(account.apiHeaders);
    expect(res.status).toBe(200);
    return res.body.posts[0];
  };
  const tweetReads = () => twitter.calls(/^GET \/2\/tweets$/).length;
  const meReads = () => twitter.accountReads;

  it('follows posts through their readings: batched, growing, a post gone on X ends, then complete', async () => {
    const { account, platformId, groups, publishedAt } = await publishedTweets(3);
    const at = (ms: number) => new Date(publishedAt.getTime() + ms);

    // Now: only the account is due (a post's first reading is an hour after it went out).
    const accountsBefore = meReads();
    const reads0 = tweetReads();
    await collector.runOnce(at(60_000));
    expect(meReads()).toBe(accountsBefore + 1);
    expect(tweetReads()).toBe(reads0);
    const fresh = await metricsOf(account, groups[0]);
    expect(fresh).toMatchObject({ platformId, collection: 'collecting', latest: null, series: [] });
    expect(new Date(fresh.nextCollectionAt).getTime()).toBeGreaterThan(publishedAt.getTime() + HOUR - 60_000);

    // One hour on: the three posts in one request.
    const first = await collector.runOnce(at(HOUR + 60_000));
    expect(tweetReads()).toBe(reads0 + 1);
    expect(first).toMatchObject({ collected: 3, requests: 1 });
    const hour = await metricsOf(account, groups[0]);
    expect(hour.latest.values).toEqual(
      expect.objectContaining({ likes: expect.any(Number), reposts: expect.any(Number), replies: expect.any(Number), impressions: expect.any(Number) }),
    );
    expect(Object.values(hour.latest.values).every((v) => typeof v === 'number')).toBe(true);
    expect(new Date(hour.nextCollectionAt).getTime()).toBeGreaterThan(publishedAt.getTime() + 6 * HOUR - 120_000);

    // Six hours: the counters moved.
    await collector.runOnce(at(6 * HOUR + 60_000));
    const six = await metricsOf(account, groups[0]);
    expect(six.series).toHaveLength(2);
    expect(six.latest.values.likes).toBeGreaterThan(hour.latest.values.likes);

    // Deleted on X before the 24-hour reading: that post ends, the others carry on.
    const gone = six.postedId;
    twitter.posts.splice(
      twitter.posts.findIndex((p) => p.id === gone),
      1,
    );
    await collector.runOnce(at(DAY + 60_000));
    const ended = await metricsOf(account, groups[0]);
    expect(ended).toMatchObject({ collection: 'ended', endedBecause: expect.any(String) });
    expect(ended.series).toHaveLength(2);
    expect((await metricsOf(account, groups[1])).series).toHaveLength(3);

    // Six requests an hour: the account's daily readings and the posts' have spent them, so the
    // posts wait and nothing more is sent.
    const spentReads = tweetReads();
    const spent = await collector.runOnce(at(30 * DAY + 60_000));
    expect(spent.deferred).toBeGreaterThan(0);
    expect(tweetReads()).toBe(spentReads);
    expect((await metricsOf(account, groups[1])).collection).toBe('collecting');
    // An hour later the budget is back (its window is emptied here instead of waited for).
    await t.connection.collection('engagement_budgets').deleteMany({});
    await collector.runOnce(at(30 * DAY + 2 * HOUR));
    const done = await metricsOf(account, groups[1]);
    expect(done).toMatchObject({ collection: 'complete' });
    expect(done.nextCollectionAt).toBeUndefined();
    expect(done.series).toHaveLength(4);

    // The account's daily readings.
    const accountRes = await t.http
      .get(`/api/v1/account-metrics/${platformId}`)
      .set(account.apiHeaders)
      .query({ from: new Date(publishedAt.getTime() - DAY).toISOString(), to: at(31 * DAY).toISOString() });
    expect(accountRes.status).toBe(200);
    expect(accountRes.body).toMatchObject({ success: true, platformId, platform: 'twitter', collection: 'collecting' });
    expect(accountRes.body.days.length).toBeGreaterThanOrEqual(1);
    expect(accountRes.body.latest.values).toEqual(expect.objectContaining({ followers: expect.any(Number), following: expect.any(Number) }));

    // As CSV.
    const csv = await t.http.get(`/api/v1/post-metrics/${groups[1]}`).set(account.apiHeaders).query({ format: 'csv' });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toMatch(/^takenAt,postId,platform,platformId,postedId,.*likes/);
    expect(lines).toHaveLength(5);
  });

  it('a rate limit stops the connection until the platform’s wait; a missing scope is named', async () => {
    const { account, groups, publishedAt } = await publishedTweets(1);
    const at = (ms: number) => new Date(publishedAt.getTime() + ms);
    await collector.runOnce(at(60_000)); // the account reading
    twitter.inject({ kind: 'rate_limit', match: /^GET \/2\/tweets$/, retryAfterSeconds: 1800 });
    const limited = await collector.runOnce(at(HOUR + 60_000));
    expect(limited).toMatchObject({ requests: 1, collected: 0 });
    const waiting = await metricsOf(account, groups[0]);
    expect(waiting.lastError).toMatchObject({ code: 'RATE_LIMITED', category: 'rate_limited' });
    expect(new Date(waiting.nextCollectionAt).getTime()).toBeGreaterThanOrEqual(at(HOUR + 60_000).getTime() + 1800_000);

    // Past the wait but with the connection's budget blocked: still nothing is sent.
    const reads = tweetReads();
    await t.connection.collection('engagement_budgets').deleteMany({});
    twitter.refuseMissingScope(/^GET \/2\/tweets$/);
    await collector.runOnce(at(2 * HOUR));
    expect(tweetReads()).toBe(reads + 1);
    const refused = await metricsOf(account, groups[0]);
    expect(refused.lastError).toMatchObject({ category: 'permission_missing', message: expect.stringMatching(/tweet\.read/) });
    // A day before it is tried again.
    expect(new Date(refused.nextCollectionAt).getTime()).toBeGreaterThanOrEqual(at(2 * HOUR + DAY - 60_000).getTime());
    // The connection says which permission to grant, until a read works again.
    const listed = async () => (await t.http.get('/api/v1/platform-connections').set(account.apiHeaders)).body.connections[0];
    expect((await listed()).missingPermission).toMatch(/tweet\.read/);
    await collector.runOnce(at(2 * HOUR + DAY + 60_000));
    expect((await metricsOf(account, groups[0])).series).toHaveLength(1);
    expect((await listed()).missingPermission).toBeUndefined();
  });

  it('a deleted post group is not read again, and its readings go with it', async () => {
    const { account, groups, publishedAt } = await publishedTweets(1);
    await collector.runOnce(new Date(publishedAt.getTime() + HOUR + 60_000));
    expect((await metricsOf(account, groups[0])).series).toHaveLength(1);
    const tracks = t.connection.collection('metric_tracks');
    const snapshots = t.connection.collection('metric_snapshots');
    const ofGroup = { postGroupId: new Types.ObjectId(groups[0]) };
    expect(await snapshots.countDocuments(ofGroup)).toBe(1);
    expect((await t.http.delete(`/api/v1/delete-post/${groups[0]}`).set(account.apiHeaders)).status).toBe(200);
    expect(await tracks.countDocuments(ofGroup)).toBe(0);
    expect(await snapshots.countDocuments(ofGroup)).toBe(0);
    const reads = tweetReads();
    await collector.runOnce(new Date(publishedAt.getTime() + 6 * HOUR + 60_000));
    expect(tweetReads()).toBe(reads);
  });

  it('a platform without post metrics says so, not zeros; Telegram’s account is its chat’s member count', async () => {
    const account = await createAccount(t, { plan: 'premium', seats: 5 });
    const tg = await createConnection(t, account.userId, { platform: 'telegram', externalId: String(CHAT_ID), accessToken: '123:bot', type: 'bot' });
    const res = await t.http
      .post('/api/v1/create-post')
      .set(account.apiHeaders)
      .send({ content: `No metrics ${Date.now()}`, platforms: [tg.platformId], scheduledTime: new Date().toISOString() });
    await waitForGroup(t, account.apiHeaders, res.body.postGroupId);
    expect(await metricsOf(account, res.body.postGroupId)).toMatchObject({ collection: 'not_supported', latest: null, series: [] });
    const accountOf = async () => (await t.http.get(`/api/v1/account-metrics/${tg.platformId}`).set(account.apiHeaders)).body;
    expect(await accountOf()).toMatchObject({ platform: 'telegram', collection: 'collecting', days: [], latest: null });

    // Due from the moment it was connected: one getChatMemberCount of the chat.
    const countReads = () => telegram.calls(/\/getChatMemberCount$/);
    const before = countReads().length;
    const readAt = new Date();
    await collector.runOnce(readAt);
    expect(countReads()).toHaveLength(before + 1);
    expect(countReads().at(-1)!.body).toEqual({ chat_id: String(CHAT_ID) });
    const read = await accountOf();
    expect(read).toMatchObject({ collection: 'collecting', latest: { takenAt: readAt.toISOString(), values: { followers: 321 } } });
    expect(read.days).toEqual([{ date: readAt.toISOString().slice(0, 10), takenAt: readAt.toISOString(), values: { followers: 321 } }]);
    expect(read.lastError).toBeUndefined();
  });

  it('refuses bad input with clear messages', async () => {
    const account = await createAccount(t, { plan: 'premium' });
    const cases: Array<[string, Record<string, string>, number, string]> = [
      ['/api/v1/post-metrics/not-an-id', {}, 404, 'Post group not found'],
      ['/api/v1/post-metrics/0123456789abcdef01234567', {}, 404, 'Post group not found'],
      ['/api/v1/account-metrics/twitter-nope', {}, 404, 'Platform connection not found'],
      ['/api/v1/top-posts', { from: 'yesterday' }, 400, 'Invalid from date'],
      ['/api/v1/top-posts', { from: '2026-02-01', to: '2026-01-01' }, 400, 'from must be before to'],
      ['/api/v1/top-posts', { from: '2020-01-01', to: '2026-01-01' }, 400, 'The range may span at most 366 days'],
      ['/api/v1/top-posts', { metric: 'likes; drop' }, 400, 'metric must be a counter name (letters, digits, _ or .) or engagement'],
      ['/api/v1/top-posts', { format: 'xml' }, 400, 'format must be json or csv'],
      ['/api/v1/best-times', { timeZone: 'Mars/Olympus' }, 400, 'timeZone must be an IANA time zone, such as Europe/Berlin'],
    ];
    for (const [path, query, status, error] of cases) {
      const res = await t.http.get(path).set(account.apiHeaders).query(query);
      expect([path, res.status, res.body]).toEqual([path, status, { error }]);
    }
    expect((await t.http.get('/api/v1/top-posts')).status).toBe(401);
  });

  it('top posts and best times come from the readings; MCP tools answer the same', async () => {
    const { account, platformId, groups, publishedAt } = await publishedTweets(2);
    await collector.runOnce(new Date(publishedAt.getTime() + HOUR + 60_000));
    const top = await t.http.get('/api/v1/top-posts').set(account.apiHeaders).query({ metric: 'likes', limit: 1 });
    expect(top.status).toBe(200);
    expect(top.body).toMatchObject({ success: true, metric: 'likes' });
    expect(top.body.posts).toHaveLength(1);
    expect(groups).toContain(top.body.posts[0].postGroupId);
    expect(top.body.posts[0].value).toBe(top.body.posts[0].latest.values.likes);
    const times = await t.http.get('/api/v1/best-times').set(account.apiHeaders).query({ timeZone: 'Europe/Berlin' });
    expect(times.body).toMatchObject({ success: true, timeZone: 'Europe/Berlin', posts: 2, enough: false, message: expect.stringMatching(/at least 10/) });
    expect(times.body.cells.reduce((sum: number, c: { posts: number }) => sum + c.posts, 0)).toBe(2);

    const client = await mcpClient(t, account.apiHeaders);
    try {
      const viaMcp = await call(client, 'get_top_posts', { metric: 'likes', limit: 1 });
      expect(viaMcp.json.posts).toEqual(top.body.posts);
      const metrics = await call(client, 'get_post_metrics', { postGroupId: groups[0] });
      expect(metrics.json).toEqual((await t.http.get(`/api/v1/post-metrics/${groups[0]}`).set(account.apiHeaders)).body);

      // The reading was taken an hour ahead of now: a range that holds it, the same for both
      // (the default range ends at each call's own now).
      const range = { from: new Date(publishedAt.getTime() - DAY).toISOString(), to: new Date(publishedAt.getTime() + 2 * DAY).toISOString() };
      const accountRest = await t.http.get(`/api/v1/account-metrics/${platformId}`).set(account.apiHeaders).query(range);
      expect(accountRest.status).toBe(200);
      expect(accountRest.body.days).toHaveLength(1);
      expect(accountRest.body.latest.values).toEqual(expect.objectContaining({ followers: expect.any(Number) }));
      const accountMcp = await call(client, 'get_account_metrics', { platformId, ...range });
      expect(accountMcp.isError).toBeFalsy();
      expect(accountMcp.json).toEqual(accountRest.body);

      const timesMcp = await call(client, 'get_best_times', { timeZone: 'Europe/Berlin' });
      expect(timesMcp.isError).toBeFalsy();
      expect(timesMcp.json).toEqual(times.body);
      const since = { timeZone: 'Asia/Tokyo', from: range.from, platformId };
      const timesRest = await t.http.get('/api/v1/best-times').set(account.apiHeaders).query(since);
      expect(timesRest.body).toMatchObject({ timeZone: 'Asia/Tokyo', posts: 2 });
      expect((await call(client, 'get_best_times', since)).json).toEqual(timesRest.body);

      // Refusals carry REST's message and status.
      const unknown = await call(client, 'get_account_metrics', { platformId: 'twitter-nope' });
      expect(unknown.isError).toBe(true);
      expect(unknown.json).toEqual({ error: 'Platform connection not found', status: 404 });
      const badZone = await call(client, 'get_best_times', { timeZone: 'Mars/Olympus' });
      expect(badZone.isError).toBe(true);
      expect(badZone.json).toEqual({ error: 'timeZone must be an IANA time zone, such as Europe/Berlin', status: 400 });
    } finally {
      await client.close();
    }
  });

  it('account metrics and top posts as CSV: the JSON answer’s rows, one column per counter', async () => {
    const { account, platformId, publishedAt } = await publishedTweets(2);
    await collector.runOnce(new Date(publishedAt.getTime() + HOUR + 60_000));
    const range = { from: new Date(publishedAt.getTime() - DAY).toISOString(), to: new Date(publishedAt.getTime() + 2 * DAY).toISOString() };

    const accountJson = (await t.http.get(`/api/v1/account-metrics/${platformId}`).set(account.apiHeaders).query(range)).body;
    const accountCsv = await t.http
      .get(`/api/v1/account-metrics/${platformId}`)
      .set(account.apiHeaders)
      .query({ ...range, format: 'csv' });
    expect(accountCsv.status).toBe(200);
    expect(accountCsv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(accountCsv.headers['content-disposition']).toBe(`attachment; filename="account-metrics-${platformId}.csv"`);
    const [day] = accountJson.days;
    const v = day.values;
    expect(accountCsv.text.split('\r\n')).toEqual([
      'date,takenAt,platform,platformId,followers,following,like_count,listed_count,media_count,posts',
      [day.date, day.takenAt, 'twitter', platformId, v.followers, v.following, v.like_count, v.listed_count, v.media_count, v.posts].join(','),
      '',
    ]);

    const topJson = (await t.http.get('/api/v1/top-posts').set(account.apiHeaders).query({ metric: 'likes', limit: 1 })).body;
    const topCsv = await t.http.get('/api/v1/top-posts').set(account.apiHeaders).query({ metric: 'likes', limit: 1, format: 'csv' });
    expect(topCsv.status).toBe(200);
    expect(topCsv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(topCsv.headers['content-disposition']).toBe('attachment; filename="top-posts-likes.csv"');
    const [post] = topJson.posts;
    const others = TOP_POST_COUNTERS.map((name) => post.latest.values[name]);
    expect(topCsv.text.split('\r\n')).toEqual([
      ['rank,postId,postGroupId,platform,platformId,postedId,publishedUrl,publishedAt,likes,takenAt', ...TOP_POST_COUNTERS].join(','),
      [
        1,
        post.postId,
        post.postGroupId,
        'twitter',
        platformId,
        post.postedId,
        post.publishedUrl,
        post.publishedAt,
        post.value,
        post.latest.takenAt,
        ...others,
      ].join(','),
      '',
    ]);
    expect(post.value).toBe(post.latest.values.likes);
  });

  it('two instances never read the same post twice', async () => {
    const { account, groups, publishedAt } = await publishedTweets(2);
    await collector.runOnce(new Date(publishedAt.getTime() + 60_000));
    second = await createTestApp({
      databaseUri: t.databaseUri,
      env: {
        TWITTER_API_URL: twitter.baseUrl,
        TWITTER_CLIENT_ID: 'client-1',
        ENGAGEMENT_COLLECTION_INTERVAL_MS: '0',
        ENGAGEMENT_REQUESTS_PER_CONNECTION_PER_HOUR: '6',
      },
    });
    const other = second.app.get(EngagementCollectorService);
    const reads = tweetReads();
    const due = new Date(publishedAt.getTime() + HOUR + 60_000);
    const [a, b] = await Promise.all([collector.runOnce(due), other.runOnce(due)]);
    expect(a.collected + b.collected).toBe(2);
    expect(tweetReads() - reads).toBe(1);
    for (const id of groups) expect((await metricsOf(account, id)).series).toHaveLength(1);
  });
});
