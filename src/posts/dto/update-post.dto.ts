import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOneOfIfTruthy, RequiresAnyOf, WhenPresent, WhenTruthy } from '../../common/validation/field-rules';
import { UPDATE_POST_STATUSES, type UpdatePostStatus } from '@app/rules';
import { PostMessages } from '../posts.errors';
import { ContentRules, PlatformIdsRules, ScheduledTimeRules } from './post-field.rules';

/** update-post body: falsy values (empty string, null, 0) count as absent; at least one given. */
export class UpdatePostDto {
  // Bottom-up: the presence of either field is checked before the status value.
  @IsOneOfIfTruthy(UPDATE_POST_STATUSES, PostMessages.invalidUpdateStatus)
  @RequiresAnyOf(['status', 'scheduledTime'], PostMessages.statusOrTimeRequired)
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
  @RequiresAnyOf(['status', 'scheduledTime', 'content', 'platforms'], PostMessages.statusOrTimeRequired)
  status?: UpdatePostStatus | null;

  @WhenTruthy()
  @ScheduledTimeRules()
  scheduledTime?: string | null;
}
