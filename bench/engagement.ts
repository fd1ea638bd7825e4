/**
 * Metric collection cost: N published posts across C connections due for a reading, read by the
 * collector against the X fake (on its own worker thread, as a real platform is another machine).
 * Reports the requests sent per post (the X adapter batches up to 100 ids, the collector a
 * connection's due posts together) and the app thread's CPU per post, beside a baseline of the
 * same run: the same requests sent with a bare fetch loop (what the HTTP calls alone cost).
 *
 *   node -r @swc-node/register bench/engagement.ts [posts=10000] [connections=1000]
 */
import { createAccount, createConnection, createTestApp } from '@test/support';
import { Worker } from 'node:worker_threads';
import { seedDueTracks } from '../test/engagement/engagement-helpers';
import type { ConnectionRef } from '../src/connections/connections.service';
import { applyHeapGrowth } from '../src/common/heap-growth';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const TOTAL = Number(args[0] ?? 10_000);
const CONNECTIONS = Number(args[1] ?? 1000);
const FIRST_ID = 1_900_000_000_000_000_000n;

// The fake X on a worker thread: tokens tw-0 … tw-<C-1>, the N tweets, and on request how many
// metric reads it answered.
const FAKE = `
${__filename.endsWith('.ts') ? `require(${JSON.stringify(require.resolve('@swc-node/register'))});` : ''}
const { parentPort, workerData } = require('node:worker_threads');
const { TwitterFake } = require(${JSON.stringify(require.resolve('../test/support/fakes'))});
const fake = new TwitterFake();
fake.keepAliveTimeoutMs = 5000;
fake.start().then(() => {
  for (let i = 0; i < workerData.connections; i++) fake.setToken('tw-' + i);
  const createdAt = new Date(Date.now() - 2 * 3600000);
  for (let i = 0; i < workerData.total; i++) {
    fake.posts.push({ id: (BigInt(workerData.firstId) + BigInt(i)).toString(), text: 'bench ' + i, authorId: fake.user.id, mediaIds: [], inReplyTo: null, createdAt });
  }
  parentPort.postMessage({ baseUrl: fake.baseUrl });
});
parentPort.on('message', async (m) => {
  if (m === 'reads') parentPort.postMessage({ reads: fake.calls(/^GET \\/2\\/tweets$/).length });
  if (m === 'stop') { await fake.stop(); process.exit(0); }
});
`;

function startFake(): Promise<{ baseUrl: string; reads(): Promise<number>; stop(): Promise<void> }> {
  const worker = new Worker(FAKE, { eval: true, workerData: { total: TOTAL, connections: CONNECTIONS, firstId: FIRST_ID.toString() } });
  const next = <T>() => new Promise<T>((resolve, reject) => (worker.once('message', resolve), worker.once('error', reject)));
  return next<{ baseUrl: string }>().then(({ baseUrl }) => ({
    baseUrl,
    reads: () => (worker.postMessage('reads'), next<{ reads: number }>().then((m) => m.reads)),
    stop: () => new Promise<void>((resolve) => (worker.once('exit', () => resolve()), worker.postMessage('stop'))),
  }));
}

/** CPU time of this (the app's main) thread, in ms. */
function threadCpuMs(): number {
  const usage = (process as unknown as { threadCpuUsage(): { user: number; system: number } }).threadCpuUsage();
  return (usage.user + usage.system) / 1000;
}

const postedIdOf = (i: number) => (FIRST_ID + BigInt(i)).toString();

async function main() {
  applyHeapGrowth();
  const fake = await startFake();
  const t = await createTestApp({
    env: {
      SCHEDULER_ENABLED: 'false',
      TWITTER_API_URL: fake.baseUrl,
      TWITTER_CLIENT_ID: 'client-1',
      TOKEN_UPKEEP_INTERVAL_MS: '0',
      WEBHOOKS_WORKER_ENABLED: 'false',
      ENGAGEMENT_COLLECTION_INTERVAL_MS: '0',
      ENGAGEMENT_CLAIM_BATCH: '2000',
      ENGAGEMENT_CONCURRENCY: '8',
      ENGAGEMENT_REQUESTS_PER_CONNECTION_PER_HOUR: '1000',
      ENCRYPTION_KEY: 'c'.repeat(64),
      SESSION_SECRET: 'b'.repeat(40),
    },
  });
  const account = await createAccount(t, { plan: 'premium', seats: CONNECTIONS + 10 });
  const connections: ConnectionRef[] = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    connections.push(
      await createConnection(t, account.userId, { platform: 'twitter', externalId: `15${String(i).padStart(17, '0')}`, accessToken: `tw-${i}` }),
    );
  }
  const publishedAt = new Date(Date.now() - 2 * 3_600_000);
  const due = new Date(Date.now() - 60_000);
  await seedDueTracks(t, { userId: account.userId, connections, count: TOTAL, postedIdOf, publishedAt, due });
  console.log(`seeded ${TOTAL} published posts due for their first reading on ${CONNECTIONS} connections`);

  const { EngagementCollectorService } = await import('../src/engagement/engagement-collector.service');
  const collector = t.app.get(EngagementCollectorService);
  const started = Date.now();
  const cpuStarted = threadCpuMs();
  let passes = 0;
  while ((await collector.backlog()) > 0) {
    await collector.runOnce();
    passes += 1;
  }
  const elapsed = Date.now() - started;
  const cpu = threadCpuMs() - cpuStarted;
  const requests = await fake.reads();
  const snapshots = await t.connection.collection('metric_snapshots').countDocuments({ subject: 'post' });

  // Baseline: the same requests (each connection's ids in one call, its own token), sent by a bare
  // fetch loop with the same concurrency.
  const byConnection = new Map<number, string[]>();
  for (let i = 0; i < TOTAL; i++) byConnection.set(i % CONNECTIONS, [...(byConnection.get(i % CONNECTIONS) ?? []), postedIdOf(i)]);
  const jobs = [...byConnection];
  const rawStarted = Date.now();
  const rawCpuStarted = threadCpuMs();
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < jobs.length) {
        const [connection, ids] = jobs[next++];
        for (let k = 0; k < ids.length; k += 100) {
          const url = `${fake.baseUrl}/2/tweets?ids=${ids.slice(k, k + 100).join(',')}&tweet.fields=public_metrics,non_public_metrics,organic_metrics`;
          const res = await fetch(url, { headers: { authorization: `Bearer tw-${connection}` } });
          await res.arrayBuffer();
        }
      }
    }),
  );
  const rawElapsed = Date.now() - rawStarted;
  const rawCpu = threadCpuMs() - rawCpuStarted;

  console.log(`collected ${snapshots}/${TOTAL} readings in ${passes} passes, ${(elapsed / 1000).toFixed(1)} s`);
  console.log(`requests sent: ${requests} (${(requests / TOTAL).toFixed(3)} per post; one per connection would be ${(CONNECTIONS / TOTAL).toFixed(3)})`);
  console.log(`the app's main thread: ${((cpu / TOTAL) * 1000).toFixed(0)} µs of CPU per post`);
  console.log(
    `baseline, the same requests from a bare fetch loop: ${((rawCpu / TOTAL) * 1000).toFixed(0)} µs of CPU per post, ${(rawElapsed / 1000).toFixed(1)} s`,
  );
  console.log(`ratio (collector CPU / bare requests CPU): ${(cpu / rawCpu).toFixed(2)}x; wall ${(elapsed / rawElapsed).toFixed(2)}x`);
  await t.close();
  await fake.stop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
