import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LIMIT_CODES } from '../../limits/limit-rules';
import { ERROR_CATEGORIES } from '../../platforms/error-category';
import { ALL_POST_LOG_EVENTS, FIRST_COMMENT_STATUSES, PLATFORM_POST_STATUSES, POST_GROUP_STATUSES, PROCESSING_STATUSES } from '@app/rules';

export class PlatformPostErrorDto {
  @ApiProperty({ example: 'PLATFORM_AUTH_EXPIRED' }) code: string;
  @ApiProperty() message: string;
  @ApiProperty() retryable: boolean;
  @ApiPropertyOptional() platformStatusCode?: number;
  @ApiProperty({ type: String, nullable: true }) platformError: string | null;
  @ApiProperty() failedAt: string;
}

export class UnpublishErrorDto {
  @ApiProperty() code: string;
  @ApiProperty() message: string;
  @ApiProperty({ enum: ERROR_CATEGORIES }) category: string;
  @ApiProperty() hint: string;
  @ApiProperty() failedAt: string;
}

export class FirstCommentDto {
  @ApiProperty({ description: 'The comment as it is (or was) sent' }) content: string;
  @ApiProperty({ enum: FIRST_COMMENT_STATUSES, description: 'Its own outcome: a failed comment never fails the post' }) status: string;
  @ApiPropertyOptional({ description: 'Platform-native id of the comment or reply, once published' }) postedId?: string;
  @ApiPropertyOptional() publishedUrl?: string;
  @ApiPropertyOptional() publishedAt?: string;
  @ApiPropertyOptional({ type: UnpublishErrorDto, description: 'Only when failed: code, message, category, hint, failedAt' }) error?: UnpublishErrorDto;
}

export class PlatformPostDto {
  @ApiProperty() postId: string;
  @ApiProperty() platform: string;
  @ApiProperty({ description: 'The compound id without its `<platform>-` prefix (Bluesky: the DID encoded as in the connection list, not the DID)' })
  platformId: string;
  @ApiProperty({ enum: PLATFORM_POST_STATUSES }) status: string;
  @ApiProperty({ description: "What this account publishes: its override (contentOverrides), else the group's content" }) content: string;
  @ApiPropertyOptional({ type: Boolean, enum: [true], description: 'Present (true) only when content is this account’s override' }) contentOverridden?: true;
  @ApiPropertyOptional({ type: FirstCommentDto, description: 'Only on a post with a first comment' }) firstComment?: FirstCommentDto;
  @ApiPropertyOptional({ description: 'Platform-native id, once published' }) postedId?: string;
  @ApiPropertyOptional() publishedUrl?: string;
  @ApiPropertyOptional({ type: PlatformPostErrorDto, description: 'Only when failed' }) error?: PlatformPostErrorDto;
  @ApiPropertyOptional({ enum: ERROR_CATEGORIES, description: 'Only when failed: what a program can branch on (docs/recovery.md)' }) errorCategory?: string;
  @ApiPropertyOptional({ description: 'Only when failed: what the person can do about it' }) errorHint?: string;
  @ApiPropertyOptional({ description: 'Only when unpublished: when it was deleted from its platform' }) unpublishedAt?: string;
  @ApiPropertyOptional({ type: UnpublishErrorDto, description: 'Only on a published post whose last unpublish failed' }) unpublishError?: UnpublishErrorDto;
}

export class PostDetailResponse {
  @ApiProperty({ example: true }) success: true;
  @ApiProperty() postGroupId: string;
  @ApiProperty({ enum: POST_GROUP_STATUSES }) status: string;
  @ApiProperty() content: string;
  @ApiProperty({ enum: PROCESSING_STATUSES }) processingStatus: string;
  @ApiPropertyOptional() scheduledTime?: string;
  @ApiPropertyOptional({ type: Boolean, enum: [true], description: 'Present (true) only on a post the queue placed' }) fromQueue?: true;
  @ApiPropertyOptional({ description: "create-post's firstComment, only when given" }) firstComment?: string;
  @ApiProperty({ type: [PlatformPostDto] }) posts: PlatformPostDto[];
}

export class PostLogDto {
  @ApiProperty() _id: string;
  @ApiProperty() postGroupId: string;
  @ApiPropertyOptional() postId?: string;
  @ApiPropertyOptional() platform?: string;
  @ApiProperty({
    enum: ALL_POST_LOG_EVENTS,
    description: "The spec's six events, or a first comment's (first_comment_attempted, first_comment_published, first_comment_failed)",
  })
  event: string;
  @ApiPropertyOptional() error?: string;
  @ApiPropertyOptional() httpStatus?: number;
  @ApiPropertyOptional() retryCount?: number;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true }) metadata?: Record<string, unknown>;
  @ApiProperty() createdAt: string;
  @ApiProperty() updatedAt: string;
  @ApiProperty() __v: number;
}

export class PostLogsResponse {
  @ApiProperty({ example: true }) success: true;
  @ApiProperty({ type: [PostLogDto] }) logs: PostLogDto[];
}

export class SuccessResponse {
  @ApiProperty({ example: true }) success: true;
}

/** A platform whose monthly posts a refused request would exceed. */
export class BlockedPlatformResponse {
  @ApiProperty({ example: 'linkedin' }) platformSelection: string;
  @ApiProperty() used: number;
  @ApiProperty() remaining: number;
}

/** The 403 of the limit checks (spec "Limit-exceeded body"). */
export class LimitExceededResponse {
  @ApiProperty({ example: 'Post limit reached' }) error: string;
  @ApiProperty({ enum: Object.keys(LIMIT_CODES) })
  code: string;
  @ApiProperty({ example: 'posts.platform_monthly' }) metric: string;
  @ApiProperty() message: string;
  @ApiProperty() limit: number;
  @ApiProperty({ type: Number, nullable: true }) used: number | null;
  @ApiProperty({ type: Number, nullable: true }) requested: number | null;
  @ApiProperty({ type: Number, nullable: true }) remaining: number | null;
  @ApiProperty() periodStart: string;
  @ApiProperty() periodEnd: string;
  @ApiProperty() planName: string;
  @ApiPropertyOptional({ enum: ['account', 'connection'] }) scope?: string;
  @ApiPropertyOptional({ type: [BlockedPlatformResponse] }) blockedPlatforms?: BlockedPlatformResponse[];
  @ApiPropertyOptional() scheduledTime?: string;
  @ApiPropertyOptional({ description: 'SCHEDULE_HORIZON_REACHED: the latest time the plan allows' }) maxScheduledDate?: string;
  @ApiPropertyOptional({ description: 'CONNECTIONS_OVER_LIMIT: channels to disconnect' }) overLimitBy?: number;
  @ApiPropertyOptional({ type: [String] }) disallowedPlatforms?: string[];
  @ApiPropertyOptional({ type: [String] }) allowedPlatforms?: string[];
}
