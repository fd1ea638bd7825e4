import type { QueueConnectionsQuery, QueueQuery, QueueScheduleQuery } from '../../gql/graphql';
import { TIME_ZONE } from '../../ui/format';

export type QueueConnection = QueueConnectionsQuery['connections'][number];
export type QueueSchedule = QueueScheduleQuery['queueSchedule'];
export type QueuedPost = QueueQuery['queue']['posts'][number];
export type Slot = { weekday: string; time: string };

/** The service's weekdays, in the order a week from Monday shows them. */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** `monday` → "Monday". */
export const weekdayLabel = (weekday: string) => weekday.charAt(0).toUpperCase() + weekday.slice(1);

/** What the service allows in a week (docs/queue.md). */
export const MAX_SLOTS = 70;

/** How a slot is named in buttons and messages, in the service's own words ("monday 09:00"). */
export const slotName = (slot: Slot) => `${slot.weekday} ${slot.time}`;

/** Slots in week order: by weekday from Monday, then by time. */
export function sortSlots(slots: readonly Slot[]): Slot[] {
  return [...slots].sort((a, b) => WEEKDAYS.indexOf(a.weekday as never) - WEEKDAYS.indexOf(b.weekday as never) || a.time.localeCompare(b.time));
}

/** How the page names an account: its display name, else its username, with the platform. */
export const accountName = (c: Pick<QueueConnection, 'displayName' | 'username' | 'platform'>) => `${c.displayName ?? c.username} (${c.platform})`;

/**
 * For the queue's mutations: they re-time posts but answer a schedule or a queue, so the cached
 * posts lists and calendars (PostGroup) are read again when next shown.
 */
export const CHANGES_POSTS = { additionalTypenames: ['PostGroup'] };

/**
 * For the queue and its free slots: a change to any post (composed, queued, rescheduled, deleted),
 * queue or schedule can move them, so any of those marks them to be read again.
 */
export const READS_QUEUE = { additionalTypenames: ['PostGroup', 'Queue', 'QueueSchedule'] };

/** The editor's starting values; a schedule never set starts in the browser's zone rather than the service's default, UTC. */
export function editorValues(schedule: QueueSchedule): { timeZone: string; paused: boolean; slots: Slot[] } {
  return {
    timeZone: schedule.configured ? schedule.timeZone : TIME_ZONE,
    paused: schedule.paused,
    slots: sortSlots(schedule.slots.map(({ weekday, time }) => ({ weekday, time }))),
  };
}

/** How many of the best times the slot editor suggests. */
export const SUGGESTED_SLOTS = 3;

/**
 * The best `count` weekday × hour cells of bestTimes (ISO weekday 1 = Monday) as slots on the
 * hour, best first; ties go to the cell with more posts. Slots already in the week are left out.
 */
export function suggestedSlots(
  cells: ReadonlyArray<{ weekday: number; hour: number; posts: number; averageEngagement: number }>,
  taken: readonly Slot[],
  count = SUGGESTED_SLOTS,
): Slot[] {
  return [...cells]
    .sort((a, b) => b.averageEngagement - a.averageEngagement || b.posts - a.posts)
    .slice(0, count)
    .map((c) => ({ weekday: WEEKDAYS[c.weekday - 1], time: `${String(c.hour).padStart(2, '0')}:00` }))
    .filter((s) => !taken.some((t) => t.weekday === s.weekday && t.time === s.time));
}
