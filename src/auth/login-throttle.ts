/**
 * Failed-login slow-down, per (email, IP): the first 4 failures inside a sliding 15-minute window
 * are free; the 5th and each later one lock the pair for 30 s × 2^(failures − 5), capped at
 * 15 minutes. A successful login clears the record. Pure rules here; the state lives in the
 * database (`login_attempts`) so every app instance sees it.
 */
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LOGIN_FREE_FAILURES = 4;
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
export function afterFailure(before: LoginAttemptState | null, now: Date): LoginAttemptState {
  const expired = !before || now.getTime() - before.lastFailureAt.getTime() >= LOGIN_WINDOW_MS;
  const failures = expired ? 1 : before.failures + 1;
  const lockMs =
    failures > LOGIN_FREE_FAILURES
      ? Math.min(LOGIN_BASE_LOCK_MS * 2 ** (failures - LOGIN_FREE_FAILURES - 1), LOGIN_MAX_LOCK_MS)
      : 0;
  return { failures, lastFailureAt: now, lockedUntil: lockMs ? new Date(now.getTime() + lockMs) : null };
}
