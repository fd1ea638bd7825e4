import { Grid, Stack } from '@mantine/core';
import { QueryResult } from '../../../ui/QueryResult';
import { useQueueActions } from '../hooks/useQueueActions';
import { useQueueQueries } from '../hooks/useQueueQueries';
import { accountName, type QueueConnection } from '../queue';
import { NextSlots } from './NextSlots';
import { QueueTable } from './QueueTable';
import { ScheduleEditor } from './ScheduleEditor';

/** One account's schedule, free slots and queue; every change reads the queue and the free slots again. */
export function AccountQueue({ connection, connections }: { connection: QueueConnection; connections: QueueConnection[] }) {
  const { platformId } = connection;
  const { schedule, reloadSchedule, queue, slots, reloadSlots, reloadQueue } = useQueueQueries(platformId);
  const actions = useQueueActions(platformId, reloadQueue);
  const accountNames = new Map(connections.map((c) => [c.platformId, accountName(c)]));
  return (
    <Stack gap="lg">
      <QueryResult result={schedule} loading="Loading the schedule" failed="Could not load the schedule" onRetry={reloadSchedule}>
        {({ queueSchedule }) => <ScheduleEditor platformId={platformId} schedule={queueSchedule} onSaved={reloadQueue} />}
      </QueryResult>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <NextSlots result={slots} schedule={schedule.data?.queueSchedule} onRetry={reloadSlots} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <QueueTable
            name={accountName(connection)}
            result={queue}
            onRetry={reloadQueue}
            accountNames={accountNames}
            busy={actions.busy}
            reordering={actions.reordering}
            problem={actions.problem}
            onMove={actions.move}
            onReorder={actions.reorder}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
