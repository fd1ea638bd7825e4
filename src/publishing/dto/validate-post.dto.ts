import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { CreatePostDto } from '../../posts/dto/create-post.dto';

export class PlannedMediaDto {
  @ApiProperty({ example: 'video/mp4' }) contentType: string;
  @ApiPropertyOptional({ description: "Size in bytes (checked against the platforms' limits when given)" }) size?: number;
}

/** create-post's body, plus an optional description of the media to be attached (documentation: the route checks it as create-post would). */
export class ValidatePostDto extends CreatePostDto {
  @Allow()
  @ApiPropertyOptional({ type: [PlannedMediaDto], description: 'Media to be attached after create-post; without it, platforms that need media get a warning' })
  media?: unknown;
}

export class PlatformVerdictResponse {
  @ApiProperty({ example: 'mastodon-109876' }) platformId: string;
  @ApiProperty({ example: 'mastodon' }) platform: string;
  @ApiProperty({ description: 'No problems: publishing would go ahead' }) ok: boolean;
  @ApiProperty({ description: 'How many posts it goes out as (more than one: an auto-thread)' }) parts: number;
  @ApiProperty({ type: [String], description: 'What would make publishing fail' }) problems: string[];
  @ApiProperty({ type: [String], description: 'Worth knowing; would not fail by itself' }) warnings: string[];
}

export class RejectionResponse {
  @ApiProperty({ example: 403, description: 'The status create-post would answer' }) status: number;
  @ApiProperty({ example: 'Post limit reached', description: 'Its error message (plus the limit-exceeded fields for plan limits)' })
  error: string;
}

export class ValidatePostResponse {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ description: 'create-post would accept it and every platform would publish it' }) valid: boolean;
  @ApiProperty({ type: String, enum: ['draft', 'scheduled'], nullable: true, description: 'What create-post would store; null when it would refuse' })
  status: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) scheduledTime: string | null;
  @ApiProperty({ description: 'Moved later to keep the minimum spacing between posts of a connection' }) scheduledTimeAdjusted: boolean;
  @ApiProperty({ type: RejectionResponse, nullable: true }) rejection: RejectionResponse | null;
  @ApiProperty({ type: [PlatformVerdictResponse] }) platforms: PlatformVerdictResponse[];
}
