import { PlatformError } from '../platform-adapter';
import { pollTiming, pollUntil } from './polling';

const timing = { intervalMs: 5, timeoutMs: 60 };

describe('pollUntil', () => {
  it('polls until done', async () => {
    let n = 0;
    // A generous timeout: on a loaded machine three 5 ms polls can take longer than 60 ms.
    await expect(
      pollUntil(async () => (++n >= 3 ? { done: true, value: 'ok' } : { done: false }), { intervalMs: 5, timeoutMs: 5_000, what: 'Job' }),
    ).resolves.toBe('ok');
    expect(n).toBe(3);
  });

  it('gives up after the timeout with a non-retryable error', async () => {
    const err = (await pollUntil(async () => ({ done: false as const }), { ...timing, what: 'Demo video processing' }).catch(
      (e: unknown) => e,
    )) as PlatformError;
    expect(err).toBeInstanceOf(PlatformError);
    expect(err.code).toBe('TIMEOUT_ERROR');
    expect(err.message).toBe('Demo video processing did not finish within 60 ms');
    expect(err.retryable).toBe(false);
    expect(err.options.outcomeUnknown).toBe(false);
  });

  it('flags outcomeUnknown when the post may already be live', async () => {
    const err = (await pollUntil(async () => ({ done: false as const }), { ...timing, what: 'Publishing', outcomeUnknown: true }).catch(
      (e: unknown) => e,
    )) as PlatformError;
    expect(err.options.outcomeUnknown).toBe(true);
  });

  it('waits at least the longer waitMs the platform asks for', async () => {
    const polls: number[] = [];
    await pollUntil(
      async () => {
        polls.push(Date.now());
        return polls.length >= 2 ? { done: true, value: null } : { done: false, waitMs: 40 };
      },
      { intervalMs: 1, timeoutMs: 5_000, what: 'Job' },
    );
    // Only a lower bound: a loaded machine may make the pause longer, never shorter.
    expect(polls[1] - polls[0]).toBeGreaterThanOrEqual(35);
  });

  it('reads the timing from the endpoints', () => {
    expect(pollTiming({ pollIntervalMs: 3, processingTimeoutMs: 9 })).toEqual({ intervalMs: 3, timeoutMs: 9 });
  });
});
