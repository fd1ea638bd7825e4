const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/**
 * When a published post's metrics are read, after its publication: dense while it is young,
 * when its numbers move, then never again (docs/engagement.md).
 */
export const POST_COLLECTION_STEPS_MS = [HOUR, 6 * HOUR, DAY, 3 * DAY, 7 * DAY, 30 * DAY] as const;

/** An account's metrics (followers…) are read once a day. */
export const ACCOUNT_COLLECTION_PERIOD_MS = DAY;

/** The first step still ahead at `now` (a post published long ago skips the steps it missed), or null when none is left. */
export function firstStepAfter(publishedAt: Date, now: Date): number | null {
  const age = now.getTime() - publishedAt.getTime();
  const step = POST_COLLECTION_STEPS_MS.findIndex((offset) => offset > age);
  return step === -1 ? null : step;
}

/** When step `step` is due, or null past the last one. */
export function stepDueAt(publishedAt: Date, step: number): Date | null {
  const offset = POST_COLLECTION_STEPS_MS[step];
  return offset === undefined ? null : new Date(publishedAt.getTime() + offset);
}

/**
 * The step after a collection at `now` and when it is due: a collection that ran late catches up
 * on the steps it overran (one read, not several in a row), and null ends the post's series.
 */
export function nextStep(publishedAt: Date, collectedStep: number, now: Date): { step: number; dueAt: Date } | null {
  const ahead = firstStepAfter(publishedAt, now);
  const step = Math.max(collectedStep + 1, ahead ?? POST_COLLECTION_STEPS_MS.length);
  const dueAt = stepDueAt(publishedAt, step);
  return dueAt ? { step, dueAt } : null;
}

/**
 * How long a connection waits after its collection failed for a passing reason: 15 minutes,
 * doubling with each failure in a row, at most 12 hours; a longer wait the platform asked for wins.
 */
export function collectionBackoffMs(failuresInARow: number, retryAfterMs = 0): number {
  const exponential = Math.min(12 * HOUR, 15 * 60_000 * 2 ** Math.min(Math.max(0, failuresInARow - 1), 10));
  return Math.max(exponential, Math.min(retryAfterMs, DAY));
}
