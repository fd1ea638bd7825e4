import { isoTime } from '../common/iso-time';
import { httpUrlOrNull } from '../common/http-url';
import { categorizeError, ERROR_HINTS, type ErrorCategory } from '../platforms/error-category';
import type { PlatformPostRecord } from './schemas/platform-post.schema';

/** A platform post's first comment as get-post, list-posts and the dashboard show it: only what is set. */
export interface FirstCommentView {
  content: string;
  status: string;
  postedId?: string;
  publishedUrl?: string;
  publishedAt?: string;
  /** The last failure, with what a program branches on and what a person can do (as a post's own error). */
  error?: { code: string; message: string; category: ErrorCategory; hint: string; failedAt: string };
}

export function firstCommentView(post: Pick<PlatformPostRecord, 'firstComment'>): FirstCommentView | undefined {
  const comment = post.firstComment;
  if (!comment) return undefined;
  const view: FirstCommentView = { content: comment.content, status: comment.status };
  if (comment.postedId) view.postedId = comment.postedId;
  const publishedUrl = httpUrlOrNull(comment.publishedUrl);
  if (publishedUrl) view.publishedUrl = publishedUrl;
  if (comment.publishedAt) view.publishedAt = isoTime(new Date(comment.publishedAt));
  // As a post's error: it describes a failure, absent once the comment is published or tried again.
  if (comment.status === 'failed' && comment.error) {
    const category = categorizeError(comment.error);
    view.error = {
      code: comment.error.code,
      message: comment.error.message,
      category,
      hint: ERROR_HINTS[category],
      failedAt: isoTime(new Date(comment.error.failedAt)),
    };
  }
  return view;
}
