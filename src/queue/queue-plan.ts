import { nextFreeSlots, type SlotSchedule } from './slot-schedule';

/** A queued group as the plan sees it: its place in the order and the connections it posts to. */
export interface PlannedGroup {
  postGroupId: string;
  connectionIds: string[];
}

/** Where the plan puts a group: a slot, or null (held as a draft: no slot for it). */
export interface PlannedSlot {
  postGroupId: string;
  slot: Date | null;
}

/**
 * Slots for queued groups, in their order: each gets the earliest slot after `now` and after the
 * slot of the group before it that is a slot of every one of its connections and free there
 * (`taken`: per connection, the instants its other pending posts hold, kept `spacingMs` apart).
 * A group with no such slot (a paused schedule, none shared within the search horizon) gets null
 * and the next one carries on from the last slot given, so the order never changes.
 */
export function planQueue(
  groups: ReadonlyArray<PlannedGroup>,
  schedules: ReadonlyMap<string, SlotSchedule>,
  taken: ReadonlyMap<string, number[]>,
  now: Date,
  options: { spacingMs?: number } = {},
): PlannedSlot[] {
  const held = new Map([...taken].map(([id, times]) => [id, [...times]]));
  let after = now;
  return groups.map(({ postGroupId, connectionIds }) => {
    const own = connectionIds.map((id) => schedules.get(id));
    if (own.some((s) => !s)) return { postGroupId, slot: null };
    const [slot] = nextFreeSlots(
      own as SlotSchedule[],
      connectionIds.map((id) => held.get(id) ?? []),
      after,
      { count: 1, spacingMs: options.spacingMs },
    );
    if (!slot) return { postGroupId, slot: null };
    for (const id of connectionIds) held.set(id, [...(held.get(id) ?? []), slot.getTime()]);
    after = slot;
    return { postGroupId, slot };
  });
}
