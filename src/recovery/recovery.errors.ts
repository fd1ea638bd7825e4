/** The messages of retry and unpublish (docs/recovery.md). */
export const RecoveryMessages = {
  platformIdsInvalid: 'platformIds must be a non-empty array of platform IDs',
  forceInvalid: 'force must be true or false',
  notInGroup: (platformId: string) => `Platform not in this post group: ${platformId}`,
  nothingToRetry: 'Nothing to retry: no post of this group has failed',
  notRetryable: (platformId: string, status: string) => `Only failed posts can be retried: the post on ${platformId} is ${status}`,
  outcomeUnknown: (platformId: string) =>
    `The outcome of the post on ${platformId} is unknown: it may already be on the platform. Check there first; to send it again anyway, retry with force: true, which may publish it twice`,
  forcedWarning: (platformIds: string[]) =>
    `Forced retry: the earlier attempt on ${platformIds.join(', ')} may have reached the platform, so this may publish the post twice`,
  reconnectFirst: (platformId: string) => `Reconnect the account ${platformId} first: its platform refused to renew its token, so the post cannot publish`,
  retryConflict: 'This post was retried or changed meanwhile; fetch it and try again',
  nothingToUnpublish: 'Nothing to unpublish: no post of this group is published',
  notUnpublishable: (platformId: string, status: string) => `Only published posts can be unpublished: the post on ${platformId} is ${status}`,
  noDeleteApi: (label: string) => `${label} has no API to delete a post: delete it in ${label} itself`,
  unpublishBusy: 'An unpublish of this post is already under way',
  unpublishFailed: (message: string) => `Could not unpublish: ${message}`,
  connectionGone: 'The connection of this post was removed; delete the post on the platform itself',
} as const;

/** `Idempotency-Key` refusals, as create-post words them. */
export { CREATE_POST_IDEMPOTENCY as RECOVERY_IDEMPOTENCY } from '../posts/posts.errors';
