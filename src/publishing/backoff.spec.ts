import { backoffDelay } from './backoff';

describe('backoffDelay', () => {
  const options = { baseMs: 30_000, maxMs: 30 * 60_000 };

  it('doubles from the base for each retry', () => {
    expect([1, 2, 3, 4].map((r) => backoffDelay(r, options))).toEqual([30_000, 60_000, 120_000, 240_000]);
  });
  it('is capped at maxMs', () => {
    expect(backoffDelay(10, options)).toBe(30 * 60_000);
    expect(backoffDelay(1000, options)).toBe(30 * 60_000);
  });
  it('honours a longer Retry-After from the platform', () => {
    expect(backoffDelay(1, options, 900_000)).toBe(900_000);
  });
  it('never retries earlier than the backoff even if the platform says sooner', () => {
    expect(backoffDelay(2, options, 1000)).toBe(60_000);
  });
  it('ignores invalid retryAfter values and treats retry < 1 as the first retry', () => {
    expect(backoffDelay(0, options, -5)).toBe(30_000);
    expect(backoffDelay(1, options, Number.NaN)).toBe(30_000);
  });
  it('honours a Retry-After longer than the cap', () => {
    expect(backoffDelay(20, options, 2 * 60 * 60_000)).toBe(2 * 60 * 60_000);
  });
});
