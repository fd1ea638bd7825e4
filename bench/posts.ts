/**
 * Posts benchmark: an account with 100,000 post groups across 10 connections, then
 *   - GET /api/v1/list-posts?limit=20&sortBy=scheduledTime&platform=<p>
 *   - POST /api/v1/create-post (drafts: the full path without the monthly pool filling up)
 * each in rounds alternating with rounds of a bare Fastify route (see pairs()), with bounded
 * concurrency over Node's http (keep-alive). Prints requests per second and p99 latency, and the
 * ratios to the bare route (the median of the pairs');
 * list-posts' latency once more below saturation (an open loop at half its measured throughput);
 * and the memory the seeded data adds: the process's resident set, right after seeding and after
 * --idle seconds, and the database thread's heap after --idle seconds against the same before
 * seeding (V8's memory reducer collects an idle thread's garbage within seconds); and, on Linux,
 * each route's CPU per request by thread.
 *
 * Each route is warmed up for --warmup seconds before its rounds: V8 moves hot functions to its
 * optimising tiers over thousands of requests (--trace-opt), and its helper threads' compiling is
 * counted in the CPU per request. 20 s reaches the steady state a running service is in; after
 * 5 s, V8 was still optimising hundreds of functions during the measured seconds.
 *
 *   node -r @swc-node/register bench/posts.ts [--groups 100000] [--concurrency 32] [--seconds 10] [--rounds 5] [--idle 10] [--warmup 20]
 */
import { createAccount, createConnection, createTestApp, seedGroups, type SeedGroup } from '@test/support';
import Fastify from 'fastify';
import { readdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { constants as perfConstants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { ConnectionRef } from '../src/connections/connections.service';
import type { PlatformName, PostGroupStatus } from '@app/rules';
import { applyHeapGrowth } from '../src/common/heap-growth';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}
const GROUPS = arg('groups', 100_000);
const CONCURRENCY = arg('concurrency', 32);
const SECONDS = arg('seconds', 10);
const IDLE_MS = arg('idle', 10) * 1000;
const WARMUP = arg('warmup', 20);
// Each service route runs SECONDS in all, in ROUNDS rounds (see pairs()).
const ROUNDS = arg('rounds', 5);
const ROUND_SECONDS = SECONDS / ROUNDS;
const PLATFORMS: PlatformName[] = ['linkedin', 'twitter', 'threads', 'mastodon', 'bluesky', 'facebook', 'telegram', 'instagram', 'youtube', 'tiktok'];

interface Result {
  name: string;
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
}

/** The median and 99th percentile of `latencies` (sorted in place). */
function percentiles(latencies: number[]): { p50: number; p99: number } {
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? NaN;
  return { p50: pct(0.5), p99: pct(0.99) };
}

interface BenchRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * Sends one request; `done` runs exactly once, with the status (0 when the request failed on the
 * network) and, for a failure, what went wrong (the body's first 200 characters, or the error).
 */
function send(url: URL, agent: Agent, r: BenchRequest, done: (status: number, failure: string) => void): void {
  let finished = false;
  const finish = (status: number, failure: string) => {
    if (finished) return;
    finished = true;
    done(status, failure);
  };
  const req = request(
    {
      host: url.hostname,
      port: url.port,
      method: r.method ?? 'GET',
      path: r.path,
      agent,
      headers: { ...(r.body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(r.body) } : {}), ...r.headers },
    },
    (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (text.length < 300) text += chunk;
      });
      res.on('end', () => finish(res.statusCode ?? 0, `${res.statusCode} ${text.slice(0, 200)}`));
      res.on('error', (err) => finish(0, err.message));
    },
  );
  req.on('error', (err) => finish(0, err.message));
  req.end(r.body);
}

interface Measured extends Result {
  latencies: number[];
  seconds: number;
}

/**
 * Closed-loop load: CONCURRENCY workers, each sending the next request when its last ends, on
 * `agent`'s keep-alive sockets when given (kept across rounds), else on its own. Counted: the
 * requests sent within `seconds`; the workers go on sending, uncounted, until the last counted
 * one has its answer, so the counted ones end under the same load as the others rather than in a
 * draining queue (whose quick answers are CONCURRENCY per round, ~1.5% of a 2-s list-posts round).
 * Throughput: the counted requests over `seconds`.
 */
