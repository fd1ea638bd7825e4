import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';

/**
 * create-post body. Checks run in the service (`parseCreatePost`), in the order of the reference
 * messages, because `platforms` and `platformSettings` may also arrive as JSON strings.
 */
export class CreatePostDto {
  @Allow()
  @ApiProperty({ type: String, description: 'Post text; empty or whitespace-only is refused', example: 'Hello from the API' })
  content?: unknown;

  @Allow()
  @ApiProperty({
    description: 'Compound platform ids (`<platform>-<id>`, pattern `^[a-z]+-[a-zA-Z0-9_-]+$`), or a JSON string of such an array',
    oneOf: [{ type: 'array', items: { type: 'string' } }, { type: 'string' }],
    example: ['linkedin-abc123'],
  })
  platforms?: unknown;

  @Allow()
  @ApiPropertyOptional({
    type: String,
    description: 'ISO 8601 UTC (`YYYY-MM-DDTHH:mm:ss.sssZ`, without milliseconds, or `+00:00`); absent → draft; past → now',
    example: '2030-01-01T10:00:00.000Z',
  })
  scheduledTime?: unknown;

  @Allow()
  @ApiPropertyOptional({
    description: 'Per-platform settings (tiktok, instagram, youtube, threads), object or JSON string; merged over the defaults',
    oneOf: [{ type: 'object', additionalProperties: true }, { type: 'string' }],
  })
  platformSettings?: unknown;
}

export class CreatePostResponse {
  @ApiProperty({ example: true })
  success: true;
  @ApiProperty({ example: '665f1c2b9d3e4a0012345678' })
  postGroupId: string;
}
