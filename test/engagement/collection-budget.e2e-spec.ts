import { createAccount, createConnection, createTestApp, type TestApp } from '@test/support';
import { TwitterFake } from '@test/support/fakes';
import { EngagementCollectorService } from '../../src/engagement/engagement-collector.service';
import { FAST_ENGINE_ENV, waitFor, waitForGroup } from '../publishing/publishing-helpers';
import { seedDueTracks } from './engagement-helpers';

const POSTS = 10_000;
const CONNECTIONS = 100;

/**
 * Metric collection never starves publishing: with 10,000 posts due for collection across 100
 * connections and the collector running, a post scheduled now still goes out on time, and no
 * connection is read more often than its hourly budget.
 */
describe('Engagement: a collection backlog beside publishing', () => {
  const twitter = new TwitterFake();
  let t: TestApp;

  beforeAll(async () => {
    await twitter.start();
    twitter.checkAfterSecs = 0;
    t = await createTestApp({
      env: {
        ...FAST_ENGINE_ENV,
        TWITTER_API_URL: twitter.baseUrl,
        TWITTER_UPLOAD_URL: twitter.baseUrl,
        TWITTER_CLIENT_ID: 'client-1',
        ENGAGEMENT_COLLECTION_INTERVAL_MS: '100',
        ENGAGEMENT_CLAIM_BATCH: '500',
        ENGAGEMENT_REQUESTS_PER_CONNECTION_PER_HOUR: '30',
        ENGAGEMENT_CONCURRENCY: '8',
      },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await twitter.stop();
  });

  it('publishes on time while the collector works through its backlog within each connection’s budget', async () => {
    const account = await createAccount(t, { plan: 'premium', seats: CONNECTIONS + 5 });
    const connections: Array<Awaited<ReturnType<typeof createConnection>>> = [];
    for (let i = 0; i < CONNECTIONS; i++) {
      twitter.setToken(`tw-${i}`);
      connections.push(
        await createConnection(t, account.userId, { platform: 'twitter', externalId: `15000000000${i}`, username: `u${i}`, accessToken: `tw-${i}` }),
      );
    }
    const publishedAt = new Date(Date.now() - 2 * 3_600_000);
    const due = new Date(Date.now() - 60_000);
    // The backlog, as the publishing engine would have left it: one track per published post.
    await seedDueTracks(t, {
      userId: account.userId,
      connections,
      count: POSTS,
      postedIdOf: (i) => String(1_900_000_000_000_000_000n + BigInt(i)),
      publishedAt,
      due,
    });
    const collector = t.app.get(EngagementCollectorService);
    await waitFor(async () => twitter.calls(/^GET \/2\/tweets$/).length > 0, 20_000, 20);

    // A post due now, while the backlog is being read.
    twitter.setToken('tw-publisher');
    const publisher = await createConnection(t, account.userId, {
      platform: 'twitter',
      externalId: '1500000000000000001',
      username: 'fakeuser',
      accessToken: 'tw-publisher',
    });
    const scheduledAt = new Date();
    const backlogThen = await collector.backlog();
    const res = await t.http
      .post('/api/v1/create-post')
      .set(account.apiHeaders)
      .send({ content: `On time ${Date.now()}`, platforms: [publisher.platformId], scheduledTime: scheduledAt.toISOString() });
    expect(res.status).toBe(200);
    const group = await waitForGroup(t, account.apiHeaders, res.body.postGroupId, 20_000);
    expect(group.status).toBe('published');
    const logs = (await t.http.get(`/api/v1/post-logs/${res.body.postGroupId}`).set(account.apiHeaders)).body.logs as Array<{
      event: string;
      createdAt: string;
    }>;
    const publishedLog = logs.find((l) => l.event === 'publish_succeeded')!;
    const latencyMs = new Date(publishedLog.createdAt).getTime() - scheduledAt.getTime();
    // The scheduler ticks every 200 ms: on time is within a few ticks, not after the backlog.
    expect(latencyMs).toBeLessThan(5_000);
    expect(backlogThen).toBeGreaterThan(0);

    // Every due post is read (the posts of a connection in one pass share a request), and no
    // connection beyond its budget.
    await waitFor(async () => (await collector.backlog()) === 0, 150_000, 500);
    const reads = twitter.calls(/^GET \/2\/tweets$/);
    expect(reads.length).toBeGreaterThanOrEqual(CONNECTIONS);
    expect(reads.length).toBeLessThan(POSTS / 2);
    const perToken = new Map<string, number>();
    for (const r of reads) {
      const token = String(r.headers.authorization ?? '');
      perToken.set(token, (perToken.get(token) ?? 0) + 1);
    }
    expect(Math.max(...perToken.values())).toBeLessThanOrEqual(30);
  }, 240_000);
});
