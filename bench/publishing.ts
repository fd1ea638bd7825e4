/**
 * Publishing throughput: N platform posts due in the same minute across C connections (Mastodon
 * fakes answering every call after 50 ms), published by one app instance. Reports the time to
 * publish all beside the theoretical floor (N × 50 ms / PUBLISH_CONCURRENCY) and their ratio.
 *
 *   node -r @swc-node/register bench/publishing.ts [posts=10000] [connections=1000] [concurrency=16] [latencyMs=50] [--count-commands]
 *
 * `--count-commands` also prints the database commands per published post, by command and
 * collection (the driver's command monitoring; it costs a little time).
 *
 * The fake platform runs on its own worker thread: a real platform is another machine, so its
 * request handling must not share the app's event loop (the floor assumes only its latency).
 */
import { createAccount, createConnection, createTestApp } from '@test/support';
import { Worker } from 'node:worker_threads';
import { seedGroups } from '../test/posts/posts-helpers';
import type { ConnectionRef } from '../src/connections/connections.service';
import { applyHeapGrowth } from '../src/common/heap-growth';

const COUNT_COMMANDS = process.argv.includes('--count-commands');
const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const TOTAL = Number(args[0] ?? 10_000);
const CONNECTIONS = Number(args[1] ?? 1000);
const CONCURRENCY = Number(args[2] ?? 16);
const LATENCY = Number(args[3] ?? 50);

// The fake Mastodon on a worker thread: its tokens md-0 … md-<C-1>, its latency, and on request
// how many statuses it created. Run from sources, the worker (a fresh module registry) loads the
// fakes through swc-node too; compiled (npm run bench), as they are.
const FAKE = `
${__filename.endsWith('.ts') ? `require(${JSON.stringify(require.resolve('@swc-node/register'))});` : ''}
const { parentPort, workerData } = require('node:worker_threads');
const { FakeMastodonServer } = require(${JSON.stringify(require.resolve('../test/support/fakes'))});
const fake = new FakeMastodonServer();
// A real server's keep-alive (Node's default 5 s): at the fake's 1 s every call would open a new connection.
fake.keepAliveTimeoutMs = 5000;
fake.start().then(() => {
  fake.latencyMs = workerData.latency;
  for (let i = 0; i < workerData.connections; i++) fake.setToken('md-' + i);
  parentPort.postMessage({ baseUrl: fake.baseUrl });
});
parentPort.on('message', async (m) => {
  if (m === 'creates') parentPort.postMessage({ creates: fake.calls('POST /api/v1/statuses').length });
  if (m === 'stop') { await fake.stop(); process.exit(0); }
});
`;

function startFake(): Promise<{ baseUrl: string; creates(): Promise<number>; stop(): Promise<void> }> {
  const worker = new Worker(FAKE, { eval: true, workerData: { latency: LATENCY, connections: CONNECTIONS } });
  const next = <T>() => new Promise<T>((resolve, reject) => (worker.once('message', resolve), worker.once('error', reject)));
  return next<{ baseUrl: string }>().then(({ baseUrl }) => ({
    baseUrl,
    creates: () => (worker.postMessage('creates'), next<{ creates: number }>().then((m) => m.creates)),
    stop: () => new Promise<void>((resolve) => (worker.once('exit', () => resolve()), worker.postMessage('stop'))),
  }));
}

/** CPU time of this (the app's main) thread, in ms: a figure other load on the machine disturbs less than wall time. */
function threadCpuMs(): number {
  const usage = (process as unknown as { threadCpuUsage(): { user: number; system: number } }).threadCpuUsage();
  return (usage.user + usage.system) / 1000;
}

