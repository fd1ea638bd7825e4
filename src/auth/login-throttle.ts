/**
 * Failed-login slow-down, kept twice: per account (lower-cased email) and per client address.
 * Inside a 15-minute window from the first attempt, the first failures are free (4 per account,
 * 24 per address, which may be a shared office or NAT); each later one locks that account or
 * address for 30 s × 2^(n − free − 1), n being the attempt's number in the window, capped at 15
 * minutes. The counting and the locks are rate-limiter-flexible's (login-throttle.service.ts,
 * which counts an attempt before its password is checked); the lock length is this pure rule.
 */
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LOGIN_FREE_FAILURES = 4;
export const LOGIN_FREE_FAILURES_PER_ADDRESS = 24;
export const LOGIN_BASE_LOCK_MS = 30_000;
export const LOGIN_MAX_LOCK_MS = 15 * 60_000;

/** How long the `failures`-th failure in the window locks (0: still free). */
export function lockAfterFailure(failures: number, freeFailures = LOGIN_FREE_FAILURES): number {
  if (failures <= freeFailures) return 0;
  return Math.min(LOGIN_BASE_LOCK_MS * 2 ** (failures - freeFailures - 1), LOGIN_MAX_LOCK_MS);
}
