import { createAccount, createConnection, createTestApp, type TestApp } from '@test/support';
import { TwitterFake } from '@test/support/fakes';
import { EngagementCollectorService } from '../../src/engagement/engagement-collector.service';
import { FAST_ENGINE_ENV, waitForGroup } from '../publishing/publishing-helpers';
import { dataOf, errorOf, gqlClient } from './graphql-helpers';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const READING = 'takenAt values { name value }';
const POST_METRICS = `query($id: ID!) { postMetrics(id: $id) { postGroupId posts { postId platform platformId postedId collection nextCollectionAt endedBecause lastError { code } latest { ${READING} } series { ${READING} } } } }`;
const ACCOUNT = `query($p: String!, $from: String, $to: String) { accountMetrics(platformId: $p, from: $from, to: $to) { platformId platform from to collection lastError { code } days { date ${READING} } latest { ${READING} } } }`;
const DAILY =
  'query($p: String!, $from: String, $to: String) { dailyEngagement(platformId: $p, from: $from, to: $to) { platformId platform from to days { date posts engagement } } }';
const TOP = `query($metric: String, $limit: Int, $p: String, $from: String) { topPosts(metric: $metric, limit: $limit, platformId: $p, from: $from) { from to metric posts { postId postGroupId platformId postedId publishedAt value latest { ${READING} } } } }`;
const BEST =
  'query($tz: String, $p: String) { bestTimes(timeZone: $tz, platformId: $p) { timeZone posts enough message cells { weekday hour posts averageEngagement } } }';

const valueOf = (reading: { values: Array<{ name: string; value: number }> }, name: string) => reading.values.find((v) => v.name === name)?.value;

