import { leaseMs, MAX_ATTEMPTS, retryDelayMs } from './retry-schedule';

describe('retry schedule', () => {
  it('waits 10 s, 30 s, 2 min, 10 min, 30 min with the default base', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, 10_000))).toEqual([10_000, 30_000, 120_000, 600_000, 1_800_000]);
  });
  it('scales with the configured base and stops after five retries', () => {
    expect(retryDelayMs(2, 100)).toBe(300);
    expect(retryDelayMs(6, 10_000)).toBeNull();
    expect(retryDelayMs(0, 10_000)).toBeNull();
    expect(MAX_ATTEMPTS).toBe(6);
  });
  it('leases outlast the request timeout', () => {
    expect(leaseMs(10_000)).toBe(20_000);
    expect(leaseMs(500)).toBe(5_500);
  });
});
