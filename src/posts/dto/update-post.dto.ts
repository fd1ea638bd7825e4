import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { FieldRule, IsOneOfIfTruthy, WhenPresent, WhenTruthy } from '../../common/validation/field-rules';
import { UPDATE_POST_STATUSES, type UpdatePostStatus } from '@app/rules';
import { PostMessages } from '../posts.errors';
import { ContentOverridesRules, ContentRules, FirstCommentRules, PlatformIdsRules, ScheduledTimeRules } from './post-field.rules';

/** The text edits (`contentOverrides`, `firstComment`) count as given when present, null included (null clears). */
const TEXT_EDITS = ['contentOverrides', 'firstComment'] as const;

/**
 * At least one of the truthy `fields` or a present text edit; a body with neither answers the
 * spec's message, as it did before the text edits existed.
 */
const RequiresChangeOf = (fields: readonly string[]) =>
  FieldRule(
    'requiresChange',
    (_value, args) => {
      const body = args.object as Record<string, unknown>;
      return fields.some((f) => !!body[f]) || TEXT_EDITS.some((f) => body[f] !== undefined);
    },
    PostMessages.statusOrTimeRequired,
  );

/**
 * update-post body: falsy status and scheduledTime (empty string, null, 0) count as absent; at
 * least one of them, or a text edit, given.
 */
export class UpdatePostDto {
  // Bottom-up: the presence of either field is checked before the status value.
  @IsOneOfIfTruthy(UPDATE_POST_STATUSES, PostMessages.invalidUpdateStatus)
  @RequiresChangeOf(['status', 'scheduledTime'])
  @ApiPropertyOptional({ type: String, enum: UPDATE_POST_STATUSES, description: 'Empty string, null and 0 count as absent' })
  status?: UpdatePostStatus | null;

  @WhenTruthy()
  @ScheduledTimeRules()
  @ApiPropertyOptional({
    type: String,
    description: 'ISO 8601 UTC (`YYYY-MM-DDTHH:mm:ss.sssZ`, without milliseconds, or `+00:00`); past → now',
    example: '2030-01-01T10:00:00Z',
  })
  scheduledTime?: string | null;

  @WhenPresent()
  @ContentOverridesRules({ checkKeys: false })
  @ApiPropertyOptional({
    description:
      "Replaces every override (docs/rich-posts.md): keys are the group's compound ids or platform names; `{}` or null clears them all (each account publishes the group's content). Draft or scheduled groups not yet being published",
    oneOf: [{ type: 'object', additionalProperties: { type: 'string' } }, { type: 'string' }],
  })
  contentOverrides?: Record<string, string> | null;

  // "" and null remove the comment: only a non-empty value is checked.
  @WhenTruthy()
  @FirstCommentRules({ checkPlatforms: false })
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Sets the first comment; null or "" removes it (same condition)' })
  firstComment?: string | null;
}

export class UpdatedPostGroup {
  @ApiProperty()
  _id: string;
  @ApiProperty({ enum: UPDATE_POST_STATUSES })
  status: string;
  @ApiPropertyOptional({ description: 'Present when the group has one; the limits service may have moved it' })
  scheduledTime?: string;
}

export class UpdatePostResponse {
  @ApiProperty({ example: true })
  success: true;
  @ApiProperty({
    description: 'Post scheduled successfully | Post rescheduled successfully | Post moved to draft | Scheduled time updated | Post updated successfully',
  })
  message: string;
  @ApiProperty({ type: UpdatedPostGroup })
  postGroup: UpdatedPostGroup;
}

/**
 * The dashboard's update (GraphQL `updatePost`): update-post's fields plus content and platform
 * edits, each checked with create-post's rules when present; nothing given → update-post's message.
 */
export class DashboardUpdatePostDto {
  @WhenPresent()
  @ContentRules()
  content?: string | null;

  @WhenPresent()
  @PlatformIdsRules()
  platforms?: string[] | null;

  // Bottom-up: the presence of any field is checked before the status value.
  @IsOneOfIfTruthy(UPDATE_POST_STATUSES, PostMessages.invalidUpdateStatus)
  @RequiresChangeOf(['status', 'scheduledTime', 'content', 'platforms'])
  status?: UpdatePostStatus | null;

  @WhenTruthy()
  @ScheduledTimeRules()
  scheduledTime?: string | null;

  @WhenPresent()
  @ContentOverridesRules({ checkKeys: false })
  contentOverrides?: Record<string, string> | null;

  @WhenTruthy()
  @FirstCommentRules({ checkPlatforms: false })
  firstComment?: string | null;
}
