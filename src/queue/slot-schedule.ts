import { DateTime, IANAZone } from 'luxon';

/** ISO weekday order (Luxon's `weekday` 1–7). */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A week's slots at most: ten a day. */
export const MAX_SLOTS_PER_WEEK = 70;
/** How far ahead a free slot is looked for (beyond it, the queue is full). */
export const SEARCH_HORIZON_DAYS = 366;

const LOCAL_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** One weekly posting time of a connection, in its schedule's zone. */
export interface WeeklySlot {
  weekday: Weekday;
  /** `HH:mm`, 24-hour, local to the schedule's zone. */
  time: string;
}

/** When a connection posts from its queue. */
export interface SlotSchedule {
  /** IANA zone, e.g. `Europe/Berlin`. */
  timeZone: string;
  slots: WeeklySlot[];
  paused: boolean;
}

/** Why a schedule cannot be stored (the message names the field), or null. */
export function scheduleProblem(input: { timeZone: unknown; slots: unknown }): string | null {
  if (typeof input.timeZone !== 'string' || !IANAZone.isValidZone(input.timeZone)) return 'timeZone must be an IANA time zone, such as Europe/Berlin';
  if (!Array.isArray(input.slots)) return 'slots must be a list of { weekday, time }';
  if (input.slots.length > MAX_SLOTS_PER_WEEK) return `slots: at most ${MAX_SLOTS_PER_WEEK} a week`;
  const seen = new Set<string>();
  for (const [i, slot] of (input.slots as Array<Partial<WeeklySlot> | null>).entries()) {
    if (!slot || typeof slot !== 'object') return `slots[${i}] must be { weekday, time }`;
    if (!(WEEKDAYS as readonly unknown[]).includes(slot.weekday)) return `slots[${i}].weekday must be one of ${WEEKDAYS.join(', ')}`;
    if (typeof slot.time !== 'string' || !LOCAL_TIME.test(slot.time)) return `slots[${i}].time must be HH:mm, from 00:00 to 23:59`;
    const key = `${slot.weekday} ${slot.time}`;
    if (seen.has(key)) return `slots[${i}] repeats ${key}`;
    seen.add(key);
  }
  return null;
}

/**
 * The instants of a schedule's slots in [from, until), in order, each once. A local time is kept
 * across DST changes (09:00 stays 09:00); one that does not exist on a spring-forward day (02:30
 * in Berlin) is moved forward by the gap (03:30), and one that occurs twice on a fall-back day is
 * used once, at its second occurrence (standard time), as Luxon resolves both. Two slots landing on
 * one instant count once.
 */
export function slotTimes(schedule: Pick<SlotSchedule, 'timeZone' | 'slots'>, from: Date, until: Date): Date[] {
  const zone = schedule.timeZone;
  const byWeekday = new Map<number, Array<{ hour: number; minute: number }>>();
  for (const slot of schedule.slots) {
    const [, hour, minute] = LOCAL_TIME.exec(slot.time)!.map(Number);
    const day = WEEKDAYS.indexOf(slot.weekday) + 1;
    byWeekday.set(day, [...(byWeekday.get(day) ?? []), { hour, minute }]);
  }
  const instants = new Set<number>();
  const last = DateTime.fromJSDate(until, { zone }).plus({ days: 1 }).startOf('day');
  for (let day = DateTime.fromJSDate(from, { zone }).minus({ days: 1 }).startOf('day'); day < last; day = day.plus({ days: 1 })) {
    for (const { hour, minute } of byWeekday.get(day.weekday) ?? []) {
      const at = DateTime.fromObject({ year: day.year, month: day.month, day: day.day, hour, minute }, { zone }).toMillis();
      if (at >= from.getTime() && at < until.getTime()) instants.add(at);
    }
  }
  return [...instants].sort((a, b) => a - b).map((ms) => new Date(ms));
}

/**
 * The next `count` times after `after` that are a slot of every schedule and taken in none
 * (`taken`: per schedule, the instants pending posts of its connection hold; with `spacingMs`,
 * an instant closer than that to one of them is taken too), within the search horizon. A paused
 * or empty schedule has none. Accounts in different zones share only the instants their slots
 * have in common.
 */
export function nextFreeSlots(
  schedules: ReadonlyArray<SlotSchedule>,
  taken: ReadonlyArray<Iterable<number>>,
  after: Date,
  options: { count?: number; horizonDays?: number; spacingMs?: number } = {},
): Date[] {
  const count = options.count ?? 1;
  if (!schedules.length || schedules.some((s) => s.paused || !s.slots.length)) return [];
  const isTaken = takenTest(taken, options.spacingMs ?? 0);
  const found: Date[] = [];
  const start = new Date(after.getTime() + 1);
  const end = DateTime.fromJSDate(start)
    .plus({ days: options.horizonDays ?? SEARCH_HORIZON_DAYS })
    .toJSDate();
  // A week at a time: the first schedule proposes, the others must have the same instant free.
  for (let from = start; from < end && found.length < count;) {
    const to = new Date(Math.min(DateTime.fromJSDate(from).plus({ days: 7 }).toMillis(), end.getTime()));
    const others = schedules.slice(1).map((s) => new Set(slotTimes(s, from, to).map((d) => d.getTime())));
    for (const at of slotTimes(schedules[0], from, to)) {
      const ms = at.getTime();
      if (others.every((set) => set.has(ms)) && !isTaken(ms)) found.push(at);
      if (found.length === count) break;
    }
    from = to;
  }
  return found;
}

/** Whether an instant is held: exactly, or (with a spacing) closer than it to a held one. */
function takenTest(taken: ReadonlyArray<Iterable<number>>, spacingMs: number): (ms: number) => boolean {
  const held = [...new Set(taken.flatMap((t) => [...t]))].sort((a, b) => a - b);
  if (spacingMs <= 0) {
    const exact = new Set(held);
    return (ms) => exact.has(ms);
  }
  return (ms) => {
    // The first held instant above ms - spacing decides: it is the nearest that could be too close.
    let lo = 0;
    let hi = held.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (held[mid] <= ms - spacingMs) lo = mid + 1;
      else hi = mid;
    }
    return lo < held.length && held[lo] < ms + spacingMs;
  };
}
