import { useMemo } from 'react';
import { useReloadableQuery } from '../../../ui/useReloadableQuery';
import { READS_QUEUE } from '../queue';
import { NextQueueSlotsDocument, QueueDocument, QueueScheduleDocument } from '../queue.documents';

/** How many free slots the page previews. */
export const PREVIEW_SLOTS = 5;

/**
 * What the page shows of one account: its schedule (the editor's), its queue and its next free
 * slots. `reloadQueue` reads the queue and the free slots again, as every change of the schedule
 * or the order moves them.
 */
export function useQueueQueries(platformId: string) {
  const variables = useMemo(() => ({ platformId }), [platformId]);
  const slotVariables = useMemo(() => ({ platformIds: [platformId], count: PREVIEW_SLOTS }), [platformId]);
  const [schedule, reloadSchedule] = useReloadableQuery({ query: QueueScheduleDocument, variables });
  const [queue, reloadPosts] = useReloadableQuery({ query: QueueDocument, variables, context: READS_QUEUE });
  const [slots, reloadSlots] = useReloadableQuery({ query: NextQueueSlotsDocument, variables: slotVariables, context: READS_QUEUE });
  const reloadQueue = () => {
    reloadPosts();
    reloadSlots();
  };
  return { schedule, reloadSchedule, queue, slots, reloadSlots, reloadQueue };
}
