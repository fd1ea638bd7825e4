import { Button, Group, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useQuery } from 'urql';
import { slotName, suggestedSlots, weekdayLabel, type Slot } from '../queue';
import { QueueBestTimesDocument } from '../queue.documents';

/**
 * The account's three best posting times (bestTimes, in the schedule's zone so that they are
 * slots as they are), each added to the week with one click. Nothing while the service has too
 * few posts to say, nor while it is asked or when it fails: the editor works without it.
 */
export function BestTimeSuggestions({
  platformId,
  timeZone,
  slots,
  onAdd,
}: {
  platformId: string;
  timeZone: string;
  slots: Slot[];
  onAdd: (slot: Slot) => void;
}) {
  const variables = useMemo(() => ({ platformId, timeZone }), [platformId, timeZone]);
  const [{ data }] = useQuery({ query: QueueBestTimesDocument, variables });
  const best = data?.bestTimes;
  if (!best?.enough) return null;
  const suggested = suggestedSlots(best.cells, slots);
  if (!suggested.length) return null;
  return (
    <Group gap="xs" wrap="wrap" role="group" aria-labelledby="best-time-suggestions">
      <Text size="sm" id="best-time-suggestions">
        Suggested from your best times ({best.timeZone}):
      </Text>
      {suggested.map((slot) => (
        <Button
          key={slotName(slot)}
          size="compact-sm"
          variant="light"
          onClick={() => onAdd(slot)}
          aria-label={`Add ${weekdayLabel(slot.weekday)} ${slot.time} (suggested from your best times)`}
        >
          {weekdayLabel(slot.weekday)} {slot.time}
        </Button>
      ))}
    </Group>
  );
}
