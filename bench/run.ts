/**
 * `npm run bench` runs every benchmark in turn; `npm run bench -- <name> …` the named ones.
 *
 * The benchmarks run compiled, as `npm start` runs the service: the sources (src, the embedded
 * database's and the rules' libraries, the tests' helpers, bench) are compiled with swc and the project's `.swcrc`
 * into `dist/bench` (about a second), and each benchmark is its own `node` process on that output
 * (a fresh heap, its own embedded database), printing its figures beside a baseline measured in the
 * same run. Run from sources (`node -r @swc-node/register bench/<name>.ts`), every thread also
 * holds what swc-node loads to read tsconfig.json (TypeScript's compiler among it: about 25 MB of
 * heap, marked by every full collection), which the shipped service never loads.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const BENCHMARKS: Record<string, { file: string; args: string[]; what: string }> = {
  'embedded-mongo-inserts': { file: 'embedded-mongo-inserts', args: [], what: '100,000 inserts with and without a unique index' },
  'embedded-mongo-latency': { file: 'embedded-mongo-latency', args: [], what: 'small-operation latency of the embedded database' },
  'embedded-mongo-memory': {
    file: 'embedded-mongo-memory',
    args: [],
    what: 'the heap 100,000 post groups and their platform posts hold, beside their BSON',
  },
  'auth-guard': { file: 'auth-guard', args: [], what: 'API-key guard overhead versus an unauthenticated route' },
  posts: { file: 'posts', args: [], what: 'list-posts over 100,000 groups and create-post versus a bare Fastify route' },
  webhooks: { file: 'webhooks', args: [], what: 'webhook deliveries per second versus a raw signed POST loop' },
  publishing: { file: 'publishing', args: [], what: '10,000 due posts across 1,000 connections against 50 ms fakes' },
  engagement: { file: 'engagement', args: [], what: 'metric readings of 10,000 published posts across 1,000 connections against the X fake' },
  deployments: {
    file: 'deployments',
    args: [],
    what: 'the embedded database against a database process through MONGODB_URI: key-authenticated reads beside a refused request',
  },
};

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !BENCHMARKS[name]);
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${Object.keys(BENCHMARKS).join(', ')}`);
  process.exit(2);
}

const root = resolve(__dirname, '..');
const out = join(root, 'dist', 'bench');
rmSync(out, { recursive: true, force: true });
execFileSync(
  process.execPath,
  [
    require.resolve('@swc/cli/bin/swc.js'),
    'src',
    'libs/embedded-mongo/src',
    'libs/rules/src',
    'test',
    'bench',
    '-d',
    out,
    '--config-file',
    '.swcrc',
    '--ignore',
    '**/*.spec.ts,**/*.e2e-spec.ts,bench/tmp/**',
    '--quiet',
  ],
  { cwd: root, stdio: 'inherit' },
);

let failed = 0;
for (const name of requested.length ? requested : Object.keys(BENCHMARKS)) {
  const { file, args, what } = BENCHMARKS[name];
  console.log(`\n=== ${name}: ${what}`);
  const run = spawnSync(process.execPath, [join(out, 'bench', `${file}.js`), ...args], {
    stdio: 'inherit',
    env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' },
  });
  if (run.status !== 0) {
    failed += 1;
    console.error(`=== ${name} failed (exit ${run.status})`);
  }
}
process.exit(failed ? 1 : 0);
