/**
 * Delay before retry n (n = failed attempts so far), as multiples of the base (default 10 s):
 * 10 s, 30 s, 2 min, 10 min, 30 min. After the fifth retry fails the delivery is given up —
 * unless the webhook was disabled earlier by its fifth consecutive failure.
 */
export const RETRY_MULTIPLIERS = [1, 3, 12, 60, 180] as const;
export const MAX_ATTEMPTS = RETRY_MULTIPLIERS.length + 1;

/** Milliseconds until the next attempt, or null when no attempt is left. */
export function retryDelayMs(failedAttempts: number, baseMs: number): number | null {
  if (failedAttempts < 1 || failedAttempts > RETRY_MULTIPLIERS.length) return null;
  return RETRY_MULTIPLIERS[failedAttempts - 1] * baseMs;
}

/**
 * How long a claimed delivery stays leased: the request is cut at the timeout, so the margin only
 * matters when the process stalls or dies (then another instance takes it over after the lease).
 */
export function leaseMs(timeoutMs: number): number {
  return timeoutMs + Math.max(5_000, timeoutMs);
}
