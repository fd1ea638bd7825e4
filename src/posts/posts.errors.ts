/** The spec's exact post messages (create-post, list-posts, update-post, get/delete-post) and the dashboard's edit refusal. */
export const PostMessages = {
  notFound: 'Post group not found',
  contentRequired: 'Content is required',
  platformsRequired: 'Platforms are required',
  invalidPlatformsJson: 'Invalid platforms JSON format',
  platformsNotArray: 'Platforms must be an array',
  platformRequired: 'At least one platform is required',
  invalidScheduledTime: 'Invalid scheduled time format',
  statusOrTimeRequired: 'Either status or scheduledTime must be provided',
  invalidUpdateStatus: "Status must be either 'draft' or 'scheduled'",
  invalidPlatformSettingsJson: 'Invalid platformSettings JSON',
  platformSettingsNotObject: 'platformSettings must be an object',
  invalidSortBy: 'Invalid sortBy. Must be one of: createdAt, updatedAt, scheduledTime',
  invalidFromDate: 'Invalid fromDate format',
  invalidToDate: 'Invalid toDate format',
  invalidStatus: (valid: readonly string[]) => `Invalid status. Must be one of: ${valid.join(', ')}`,
  contentTooLong: (max: number) => `Content must be at most ${max} characters`,
  contentControlCharacter: (codePoint: string, position: number) =>
    `Content must not contain control characters other than tab, line feed and carriage return: ${codePoint} at character ${position}`,
  contentUnpairedSurrogate: (codePoint: string, position: number) =>
    `Content must be valid Unicode text: an unpaired surrogate ${codePoint} at character ${position}`,
  invalidPlatformId: (id: string) => `Invalid platform ID format: ${id}`,
  connectionNotFound: (platformId: string) => `Platform connection not found: ${platformId}`,
  notUpdatable: (status: string) => `Cannot update post: post is currently in ${status} status`,
  // Text per network and the first comment (docs/rich-posts.md).
  invalidContentOverridesJson: 'Invalid contentOverrides JSON',
  contentOverridesNotObject: 'contentOverrides must be an object',
  overrideKeyNotChosen: (key: string) =>
    `contentOverrides key "${key}" is not one of the chosen platforms: use a compound id from platforms or its platform name`,
  overrideRequired: (key: string) => `contentOverrides "${key}" must be a non-empty string`,
  overrideTooLong: (key: string, max: number) => `contentOverrides "${key}" must be at most ${max} characters`,
  overrideControlCharacter: (key: string, codePoint: string, position: number) =>
    `contentOverrides "${key}" must not contain control characters other than tab, line feed and carriage return: ${codePoint} at character ${position}`,
  overrideUnpairedSurrogate: (key: string, codePoint: string, position: number) =>
    `contentOverrides "${key}" must be valid Unicode text: an unpaired surrogate ${codePoint} at character ${position}`,
  firstCommentRequired: 'firstComment must be a non-empty string',
  firstCommentTooLong: (max: number) => `firstComment must be at most ${max} characters`,
  firstCommentControlCharacter: (codePoint: string, position: number) =>
    `firstComment must not contain control characters other than tab, line feed and carriage return: ${codePoint} at character ${position}`,
  firstCommentUnpairedSurrogate: (codePoint: string, position: number) =>
    `firstComment must be valid Unicode text: an unpaired surrogate ${codePoint} at character ${position}`,
  firstCommentUnsupported: (labels: readonly string[]) => `firstComment is not supported on ${labels.join(', ')}: remove the first comment or those platforms`,
  /** `over`: each platform whose limit the comment exceeds, as `Label (limit, currently n)`. */
  firstCommentTooLongFor: (over: readonly string[]) => `firstComment exceeds the character limit on ${over.join(', ')}: shorten it`,
  // Dashboard (docs/graphql.md).
  editStarted: 'Cannot edit post: publishing has already started',
  // The queue (docs/queue.md).
  notQueueable: (status: string) => `Only a draft can be added to the queue; this post is ${status}`,
} as const;

/** create-post's `Idempotency-Key` refusals (docs/posts.md). */
export const CREATE_POST_IDEMPOTENCY = {
  invalidKey: 'Invalid Idempotency-Key header',
  reused: 'Idempotency-Key reused with a different request body',
  inProgress: 'A request with this Idempotency-Key is still in progress; retry later',
} as const;

/**
 * The queue's slot cannot be taken as it is: the minimum spacing would move the post off it, or
 * another post claimed it meanwhile. Not a response: the queue tries its next free slot.
 */
export class QueueSlotUnavailable extends Error {
  constructor() {
    super('The queue slot is no longer free');
  }
}
