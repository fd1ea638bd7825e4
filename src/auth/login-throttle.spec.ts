import { afterFailure, LOGIN_MAX_LOCK_MS, LOGIN_WINDOW_MS, lockSecondsLeft } from './login-throttle';

describe('login throttle rules', () => {
  const t0 = new Date('2026-01-01T00:00:00Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);

  it('lets four failures through, then locks for 30 s, doubling after each further failure', () => {
    let state = afterFailure(null, t0);
    for (let i = 2; i <= 4; i++) state = afterFailure(state, at(i));
    expect(state.failures).toBe(4);
    expect(state.lockedUntil).toBeNull();
    state = afterFailure(state, at(5));
    expect(state.lockedUntil).toEqual(at(5 + 30_000));
    expect(lockSecondsLeft(state, at(5))).toBe(30);
    state = afterFailure(state, at(40_000));
    expect(state.lockedUntil).toEqual(at(40_000 + 60_000));
  });

  it('caps the lock at 15 minutes', () => {
    let state = afterFailure(null, t0);
    for (let i = 1; i < 20; i++) state = afterFailure(state, at(i));
    expect(state.lockedUntil!.getTime() - at(19).getTime()).toBe(LOGIN_MAX_LOCK_MS);
  });

  it('starts over after a quiet window', () => {
    let state = afterFailure(null, t0);
    state = afterFailure(state, at(1));
    state = afterFailure(state, at(1 + LOGIN_WINDOW_MS));
    expect(state.failures).toBe(1);
  });

  it('reports no lock once it has passed', () => {
    expect(lockSecondsLeft(null, t0)).toBe(0);
    expect(lockSecondsLeft({ failures: 9, lastFailureAt: t0, lockedUntil: at(1500) }, at(1600))).toBe(0);
    expect(lockSecondsLeft({ failures: 9, lastFailureAt: t0, lockedUntil: at(1500) }, at(0))).toBe(2);
  });
});
