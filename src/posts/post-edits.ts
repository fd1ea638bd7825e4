import { ApiError } from '../common/api-error';
import { validateInput } from '../common/validation/validate-input';
import { DashboardUpdatePostDto } from './dto/update-post.dto';
import { toUpdatePostInput, type UpdatePostInput } from './post-rules';
import type { PlatformPostStatus, PostGroupStatus, ProcessingStatus } from '@app/rules';
import { PostMessages } from './posts.errors';

/**
 * The dashboard's update (GraphQL `updatePost`): REST update-post's status and time moves, plus
 * content and platform edits. Pure rules; PostsService applies them (docs/graphql.md).
 */

export interface PostEdits {
  content?: string;
  /** Compound ids, de-duplicated, in request order. */
  platformIds?: string[];
  /** Replaces every override (`{}`: none, each post publishes the group's content). */
  contentOverrides?: Record<string, string>;
  /** Sets the first comment; null removes it. */
  firstComment?: string | null;
}

/** update-post's text edits (REST, MCP, the dashboard): `contentOverrides` null or `{}` clears them; `firstComment` null or "" removes it. */
export function textEditsOf(body: { contentOverrides?: Record<string, string> | null; firstComment?: string | null }): PostEdits {
  const edits: PostEdits = {};
  if (body.contentOverrides !== undefined) edits.contentOverrides = body.contentOverrides ?? {};
  if (body.firstComment !== undefined) edits.firstComment = body.firstComment || null;
  return edits;
}

export interface DashboardUpdate {
  /** The REST part (status / scheduledTime), when either is given. */
  schedule?: UpdatePostInput;
  edits: PostEdits;
}

/** Checks the body (DashboardUpdatePostDto) and splits it into the REST move and the edits. */
export function parseDashboardUpdate(body: unknown): DashboardUpdate {
  const dto = validateInput(DashboardUpdatePostDto, body);
  const edits: PostEdits = {};
  if (dto.content !== undefined && dto.content !== null) edits.content = dto.content;
  if (dto.platforms !== undefined && dto.platforms !== null) edits.platformIds = [...new Set(dto.platforms)];
  Object.assign(edits, textEditsOf(dto));
  const hasSchedule = !!dto.status || !!dto.scheduledTime;
  return { schedule: hasSchedule ? toUpdatePostInput(dto) : undefined, edits };
}

export function hasEdits(edits: PostEdits): boolean {
  return edits.content !== undefined || edits.platformIds !== undefined || edits.contentOverrides !== undefined || edits.firstComment !== undefined;
}

/** Platform post states in which nothing has been sent or claimed yet. */
const UNSTARTED: readonly PlatformPostStatus[] = ['pending', 'scheduled'];

/**
 * Content and platforms change only while the group is a draft or scheduled and the publishing
 * engine has not taken any of it (no claim, no attempt); otherwise a clear 400.
 */
export function assertEditable(
  group: { status: PostGroupStatus; processingStatus?: ProcessingStatus },
  posts: Array<{ status: PlatformPostStatus; attemptCount?: number }>,
): void {
  if (group.status !== 'draft' && group.status !== 'scheduled') {
    throw ApiError.badRequest(PostMessages.notUpdatable(group.status));
  }
  const started = (group.processingStatus ?? 'pending') !== 'pending' || posts.some((p) => !UNSTARTED.includes(p.status) || (p.attemptCount ?? 0) > 0);
  if (started) throw ApiError.badRequest(PostMessages.editStarted);
}

/** Which platform posts go (connections no longer wanted) and which connections are new. */
export function diffPlatforms<P extends { platformId: string }, R extends { platformId: string }>(current: P[], wanted: R[]): { add: R[]; remove: P[] } {
  const wantedIds = new Set(wanted.map((r) => r.platformId));
  const currentIds = new Set(current.map((p) => p.platformId));
  return { add: wanted.filter((r) => !currentIds.has(r.platformId)), remove: current.filter((p) => !wantedIds.has(p.platformId)) };
}
