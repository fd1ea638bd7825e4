import { tokenStatusOf } from './token-status';

const now = new Date('2026-03-01T12:00:00.000Z');
const at = (ms: number) => new Date(now.getTime() + ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('tokenStatusOf', () => {
  it.each([
    ['no expiry', null, 'unknown', null],
    ['exactly 7 days', at(7 * DAY), 'valid', '7d 0h'],
    ['7 days minus 1 ms', at(7 * DAY - 1), 'expiring_soon', '6d 23h'],
    ['30 days 5 hours', at(30 * DAY + 5 * HOUR + 59 * MIN), 'valid', '30d 5h'],
    ['exactly 1 day', at(DAY), 'expiring_soon', '1d 0h'],
    ['1 day minus 1 ms', at(DAY - 1), 'expiring_soon', '23h'],
    ['exactly 1 hour', at(HOUR), 'expiring_soon', '1h'],
    ['59 minutes', at(59 * MIN), 'expiring_soon', '< 1h'],
    ['1 ms', at(1), 'expiring_soon', '< 1h'],
    ['exactly now (0)', at(0), 'expired', 'expired'],
    ['1 ms ago', at(-1), 'expired', 'expired'],
  ])('%s', (_label, expiresAt, status, expiresIn) => {
    expect(tokenStatusOf(expiresAt as Date | null, now)).toEqual({ tokenStatus: status, tokenExpiresIn: expiresIn });
  });

  it('treats undefined like null', () => {
    expect(tokenStatusOf(undefined, now)).toEqual({ tokenStatus: 'unknown', tokenExpiresIn: null });
  });
});
