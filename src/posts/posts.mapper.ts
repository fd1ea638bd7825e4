import { isoTime } from '../common/iso-time';
import { httpUrlOrNull } from '../common/http-url';
import { idPartOf } from '../connections/platform-id';
import { categorizeError, ERROR_HINTS, type ErrorCategory } from '../platforms/error-category';
import type { PlatformPostSummary } from './platform-posts.repository';
import type { PlatformPostRecord } from './schemas/platform-post.schema';
import type { PostGroupRecord } from './schemas/post-group.schema';
import type { PostLogRecord } from './schemas/post-log.schema';
import type { Pagination } from './list-posts.query';
import { firstCommentView, type FirstCommentView } from './first-comment-view';

/**
 * Explicit response shapes: only the fields the spec names (plus the reference notes' safe
 * extras) leave the service; optional fields are omitted, never null.
 */
export interface ListedPost {
  postGroupId: string;
  content: string;
  status: string;
  scheduledTime?: string;
  createdAt: string;
  updatedAt: string;
  platforms: ListedPlatformEntry[];
  mediaUrls: string[];
  /** Only on a group the queue placed (docs/queue.md); absent otherwise, so other bodies are as the spec shows. */
  fromQueue?: true;
}

/** list-posts' per-platform entry; an override's text and the first comment only when there are. */
export interface ListedPlatformEntry {
  platformId: string;
  platform: string;
  status: string;
  content?: string;
  contentOverridden?: true;
  firstComment?: FirstCommentView;
}

function toListedPlatform(p: PlatformPostSummary): ListedPlatformEntry {
  const entry: ListedPlatformEntry = { platformId: p.platformId, platform: p.platform, status: p.status };
  if (p.contentOverridden && p.content !== undefined) {
    entry.content = p.content;
    entry.contentOverridden = true;
  }
  if (p.firstComment) entry.firstComment = firstCommentView(p);
  return entry;
}

export function toListedPost(group: PostGroupRecord, posts: PlatformPostSummary[]): ListedPost {
  const postGroupId = String(group._id);
  const createdAt = isoTime(group.createdAt);
  const updatedAt = isoTime(group.updatedAt);
  const platforms = posts.map(toListedPlatform);
  const mediaUrls = group.mediaUrls ?? [];
  // Literals, not a conditional spread (a temporary object per group on list-posts' hot path).
  let listed: ListedPost;
  if (!group.scheduledTime) listed = { postGroupId, content: group.content, status: group.status, createdAt, updatedAt, platforms, mediaUrls };
  else
    listed = {
      postGroupId,
      content: group.content,
      status: group.status,
      scheduledTime: isoTime(group.scheduledTime),
      createdAt,
      updatedAt,
      platforms,
      mediaUrls,
    };
  if (group.fromQueue) listed.fromQueue = true;
  return listed;
}

export interface PostDetailEntry {
  postId: string;
  platform: string;
  platformId: string;
  status: string;
  /** What this account publishes: its override, else the group's content. */
  content: string;
  contentOverridden?: true;
  firstComment?: FirstCommentView;
  postedId?: string;
  publishedUrl?: string;
  error?: {
    code: string;
    message: string;
    retryable: boolean;
    platformStatusCode?: number;
    platformError: string | null;
    failedAt: string;
  };
  /** Beside the spec's `error` of a failed post: what a program branches on, and what a person can do (docs/recovery.md). */
  errorCategory?: ErrorCategory;
  errorHint?: string;
  /** An unpublished post: when it was deleted from its platform. */
  unpublishedAt?: string;
  /** A published post whose last delete request failed: why (it stays published). */
  unpublishError?: { code: string; message: string; category: ErrorCategory; hint: string; failedAt: string };
}

export interface PostDetail {
  success: true;
  postGroupId: string;
  status: string;
  content: string;
  processingStatus: string;
  scheduledTime?: string;
  /** As on list-posts. */
  fromQueue?: true;
  /** create-post's `firstComment`, only when given. */
  firstComment?: string;
  posts: PostDetailEntry[];
}

