import { Field, GraphQLISODateTime, ID, Int, ObjectType } from '@nestjs/graphql';
import { GraphQLJSON } from 'graphql-scalars';
import { httpUrlOrNull } from '../../common/http-url';
import { categorizeError, ERROR_HINTS } from '../../platforms/error-category';
import { firstCommentView } from '../first-comment-view';
import type { PlatformPostRecord } from '../schemas/platform-post.schema';
import type { PostGroupRecord } from '../schemas/post-group.schema';
import type { PostLogRecord } from '../schemas/post-log.schema';

@ObjectType('PlatformPostError', { description: 'Why a platform post failed (only on failed posts)' })
export class PlatformPostErrorModel {
  @Field() code: string;
  @Field() message: string;
  @Field() retryable: boolean;
  @Field(() => Int, { nullable: true }) platformStatusCode: number | null;
  @Field(() => String, { nullable: true }) platformError: string | null;
  @Field(() => GraphQLISODateTime) failedAt: Date;
}

@ObjectType('UnpublishError', { description: 'Why the last delete request of a published post failed (it stays published)' })
export class UnpublishErrorModel {
  @Field() code: string;
  @Field() message: string;
  @Field() category: string;
  @Field() hint: string;
  @Field(() => GraphQLISODateTime) failedAt: Date;
}

@ObjectType('FirstCommentError', { description: 'Why the last attempt at a first comment failed' })
export class FirstCommentErrorModel {
  @Field() code: string;
  @Field() message: string;
  @Field() category: string;
  @Field() hint: string;
  @Field(() => GraphQLISODateTime) failedAt: Date;
}

@ObjectType('FirstComment', { description: "A platform post's first comment and its own outcome (never the post's status)" })
export class FirstCommentModel {
  @Field() content: string;
  @Field({ description: 'pending | processing | published | failed' }) status: string;
  @Field(() => String, { nullable: true }) postedId: string | null;
  @Field(() => String, { nullable: true }) publishedUrl: string | null;
  @Field(() => GraphQLISODateTime, { nullable: true }) publishedAt: Date | null;
  @Field(() => FirstCommentErrorModel, { nullable: true }) error: FirstCommentErrorModel | null;
}

@ObjectType('PlatformPost', { description: 'One targeted connection of a post group' })
export class PlatformPostModel {
  @Field(() => ID) id: string;
  @Field({ description: 'Bare platform name, e.g. linkedin' }) platform: string;
  @Field({ description: 'Compound connection id `<platform>-<id>` (as in createPost `platforms`)' }) platformId: string;
  @Field({ description: "The platform's own account id (Bluesky: the DID)" }) externalId: string;
  @Field({ description: 'pending | scheduled | processing | published | failed | unpublished' }) status: string;
  @Field({ description: 'What this account publishes: its override, else the group content' }) content: string;
  @Field({ description: 'content is this account’s own text (an override), not the group content' }) contentOverridden: boolean;
  @Field(() => FirstCommentModel, { nullable: true, description: 'Only on a post with a first comment' }) firstComment: FirstCommentModel | null;
  @Field(() => GraphQLISODateTime, { nullable: true }) scheduledTime: Date | null;
  @Field(() => String, { nullable: true }) postedId: string | null;
  @Field(() => String, { nullable: true }) publishedUrl: string | null;
  @Field(() => GraphQLISODateTime, { nullable: true }) publishedAt: Date | null;
  @Field(() => Int) attemptCount: number;
  @Field(() => PlatformPostErrorModel, { nullable: true }) error: PlatformPostErrorModel | null;
  @Field(() => String, {
    nullable: true,
    description:
      'Failed posts: auth_expired | permission_missing | rate_limited | content_rejected | media_rejected | platform_unavailable | network | outcome_unknown | configuration | unknown',
  })
  errorCategory: string | null;
  @Field(() => String, { nullable: true, description: 'Failed posts: what the person can do about it' }) errorHint: string | null;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'Unpublished posts: when it was deleted from its platform' }) unpublishedAt: Date | null;
  @Field(() => UnpublishErrorModel, { nullable: true, description: 'A published post whose last unpublish failed: why' })
  unpublishError: UnpublishErrorModel | null;
}

@ObjectType('PostLog', { description: 'A publish-log entry (oldest first, first 100 per group)' })
export class PostLogModel {
  @Field(() => ID) id: string;
  @Field(() => ID, { nullable: true }) postId: string | null;
  @Field(() => String, { nullable: true }) platform: string | null;
  @Field() event: string;
  @Field(() => String, { nullable: true }) error: string | null;
  @Field(() => Int, { nullable: true }) httpStatus: number | null;
  @Field(() => Int, { nullable: true }) retryCount: number | null;
  @Field(() => GraphQLJSON, { nullable: true }) metadata: Record<string, unknown> | null;
  @Field(() => GraphQLISODateTime) createdAt: Date;
}

@ObjectType('PostApproval', { description: "A team editor's request to publish and its decision (docs/teams.md)" })
export class PostApprovalModel {
  @Field({ description: 'pending | approved | rejected' }) state: string;
  @Field(() => ID) requestedBy: string;
  @Field(() => GraphQLISODateTime) requestedAt: Date;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'The time asked for (null: as soon as approved, or the queue)' })
  scheduledTime: Date | null;
  @Field({ description: 'Asked for the next queue slot' }) queue: boolean;
  @Field(() => ID, { nullable: true }) decidedBy: string | null;
  @Field(() => GraphQLISODateTime, { nullable: true }) decidedAt: Date | null;
  @Field(() => String, { nullable: true, description: "The approver's comment (a rejection's reason)" }) comment: string | null;
}

