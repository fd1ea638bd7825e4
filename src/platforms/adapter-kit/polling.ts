import { PlatformError } from '../platform-adapter';
import type { PlatformEndpoints } from '../platform-endpoints';
import { sleep } from './steps';

/** One poll: done with a value, or not yet (optionally with the longer wait the platform asks for). */
export type PollAnswer<T> = { done: true; value: T } | { done: false; waitMs?: number };

export interface PollTiming {
  /** Pause between polls (a `waitMs` answer may make it longer). */
  intervalMs: number;
  /** Give up after this long. */
  timeoutMs: number;
}

export interface PollOptions extends PollTiming {
  /** What is being waited for, for the failure message: `Mastodon media processing`. */
  what: string;
  /** True when the post may already be live while we wait (TikTok after the last chunk). */
  outcomeUnknown?: boolean;
}

/** The configured processing poll timing. */
export const pollTiming = (endpoints: Pick<PlatformEndpoints, 'pollIntervalMs' | 'processingTimeoutMs'>): PollTiming => ({
  intervalMs: endpoints.pollIntervalMs,
  timeoutMs: endpoints.processingTimeoutMs,
});

/**
 * Polls asynchronous processing (video jobs, media containers, publish status) until `check`
 * says done, pausing `intervalMs` (or the longer `waitMs` the platform asks for, never past the
 * deadline) between polls. Gives up after `timeoutMs` with a non-retryable TIMEOUT_ERROR:
 * processing that has not finished by then will not finish because we retry, and a retry would
 * start the whole upload again.
 */
export async function pollUntil<T>(check: () => Promise<PollAnswer<T>>, options: PollOptions): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const answer = await check();
    if (answer.done) return answer.value;
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      throw new PlatformError('TIMEOUT_ERROR', `${options.what} did not finish within ${options.timeoutMs} ms`, {
        retryable: false,
        outcomeUnknown: options.outcomeUnknown ?? false,
        platformError: 'processing timeout',
      });
    }
    await sleep(Math.min(Math.max(options.intervalMs, answer.waitMs ?? 0), remaining));
  }
}
