/** A calendar page: a month, or a week from Monday, in the person's time zone. */
export type CalendarMode = 'month' | 'week';

export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The first and the day after the last day a calendar page shows (weeks start on Monday, local time). */
export function calendarRange(mode: CalendarMode, anchor: Date): { from: Date; to: Date } {
  if (mode === 'month') return { from: new Date(anchor.getFullYear(), anchor.getMonth(), 1), to: new Date(anchor.getFullYear(), anchor.getMonth() + 1, 1) };
  const monday = new Date(anchor.getFullYear(), anchor.getMonth(), anchor.getDate() - ((anchor.getDay() + 6) % 7));
  return { from: monday, to: new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 7) };
}

/** The month or week before or after `anchor`. */
export function stepCalendar(mode: CalendarMode, anchor: Date, by: 1 | -1): Date {
  return mode === 'month'
    ? new Date(anchor.getFullYear(), anchor.getMonth() + by, 1)
    : new Date(anchor.getFullYear(), anchor.getMonth(), anchor.getDate() + 7 * by);
}

/** One key per local day. */
export const dayKey = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