async function measure(name: string, base: string, make: () => BenchRequest, seconds = SECONDS, agent?: Agent): Promise<Measured> {
  const url = new URL(base);
  const sockets = agent ?? new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  let counting = 0; // counted requests in flight
  const deadline = Date.now() + seconds * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const counted = Date.now() < deadline;
      if (counted) counting++;
      const started = process.hrtime.bigint();
      send(url, sockets, make(), (status, failure) => {
        if (counted) {
          counting--;
          if (status !== 200) {
            errors++;
            firstError ??= failure;
          }
          if (status) latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
        }
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < deadline || counting > 0) await one();
    }),
  );
  if (!agent) sockets.destroy();
  if (firstError) console.log(`${name}: first error: ${firstError}`);
  return { name, requests: latencies.length, errors, rps: latencies.length / seconds, ...percentiles([...latencies]), latencies, seconds };
}

/** Rounds of one route as one measurement: their requests over their time, percentiles over all. */
function pooled(name: string, rounds: Measured[]): Result {
  const latencies = rounds.flatMap((r) => r.latencies);
  const seconds = rounds.reduce((sum, r) => sum + r.seconds, 0);
  const errors = rounds.reduce((sum, r) => sum + r.errors, 0);
  return { name, requests: latencies.length, errors, rps: latencies.length / seconds, ...percentiles(latencies) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * The main thread's full collections (V8's mark-compact) so far, and their pauses: under load each
 * one slows the requests in flight for the length of its marking, so they make much of a closed
 * loop's p99 (docs/benchmarks.md).
 */
const fullCollections = { count: 0, pauseMs: 0 };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if ((entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind !== perfConstants.NODE_PERFORMANCE_GC_MAJOR) continue;
    fullCollections.count++;
    fullCollections.pauseMs += entry.duration;
  }
}).observe({ entryTypes: ['gc'] });

/**
 * A service route in ROUNDS rounds of ROUND_SECONDS, each paired with a round of the bare route
 * right before or after it, and its ratio the median of the pairs' ratios, as the webhooks
 * benchmark does with its pairs. This host's speed can move by 2× within a minute, so a ratio of
 * two sides measured half a minute apart (one 10-s run of each) says as much about the host as
 * about the route. The route's CPU per request by thread is summed over its rounds.
 */
async function pairs(
  name: string,
  base: string,
  make: () => BenchRequest,
  bareBase: string,
): Promise<{ bare: Result; route: Result; ratios: number[]; cpu: string; fullCollections: string }> {
  const bareAgent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const bareRounds: Measured[] = [];
  const rounds: Measured[] = [];
  const cpu = new Map<string, number>();
  const collected = { count: 0, pauseMs: 0 };
  try {
    const bareRound = async () =>
      bareRounds.push(await measure('bare fastify GET', bareBase, () => ({ method: 'GET', path: '/bare' }), ROUND_SECONDS, bareAgent));
    const routeRound = async () => {
      const before = cpuByThread();
      const { count, pauseMs } = fullCollections;
      rounds.push(await measure(name, base, make, ROUND_SECONDS, agent));
      collected.count += fullCollections.count - count;
      collected.pauseMs += fullCollections.pauseMs - pauseMs;
      for (const [thread, ms] of threadCpu(before, cpuByThread())) cpu.set(thread, (cpu.get(thread) ?? 0) + ms);
    };
    // Each pair's order alternates (bare first, then the route first, …), so whatever one round
    // leaves behind for the next (garbage, V8's compiling) falls on both sides alike.
    for (let i = 0; i < ROUNDS; i++) {
      if (i % 2 === 0) {
        await bareRound();
        await routeRound();
      } else {
        await routeRound();
        await bareRound();
      }
    }
  } finally {
    bareAgent.destroy();
    agent.destroy();
  }
  const route = pooled(name, rounds);
  return {
    bare: pooled('bare fastify GET', bareRounds),
    route,
    ratios: rounds.map((r, i) => r.rps / bareRounds[i].rps),
    cpu: formatCpu(cpu, route.requests),
    fullCollections: `${collected.count} (pauses ${collected.pauseMs.toFixed(0)} ms in all)`,
  };
}

/**
 * Open-loop load: `rate` requests a second, each sent at its scheduled time whatever the others
 * are doing, its latency counted from that time (so a stall delays the requests due meanwhile
 * instead of hiding them, as a closed loop does). An untimed `warmupSeconds` at the same rate first
 * opens the keep-alive sockets.
 */