export function toPostDetail(group: PostGroupRecord, posts: PlatformPostRecord[]): PostDetail {
  return {
    success: true,
    postGroupId: String(group._id),
    status: group.status,
    content: group.content,
    processingStatus: group.processingStatus ?? 'pending',
    ...(group.scheduledTime ? { scheduledTime: isoTime(group.scheduledTime) } : {}),
    ...(group.fromQueue ? { fromQueue: true as const } : {}),
    ...(group.firstComment !== undefined && group.firstComment !== null ? { firstComment: group.firstComment } : {}),
    posts: posts.map(toPostDetailEntry),
  };
}

export function toPostDetailEntry(post: PlatformPostRecord): PostDetailEntry {
  const entry: PostDetailEntry = {
    postId: String(post._id),
    platform: post.platform,
    // The spec's "raw id without the platform prefix": the compound id's own tail, so it reads
    // as in list-posts and the connection list (for Bluesky not the DID, which has colons).
    platformId: idPartOf(post.platformId),
    status: post.status,
    content: post.content,
  };
  if (post.contentOverridden) entry.contentOverridden = true;
  const firstComment = firstCommentView(post);
  if (firstComment) entry.firstComment = firstComment;
  if (post.postedId) entry.postedId = post.postedId;
  const publishedUrl = httpUrlOrNull(post.publishedUrl);
  if (publishedUrl) entry.publishedUrl = publishedUrl;
  // The error object describes a failure: absent for any other status.
  if (post.status === 'failed' && post.error) {
    entry.error = {
      code: post.error.code,
      message: post.error.message,
      retryable: post.error.retryable,
      ...(post.error.platformStatusCode !== undefined && post.error.platformStatusCode !== null ? { platformStatusCode: post.error.platformStatusCode } : {}),
      platformError: post.error.platformError ?? null,
      failedAt: isoTime(new Date(post.error.failedAt)),
    };
    entry.errorCategory = categorizeError(post.error);
    entry.errorHint = ERROR_HINTS[entry.errorCategory];
  }
  if (post.status === 'unpublished' && post.unpublishedAt) entry.unpublishedAt = isoTime(new Date(post.unpublishedAt));
  if (post.status === 'published' && post.unpublishError) {
    const category = categorizeError(post.unpublishError);
    entry.unpublishError = {
      code: post.unpublishError.code,
      message: post.unpublishError.message,
      category,
      hint: ERROR_HINTS[category],
      failedAt: isoTime(new Date(post.unpublishError.failedAt)),
    };
  }
  return entry;
}

export interface PostLogEntry {
  _id: string;
  postGroupId: string;
  postId?: string;
  platform?: string;
  event: string;
  error?: string;
  httpStatus?: number;
  retryCount?: number;
  metadata?: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
  __v: number;
}

export function toPostLogEntry(log: PostLogRecord): PostLogEntry {
  const entry: PostLogEntry = {
    _id: String(log._id),
    postGroupId: String(log.postGroupId),
    event: log.event,
    createdAt: isoTime(log.createdAt),
    updatedAt: isoTime(log.updatedAt),
    __v: log.__v ?? 0,
  };
  if (log.postId) entry.postId = String(log.postId);
  if (log.platform) entry.platform = log.platform;
  if (log.error !== undefined && log.error !== null) entry.error = log.error;
  if (log.httpStatus !== undefined && log.httpStatus !== null) entry.httpStatus = log.httpStatus;
  if (log.retryCount !== undefined && log.retryCount !== null) entry.retryCount = log.retryCount;
  if (log.metadata !== undefined && log.metadata !== null) entry.metadata = log.metadata;
  return entry;
}

/** list-posts' body (REST and MCP). */
export function toListPostsResponse(page: { items: ListedPost[]; pagination: Pagination }): { success: true; posts: ListedPost[]; pagination: Pagination } {
  return { success: true, posts: page.items, pagination: page.pagination };
}

/** post-logs' body (REST and MCP). */
export function toPostLogsResponse(logs: PostLogRecord[]): { success: true; logs: PostLogEntry[] } {
  return { success: true, logs: logs.map(toPostLogEntry) };
}
