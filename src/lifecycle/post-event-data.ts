/** What each post event carries (webhook data plus scope), for PostEvents' subscribers and lifecycle observers. */

/** One platform post entering `scheduled` (webhook `post.scheduled` data + scope). */
export interface PostScheduledEvent {
  userId: string;
  postGroupId: string;
  postId: string;
  platform: string;
  platformId: string;
  scheduledAt: Date;
}

export interface PostPublishedEvent {
  userId: string;
  postGroupId: string;
  postId: string;
  platform: string;
  platformId: string;
  /** The connection it went out on (absent from events made before this field existed). */
  connectionId?: string;
  publishedAt: Date;
  /** Its id on the platform. */
  postedId?: string;
  publishedUrl?: string;
}

export interface PostFailedEvent {
  userId: string;
  postGroupId: string;
  postId: string;
  platform: string;
  platformId: string;
  error: { code: string; message: string };
  failedAt: Date;
}

/** A group finished with some platform posts published and some failed (opt-in webhook `post.partially_published`). */
export interface PostPartiallyPublishedEvent {
  userId: string;
  postGroupId: string;
  published: { postId: string; platform: string }[];
  failed: { postId: string; platform: string; error: { code: string; message: string } }[];
  finishedAt: Date;
}

/** A failed platform post put back to publish by hand (docs/recovery.md). */
export interface PostRetriedEvent {
  userId: string;
  postGroupId: string;
  postId: string;
  platform: string;
  platformId: string;
  retriedAt: Date;
  /** Its earlier outcome was unknown and the caller accepted that it may publish twice. */
  forced: boolean;
}

/** A published platform post deleted from its platform on request. */
export interface PostUnpublishedEvent {
  userId: string;
  postGroupId: string;
  postId: string;
  platform: string;
  platformId: string;
  unpublishedAt: Date;
}

/** A platform post's first comment published under it (opt-in webhook `post.first_comment_published`). */
export interface PostFirstCommentPublishedEvent {
  userId: string;
  postGroupId: string;
  postId: string;
  platform: string;
  platformId: string;
  /** The comment's id on the platform. */
  commentId: string;
  url?: string;
  publishedAt: Date;
}

/** A platform post's first comment failed for good (opt-in webhook `post.first_comment_failed`); the post stays published. */
export interface PostFirstCommentFailedEvent {
  userId: string;
  postGroupId: string;
  postId: string;
  platform: string;
  platformId: string;
  error: { code: string; message: string; category: string };
  failedAt: Date;
}

/** A team editor asked for a post to be approved (opt-in webhook `post.approval_requested`). */
export interface PostApprovalRequestedEvent {
  userId: string;
  postGroupId: string;
  /** The editor's e-mail address. */
  requestedBy: string;
  scheduledTime: Date | null;
  queue: boolean;
  requestedAt: Date;
}

/** An approver approved or rejected a post (opt-in webhook `post.approval_decided`). */
export interface PostApprovalDecidedEvent {
  userId: string;
  postGroupId: string;
  decision: 'approved' | 'rejected';
  /** The approver's e-mail address. */
  decidedBy: string;
  comment: string | null;
  decidedAt: Date;
}
