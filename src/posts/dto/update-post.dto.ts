import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';

/** update-post body; at least one field truthy (checked by `parseUpdatePost`). */
export class UpdatePostDto {
  @Allow()
  @ApiPropertyOptional({ type: String, enum: ['draft', 'scheduled'], description: 'Empty string, null and 0 count as absent' })
  status?: unknown;

  @Allow()
  @ApiPropertyOptional({
    type: String,
    description: 'ISO 8601 UTC (`YYYY-MM-DDTHH:mm:ss.sssZ`, without milliseconds, or `+00:00`); past → now',
    example: '2030-01-01T10:00:00Z',
  })
  scheduledTime?: unknown;
}

export class UpdatedPostGroup {
  @ApiProperty()
  _id: string;
  @ApiProperty({ enum: ['draft', 'scheduled'] })
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
