import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

/**
 * Runs `applyHeapGrowth()` in a fresh node process with V8's GC tracing on, then a full collection
 * on the main thread and one on a worker thread, and returns what applyHeapGrowth returned and the
 * growing factor V8 chose after each collection (`[HeapController] factor …`) by the isolate that
 * collected (the trace's `[pid:address:…]` prefix): the main thread's and the worker's.
 */
function factorsAfterApplying(nodeFlags: string[]): { applied: string; factors: Map<string, Set<string>> } {
  const script = `
    const { Worker } = require('node:worker_threads');
    const { applyHeapGrowth } = require(${JSON.stringify(resolve(__dirname, 'heap-growth.ts'))});
    console.log('applied ' + applyHeapGrowth());
    gc();
    new Worker('gc()', { eval: true }).on('exit', () => console.log('worker done'));
  `;
  const run = spawnSync(process.execPath, [...nodeFlags, '--expose-gc', '--trace-gc-verbose', '-r', '@swc-node/register', '-e', script], {
    cwd: resolve(__dirname, '../..'),
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.status).toBe(0);
  const lines = run.stdout.split('\n');
  const applied = lines.find((l) => l.startsWith('applied '))?.slice('applied '.length) ?? '';
  // Only the collections after the call: the process's earlier ones used V8's own factor.
  const after = lines.slice(lines.findIndex((l) => l.startsWith('applied ')));
  const factors = new Map<string, Set<string>>();
  for (const line of after) {
    const m = /^\[\d+:(0x[0-9a-f]+)[^\]]*\].*\[HeapController\] factor ([\d.]+)/.exec(line);
    if (m) factors.set(m[1], (factors.get(m[1]) ?? new Set()).add(m[2]));
  }
  return { applied, factors };
}

describe('applyHeapGrowth', () => {
  it('lets every thread’s old generation grow to twice its live size (V8 would pick its own factor)', () => {
    const { applied, factors } = factorsAfterApplying([]);
    expect(applied).toBe('true');
    // The main thread and the worker (two isolates) both use it: the flag is process-wide.
    expect([...factors.values()]).toEqual([new Set(['2.0']), new Set(['2.0'])]);
  }, 60_000);

  it('leaves a factor the process was started with in place', () => {
    const { applied, factors } = factorsAfterApplying(['--heap-growing-percent=50']);
    expect(applied).toBe('false');
    expect([...factors.values()]).toEqual([new Set(['1.5']), new Set(['1.5'])]);
  }, 60_000);
});
