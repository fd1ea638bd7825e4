import { createConnection, createTestApp, openTestDatabase, type TestApp } from '@test/support';
import { FakeTelegramServer, FakeMastodonServer, TwitterFake } from '@test/support/fakes';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAppProcess, type AppProcess } from '../foundation/app-process';
import { accountWithConnections, seedGroups } from '../posts/posts-helpers';
import { waitFor } from './publishing-helpers';

/**
 * SIGKILL of a separate app process while create calls are in flight (the fakes answer them
 * slowly, and still create the posts after the client is gone), then a restart: nothing is
 * created twice and no platform post is left `processing`. Where the platform can be read (X,
 * Mastodon) every post ends published exactly once — found by reconciliation or, when absent,
 * sent again; where it cannot (Telegram) an in-flight post stays PUBLISH_OUTCOME_UNKNOWN.
 */
describe('Publishing engine: killed mid-publish, restarted', () => {
  const twitter = new TwitterFake();
  const mastodon = new FakeMastodonServer();
  const telegram = new FakeTelegramServer();
  const CHAT_ID = -1001234;
  const PER_OTHER = 8;
  let control: TestApp;
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let proc: AppProcess | null = null;
  const dirs: string[] = [];
  const TOTAL = 24;
  const secrets = { ENCRYPTION_KEY: 'b'.repeat(64), SESSION_SECRET: 'k'.repeat(40) };

  function startApp(): AppProcess {
    const dataDir = mkdtempSync(join(tmpdir(), 'sps-kill-'));
    dirs.push(dataDir);
    return startAppProcess({
      ...secrets,
      NODE_ENV: 'test',
      MONGODB_URI: db.uri,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO_ACCOUNT: 'false',
      // The Mastodon fake listens on 127.0.0.1.
      CONNECT_ALLOW_PRIVATE_INSTANCES: 'true',
      SCHEDULER_ENABLED: 'true',
      SCHEDULER_INTERVAL_MS: '200',
      PUBLISH_LEASE_MS: '2000',
      PUBLISH_CONCURRENCY: '8',
      PUBLISH_ADVISORY_RATES: 'false',
      PUBLISH_RETRY_BASE_MS: '100',
      PLATFORM_REQUEST_TIMEOUT_MS: '4000',
      TOKEN_UPKEEP_INTERVAL_MS: '0',
      WEBHOOKS_WORKER_ENABLED: 'false',
      TWITTER_API_URL: twitter.baseUrl,
      TWITTER_UPLOAD_URL: twitter.baseUrl,
      TELEGRAM_API_URL: telegram.baseUrl,
    });
  }

  beforeAll(async () => {
    await twitter.start();
    twitter.setToken('tw-token');
    await mastodon.start();
    mastodon.setToken('md-token');
    await telegram.start();
    telegram.setToken('123:bot');
    telegram.addChat({ id: CHAT_ID, type: 'channel', title: 'News', botStatus: 'administrator' });
    db = await openTestDatabase();
    control = await createTestApp({ env: { ...secrets, SCHEDULER_ENABLED: 'false' }, databaseUri: db.uri });
    const { account } = await accountWithConnections(control, [], { plan: 'premium', seats: 10 });
    const tw = await createConnection(control, account.userId, {
      platform: 'twitter',
      externalId: twitter.user.id,
      username: 'fakeuser',
      accessToken: 'tw-token',
    });
    const md = await createConnection(control, account.userId, {
      platform: 'mastodon',
      externalId: mastodon.account.id,
      accessToken: 'md-token',
      instanceUrl: mastodon.baseUrl,
    });
    const tg = await createConnection(control, account.userId, { platform: 'telegram', externalId: String(CHAT_ID), accessToken: '123:bot' });
    // Every create call is slow: the kill lands while several are in flight.
    twitter.inject({ kind: 'slow', match: 'POST /2/tweets', delayMs: 1500 }, TOTAL);
    mastodon.inject({ kind: 'slow', match: 'POST /api/v1/statuses', delayMs: 1500 }, 100);
    telegram.inject({ kind: 'slow', match: '/sendMessage', delayMs: 1500 }, 100);
    const due = new Date(Date.now() - 1000);
    await seedGroups(control, account.userId, [
      ...Array.from({ length: TOTAL }, (_, i) => ({ content: `kill test ${i}`, status: 'scheduled' as const, scheduledTime: due, connections: [tw] })),
      ...Array.from({ length: PER_OTHER }, (_, i) => ({ content: `kill mastodon ${i}`, status: 'scheduled' as const, scheduledTime: due, connections: [md] })),
      ...Array.from({ length: PER_OTHER }, (_, i) => ({ content: `kill telegram ${i}`, status: 'scheduled' as const, scheduledTime: due, connections: [tg] })),
    ]);
  }, 120_000);

  afterAll(async () => {
    if (proc && proc.child.exitCode === null) {
      proc.child.kill('SIGKILL');
      await proc.exited;
    }
    await control?.close();
    await db?.stop();
    await twitter.stop();
    await mastodon.stop();
    await telegram.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('publishes nothing twice and leaves nothing processing', async () => {
    proc = startApp();
    await proc.listening;
    // Kill while each platform has a create call received and not yet answered.
    await waitFor(
      async () =>
        twitter.calls('POST /2/tweets').length - twitter.posts.length >= 2 &&
        mastodon.calls('POST /api/v1/statuses').length > mastodon.posts.length &&
        telegram.calls('/sendMessage').length > telegram.messages.length,
      60_000,
      20,
    );
    proc.child.kill('SIGKILL');
    await proc.exited;
    const posts = control.connection.collection('platform_posts');
    const inFlightAtKill = await posts.find({ status: 'processing', attemptInFlight: { $exists: true } }).toArray();
    expect(new Set(inFlightAtKill.map((p) => p.platform))).toEqual(new Set(['twitter', 'mastodon', 'telegram']));
    const telegramInFlight = inFlightAtKill.filter((p) => p.platform === 'telegram').map((p) => p.content as string);

    proc = startApp();
    await proc.listening;
    const ALL = TOTAL + 2 * PER_OTHER;
    await waitFor(async () => (await posts.countDocuments({ status: { $in: ['published', 'failed'] } })) === ALL, 150_000, 500);
    await telegram.settle();

    // Nothing reached any platform twice.
    const copies = (texts: string[]) => texts.reduce((m, t) => m.set(t, (m.get(t) ?? 0) + 1), new Map<string, number>());
    const twice = (texts: string[]) => [...copies(texts).entries()].filter(([, n]) => n > 1);
    expect(twice(twitter.posts.map((t) => t.text))).toEqual([]);
    expect(twice(mastodon.posts.map((m) => m.text))).toEqual([]);
    expect(twice(telegram.messages.map((m) => m.text ?? ''))).toEqual([]);
    expect(await posts.countDocuments({ status: 'processing' })).toBe(0);

    const all = await posts.find({}).toArray();
    // Readable platforms: every post published exactly once, recorded with the platform's own id.
    for (const p of all.filter((p) => p.platform === 'twitter')) {
      expect([p.content, p.status]).toEqual([p.content, 'published']);
      expect(p.postedId).toBe(twitter.posts.find((t) => t.text === p.content)?.id);
    }
    for (const p of all.filter((p) => p.platform === 'mastodon')) {
      expect([p.content, p.status]).toEqual([p.content, 'published']);
      expect(p.postedId).toBe(mastodon.posts.find((m) => m.text === p.content)?.id);
    }
    // The `publish_attempted` entry of each call in flight at the kill was written by the restarted
    // instance from the post's marker (the dead one writes it only with the call's outcome).
    const attempted = await control.connection
      .collection('post_logs')
      .find({ _id: { $in: inFlightAtKill.map((p) => p.attemptInFlight.logId) } })
      .toArray();
    expect(attempted.map((l) => [String(l._id), String(l.postId), l.event, l.createdAt])).toEqual(
      expect.arrayContaining(inFlightAtKill.map((p) => [String(p.attemptInFlight.logId), String(p._id), 'publish_attempted', p.attemptInFlight.startedAt])),
    );
    expect(attempted).toHaveLength(inFlightAtKill.length);
    const reconciled = all.filter((p) => p.platform === 'twitter' && (p.claim?.attempt ?? 0) > 1).length;
    expect(reconciled).toBeGreaterThan(0);
    // Telegram cannot be read: the posts in flight at the kill stay unknown, never resent; the rest published.
    for (const p of all.filter((p) => p.platform === 'telegram')) {
      if (telegramInFlight.includes(p.content)) {
        expect([p.content, p.status, p.error?.code]).toEqual([p.content, 'failed', 'PUBLISH_OUTCOME_UNKNOWN']);
      } else {
        expect([p.content, p.status]).toEqual([p.content, 'published']);
      }
    }
  }, 200_000);
});
