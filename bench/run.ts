/**
 * `npm run bench` runs every benchmark in turn; `npm run bench -- posts webhooks` runs those.
 * Each benchmark is its own process (a fresh heap, its own embedded database) and prints its
 * figures beside a baseline measured in the same run.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const BENCHMARKS: Record<string, { file: string; args: string[]; what: string }> = {
  'embedded-mongo-inserts': { file: 'embedded-mongo-inserts.ts', args: [], what: '100,000 inserts with and without a unique index' },
  'embedded-mongo-latency': { file: 'embedded-mongo-latency.ts', args: [], what: 'small-operation latency of the embedded database' },
  'embedded-mongo-memory': {
    file: 'embedded-mongo-memory.ts',
    args: [],
    what: 'the heap 100,000 post groups and their platform posts hold, beside their BSON',
  },
  'auth-guard': { file: 'auth-guard.ts', args: [], what: 'API-key guard overhead versus an unauthenticated route' },
  posts: { file: 'posts.ts', args: [], what: 'list-posts over 100,000 groups and create-post versus a bare Fastify route' },
  webhooks: { file: 'webhooks.ts', args: [], what: 'webhook deliveries per second versus a raw signed POST loop' },
  publishing: { file: 'publishing.ts', args: [], what: '10,000 due posts across 1,000 connections against 50 ms fakes' },
};

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !BENCHMARKS[name]);
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${Object.keys(BENCHMARKS).join(', ')}`);
  process.exit(2);
}

let failed = 0;
for (const name of requested.length ? requested : Object.keys(BENCHMARKS)) {
  const { file, args, what } = BENCHMARKS[name];
  console.log(`\n=== ${name}: ${what}`);
  const run = spawnSync(process.execPath, ['-r', '@swc-node/register', resolve(__dirname, file), ...args], {
    stdio: 'inherit',
    env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' },
  });
  if (run.status !== 0) {
    failed += 1;
    console.error(`=== ${name} failed (exit ${run.status})`);
  }
}
process.exit(failed ? 1 : 0);
