import { createConnection, createTestApp, openTestDatabase, type TestApp } from '@app/testing';
import { TwitterFake } from '@app/testing/fakes';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAppProcess, type AppProcess } from '../foundation/app-process';
import { accountWithConnections, seedGroups } from '../posts/posts-helpers';
import { waitFor } from './publishing-helpers';

/**
 * SIGKILL of a separate app process while create calls are in flight (the fake answers them
 * slowly, and still creates the posts after the client is gone), then a restart: nothing is
 * created twice and no platform post is left `processing`.
 */
describe('Publishing engine: killed mid-publish, restarted', () => {
  const twitter = new TwitterFake();
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
    });
  }

  beforeAll(async () => {
    await twitter.start();
    twitter.setToken('tw-token');
    db = await openTestDatabase();
    control = await createTestApp({ env: { ...secrets, SCHEDULER_ENABLED: 'false' }, databaseUri: db.uri });
    const { account } = await accountWithConnections(control, [], { plan: 'premium', seats: 10 });
    const tw = await createConnection(control, account.userId, { platform: 'twitter', externalId: twitter.user.id, username: 'fakeuser', accessToken: 'tw-token' });
    // Every create call is slow: the kill lands while several are in flight.
    twitter.inject({ kind: 'slow', match: 'POST /2/tweets', delayMs: 1500 }, TOTAL);
    await seedGroups(
      control,
      account.userId,
      Array.from({ length: TOTAL }, (_, i) => ({ content: `kill test ${i}`, status: 'scheduled' as const, scheduledTime: new Date(Date.now() - 1000), connections: [tw] })),
    );
  }, 120_000);

  afterAll(async () => {
    if (proc && proc.child.exitCode === null) {
      proc.child.kill('SIGKILL');
      await proc.exited;
    }
    await control?.close();
    await db?.stop();
    await twitter.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('publishes nothing twice and leaves nothing processing', async () => {
    proc = startApp();
    await proc.listening;
    await waitFor(async () => twitter.calls('POST /2/tweets').length >= 4, 60_000, 20);
    proc.child.kill('SIGKILL');
    await proc.exited;
    const posts = control.connection.collection('platform_posts');
    const inFlightAtKill = await posts.countDocuments({ status: 'processing', attemptInFlight: { $exists: true } });
    expect(inFlightAtKill).toBeGreaterThan(0);

    proc = startApp();
    await proc.listening;
    await waitFor(async () => (await posts.countDocuments({ status: { $in: ['published', 'failed'] } })) === TOTAL, 150_000, 500);

    const creates = new Map<string, number>();
    for (const r of twitter.calls('POST /2/tweets')) {
      const text = (r.body as { text: string }).text;
      creates.set(text, (creates.get(text) ?? 0) + 1);
    }
    expect([...creates.entries()].filter(([, n]) => n > 1)).toEqual([]);
    expect(await posts.countDocuments({ status: 'processing' })).toBe(0);

    // Every post the platform has is recorded as published with its id; the others failed
    // with PUBLISH_OUTCOME_UNKNOWN at worst, never as a second copy.
    const all = await posts.find({}).toArray();
    for (const p of all) {
      const tweet = twitter.posts.find((t) => t.text === p.content);
      if (p.status === 'published') expect(p.postedId).toBe(tweet?.id);
      else expect(p.error?.code).toBe('PUBLISH_OUTCOME_UNKNOWN');
    }
    const reconciled = all.filter((p) => p.status === 'published' && (p.claim?.attempt ?? 0) > 1).length;
    expect(reconciled).toBeGreaterThan(0);
  }, 200_000);
});
