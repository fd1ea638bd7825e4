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
  publishedAt: Date;
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