async function measureOpen(
  base: string,
  make: () => BenchRequest,
  rate: number,
  seconds = SECONDS,
  warmupSeconds = 3,
): Promise<{ requests: number; errors: number; p50: number; p99: number }> {
  const url = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const run = (secs: number) =>
    new Promise<{ latencies: number[]; errors: number }>((done) => {
      const total = Math.floor(rate * secs);
      const latencies: number[] = [];
      let errors = 0;
      let sent = 0;
      let finished = 0;
      const start = performance.now();
      if (total === 0) return done({ latencies, errors });
      const fire = () => {
        const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate));
        for (; sent < due; sent++) {
          const scheduled = start + (sent * 1000) / rate;
          send(url, agent, make(), (status) => {
            if (status !== 200) errors++;
            if (status) latencies.push(performance.now() - scheduled);
            if (++finished === total) done({ latencies, errors });
          });
        }
        if (sent < total) setTimeout(fire, 1);
      };
      fire();
    });
  await run(warmupSeconds);
  const { latencies, errors } = await run(seconds);
  agent.destroy();
  const { p50, p99 } = percentiles(latencies);
  return { requests: latencies.length, errors, p50, p99 };
}

/** The process's resident set after a full collection of the main thread's heap. */
function settledRss(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return process.memoryUsage().rss;
}

/**
 * CPU time so far of each of the process's threads by name (Linux: /proc/self/task; elsewhere
 * empty): the main thread, the database's worker thread, V8's helper threads.
 */
function cpuByThread(): Map<string, number> {
  const ticksMs = 10; // USER_HZ
  const byThread = new Map<string, number>();
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return byThread;
  }
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      byThread.set(`${tid} ${name}`, (Number(fields[11]) + Number(fields[12])) * ticksMs);
    } catch {
      // the thread ended meanwhile
    }
  }
  return byThread;
}

/** CPU ms by thread name between two cpuByThread readings. */
function threadCpu(before: Map<string, number>, after: Map<string, number>): Map<string, number> {
  const byName = new Map<string, number>();
  for (const [key, ms] of after) {
    const name = key.slice(key.indexOf(' ') + 1);
    byName.set(name, (byName.get(name) ?? 0) + ms - (before.get(key) ?? 0));
  }
  return byName;
}

/** CPU ms per request by thread name, busiest first. */
function formatCpu(byName: Map<string, number>, requests: number): string {
  return [...byName]
    .filter(([, ms]) => ms > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([name, ms]) => `${name} ${(ms / requests).toFixed(2)} ms`)
    .join(', ');
}

