/** Group statuses of the spec ("States and transitions / Post group status"). */
export const POST_GROUP_STATUSES = ['draft', 'scheduled', 'published', 'failed', 'partially_published'] as const;
export type PostGroupStatus = (typeof POST_GROUP_STATUSES)[number];

/**
 * Per-platform statuses. Vocabulary used by this service (docs/posts.md):
 * - `pending`    the group is a draft: nothing is queued for this platform post;
 * - `scheduled`  the group is scheduled: the publishing engine picks it up at `scheduledTime`;
 * - `processing` claimed by the engine (lease in `claim`), a publish attempt is under way;
 * - `published` / `failed` terminal outcomes set by the engine;
 * - `unpublished` it was published, then deleted from the platform on request (docs/recovery.md).
 */
export const PLATFORM_POST_STATUSES = ['pending', 'scheduled', 'processing', 'published', 'failed', 'unpublished'] as const;
export type PlatformPostStatus = (typeof PLATFORM_POST_STATUSES)[number];

/** The statuses update-post may set (spec: "Status must be either 'draft' or 'scheduled'"). */
export const UPDATE_POST_STATUSES = ['draft', 'scheduled'] as const satisfies readonly PostGroupStatus[];
export type UpdatePostStatus = (typeof UPDATE_POST_STATUSES)[number];

/** The group-level processing progress (reference notes): separate from `status`. */
export const PROCESSING_STATUSES = ['pending', 'processing', 'finished'] as const;
export type ProcessingStatus = (typeof PROCESSING_STATUSES)[number];

/** Publish-log events of the spec ("Publish log events"). */
export const POST_LOG_EVENTS = ['scheduled', 'processing', 'publish_attempted', 'publish_succeeded', 'publish_failed', 'status_changed'] as const;
export type PostLogEvent = (typeof POST_LOG_EVENTS)[number];

/**
 * Log events of a first comment, beside the spec's six: a comment's attempt and outcome, with
 * `postId`/`platform` of its platform post, `error` on failure and `metadata {commentId, url}`.
 */
export const FIRST_COMMENT_LOG_EVENTS = ['first_comment_attempted', 'first_comment_published', 'first_comment_failed'] as const;
export type FirstCommentLogEvent = (typeof FIRST_COMMENT_LOG_EVENTS)[number];

/** Every event a post log entry may have: the spec's six and the first comment's. */
export const ALL_POST_LOG_EVENTS = [...POST_LOG_EVENTS, ...FIRST_COMMENT_LOG_EVENTS] as const;
export type AnyPostLogEvent = (typeof ALL_POST_LOG_EVENTS)[number];
