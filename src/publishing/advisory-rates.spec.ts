import { ADVISORY_RATES, nextAdvisorySlot } from './advisory-rates';

const now = new Date('2026-05-01T12:00:00.000Z');
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);

describe('nextAdvisorySlot', () => {
  const rate = { perHour: 3, perDay: 5 };

  it('allows publishing now when under both rates', () => {
    expect(nextAdvisorySlot([], rate, now)).toBeNull();
    expect(nextAdvisorySlot([minutesAgo(10), minutesAgo(5)], rate, now)).toBeNull();
  });

  it('defers to when the oldest publication of a full hour leaves the window', () => {
    const slot = nextAdvisorySlot([minutesAgo(50), minutesAgo(20), minutesAgo(5)], rate, now);
    expect(slot).toEqual(new Date(minutesAgo(50).getTime() + 60 * 60_000));
  });

  it('uses the daily rate when the day is full', () => {
    const times = [minutesAgo(20 * 60), minutesAgo(10 * 60), minutesAgo(5 * 60), minutesAgo(3 * 60), minutesAgo(30)];
    expect(nextAdvisorySlot(times, rate, now)).toEqual(new Date(minutesAgo(20 * 60).getTime() + 24 * 60 * 60_000));
  });

  it('takes the later of the two windows', () => {
    const times = [minutesAgo(23 * 60), minutesAgo(2 * 60), minutesAgo(40), minutesAgo(30), minutesAgo(10)];
    // hour full (40, 30, 10 minutes ago) → 20 min from now; day full (5) → 1 h from now.
    expect(nextAdvisorySlot(times, rate, now)).toEqual(new Date(minutesAgo(23 * 60).getTime() + 24 * 60 * 60_000));
  });

  it('ignores publications older than a day and ones in the future', () => {
    expect(
      nextAdvisorySlot([minutesAgo(25 * 60), minutesAgo(26 * 60), minutesAgo(27 * 60), new Date(now.getTime() + 1000)], { perHour: 1, perDay: 1 }, now),
    ).toBeNull();
  });

  it('with more than the limit already published, waits for enough to leave', () => {
    const times = [minutesAgo(59), minutesAgo(58), minutesAgo(57), minutesAgo(1)];
    // 4 in the hour with limit 3: the slot opens when the 2nd oldest (58 min ago) leaves.
    expect(nextAdvisorySlot(times, rate, now)).toEqual(new Date(minutesAgo(58).getTime() + 60 * 60_000));
  });

  it('knows the spec table', () => {
    expect(ADVISORY_RATES.twitter).toEqual({ perHour: 10, perDay: 50 });
    expect(ADVISORY_RATES.telegram).toEqual({ perHour: 20, perDay: 300 });
    expect(ADVISORY_RATES.pinterest).toBeUndefined();
  });
});
