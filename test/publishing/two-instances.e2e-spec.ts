import { createConnection, createTestApp, openTestDatabase, type TestApp } from '@test/support';
import { FakeMastodonServer, TwitterFake } from '@test/support/fakes';
import { accountWithConnections, seedGroups } from '../posts/posts-helpers';
import { FAST_ENGINE_ENV, waitFor } from './publishing-helpers';

/**
 * Two app instances on one database, 1,000 due platform posts on two platforms: every post is
 * created on its platform exactly once (counted in the fakes' request logs by content).
 */
describe('Publishing engine: two instances share the work without duplicates', () => {
  const twitter = new TwitterFake();
  const mastodon = new FakeMastodonServer();
  let a: TestApp;
  let b: TestApp;
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  const TOTAL = 1000;

  beforeAll(async () => {
    await Promise.all([twitter.start(), mastodon.start()]);
    twitter.setToken('tw-token');
    mastodon.setToken('md-token');
    const env = {
      ...FAST_ENGINE_ENV,
      SCHEDULER_ENABLED: 'false',
      SCHEDULER_INTERVAL_MS: '100',
      PUBLISH_CLAIM_BATCH: '50',
      TWITTER_API_URL: twitter.baseUrl,
      TWITTER_UPLOAD_URL: twitter.baseUrl,
      ENCRYPTION_KEY: 'a'.repeat(64),
      SESSION_SECRET: 's'.repeat(40),
    };
    // Seeded with the schedulers off, so both instances start on a full backlog.
    db = await openTestDatabase();
    a = await createTestApp({ env, databaseUri: db.uri });
    const { account } = await accountWithConnections(a, [], { plan: 'premium', seats: 10 });
    const tw = await createConnection(a, account.userId, { platform: 'twitter', externalId: twitter.user.id, username: 'fakeuser', accessToken: 'tw-token' });
    const md = await createConnection(a, account.userId, {
      platform: 'mastodon',
      externalId: mastodon.account.id,
      username: 'alice',
      accessToken: 'md-token',
      instanceUrl: mastodon.baseUrl,
    });
    const due = new Date(Date.now() - 1000);
    await seedGroups(
      a,
      account.userId,
      Array.from({ length: TOTAL }, (_, i) => ({
        content: `bulk post ${i}`,
        status: 'scheduled' as const,
        scheduledTime: due,
        connections: [i % 2 ? md : tw],
      })),
    );
    await a.close();
    [a, b] = await Promise.all([
      createTestApp({ env: { ...env, SCHEDULER_ENABLED: 'true' }, databaseUri: db.uri }),
      createTestApp({ env: { ...env, SCHEDULER_ENABLED: 'true' }, databaseUri: db.uri }),
    ]);
  }, 120_000);

  afterAll(async () => {
    await b?.close();
    await a?.close();
    await db?.stop();
    await Promise.all([twitter.stop(), mastodon.stop()]);
  });

  it('publishes all 1,000 due posts, none twice, none missed', async () => {
    const posts = a.connection.collection('platform_posts');
    const started = Date.now();
    await waitFor(
      async () => {
        const done = await posts.countDocuments({ status: { $in: ['published', 'failed'] } });
        if (process.env.DEBUG_PUBLISHING)
          console.log(
            Date.now() - started,
            'ms',
            done,
            await posts.countDocuments({ status: 'processing' }),
            twitter.requests.length + mastodon.requests.length,
          );
        return done === TOTAL;
      },
      280_000,
      1000,
    );

    const created = new Map<string, number>();
    for (const r of twitter.calls('POST /2/tweets')) {
      const text = (r.body as { text: string }).text;
      created.set(text, (created.get(text) ?? 0) + 1);
    }
    for (const r of mastodon.calls('POST /api/v1/statuses')) {
      const text = (r.body as { status: string }).status;
      created.set(text, (created.get(text) ?? 0) + 1);
    }
    expect(created.size).toBe(TOTAL);
    expect([...created.values()].filter((n) => n !== 1)).toEqual([]);
    expect(await posts.countDocuments({ status: 'published' })).toBe(TOTAL);
    expect(await a.connection.collection('post_groups').countDocuments({ status: 'published', processingStatus: 'finished' })).toBe(TOTAL);

    // Both instances did part of the work.
    const owners = await posts.distinct('claim.owner');
    expect(owners.length).toBe(2);
  }, 300_000);
});
