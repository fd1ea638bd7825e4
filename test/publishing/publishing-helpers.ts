import type { TestApp } from '@test/support';

/** Polls `probe` until it returns a truthy value (or throws after `timeoutMs`). */
export async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 15_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value as T;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`waitFor timed out${last ? `: ${(last as Error).message}` : ''}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

const FINISHED = new Set(['published', 'failed', 'partially_published']);

/** get-post once the scheduler has finished the group. */
export async function waitForGroup(t: TestApp, headers: Record<string, string>, postGroupId: string, timeoutMs = 15_000) {
  let last: unknown;
  try {
    return await waitFor(async () => {
      const res = await t.http.get(`/api/v1/get-post/${postGroupId}`).set(headers);
      last = res.body;
      return res.status === 200 && FINISHED.has(res.body.status) && res.body.processingStatus === 'finished' ? res.body : null;
    }, timeoutMs);
  } catch (err) {
    throw new Error(`${(err as Error).message}; last get-post: ${JSON.stringify(last)}`);
  }
}

export async function postLogs(t: TestApp, headers: Record<string, string>, postGroupId: string) {
  const res = await t.http.get(`/api/v1/post-logs/${postGroupId}`).set(headers);
  expect(res.status).toBe(200);
  return res.body.logs as Array<Record<string, any>>;
}

/** Test-friendly engine settings (fast ticks and retries, no advisory spacing, no post spacing). */
export const FAST_ENGINE_ENV = {
  SCHEDULER_ENABLED: 'true',
  SCHEDULER_INTERVAL_MS: '200',
  PUBLISH_ADVISORY_RATES: 'false',
  PUBLISH_RETRY_BASE_MS: '100',
  PUBLISH_RETRY_MAX_MS: '1000',
  MIN_POST_SPACING_SECONDS: '0',
  TOKEN_UPKEEP_INTERVAL_MS: '0',
} as const;