async function main(): Promise<void> {
  applyHeapGrowth(); // as `npm start` runs the service (src/main.ts)
  const t0 = Date.now();
  const t = await createTestApp();
  const bare = Fastify();
  bare.get('/bare', async () => ({ success: true }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareAddress = bare.server.address();
  const bareBase = `http://127.0.0.1:${typeof bareAddress === 'object' && bareAddress ? bareAddress.port : 0}`;

  try {
    const account = await createAccount(t, { plan: 'premium' });
    const connections: ConnectionRef[] = [];
    for (const platform of PLATFORMS) connections.push(await createConnection(t, account.userId, { platform }));

    // The embedded database's own heap (its thread in worker mode): documents, indexes, garbage.
    const db = t.connection.db!;
    const threadHeap = async (): Promise<{ usedMB: number; physicalMB: number } | undefined> => {
      const embedded = (await db.admin().command({ serverStatus: 1 })).embedded as
        { inWorker?: boolean; heap?: { usedMB: number; physicalMB: number } } | undefined;
      return embedded?.inWorker ? embedded.heap : undefined;
    };
    const idle = () => new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    await idle();
    const heapBefore = await threadHeap();
    // Resident memory before and after seeding, beside the data's BSON size (the target: within 2×).
    const rssBefore = settledRss();
    // Seed through the repositories in bulk (not 100k HTTP calls).
    const statuses: PostGroupStatus[] = ['published', 'published', 'failed', 'draft', 'partially_published'];
    const batch = 5000;
    const start = Date.now() - 365 * 24 * 3600 * 1000;
    for (let offset = 0; offset < GROUPS; offset += batch) {
      const groups: SeedGroup[] = [];
      for (let i = offset; i < Math.min(GROUPS, offset + batch); i++) {
        const status = statuses[i % statuses.length];
        const createdAt = new Date(start + i * 30_000);
        groups.push({
          content: `bench post ${i}`,
          status,
          ...(status === 'draft' ? {} : { scheduledTime: new Date(start + i * 60_000) }),
          createdAt,
          updatedAt: createdAt,
          connections: [connections[i % connections.length]],
          postStatus: status === 'draft' ? 'pending' : status === 'published' ? 'published' : 'failed',
        });
      }
      await seedGroups(t, account.userId, groups);
    }
    const seeded = Date.now();
    console.log(`seeded ${GROUPS} post groups on ${connections.length} connections in ${((seeded - t0) / 1000).toFixed(1)} s`);
    let bson = 0;
    let indexes = 0;
    for (const name of ['post_groups', 'platform_posts']) {
      const stats = await db.command({ collStats: name });
      bson += Number(stats.size ?? 0);
      indexes += Number(stats.totalIndexSize ?? 0);
    }
    const grown = settledRss() - rssBefore;
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
    console.log(`memory: resident set grew ${mb(grown)} for ${mb(bson)} of BSON (${(grown / bson).toFixed(2)}×; index size reported ${mb(indexes)})`);
    // The same once idle: V8's memory reducer collects an idle thread's garbage within seconds.
    await idle();
    const idleGrown = settledRss() - rssBefore;
    console.log(`memory: after ${IDLE_MS / 1000} s idle, the resident set is ${mb(idleGrown)} above the start (${(idleGrown / bson).toFixed(2)}× the BSON)`);
    const heapAfter = await threadHeap();
    if (heapBefore && heapAfter) {
      const grewMB = heapAfter.usedMB - heapBefore.usedMB;
      console.log(
        `memory: the database thread's heap, both after ${IDLE_MS / 1000} s idle: ${heapBefore.usedMB} MB used before seeding, ` +
          `${heapAfter.usedMB} MB after (${heapAfter.physicalMB} MB resident): grew ${grewMB.toFixed(1)} MB, ${((grewMB * 1048576) / bson).toFixed(2)}× the BSON`,
      );
    }

    const headers = account.apiHeaders as Record<string, string>;
    let n = 0;
    const listPath = () => `/api/v1/list-posts?limit=20&sortBy=scheduledTime&platform=${PLATFORMS[n++ % PLATFORMS.length]}&page=${1 + (n % 5)}`;

    // Every route warmed up first (JIT, connection pools, caches); then each service route in
    // ROUNDS pairs with the bare route (see pairs()).
    await measure('warm-up', bareBase, () => ({ method: 'GET', path: '/bare' }), WARMUP);
    await measure('warm-up', t.baseUrl, () => ({ method: 'GET', path: listPath(), headers }), WARMUP);
    const list = await pairs('list-posts (20, scheduledTime, platform)', t.baseUrl, () => ({ method: 'GET', path: listPath(), headers }), bareBase);
    // The closed loop keeps CONCURRENCY requests in flight on a saturated main thread: its mean
    // latency is CONCURRENCY ÷ throughput (Little's law) and its p99 mixes that queue with the
    // process's stalls. The same requests at half that throughput, sent on a schedule, show the
    // latency below saturation (the stalls without the queue).
    const openRate = Math.max(1, Math.round(list.route.rps / 2));
    const open = await measureOpen(t.baseUrl, () => ({ path: listPath(), headers }), openRate);
    const body = JSON.stringify({ content: 'bench create', platforms: [connections[0].platformId] });
    await measure('warm-up', t.baseUrl, () => ({ method: 'POST', path: '/api/v1/create-post', headers, body }), WARMUP);
    const create = await pairs('create-post (draft)', t.baseUrl, () => ({ method: 'POST', path: '/api/v1/create-post', headers, body }), bareBase);

    console.log(
      `\nconcurrency ${CONCURRENCY}, ${GROUPS} groups; each service route in ${ROUNDS} rounds of ${ROUND_SECONDS} s, each round paired with one of the bare route`,
    );
    console.log(['route'.padEnd(44), 'req/s'.padStart(9), 'p50 ms'.padStart(9), 'p99 ms'.padStart(9), 'errors'.padStart(7), 'x bare'.padStart(8)].join(''));
    for (const { route, bare: baseline, ratios } of [list, create]) {
      for (const r of [baseline, route]) {
        console.log(
          [
            r.name.padEnd(44),
            r.rps.toFixed(0).padStart(9),
            r.p50.toFixed(2).padStart(9),
            r.p99.toFixed(2).padStart(9),
            String(r.errors).padStart(7),
            (r === route ? median(ratios) : 1).toFixed(3).padStart(8),
          ].join(''),
        );
      }
      console.log(`  ${route.name} ÷ bare, by pair: ${ratios.map((x) => x.toFixed(3)).join(', ')}; median ${median(ratios).toFixed(3)}`);
    }
    console.log(
      `list-posts, open loop at half its throughput (${openRate} req/s offered, ${open.requests} requests, ${open.errors} errors): ` +
        `p50 ${open.p50.toFixed(2)} ms, p99 ${open.p99.toFixed(2)} ms`,
    );
    // Where a request's CPU goes (2 cores: the threads' sum bounds the throughput).
    if (list.cpu) console.log(`list-posts CPU per request by thread: ${list.cpu}`);
    if (create.cpu) console.log(`create-post CPU per request by thread: ${create.cpu}`);
    console.log(`full collections of the main thread during the rounds: list-posts ${list.fullCollections}, create-post ${create.fullCollections}`);
  } finally {
    await bare.close();
    await t.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
