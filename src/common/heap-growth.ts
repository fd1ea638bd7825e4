import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what survived its last full collection before it
 * starts the next one, as a percent (V8's `--heap-growing-percent`): 100 is twice.
 *
 * V8 picks that factor from how fast it marks against how fast the program promotes objects. This
 * service promotes little (a request's objects die young) while most of its old generation is
 * code and module metadata, so V8 settles near its minimum (1.1), and marking began again after a
 * few megabytes promoted: a full collection about every second under load, each a pause and
 * marking work beside the requests (docs/performance.md).
 */
const HEAP_GROWING_PERCENT = 100;

/**
 * Applies HEAP_GROWING_PERCENT to this process (every thread: V8 flags are process-wide) unless
 * the process was started with its own `--heap-growing-percent`, which wins. Call it first thing:
 * it applies from the next full collection on. True when applied.
 */
export function applyHeapGrowth(execArgv: readonly string[] = process.execArgv): boolean {
  if (execArgv.some((arg) => /^--heap[-_]growing[-_]percent(=|$)/.test(arg))) return false;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}