/** The engagement queries over GraphQL: the REST routes' answers, rules and messages, for a session. */
describe('GraphQL postMetrics, accountMetrics, dailyEngagement, topPosts, bestTimes', () => {
  const twitter = new TwitterFake();
  let t: TestApp;
  let gql: ReturnType<typeof gqlClient>;
  let collector: EngagementCollectorService;

  beforeAll(async () => {
    await twitter.start();
    t = await createTestApp({
      env: {
        ...FAST_ENGINE_ENV,
        TWITTER_API_URL: twitter.baseUrl,
        TWITTER_UPLOAD_URL: twitter.baseUrl,
        TWITTER_CLIENT_ID: 'client-1',
        // Driven by hand (runOnce with the time to act at).
        ENGAGEMENT_COLLECTION_INTERVAL_MS: '0',
      },
    });
    gql = gqlClient(t);
    collector = t.app.get(EngagementCollectorService);
    twitter.checkAfterSecs = 0;
    twitter.setToken('tw-token');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await twitter.stop();
  });

  it('answers what REST answers, with counters as name/value pairs', async () => {
    const account = await createAccount(t, { plan: 'premium', seats: 5 });
    const conn = await createConnection(t, account.userId, { platform: 'twitter', externalId: twitter.user.id, username: 'fakeuser', accessToken: 'tw-token' });
    const groups: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await t.http
        .post('/api/v1/create-post')
        .set(account.apiHeaders)
        .send({ content: `GraphQL metrics ${i}-${Date.now()}`, platforms: [conn.platformId], scheduledTime: new Date().toISOString() });
      groups.push(res.body.postGroupId);
    }
    for (const id of groups) expect((await waitForGroup(t, account.apiHeaders, id)).status).toBe('published');
    const publishedAt = Date.now();
    await collector.runOnce(new Date(publishedAt + 60_000));
    await collector.runOnce(new Date(publishedAt + HOUR + 60_000));

    const rest = (await t.http.get(`/api/v1/post-metrics/${groups[0]}`).set(account.apiHeaders)).body;
    const post = dataOf(await gql(POST_METRICS, { id: groups[0] }, account.cookie)).postMetrics;
    expect(post.postGroupId).toBe(groups[0]);
    expect(post.posts).toHaveLength(1);
    const [p] = post.posts;
    expect(p).toMatchObject({
      postId: rest.posts[0].postId,
      platform: 'twitter',
      platformId: conn.platformId,
      postedId: rest.posts[0].postedId,
      collection: 'collecting',
      endedBecause: null,
      lastError: null,
    });
    expect(p.nextCollectionAt).toBe(rest.posts[0].nextCollectionAt);
    expect(p.series).toHaveLength(1);
    expect(Object.fromEntries(p.latest.values.map((v: { name: string; value: number }) => [v.name, v.value]))).toEqual(rest.posts[0].latest.values);
    expect(p.latest.takenAt).toBe(rest.posts[0].latest.takenAt);

    const range = { from: new Date(publishedAt - DAY).toISOString(), to: new Date(publishedAt + DAY).toISOString() };
    const acc = dataOf(await gql(ACCOUNT, { p: conn.platformId, ...range }, account.cookie)).accountMetrics;
    expect(acc).toMatchObject({ platformId: conn.platformId, platform: 'twitter', collection: 'collecting', lastError: null, from: range.from, to: range.to });
    expect(acc.days).toHaveLength(1);
    expect(valueOf(acc.latest, 'followers')).toEqual(expect.any(Number));

    const daily = dataOf(await gql(DAILY, { p: conn.platformId, ...range }, account.cookie)).dailyEngagement;
    expect(daily.days).toHaveLength(3);
    const today = daily.days.find((d: { posts: number }) => d.posts > 0);
    expect(today.posts).toBe(2);
    const latest = await Promise.all(
      groups.map(async (id) => (await t.http.get(`/api/v1/post-metrics/${id}`).set(account.apiHeaders)).body.posts[0].latest.values),
    );
    expect(today.engagement).toBe(latest.reduce((sum, v) => sum + v.likes + v.reposts + v.replies, 0));

    const top = dataOf(await gql(TOP, { metric: 'likes', limit: 1, p: conn.platformId }, account.cookie)).topPosts;
    const restTop = (await t.http.get('/api/v1/top-posts').set(account.apiHeaders).query({ metric: 'likes', limit: 1, platformId: conn.platformId })).body;
    expect(top.metric).toBe('likes');
    expect(top.posts).toHaveLength(1);
    expect(top.posts[0]).toMatchObject({ postGroupId: restTop.posts[0].postGroupId, value: restTop.posts[0].value, publishedAt: restTop.posts[0].publishedAt });
    expect(valueOf(top.posts[0].latest, 'likes')).toBe(top.posts[0].value);

    const best = dataOf(await gql(BEST, { tz: 'Europe/Berlin', p: conn.platformId }, account.cookie)).bestTimes;
    expect(best).toMatchObject({ timeZone: 'Europe/Berlin', posts: 2, enough: false, message: expect.stringMatching(/at least 10/) });
    expect(best.cells.reduce((sum: number, c: { posts: number }) => sum + c.posts, 0)).toBe(2);
  });

  it('refuses with the REST messages; another user’s post or connection is NOT_FOUND; a session is required', async () => {
    const account = await createAccount(t, { plan: 'premium' });
    const other = await createAccount(t, { plan: 'premium' });
    const theirs = await createConnection(t, other.userId, { platform: 'twitter', accessToken: 'tw-token' });
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      [POST_METRICS, { id: 'not-an-id' }, 'NOT_FOUND', 'Post group not found'],
      [POST_METRICS, { id: '0123456789abcdef01234567' }, 'NOT_FOUND', 'Post group not found'],
      [ACCOUNT, { p: theirs.platformId }, 'NOT_FOUND', 'Platform connection not found'],
      [DAILY, { p: 'twitter-nope' }, 'NOT_FOUND', 'Platform connection not found'],
      [ACCOUNT, { p: theirs.platformId, from: 'yesterday' }, 'NOT_FOUND', 'Platform connection not found'],
      [TOP, { from: 'yesterday' }, 'BAD_USER_INPUT', 'Invalid from date'],
      [TOP, { metric: 'likes; drop' }, 'BAD_USER_INPUT', 'metric must be a counter name (letters, digits, _ or .) or engagement'],
      [TOP, { p: theirs.platformId }, 'NOT_FOUND', 'Platform connection not found'],
      [BEST, { tz: 'Mars/Olympus' }, 'BAD_USER_INPUT', 'timeZone must be an IANA time zone, such as Europe/Berlin'],
    ];
    for (const [query, variables, code, message] of cases) {
      const err = errorOf(await gql(query, variables, account.cookie));
      expect([variables, err.code, err.message]).toEqual([variables, code, message]);
    }
    const own = await createConnection(t, account.userId, { platform: 'twitter', accessToken: 'tw-token' });
    for (const [from, to, message] of [
      ['2026-02-01', '2026-01-01', 'from must be before to'],
      ['2020-01-01', '2026-01-01', 'The range may span at most 366 days'],
      ['2026-01-01', 'later', 'Invalid to date'],
    ]) {
      const err = errorOf(await gql(ACCOUNT, { p: own.platformId, from, to }, account.cookie));
      expect([err.code, err.message]).toEqual(['BAD_USER_INPUT', message]);
    }
    // Nothing read yet: an empty answer, not an error.
    const fresh = dataOf(await gql(ACCOUNT, { p: own.platformId }, account.cookie)).accountMetrics;
    expect(fresh).toMatchObject({ collection: 'collecting', days: [], latest: null });
    expect(dataOf(await gql(TOP, {}, account.cookie)).topPosts).toMatchObject({ metric: 'engagement', posts: [] });
    const unauthenticated = await gql(BEST, {});
    expect([unauthenticated.status, errorOf(unauthenticated).code]).toEqual([401, 'UNAUTHENTICATED']);
  });
});
