/** Messages of the queue's routes (docs/queue.md). */
export const QueueMessages = {
  connectionNotFound: 'Platform connection not found',
  pausedNotBoolean: 'paused must be true or false',
  platformsRequired: 'platforms is required: one or more compound connection ids, comma-separated',
  countRange: 'count must be a whole number from 1 to 50',
  noScheduledTime: 'scheduledTime cannot be given: the queue sets the time',
  draftOrNew: 'Give either postGroupId (a draft) or a new post (content, platforms), not both',
  postGroupIdRequired: 'postGroupId must be a post group id',
  noFreeSlot: 'No free queue slot: the schedules of these accounts share no active slot within a year',
  queueBusy: 'The queue changed while this request ran; try again',
  orderInvalid: "order must be 'compact' or 'shuffle'",
  directionInvalid: "direction must be 'up' or 'down'",
  notInQueue: "Post group not found in this account's queue",
  alreadyFirst: 'This post is already first in the queue',
  alreadyLast: 'This post is already last in the queue',
  heldCannotMove: 'A held post keeps its place until its schedule gives it a slot',
  swapNeedsSameAccounts: 'Only posts to the same accounts can swap places in the queue',
} as const;
