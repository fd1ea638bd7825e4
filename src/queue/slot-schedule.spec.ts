import { nextFreeSlots, scheduleProblem, slotTimes, type SlotSchedule, type WeeklySlot } from './slot-schedule';

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());
const at = (s: string) => new Date(s);
const schedule = (timeZone: string, slots: WeeklySlot[], paused = false): SlotSchedule => ({ timeZone, slots, paused });

describe('slotTimes', () => {
  it('keeps 09:00 local across Berlin’s spring change (CET → CEST)', () => {
    const berlin = schedule('Europe/Berlin', [{ weekday: 'monday', time: '09:00' }]);
    expect(iso(slotTimes(berlin, at('2026-03-20T00:00:00Z'), at('2026-04-01T00:00:00Z')))).toEqual(['2026-03-23T08:00:00.000Z', '2026-03-30T07:00:00.000Z']);
  });

  it('moves a slot that does not exist (02:30 on a spring-forward Sunday) forward by the gap, and uses a doubled one once', () => {
    const berlin = schedule('Europe/Berlin', [{ weekday: 'sunday', time: '02:30' }]);
    expect(iso(slotTimes(berlin, at('2026-03-28T00:00:00Z'), at('2026-03-30T00:00:00Z')))).toEqual(['2026-03-29T01:30:00.000Z']); // 03:30 CEST
    expect(iso(slotTimes(berlin, at('2026-10-24T00:00:00Z'), at('2026-10-26T00:00:00Z')))).toEqual(['2026-10-25T01:30:00.000Z']); // 02:30 CET
  });

  it('New York: the gap and the doubled hour, and 17:30 kept across November’s change', () => {
    const ny = (slots: WeeklySlot[]) => schedule('America/New_York', slots);
    expect(iso(slotTimes(ny([{ weekday: 'sunday', time: '02:30' }]), at('2026-03-07T00:00:00Z'), at('2026-03-09T00:00:00Z')))).toEqual([
      '2026-03-08T07:30:00.000Z',
    ]);
    expect(iso(slotTimes(ny([{ weekday: 'sunday', time: '01:30' }]), at('2026-10-31T00:00:00Z'), at('2026-11-02T00:00:00Z')))).toEqual([
      '2026-11-01T06:30:00.000Z',
    ]);
    expect(iso(slotTimes(ny([{ weekday: 'friday', time: '17:30' }]), at('2026-10-29T00:00:00Z'), at('2026-11-07T00:00:00Z')))).toEqual([
      '2026-10-30T21:30:00.000Z',
      '2026-11-06T22:30:00.000Z',
    ]);
  });

  it('Sydney: April’s end of daylight time and October’s start (the southern hemisphere)', () => {
    const sydney = schedule('Australia/Sydney', [{ weekday: 'tuesday', time: '09:00' }]);
    expect(iso(slotTimes(sydney, at('2026-03-30T00:00:00Z'), at('2026-04-08T00:00:00Z')))).toEqual([
      '2026-03-30T22:00:00.000Z', // AEDT, +11
      '2026-04-06T23:00:00.000Z', // AEST, +10
    ]);
    const gap = schedule('Australia/Sydney', [{ weekday: 'sunday', time: '02:30' }]);
    expect(iso(slotTimes(gap, at('2026-10-03T00:00:00Z'), at('2026-10-04T12:00:00Z')))).toEqual(['2026-10-03T16:30:00.000Z']); // 03:30 AEDT
  });

  it('has a slot on a leap day, and counts two slots on one instant once', () => {
    const utc = schedule('UTC', [{ weekday: 'tuesday', time: '12:00' }]);
    expect(iso(slotTimes(utc, at('2028-02-28T00:00:00Z'), at('2028-03-01T00:00:00Z')))).toEqual(['2028-02-29T12:00:00.000Z']);
    const both = schedule('Europe/Berlin', [
      { weekday: 'sunday', time: '02:30' },
      { weekday: 'sunday', time: '03:30' },
    ]);
    expect(iso(slotTimes(both, at('2026-03-28T00:00:00Z'), at('2026-03-30T00:00:00Z')))).toEqual(['2026-03-29T01:30:00.000Z']);
  });

  it('keeps [from, until): a slot at `from` is in, one at `until` is out', () => {
    const utc = schedule('UTC', [{ weekday: 'monday', time: '09:00' }]);
    expect(iso(slotTimes(utc, at('2026-03-02T09:00:00Z'), at('2026-03-09T09:00:00Z')))).toEqual(['2026-03-02T09:00:00.000Z']);
  });
});

