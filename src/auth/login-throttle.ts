/**
 * Failed-login slow-down, kept twice: per account (lower-cased email) and per client address.
 * Inside a sliding 15-minute window the first failures are free (4 per account, 24 per address,
 * which may be a shared office or NAT); each later one locks that account or address for
 * 30 s × 2^(failures − free − 1), capped at 15 minutes. A locked account stays locked whatever
 * address the next try comes from. A successful login clears the account's record. Pure rules
 * here; the state lives in the database (`login_attempts`) so every app instance sees it.
 */
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LOGIN_FREE_FAILURES = 4;
export const LOGIN_FREE_FAILURES_PER_ADDRESS = 24;
export const LOGIN_BASE_LOCK_MS = 30_000;
export const LOGIN_MAX_LOCK_MS = 15 * 60_000;

export interface LoginAttemptState {
  failures: number;
  lastFailureAt: Date;
  lockedUntil: Date | null;
}

/** Seconds left on a lock (rounded up), or 0 when the pair may try. */
export function lockSecondsLeft(state: LoginAttemptState | null, now: Date): number {
  if (!state?.lockedUntil) return 0;
  const left = state.lockedUntil.getTime() - now.getTime();
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

/** The state after one more failure, given the state before it (null: none yet). */
export function afterFailure(before: LoginAttemptState | null, now: Date, freeFailures = LOGIN_FREE_FAILURES): LoginAttemptState {
  const expired = !before || now.getTime() - before.lastFailureAt.getTime() >= LOGIN_WINDOW_MS;
  const failures = expired ? 1 : before.failures + 1;
  const lockMs =
    failures > freeFailures
      ? Math.min(LOGIN_BASE_LOCK_MS * 2 ** (failures - freeFailures - 1), LOGIN_MAX_LOCK_MS)
      : 0;
  return { failures, lastFailureAt: now, lockedUntil: lockMs ? new Date(now.getTime() + lockMs) : null };
}
