import { useState } from 'react';
import { useSubmit } from '../../../ui/useSubmit';
import { CHANGES_POSTS } from '../queue';
import { MoveInQueueDocument, ReorderQueueDocument } from '../queue.documents';

export type Direction = 'up' | 'down';
export type Order = 'compact' | 'shuffle';

/**
 * The queue's order changes: compact, shuffle, and a post moved one place. `problem` is the
 * service's refusal of the last one (a held post, posts to other accounts); `onChanged` runs after
 * each that went through.
 */
export function useQueueActions(platformId: string, onChanged: () => void) {
  const reorder = useSubmit(ReorderQueueDocument, CHANGES_POSTS);
  const move = useSubmit(MoveInQueueDocument, CHANGES_POSTS);
  const [last, setLast] = useState<'reorder' | 'move' | null>(null);
  return {
    busy: reorder.busy || move.busy,
    reordering: reorder.busy,
    problem: last === 'reorder' ? reorder.problem : last === 'move' ? move.problem : null,
    reorder: async (order: Order) => {
      setLast('reorder');
      const done = await reorder.submit({ platformId, order });
      if (done) onChanged();
      return !!done;
    },
    move: async (postGroupId: string, direction: Direction) => {
      setLast('move');
      const done = await move.submit({ platformId, postGroupId, direction });
      if (done) onChanged();
      return !!done;
    },
  };
}