describe('nextFreeSlots', () => {
  const weekdays9and1730 = (timeZone: string) =>
    schedule(
      timeZone,
      (['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const).flatMap((weekday) => [
        { weekday, time: '09:00' },
        { weekday, time: '17:30' },
      ]),
    );

  it('gives the next slots after now, skipping those queued posts hold', () => {
    const berlin = weekdays9and1730('Europe/Berlin');
    const now = at('2026-12-04T10:00:00Z'); // Friday 11:00 in Berlin
    expect(iso(nextFreeSlots([berlin], [new Set()], now, { count: 3 }))).toEqual([
      '2026-12-04T16:30:00.000Z',
      '2026-12-07T08:00:00.000Z',
      '2026-12-07T16:30:00.000Z',
    ]);
    const taken = new Set([at('2026-12-04T16:30:00Z').getTime()]);
    expect(iso(nextFreeSlots([berlin], [taken], now))).toEqual(['2026-12-07T08:00:00.000Z']);
  });

  it('never gives the current instant or one before it', () => {
    const utc = schedule('UTC', [{ weekday: 'monday', time: '09:00' }]);
    expect(iso(nextFreeSlots([utc], [new Set()], at('2026-03-02T09:00:00Z')))).toEqual(['2026-03-09T09:00:00.000Z']);
  });

  it('for several accounts, the earliest instant that is a free slot of each', () => {
    const berlin = weekdays9and1730('Europe/Berlin');
    const london = schedule('Europe/London', [{ weekday: 'monday', time: '08:00' }]); // = 09:00 Berlin
    const heldInBerlin = new Set([at('2026-12-07T08:00:00Z').getTime()]);
    expect(iso(nextFreeSlots([berlin, london], [new Set(), new Set()], at('2026-12-04T10:00:00Z')))).toEqual(['2026-12-07T08:00:00.000Z']);
    expect(iso(nextFreeSlots([berlin, london], [heldInBerlin, new Set()], at('2026-12-04T10:00:00Z')))).toEqual(['2026-12-14T08:00:00.000Z']);
    // Slots that never meet: no common time.
    const tokyo = schedule('Asia/Tokyo', [{ weekday: 'monday', time: '09:00' }]);
    expect(nextFreeSlots([berlin, tokyo], [new Set(), new Set()], at('2026-12-04T10:00:00Z'))).toEqual([]);
  });

  it('has none for a paused or empty schedule', () => {
    expect(nextFreeSlots([weekdays9and1730('UTC')], [new Set()], at('2026-12-04T10:00:00Z'))).toHaveLength(1);
    expect(nextFreeSlots([{ ...weekdays9and1730('UTC'), paused: true }], [new Set()], at('2026-12-04T10:00:00Z'))).toEqual([]);
    expect(nextFreeSlots([schedule('UTC', [])], [new Set()], at('2026-12-04T10:00:00Z'))).toEqual([]);
  });
});

describe('scheduleProblem', () => {
  const ok = { timeZone: 'Europe/Berlin', slots: [{ weekday: 'monday', time: '09:00' }] };
  it.each([
    [{ ...ok, timeZone: 'Mars/Olympus' }, 'timeZone must be an IANA time zone, such as Europe/Berlin'],
    [{ ...ok, slots: 'mondays' }, 'slots must be a list of { weekday, time }'],
    [
      { ...ok, slots: [{ weekday: 'funday', time: '09:00' }] },
      'slots[0].weekday must be one of monday, tuesday, wednesday, thursday, friday, saturday, sunday',
    ],
    [{ ...ok, slots: [{ weekday: 'monday', time: '24:00' }] }, 'slots[0].time must be HH:mm, from 00:00 to 23:59'],
    [{ ...ok, slots: [{ weekday: 'monday', time: '9:00' }] }, 'slots[0].time must be HH:mm, from 00:00 to 23:59'],
    [{ ...ok, slots: [...ok.slots, { weekday: 'monday', time: '09:00' }] }, 'slots[1] repeats monday 09:00'],
    [
      { ...ok, slots: Array.from({ length: 71 }, (_, i) => ({ weekday: 'monday', time: `0${i % 10}:${String(i).padStart(2, '0').slice(-2)}` })) },
      'slots: at most 70 a week',
    ],
  ])('%j → %s', (input, message) => {
    expect(scheduleProblem(input)).toBe(message);
  });

  it('accepts a good schedule', () => {
    expect(scheduleProblem(ok)).toBeNull();
  });
});

describe('nextFreeSlots with a minimum spacing', () => {
  const utc = schedule('UTC', [
    { weekday: 'monday', time: '09:00' },
    { weekday: 'monday', time: '10:00' },
    { weekday: 'monday', time: '11:00' },
  ]);
  const monday = (time: string) => at(`2026-12-07T${time}:00Z`).getTime();

  it('skips a slot closer than the spacing to a held time, on either side, and keeps one exactly that far', () => {
    const after = at('2026-12-06T00:00:00Z');
    expect(iso(nextFreeSlots([utc], [[monday('09:20')]], after, { count: 2, spacingMs: 30 * 60_000 }))).toEqual([
      '2026-12-07T10:00:00.000Z',
      '2026-12-07T11:00:00.000Z',
    ]);
    expect(iso(nextFreeSlots([utc], [[monday('08:45')]], after, { count: 1, spacingMs: 30 * 60_000 }))).toEqual(['2026-12-07T10:00:00.000Z']);
    expect(iso(nextFreeSlots([utc], [[monday('09:30')]], after, { count: 1, spacingMs: 30 * 60_000 }))).toEqual(['2026-12-07T09:00:00.000Z']);
    expect(iso(nextFreeSlots([utc], [[monday('09:30')]], after, { count: 1, spacingMs: 31 * 60_000 }))).toEqual(['2026-12-07T11:00:00.000Z']);
    // Without a spacing only the exact instant is held.
    expect(iso(nextFreeSlots([utc], [[monday('09:20')]], after, { count: 1 }))).toEqual(['2026-12-07T09:00:00.000Z']);
  });
});
