import { LOGIN_FREE_FAILURES_PER_ADDRESS, LOGIN_MAX_LOCK_MS, lockAfterFailure } from './login-throttle';

describe('login throttle rule', () => {
  it('lets four failures through, then locks for 30 s, doubling after each further failure', () => {
    expect([1, 2, 3, 4].map((n) => lockAfterFailure(n))).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7].map((n) => lockAfterFailure(n))).toEqual([30_000, 60_000, 120_000]);
  });

  it('caps the lock at 15 minutes', () => {
    expect(lockAfterFailure(9)).toBe(480_000);
    expect(lockAfterFailure(10)).toBe(LOGIN_MAX_LOCK_MS);
    expect(lockAfterFailure(40)).toBe(LOGIN_MAX_LOCK_MS);
  });

  it('gives a client address more free failures than an account', () => {
    expect(lockAfterFailure(LOGIN_FREE_FAILURES_PER_ADDRESS, LOGIN_FREE_FAILURES_PER_ADDRESS)).toBe(0);
    expect(lockAfterFailure(LOGIN_FREE_FAILURES_PER_ADDRESS + 1, LOGIN_FREE_FAILURES_PER_ADDRESS)).toBe(30_000);
  });
});
