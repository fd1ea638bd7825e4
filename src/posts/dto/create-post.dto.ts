import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { WhenGiven, WhenPresent } from '../../common/validation/field-rules';
import { ContentOverridesRules, ContentRules, FirstCommentRules, PlatformIdsRules, PlatformSettingsRules, ScheduledTimeRules } from './post-field.rules';

/**
 * create-post body, for every transport (REST's pipe, `validateInput` for MCP and GraphQL). The
 * fields are checked in the order declared, so the first message is the one the spec lists first.
 */
export class CreatePostDto {
  @ContentRules()
  @ApiProperty({
    type: String,
    description: 'Post text; empty or whitespace-only is refused, as are NUL and the other control characters except tab, LF and CR, and unpaired surrogates',
    example: 'Hello from the API',
  })
  content: string;

  @PlatformIdsRules()
  @ApiProperty({
    description:
      'Compound platform ids (`<platform>-<id>`, pattern `^[a-z]+-[a-zA-Z0-9_-]+$`) as GET platform-connections lists them (every listed id matches it), or a JSON string of such an array',
    oneOf: [{ type: 'array', items: { type: 'string' } }, { type: 'string' }],
    example: ['linkedin-abc123'],
  })
  platforms: string[];

  @WhenGiven()
  @ScheduledTimeRules()
  @ApiPropertyOptional({
    type: String,
    description: 'ISO 8601 UTC (`YYYY-MM-DDTHH:mm:ss.sssZ`, without milliseconds, or `+00:00`); absent → draft; past → now',
    example: '2030-01-01T10:00:00.000Z',
  })
  scheduledTime?: string | null;

  @WhenPresent()
  @PlatformSettingsRules()
  @ApiPropertyOptional({
    description: 'Per-platform settings (tiktok, instagram, youtube, threads), object or JSON string; merged over the defaults',
    oneOf: [{ type: 'object', additionalProperties: true }, { type: 'string' }],
  })
  platformSettings?: Record<string, unknown> | null;

  @WhenPresent()
  @ContentOverridesRules({ checkKeys: true })
  @ApiPropertyOptional({
    description:
      "Text per account: from a compound id of `platforms` (`twitter-123`) or a chosen account's platform name (`twitter`) to the text that account publishes instead of `content` (an account's key wins over its platform's); object or JSON string; each text follows `content`'s rules, and the platform's own rules when validated and published (docs/rich-posts.md)",
    oneOf: [{ type: 'object', additionalProperties: { type: 'string' } }, { type: 'string' }],
    example: { 'twitter-123': 'Shorter text for X' },
  })
  contentOverrides?: Record<string, string> | null;

  @WhenPresent()
  @FirstCommentRules({ checkPlatforms: true })
  @ApiPropertyOptional({
    type: String,
    description:
      "A comment published under the post right after it succeeds (X, Threads, Bluesky, Mastodon: a reply; LinkedIn, Facebook, Instagram, YouTube: a comment); refused when a chosen platform takes none, or when it exceeds a platform's text limit",
    example: 'Links and hashtags: https://example.com #launch',
  })
  firstComment?: string | null;
}

export class CreatePostResponse {
  @ApiProperty({ example: true })
  success: true;
  @ApiProperty({ example: '665f1c2b9d3e4a0012345678' })
  postGroupId: string;
}
