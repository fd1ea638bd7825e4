import { formatDateTime } from './format';

/**
 * What a team editor asked for their post (`PostGroup.approval`, docs/teams.md), as the posts'
 * detail and the Approvals page say it: the next queue slot, a time still ahead, or at once.
 */
export function askedFor(approval: { queue: boolean; scheduledTime?: string | null }): string {
  if (approval.queue) return 'Add to the queue (its next free slot)';
  if (approval.scheduledTime && new Date(approval.scheduledTime).getTime() > Date.now()) return `Publish at ${formatDateTime(approval.scheduledTime)}`;
  return 'Publish as soon as it is approved';
}
