/**
 * API-key guard overhead: requests per second of a no-op route behind `@ApiKeyAuth()` versus the
 * same no-op route without a guard, in one run, on the embedded database.
 *
 *   node -r @swc-node/register bench/auth-guard.ts        (BENCH_SECONDS=10 BENCH_CONNECTIONS=32)
 *
 * The load generator runs on a worker thread (keep-alive node:http, bounded concurrency) so it
 * does not share the app's event loop.
 */
import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { createApp } from '../src/app.factory';
import { ApiKeysService } from '../src/auth/api-keys.service';
import { ApiKeyAuth } from '../src/auth/auth.decorators';
import { Ctx, type RequestContext } from '../src/auth/request-context';
import { UsersService } from '../src/auth/users.service';
import { loadEnvironment } from '../src/config/environment';
import { openDatabase } from '../src/database/database-server';
import { applyHeapGrowth } from '../src/common/heap-growth';

@Controller('api/v1/bench')
class BenchController {
  @Get('open')
  open() {
    return { ok: true };
  }

  @Get('guarded')
  @ApiKeyAuth()
  guarded(@Ctx() ctx: RequestContext) {
    return { ok: ctx.userId.length > 0 };
  }
}

@Module({ controllers: [BenchController] })
class BenchModule {}

const LOAD = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { url, headers, seconds, connections } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const target = new URL(url);
const latencies = [];
let done = 0, errors = 0;
const end = Date.now() + seconds * 1000;
function one() {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const req = http.request({ host: target.hostname, port: target.port, path: target.pathname, method: 'GET', headers, agent }, (res) => {
      res.resume();
      res.on('end', () => {
        if (res.statusCode === 200) { done++; latencies.push(Number(process.hrtime.bigint() - started) / 1e6); } else errors++;
        resolve();
      });
    });
    req.on('error', () => { errors++; resolve(); });
    req.end();
  });
}
async function loop() { while (Date.now() < end) await one(); }
const started = Date.now();
Promise.all(Array.from({ length: connections }, loop)).then(() => {
  const elapsed = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] : 0;
  agent.destroy();
  parentPort.postMessage({ rps: done / elapsed, done, errors, p50: pct(0.5), p99: pct(0.99) });
});
`;

interface LoadResult {
  rps: number;
  done: number;
  errors: number;
  p50: number;
  p99: number;
}

function load(url: string, headers: Record<string, string>, seconds: number, connections: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD, { eval: true, workerData: { url, headers, seconds, connections } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

async function main(): Promise<void> {
  applyHeapGrowth(); // as `npm start` runs the service (src/main.ts)
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
  const dataDir = mkdtempSync(join(tmpdir(), 'sps-bench-'));
  const environment = loadEnvironment(
    process.env,
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      DEMO_ACCOUNT: 'false',
      SCHEDULER_ENABLED: 'false',
      SESSION_SECRET: 'b'.repeat(48),
      ENCRYPTION_KEY: 'ab'.repeat(32),
      MONGODB_URI: '',
    },
    '/nonexistent/.env',
  );
  // The embedded database where `npm start` opens it (a worker thread, on a Unix socket).
  const database = await openDatabase(environment);
  const app = await createApp(environment, database, { imports: [BenchModule] });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  try {
    const user = await app.get(UsersService).create({ email: 'bench@example.com', password: 'bench-password', plan: 'pro' });
    const { rawKey } = await app.get(ApiKeysService).issue(user.id, 'bench');
    const headers = { 'x-api-key': rawKey };
    // Warm-up (JIT, connection pools), then the two measured runs.
    await load(`${base}/api/v1/bench/guarded`, headers, 2, connections);
    await load(`${base}/api/v1/bench/open`, {}, 2, connections);
    const open = await load(`${base}/api/v1/bench/open`, {}, seconds, connections);
    const guarded = await load(`${base}/api/v1/bench/guarded`, headers, seconds, connections);
    const row = (name: string, r: LoadResult) =>
      `${name.padEnd(28)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${r.p50.toFixed(2)} ms   p99 ${r.p99.toFixed(2)} ms   (${r.done} ok, ${r.errors} errors)`;
    console.log(`auth-guard benchmark: ${seconds} s each, ${connections} connections, node ${process.version}`);
    console.log(row('no guard  GET /bench/open', open));
    console.log(row('API key   GET /bench/guarded', guarded));
    console.log(
      `ratio guarded/open: ${(guarded.rps / open.rps).toFixed(3)}  (guard cost ≈ ${(1e6 / guarded.rps - 1e6 / open.rps).toFixed(0)} µs of server time per request)`,
    );
  } finally {
    await app.close();
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
