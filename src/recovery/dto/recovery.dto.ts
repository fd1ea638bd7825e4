import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ERROR_CATEGORIES } from '../../platforms/error-category';

/** OpenAPI shapes of retry-post and unpublish-post; the bodies are checked by recovery-rules.ts. */
export class RetryPostBody {
  @ApiPropertyOptional({
    type: [String],
    description: 'Connections to retry, compound (`twitter-123`) or as get-post shows them; default: every failed platform post of the group',
  })
  platformIds?: string[];
  @ApiPropertyOptional({ description: 'Also retry posts whose earlier outcome is unknown (PUBLISH_OUTCOME_UNKNOWN): they may publish twice' })
  force?: boolean;
}

export class UnpublishPostBody {
  @ApiPropertyOptional({ type: [String], description: 'Connections to unpublish from; default: every published platform post of the group' })
  platformIds?: string[];
}

export class RetriedPostDto {
  @ApiProperty() postId: string;
  @ApiProperty() platform: string;
  @ApiProperty({ description: 'Compound connection id' }) platformId: string;
  @ApiProperty({ description: 'When the engine takes it up (now, or later to keep the minimum spacing)' }) scheduledTime: string;
  @ApiProperty({ description: 'Its earlier outcome was unknown: it may publish twice' }) forced: boolean;
}

export class RetryPostResponse {
  @ApiProperty({ example: true }) success: true;
  @ApiProperty() postGroupId: string;
  @ApiProperty({ enum: ['scheduled'] }) status: 'scheduled';
  @ApiProperty({ type: [RetriedPostDto] }) retried: RetriedPostDto[];
  @ApiPropertyOptional({ description: 'Present on a forced retry: says the post may publish twice' }) warning?: string;
}

export class RecoveryErrorDto {
  @ApiProperty({ example: 'PLATFORM_AUTH_EXPIRED' }) code: string;
  @ApiProperty() message: string;
  @ApiProperty({ enum: ERROR_CATEGORIES }) category: string;
  @ApiProperty() hint: string;
}

export class UnpublishOutcomeDto {
  @ApiProperty() postId: string;
  @ApiProperty() platform: string;
  @ApiProperty() platformId: string;
  @ApiProperty({ enum: ['unpublished', 'published'], description: 'published: the platform refused, the post stays up' }) status: string;
  @ApiPropertyOptional() unpublishedAt?: string;
  @ApiPropertyOptional({ type: RecoveryErrorDto }) error?: RecoveryErrorDto;
}

export class UnpublishPostResponse {
  @ApiProperty({ example: true }) success: true;
  @ApiProperty() postGroupId: string;
  @ApiProperty({ type: [UnpublishOutcomeDto] }) results: UnpublishOutcomeDto[];
}

export class UnpublishFailedResponse {
  @ApiProperty({ example: 'Could not unpublish: …' }) error: string;
  @ApiProperty({ type: [UnpublishOutcomeDto] }) results: UnpublishOutcomeDto[];
}