async function main() {
  applyHeapGrowth(); // as `npm start` runs the service (src/main.ts)
  const fake = await startFake();
  const t = await createTestApp({
    env: {
      SCHEDULER_ENABLED: 'false',
      SCHEDULER_INTERVAL_MS: '200',
      PUBLISH_CONCURRENCY: String(CONCURRENCY),
      PUBLISH_CLAIM_BATCH: String(Math.max(100, CONCURRENCY * 2)),
      PUBLISH_ADVISORY_RATES: 'false', // 10 posts per connection in one minute would be spaced out
      TOKEN_UPKEEP_INTERVAL_MS: '0',
      WEBHOOKS_WORKER_ENABLED: 'false',
      ENCRYPTION_KEY: 'c'.repeat(64),
      SESSION_SECRET: 'b'.repeat(40),
      // Command monitoring comes with metrics (DatabaseModule).
      ...(COUNT_COMMANDS ? { METRICS_ENABLED: 'true' } : {}),
    },
  });
  const account = await createAccount(t, { plan: 'premium', seats: CONNECTIONS + 10 });
  const connections: ConnectionRef[] = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    const token = `md-${i}`;
    connections.push(
      await createConnection(t, account.userId, { platform: 'mastodon', externalId: `acct${i}`, accessToken: token, instanceUrl: fake.baseUrl }),
    );
  }
  const due = new Date(Date.now() - 1000);
  for (let start = 0; start < TOTAL; start += 1000) {
    const n = Math.min(1000, TOTAL - start);
    await seedGroups(
      t,
      account.userId,
      Array.from({ length: n }, (_, k) => ({
        content: `bench ${start + k}`,
        status: 'scheduled' as const,
        scheduledTime: due,
        connections: [connections[(start + k) % CONNECTIONS]],
      })),
    );
  }
  console.log(`seeded ${TOTAL} posts on ${CONNECTIONS} connections; publishing with concurrency ${CONCURRENCY}, fake latency ${LATENCY} ms`);

  // Drive the scheduler's tick by hand at the configured interval (the app started with it off).
  const { PublishSchedulerService } = await import('../src/publishing/publish-scheduler.service');
  const scheduler = t.app.get(PublishSchedulerService);
  const posts = t.connection.collection('platform_posts');
  const commands = new Map<string, number>();
  if (COUNT_COMMANDS) {
    t.connection.getClient().on('commandStarted', (e: { commandName: string; command: Record<string, unknown> }) => {
      const key = `${e.commandName} ${String(e.command[e.commandName])}`;
      commands.set(key, (commands.get(key) ?? 0) + 1);
    });
  }
  const started = Date.now();
  const cpuStarted = threadCpuMs();
  const processCpuStarted = process.cpuUsage();
  const timer = setInterval(() => void scheduler.tick(), 200);
  void scheduler.tick();
  for (;;) {
    await new Promise((r) => setTimeout(r, 500));
    // One status per count: each is answered from the {status, scheduledTime} index, so polling
    // does not read every post twice a second (the database's work is what is measured).
    const done = (await posts.countDocuments({ status: 'published' })) + (await posts.countDocuments({ status: 'failed' }));
    if (done >= TOTAL) break;
  }
  const elapsed = Date.now() - started;
  const cpu = threadCpuMs() - cpuStarted;
  const processCpu = process.cpuUsage(processCpuStarted);
  if (COUNT_COMMANDS) {
    const total = [...commands.values()].reduce((a, b) => a + b, 0);
    console.log(`database commands per post: ${(total / TOTAL).toFixed(2)}`);
    for (const [key, n] of [...commands].sort((a, b) => b[1] - a[1])) console.log(`  ${(n / TOTAL).toFixed(2)}  ${key}`);
  }
  clearInterval(timer);
  const published = await posts.countDocuments({ status: 'published' });
  const creates = await fake.creates();
  const floor = (TOTAL * LATENCY) / CONCURRENCY;
  console.log(`published ${published}/${TOTAL} (platform creates: ${creates}) in ${(elapsed / 1000).toFixed(1)} s`);
  console.log(`the app's main thread: ${((cpu / TOTAL) * 1000).toFixed(0)} µs of CPU per post (${((100 * cpu) / elapsed).toFixed(0)}% busy)`);
  // (the fake platform's thread included: its share is the same in every run)
  console.log(`the whole process (app, database and fake-platform threads): ${((processCpu.user + processCpu.system) / TOTAL).toFixed(0)} µs of CPU per post`);
  console.log(`theoretical floor ${TOTAL} × ${LATENCY} ms / ${CONCURRENCY} = ${(floor / 1000).toFixed(1)} s; ratio ${(elapsed / floor).toFixed(2)}x`);
  await t.close();
  await fake.stop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
