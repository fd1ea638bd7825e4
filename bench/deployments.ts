/**
 * The two deployments side by side: the app on its embedded database (the default, a worker
 * thread it started) and the app on a database in another process through MONGODB_URI (the
 * embedded server on its own, `npm run db`, standing in for MongoDB as in CI). Both apps run at
 * once; rounds alternate between them, so both see the same machine. Per app and route, autocannon
 * (its own process) measures requests per second:
 *
 * - a request refused before any database work (no API key: 401), the baseline;
 * - a key-authenticated `GET /api/v1/platform-connections` (five connections);
 * - list-posts (`GET /api/v1/list-posts`, a page of 20 of 1,000 groups).
 *
 * It prints the medians of the rounds, each route's ratio to the refused request (target for
 * connections on the embedded database: ≥ 0.2), and each route's external/embedded ratio.
 *
 *   npm run bench -- deployments         (BENCH_SECONDS=5 per round, BENCH_ROUNDS=5, BENCH_CONNECTIONS=32)
 */
import { createAccount, createConnection, createTestApp, seedGroups, type SeedGroup, type TestApp } from '@test/support';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyHeapGrowth } from '../src/common/heap-growth';
import type { ConnectionRef } from '../src/connections/connections.service';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const GROUPS = 1_000;
const PLATFORMS = ['linkedin', 'twitter', 'mastodon', 'bluesky', 'telegram'] as const;

interface Deployment {
  name: 'embedded' | 'external';
  t: TestApp;
  headers: Record<string, string>;
}

interface Route {
  name: string;
  path: string;
  authenticated: boolean;
  status: number;
}

const ROUTES: Route[] = [
  { name: 'refused (no key)', path: '/api/v1/platform-connections', authenticated: false, status: 401 },
  { name: 'platform-connections', path: '/api/v1/platform-connections', authenticated: true, status: 200 },
  { name: 'list-posts', path: '/api/v1/list-posts?limit=20', authenticated: true, status: 200 },
];

/** A free loopback port (for the database process). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The embedded server as its own process (`npm run db`'s entry), until it prints its URI. */
async function startDatabaseProcess(dataDir: string): Promise<{ uri: string; child: ChildProcess }> {
  const port = await freePort();
  const cli = join(__dirname, '..', 'src', 'database', 'db-cli.js');
  const child = spawn(process.execPath, [cli, '--port', String(port), '--dbpath', dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const uri = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /mongodb:\/\/\S+/.exec(out);
      if (found) resolve(found[0]);
    });
    child.once('exit', (code) => reject(new Error(`the database process exited (${code}) before it listened:\n${out}`)));
  });
  return { uri, child };
}

async function deployment(name: Deployment['name'], externalUri?: string): Promise<Deployment> {
  // createTestApp opens its database where MONGODB_URI says (a database of its own on that server), else an embedded one.
  if (externalUri) process.env.MONGODB_URI = externalUri;
  else delete process.env.MONGODB_URI;
  const t = await createTestApp({ env: { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(48) } });
  delete process.env.MONGODB_URI;
  const account = await createAccount(t, { plan: 'premium' });
  const connections: ConnectionRef[] = [];
  for (const platform of PLATFORMS) connections.push(await createConnection(t, account.userId, { platform }));
  const groups: SeedGroup[] = Array.from({ length: GROUPS }, (_, i) => {
    const createdAt = new Date(Date.now() - (GROUPS - i) * 60_000);
    return { content: `bench post ${i}`, status: 'published', scheduledTime: createdAt, createdAt, connections: [connections[i % connections.length]] };
  });
  await seedGroups(t, account.userId, groups);
  return { name, t, headers: { 'x-api-key': account.apiKey } };
}

interface LoadResult {
  rps: number;
  p99: number;
  wrongStatus: number;
}

/** autocannon in its own process against one route of one app (asynchronously: the apps run in this process). */
async function load(d: Deployment, route: Route, seconds: number): Promise<LoadResult> {
  const args = [require.resolve('autocannon/autocannon.js'), '-j', '-c', String(CONNECTIONS), '-d', String(seconds)];
  if (route.authenticated) for (const [k, v] of Object.entries(d.headers)) args.push('-H', `${k}=${v}`);
  args.push(`${d.t.baseUrl}${route.path}`);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`autocannon failed (${code}): ${stderr}`);
  const result = JSON.parse(stdout) as { requests: { average: number }; latency: { p99: number }; statusCodeStats?: Record<string, { count: number }> };
  const wrongStatus = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => Number(code) !== route.status)
    .reduce((sum, [, s]) => sum + s.count, 0);
  if (wrongStatus && !warned.has(`${d.name} ${route.name}`)) {
    warned.add(`${d.name} ${route.name}`);
    console.warn(`${d.name} ${route.name}: answers by status ${JSON.stringify(result.statusCodeStats)}`);
  }
  return { rps: result.requests.average, p99: result.latency.p99, wrongStatus };
}

const warned = new Set<string>();
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main(): Promise<void> {
  applyHeapGrowth(); // as `npm start` runs the service (src/main.ts)
  const dataDir = mkdtempSync(join(tmpdir(), 'sps-bench-db-'));
  const database = await startDatabaseProcess(dataDir);
  const deployments: Deployment[] = [];
  try {
    deployments.push(await deployment('embedded'));
    deployments.push(await deployment('external', database.uri));
    // Warm-up: JIT, connection pools, caches.
    for (const d of deployments) for (const route of ROUTES) await load(d, route, 2);
    const results = new Map<string, LoadResult[]>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const route of ROUTES) {
        // Alternate which deployment goes first, so neither always follows the other.
        const order = round % 2 ? [...deployments].reverse() : deployments;
        for (const d of order) {
          const key = `${d.name}\0${route.name}`;
          results.set(key, [...(results.get(key) ?? []), await load(d, route, SECONDS)]);
        }
      }
    }
    const rps = (d: string, r: string) => median(results.get(`${d}\0${r}`)!.map((x) => x.rps));
    const p99 = (d: string, r: string) => median(results.get(`${d}\0${r}`)!.map((x) => x.p99));
    console.log(`deployments benchmark: ${ROUNDS} rounds of ${SECONDS} s per app and route, ${CONNECTIONS} connections, node ${process.version}`);
    for (const d of deployments) {
      for (const route of ROUTES) {
        const all = results.get(`${d.name}\0${route.name}`)!;
        const wrong = all.reduce((sum, x) => sum + x.wrongStatus, 0);
        const ratio = rps(d.name, route.name) / rps(d.name, ROUTES[0].name);
        console.log(
          `${d.name.padEnd(9)} ${route.name.padEnd(22)} ${rps(d.name, route.name).toFixed(0).padStart(7)} req/s (rounds ${all.map((x) => x.rps.toFixed(0)).join(', ')})   p99 ${p99(d.name, route.name).toFixed(1)} ms   /refused ${ratio.toFixed(3)}${wrong ? `   ${wrong} answers with another status!` : ''}`,
        );
      }
    }
    for (const route of ROUTES) {
      console.log(`external/embedded ${route.name.padEnd(22)} ${(rps('external', route.name) / rps('embedded', route.name)).toFixed(3)}`);
    }
    const target = rps('embedded', 'platform-connections') / rps('embedded', ROUTES[0].name);
    console.log(`target: embedded platform-connections / refused ≥ 0.2: ${target.toFixed(3)} ${target >= 0.2 ? '✓' : '✗'}`);
  } finally {
    for (const d of deployments) await d.t.close();
    database.child.kill('SIGTERM');
    await new Promise((resolve) => database.child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