/**
 * A post group. `platformPosts`, `logs` (posts resolver) and `media` (media resolver) are field
 * resolvers batched per request, so a page costs the same number of queries whatever its size.
 */
@ObjectType('PostGroup')
export class PostGroupModel {
  @Field(() => ID) id: string;
  @Field() content: string;
  @Field({ description: 'draft | scheduled | published | failed | partially_published' }) status: string;
  @Field({ description: 'pending | processing | finished' }) processingStatus: string;
  @Field(() => GraphQLISODateTime, { nullable: true }) scheduledTime: Date | null;
  @Field(() => [String], { description: 'Bare platform names of the targeted connections' }) platforms: string[];
  @Field(() => GraphQLJSON, { description: 'Merged settings per platform (tiktok, instagram, youtube, threads)' })
  platformSettings: Record<string, unknown>;
  @Field(() => [String], { description: 'Public URLs of the attached media files' }) mediaUrls: string[];
  @Field(() => String, { nullable: true, description: 'The first comment as given (each platform post that takes it has its own outcome)' })
  firstComment: string | null;
  @Field({ description: 'Placed by the queue: scheduled at a slot, or held as a draft while its schedule gives none' }) fromQueue: boolean;
  @Field(() => PostApprovalModel, { nullable: true, description: 'Only for posts a team editor asked approval for' }) approval: PostApprovalModel | null;
  @Field(() => GraphQLISODateTime) createdAt: Date;
  @Field(() => GraphQLISODateTime) updatedAt: Date;
}

@ObjectType('PostPage')
export class PostPageModel {
  @Field(() => [PostGroupModel]) items: PostGroupModel[];
  @Field(() => Int) totalItems: number;
  @Field(() => Int) page: number;
  @Field(() => Int) limit: number;
  @Field(() => Int) totalPages: number;
  @Field() hasNextPage: boolean;
  @Field() hasPrevPage: boolean;
}

export function toPostGroupModel(group: PostGroupRecord): PostGroupModel {
  return {
    id: String(group._id),
    content: group.content,
    status: group.status,
    processingStatus: group.processingStatus ?? 'pending',
    scheduledTime: group.scheduledTime ?? null,
    platforms: group.platforms ?? [],
    platformSettings: group.platformSettings ?? {},
    mediaUrls: group.mediaUrls ?? [],
    firstComment: group.firstComment ?? null,
    fromQueue: group.fromQueue === true,
    approval: group.approval
      ? {
          state: group.approval.state,
          requestedBy: String(group.approval.requestedBy),
          requestedAt: group.approval.requestedAt,
          scheduledTime: group.approval.scheduledTime ?? null,
          queue: group.approval.queue,
          decidedBy: group.approval.decidedBy ? String(group.approval.decidedBy) : null,
          decidedAt: group.approval.decidedAt ?? null,
          comment: group.approval.comment ?? null,
        }
      : null,
    createdAt: group.createdAt,
    updatedAt: group.updatedAt,
  };
}

export function toPlatformPostModel(post: PlatformPostRecord): PlatformPostModel {
  const failed = post.status === 'failed' && post.error ? categorizeError(post.error) : null;
  const unpublishCategory = post.status === 'published' && post.unpublishError ? categorizeError(post.unpublishError) : null;
  return {
    id: String(post._id),
    platform: post.platform,
    platformId: post.platformId,
    externalId: post.externalId,
    status: post.status,
    content: post.content,
    contentOverridden: post.contentOverridden === true,
    firstComment: toFirstCommentModel(post),
    scheduledTime: post.scheduledTime ?? null,
    postedId: post.postedId ?? null,
    publishedUrl: httpUrlOrNull(post.publishedUrl),
    publishedAt: post.publishedAt ?? null,
    attemptCount: post.attemptCount ?? 0,
    // As in REST get-post: the error object describes a failure, absent for any other status.
    error:
      post.status === 'failed' && post.error
        ? {
            code: post.error.code,
            message: post.error.message,
            retryable: post.error.retryable,
            platformStatusCode: post.error.platformStatusCode ?? null,
            platformError: post.error.platformError ?? null,
            failedAt: new Date(post.error.failedAt),
          }
        : null,
    errorCategory: failed,
    errorHint: failed ? ERROR_HINTS[failed] : null,
    unpublishedAt: post.status === 'unpublished' && post.unpublishedAt ? new Date(post.unpublishedAt) : null,
    unpublishError:
      unpublishCategory && post.unpublishError
        ? {
            code: post.unpublishError.code,
            message: post.unpublishError.message,
            category: unpublishCategory,
            hint: ERROR_HINTS[unpublishCategory],
            failedAt: new Date(post.unpublishError.failedAt),
          }
        : null,
  };
}

function toFirstCommentModel(post: PlatformPostRecord): FirstCommentModel | null {
  const comment = firstCommentView(post);
  if (!comment) return null;
  return {
    content: comment.content,
    status: comment.status,
    postedId: comment.postedId ?? null,
    publishedUrl: comment.publishedUrl ?? null,
    publishedAt: comment.publishedAt ? new Date(comment.publishedAt) : null,
    error: comment.error ? { ...comment.error, failedAt: new Date(comment.error.failedAt) } : null,
  };
}

export function toPostLogModel(log: PostLogRecord): PostLogModel {
  return {
    id: String(log._id),
    postId: log.postId ? String(log.postId) : null,
    platform: log.platform ?? null,
    event: log.event,
    error: log.error ?? null,
    httpStatus: log.httpStatus ?? null,
    retryCount: log.retryCount ?? null,
    metadata: log.metadata ?? null,
    createdAt: log.createdAt,
  };
}
