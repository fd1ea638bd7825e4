/** Messages of the queue's routes (docs/queue.md). */
export const QueueMessages = {
  connectionNotFound: 'Platform connection not found',
  pausedNotBoolean: 'paused must be true or false',
  platformsRequired: 'platforms is required: one or more compound connection ids, comma-separated',
  countRange: 'count must be a whole number from 1 to 50',
} as const;
