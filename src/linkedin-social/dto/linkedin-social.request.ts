import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import type { ValidationArguments } from 'class-validator';
import { linkedInPlatformId } from '../../analytics/analytics-rules';
import { FieldRule, MaxCodePoints } from '../../common/validation/field-rules';
import { LINKEDIN_COMMENT_MAX_CHARS, LINKEDIN_REACTION_TYPES, commentIdOf, type LinkedInReactionType } from '../../platforms/linkedin/linkedin.social';
import { LinkedInSocialMessages as M } from '../linkedin-social.errors';

/**
 * Bodies (and, for the deletes, body-or-query parameters) of the LinkedIn reaction and comment
 * routes, for REST and the MCP tools (`validateInput`). Fields are checked in the order declared
 * and the first failing check answers; within a field the lowest decorator runs first. The order
 * is the reference's: every required field present, platformId text, postedId a post URN, the
 * route's own fields, then platformId a LinkedIn compound id.
 */

/** The post URN forms LinkedIn's social actions take: share, ugcPost and activity (numeric ids). */
export const LINKEDIN_POST_URN = /^urn:li:(share|ugcPost|activity):\d{1,30}$/;
const COMMENT_URN = /^urn:li:comment:\(urn:li:(share|ugcPost|activity):\d{1,30},\d{1,30}\)$/;

const field = (args: ValidationArguments, key: string): unknown => (args.object as Record<string, unknown>)[key];
const given = (v: unknown): boolean => v !== undefined && v !== null && v !== '';

/**
 * On postedId (the first field): all required fields given (an empty message counts as given: it
 * has its own message), platformId text, postedId a post URN.
 */
const PostedIdRules = (required: string[], requiredMessage: string): PropertyDecorator =>
  applyDecorators(
    // applyDecorators registers in order, so these run in this order.
    FieldRule('requiredFields', (_v, args) => required.every((k) => (k === 'message' ? field(args, k) != null : given(field(args, k)))), requiredMessage),
    FieldRule('platformIdString', (_v, args) => typeof field(args, 'platformId') === 'string', M.platformIdString),
    FieldRule('isPostUrn', (v) => typeof v === 'string' && LINKEDIN_POST_URN.test(v), M.postedIdInvalid),
    ApiProperty({
      example: 'urn:li:share:7123456789012345678',
      description: 'The post: `urn:li:share:…`, `urn:li:ugcPost:…` or `urn:li:activity:…` (sent to LinkedIn as given)',
    }),
  );

/** Last: a LinkedIn compound id (`linkedin-<id>`, prefix in any case), normalised for the lookup. */
const PlatformIdRules = (): PropertyDecorator =>
  applyDecorators(
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? (linkedInPlatformId(value) ?? value) : value)),
    FieldRule('isLinkedInPlatformId', (v) => typeof v === 'string' && linkedInPlatformId(v) !== null, M.platformIdInvalid),
    ApiProperty({ example: 'linkedin-Tz9W5i6ZYG', description: 'Compound id of one of your LinkedIn connections' }),
  );

export class CreateLinkedInReactionRequest {
  @PostedIdRules(['postedId', 'reactionType', 'platformId'], M.reactionFieldsRequired)
  postedId: string;

  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
  @FieldRule('isReactionType', (v) => typeof v === 'string' && (LINKEDIN_REACTION_TYPES as readonly string[]).includes(v), M.reactionTypeInvalid)
  @ApiProperty({ enum: LINKEDIN_REACTION_TYPES, example: 'LIKE', description: 'Case-insensitive' })
  reactionType: LinkedInReactionType;

  @PlatformIdRules()
  platformId: string;
}

export class DeleteLinkedInReactionRequest {
  @PostedIdRules(['postedId', 'platformId'], M.deleteReactionFieldsRequired)
  postedId: string;

  @PlatformIdRules()
  platformId: string;
}

export class CreateLinkedInCommentRequest {
  @PostedIdRules(['postedId', 'message', 'platformId'], M.commentFieldsRequired)
  postedId: string;

  @MaxCodePoints(LINKEDIN_COMMENT_MAX_CHARS, M.messageTooLong)
  @FieldRule('nonBlank', (v) => typeof v === 'string' && v.trim().length > 0, M.messageEmpty)
  @FieldRule('isString', (v) => typeof v === 'string', M.messageString)
  @ApiProperty({ example: 'Great insights! Thanks for sharing.', maxLength: LINKEDIN_COMMENT_MAX_CHARS, description: 'The comment text, sent as written' })
  message: string;

  @FieldRule('isCommentUrn', (v) => !given(v) || (typeof v === 'string' && COMMENT_URN.test(v)), M.parentCommentInvalid)
  @ApiPropertyOptional({
    example: 'urn:li:comment:(urn:li:activity:7123456789012345678,6636062862760562688)',
    description: 'The comment to reply to (its URN)',
  })
  parentComment?: string;

  @PlatformIdRules()
  platformId: string;
}

export class DeleteLinkedInCommentRequest {
  @PostedIdRules(['postedId', 'commentId', 'platformId'], M.deleteCommentFieldsRequired)
  postedId: string;

  @FieldRule('isCommentId', (v) => typeof v === 'string' && v.length <= 200 && commentIdOf(v) !== null, M.commentIdInvalid)
  @ApiProperty({ example: '6636062862760562688', description: 'The numeric comment id or the comment URN' })
  commentId: string;

  @PlatformIdRules()
  platformId: string;
}
