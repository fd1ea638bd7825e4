import { planQueue } from './queue-plan';
import type { SlotSchedule } from './slot-schedule';

const everyDay = (timeZone: string, time: string, paused = false): SlotSchedule => ({
  timeZone,
  paused,
  slots: (['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const).map((weekday) => ({ weekday, time })),
});
const now = new Date('2026-12-03T12:00:00Z');
const iso = (plan: Array<{ postGroupId: string; slot: Date | null }>) => plan.map((p) => [p.postGroupId, p.slot?.toISOString() ?? null]);

describe('planQueue', () => {
  it('puts the groups on the next slots in their order, around the times other posts hold', () => {
    const schedules = new Map([['a', everyDay('UTC', '09:00')]]);
    const taken = new Map([['a', [new Date('2026-12-05T09:00:00Z').getTime()]]]);
    const plan = planQueue(
      [
        { postGroupId: 'g1', connectionIds: ['a'] },
        { postGroupId: 'g2', connectionIds: ['a'] },
      ],
      schedules,
      taken,
      now,
    );
    expect(iso(plan)).toEqual([
      ['g1', '2026-12-04T09:00:00.000Z'],
      ['g2', '2026-12-06T09:00:00.000Z'],
    ]);
  });

  it('keeps the order: a group to two accounts waits for a shared slot, and the next one comes after it', () => {
    const schedules = new Map([
      ['a', everyDay('UTC', '09:00')],
      ['b', everyDay('UTC', '09:00')],
    ]);
    // b's 4th and 5th are held, so the shared slot is the 6th; g2 (a only) follows it, not before.
    const taken = new Map([['b', ['2026-12-04T09:00:00Z', '2026-12-05T09:00:00Z'].map((s) => new Date(s).getTime())]]);
    const plan = planQueue(
      [
        { postGroupId: 'both', connectionIds: ['a', 'b'] },
        { postGroupId: 'g2', connectionIds: ['a'] },
      ],
      schedules,
      taken,
      now,
    );
    expect(iso(plan)).toEqual([
      ['both', '2026-12-06T09:00:00.000Z'],
      ['g2', '2026-12-07T09:00:00.000Z'],
    ]);
  });

  it('holds a group whose schedule is paused or missing, and carries on with the next', () => {
    const schedules = new Map([
      ['a', everyDay('UTC', '09:00')],
      ['p', everyDay('UTC', '09:00', true)],
    ]);
    const plan = planQueue(
      [
        { postGroupId: 'paused', connectionIds: ['p'] },
        { postGroupId: 'nowhere', connectionIds: ['x'] },
        { postGroupId: 'g', connectionIds: ['a'] },
      ],
      schedules,
      new Map(),
      now,
    );
    expect(iso(plan)).toEqual([
      ['paused', null],
      ['nowhere', null],
      ['g', '2026-12-04T09:00:00.000Z'],
    ]);
  });

  it('keeps its slots the minimum spacing away from other posts', () => {
    const schedules = new Map([['a', everyDay('UTC', '09:00')]]);
    const taken = new Map([['a', [new Date('2026-12-04T09:10:00Z').getTime()]]]);
    const plan = planQueue([{ postGroupId: 'g', connectionIds: ['a'] }], schedules, taken, now, { spacingMs: 15 * 60_000 });
    expect(iso(plan)).toEqual([['g', '2026-12-05T09:00:00.000Z']]);
  });
});
