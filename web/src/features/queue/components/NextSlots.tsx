import { List, Text } from '@mantine/core';
import type { NextQueueSlotsQuery } from '../../../gql/graphql';
import { formatDateTime, TIME_ZONE } from '../../../ui/format';
import { QueryResult, type QueryStatus } from '../../../ui/QueryResult';
import { SectionCard } from '../../../ui/SectionCard';
import type { QueueSchedule } from '../queue';

/** The times the next posts added to this account's queue would get, in the person's time zone. */
export function NextSlots({ result, schedule, onRetry }: { result: QueryStatus<NextQueueSlotsQuery>; schedule?: QueueSchedule; onRetry: () => void }) {
  return (
    <SectionCard titleId="next-slots-title" title="Next free slots">
      <QueryResult result={result} loading="Loading the next free slots" failed="Could not load the next free slots" onRetry={onRetry}>
        {({ nextQueueSlots }) =>
          nextQueueSlots.length === 0 ? (
            <Text c="dimmed">
              {schedule?.paused
                ? 'None while the schedule is paused.'
                : schedule?.slots.length
                  ? 'None within a year.'
                  : 'None yet: add slots to the schedule and save it.'}
            </Text>
          ) : (
            <>
              <List aria-labelledby="next-slots-title" spacing={2}>
                {nextQueueSlots.map((slot) => (
                  <List.Item key={slot}>{formatDateTime(slot)}</List.Item>
                ))}
              </List>
              <Text size="xs" c="dimmed" mt="xs">
                In your time zone, {TIME_ZONE}. A post added to the queue takes the first.
              </Text>
            </>
          )
        }
      </QueryResult>
    </SectionCard>
  );
}
