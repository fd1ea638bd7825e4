import { isoTime } from '../common/iso-time';
import { httpUrlOrNull } from '../common/http-url';
import type { MetricReading } from '../engagement/engagement.service';
import { firstCommentView, type FirstCommentView } from '../posts/first-comment-view';
import type { PlatformPostRecord } from '../posts/schemas/platform-post.schema';
import type { PostGroupRecord } from '../posts/schemas/post-group.schema';
import { categorizeError, type ErrorCategory } from '../platforms/error-category';

/**
 * The export's shape of a post group: the bulk import's fields under the same names (so an
 * exported file imports again), then what happened to it on each account. Pure mapping.
 */

export interface ExportedPlatformPost {
  postId: string;
  /** The compound id, as `accounts` and the connections list name it. */
  platformId: string;
  platform: string;
  status: string;
  postedId?: string;
  publishedUrl?: string;
  publishedAt?: string;
  error?: { code: string; message: string; category: ErrorCategory };
  firstComment?: FirstCommentView;
  /** The latest engagement reading (docs/engagement.md); null when none was taken. */
  metrics: MetricReading | null;
}

export interface ExportedPost {
  postGroupId: string;
  status: string;
  content: string;
  accounts: string[];
  scheduledTime?: string;
  /** Each overridden account's text, by compound id. */
  contentOverrides?: Record<string, string>;
  firstComment?: string;
  /** As stored: the given settings over the defaults (create-post merges them). */
  platformSettings: Record<string, Record<string, unknown>>;
  mediaUrls: string[];
  fromQueue?: true;
  createdAt: string;
  updatedAt: string;
  platformPosts: ExportedPlatformPost[];
}

export function toExportedPost(group: PostGroupRecord, posts: PlatformPostRecord[], metrics: ReadonlyMap<string, MetricReading>): ExportedPost {
  const overrides: Record<string, string> = {};
  for (const p of posts) if (p.contentOverridden) overrides[p.platformId] = p.content;
  return {
    postGroupId: String(group._id),
    status: group.status,
    content: group.content,
    accounts: posts.map((p) => p.platformId),
    ...(group.scheduledTime ? { scheduledTime: isoTime(group.scheduledTime) } : {}),
    ...(Object.keys(overrides).length ? { contentOverrides: overrides } : {}),
    ...(group.firstComment !== undefined && group.firstComment !== null ? { firstComment: group.firstComment } : {}),
    platformSettings: group.platformSettings ?? {},
    mediaUrls: group.mediaUrls ?? [],
    ...(group.fromQueue ? { fromQueue: true as const } : {}),
    createdAt: isoTime(group.createdAt),
    updatedAt: isoTime(group.updatedAt),
    platformPosts: posts.map((p) => toExportedPlatformPost(p, metrics.get(String(p._id)) ?? null)),
  };
}

function toExportedPlatformPost(post: PlatformPostRecord, metrics: MetricReading | null): ExportedPlatformPost {
  const out: ExportedPlatformPost = { postId: String(post._id), platformId: post.platformId, platform: post.platform, status: post.status, metrics };
  if (post.postedId) out.postedId = post.postedId;
  const url = httpUrlOrNull(post.publishedUrl);
  if (url) out.publishedUrl = url;
  if (post.publishedAt) out.publishedAt = isoTime(new Date(post.publishedAt));
  if (post.status === 'failed' && post.error) out.error = { code: post.error.code, message: post.error.message, category: categorizeError(post.error) };
  const comment = firstCommentView(post);
  if (comment) out.firstComment = comment;
  return out;
}

/**
 * The CSV's columns, in order: the import's columns first (same names), then the group's own
 * fields, then its platform posts as JSON (one row per group, so the file imports one post per row).
 */
export const EXPORT_CSV_COLUMNS = [
  'content',
  'accounts',
  'scheduledTime',
  'contentOverrides',
  'firstComment',
  'platformSettings',
  'mediaUrls',
  'postGroupId',
  'status',
  'fromQueue',
  'createdAt',
  'updatedAt',
  'platformPosts',
] as const;

/**
 * A text cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab or CR first) gets a
 * leading `'` (the OWASP advice for CSV exports); the import takes it off again (`unescapeCell`).
 */
export function protectCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One CSV row, in EXPORT_CSV_COLUMNS' order; lists joined with `|`, objects as JSON. */
export function toCsvRow(post: ExportedPost): string[] {
  const cells: Record<(typeof EXPORT_CSV_COLUMNS)[number], string> = {
    content: protectCell(post.content),
    accounts: post.accounts.join('|'),
    scheduledTime: post.scheduledTime ?? '',
    contentOverrides: post.contentOverrides ? JSON.stringify(post.contentOverrides) : '',
    firstComment: post.firstComment !== undefined ? protectCell(post.firstComment) : '',
    platformSettings: JSON.stringify(post.platformSettings),
    mediaUrls: post.mediaUrls.join('|'),
    postGroupId: post.postGroupId,
    status: post.status,
    fromQueue: post.fromQueue ? 'true' : '',
    createdAt: post.createdAt,
    updatedAt: post.updatedAt,
    platformPosts: JSON.stringify(post.platformPosts),
  };
  return EXPORT_CSV_COLUMNS.map((c) => cells[c]);
}
