import { ApiProperty, ApiPropertyOptional, IntersectionType, PartialType } from '@nestjs/swagger';
import { Expose, Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, Matches, Max, Min, ValidateNested } from 'class-validator';
import { WhenPresent } from '../../common/validation/field-rules';
import { AltTextRules } from '../../media/dto/alt-text.rules';
import { CreatePostDto } from '../../posts/dto/create-post.dto';
import { LimitExceededResponse } from '../../posts/dto/post-detail.response';
import { MAX_PLANNED_MEDIA, PLANNED_MEDIA_MESSAGE } from '../post-validation';

/** One file the caller will attach: an image, video or PDF type (lower-cased), a size in bytes (0 when not given). */
export class PlannedMediaDto {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.toLowerCase() : value))
  @Matches(/^((image|video)\/[\w.+-]+|application\/pdf)$/, { message: PLANNED_MEDIA_MESSAGE })
  @ApiProperty({ example: 'video/mp4' })
  contentType: string;

  @Expose()
  @Transform(({ value }: { value: unknown }) => (value === undefined ? 0 : value))
  @Max(Number.MAX_SAFE_INTEGER, { message: PLANNED_MEDIA_MESSAGE })
  @Min(0, { message: PLANNED_MEDIA_MESSAGE })
  @IsInt({ message: PLANNED_MEDIA_MESSAGE })
  @ApiPropertyOptional({ description: "Size in bytes (checked against the platforms' limits when given)" })
  size: number;

  @WhenPresent()
  @AltTextRules()
  @ApiPropertyOptional({ description: "The file's alt text, checked against each platform's alt text limit (as get-upload-url's altText)" })
  altText?: string;
}

/**
 * validate-post's own field, checked by `validateInput` in PostValidationService. The rest of the
 * body is create-post's, checked by create-post's rules: their refusals are the route's answer
 * (`rejection`), not a 400, so the route takes the raw body.
 */
export class ValidatePostMediaDto {
  @WhenPresent()
  @ValidateNested({ each: true, message: PLANNED_MEDIA_MESSAGE })
  @Type(() => PlannedMediaDto)
  @ArrayMaxSize(MAX_PLANNED_MEDIA, { message: PLANNED_MEDIA_MESSAGE })
  @IsArray({ message: PLANNED_MEDIA_MESSAGE })
  @ApiPropertyOptional({ type: [PlannedMediaDto], description: 'Media to be attached after create-post; without it, platforms that need media get a warning' })
  media?: PlannedMediaDto[] | null;
}

/** The request body as documented: create-post's fields and `media`. */
export class ValidatePostDto extends IntersectionType(CreatePostDto, ValidatePostMediaDto) {}

export class PlatformVerdictResponse {
  @ApiProperty({ example: 'mastodon-109876' }) platformId: string;
  @ApiProperty({ example: 'mastodon' }) platform: string;
  @ApiProperty({ description: 'No problems: publishing would go ahead' }) ok: boolean;
  @ApiProperty({ description: 'How many posts it goes out as (more than one: an auto-thread; an override is split by itself)' }) parts: number;
  @ApiPropertyOptional({
    type: Boolean,
    enum: [true],
    description: "Present (true) only when this account has an override: parts and problems are that text's",
  })
  contentOverridden?: true;
  @ApiProperty({ type: [String], description: 'What would make publishing fail' }) problems: string[];
  @ApiProperty({ type: [String], description: 'Worth knowing; would not fail by itself' }) warnings: string[];
}

/** create-post's refusal: its status and body, which for a plan limit carries the limit-exceeded fields. */
export class RejectionResponse extends PartialType(LimitExceededResponse) {
  @ApiProperty({ example: 403, description: 'The status create-post would answer' }) status: number;
  @ApiProperty({ required: true, example: 'Post limit reached', description: 'Its error message (plus the limit-exceeded fields for plan limits)' })
  override error: string;
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
