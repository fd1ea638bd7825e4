import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** OpenAPI shapes of the engagement routes (docs/engagement.md). */
export class MetricReadingDto {
  @ApiProperty({ description: 'When the platform was read (ISO 8601)' }) takenAt: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'number' },
    description:
      'Counter → value. Shared names where they apply (likes, reposts, replies, impressions, views; accounts: followers, following, posts), the platform’s other counters under its own names. A counter the platform does not give is absent, never 0.',
    example: { likes: 12, reposts: 3, replies: 1, impressions: 940, quote_count: 0 },
  })
  values: Record<string, number>;
}

export class MetricErrorDto {
  @ApiProperty() code: string;
  @ApiProperty() message: string;
  @ApiProperty({ description: 'As the error categories of docs/recovery.md; permission_missing names the permission to grant' }) category: string;
  @ApiProperty() at: string;
}

export class PostMetricsDto {
  @ApiProperty() postId: string;
  @ApiProperty() platform: string;
  @ApiProperty({ description: 'Compound connection id' }) platformId: string;
  @ApiPropertyOptional() postedId?: string;
  @ApiProperty({ enum: ['collecting', 'complete', 'ended', 'not_supported', 'not_published'] }) collection: string;
  @ApiPropertyOptional({ description: 'When the next reading is due' }) nextCollectionAt?: string;
  @ApiPropertyOptional({ description: 'Why no more readings are taken (e.g. the post is gone from the platform)' }) endedBecause?: string;
  @ApiPropertyOptional({ type: MetricErrorDto, description: 'The last failed reading' }) lastError?: MetricErrorDto;
  @ApiProperty({ type: MetricReadingDto, nullable: true }) latest: MetricReadingDto | null;
  @ApiProperty({ type: [MetricReadingDto], description: 'Every reading, oldest first' }) series: MetricReadingDto[];
}

export class PostMetricsResponse {
  @ApiProperty({ example: true }) success: true;
  @ApiProperty() postGroupId: string;
  @ApiProperty({ type: [PostMetricsDto] }) posts: PostMetricsDto[];
}

export class AccountMetricsDayDto extends MetricReadingDto {
  @ApiProperty({ example: '2026-11-30', description: 'UTC day' }) date: string;
}

export class AccountMetricsResponse {
  @ApiProperty({ example: true }) success: true;
  @ApiProperty() platformId: string;
  @ApiProperty() platform: string;
  @ApiProperty() from: string;
  @ApiProperty() to: string;
  @ApiProperty({ enum: ['collecting', 'not_supported'] }) collection: string;
  @ApiPropertyOptional({ type: MetricErrorDto }) lastError?: MetricErrorDto;
  @ApiProperty({ type: [AccountMetricsDayDto], description: 'The last reading of each UTC day in the range, oldest first' }) days: AccountMetricsDayDto[];
  @ApiProperty({ type: MetricReadingDto, nullable: true }) latest: MetricReadingDto | null;
}

export class TopPostDto {
  @ApiProperty() postId: string;
  @ApiProperty() postGroupId: string;
  @ApiProperty() platform: string;
  @ApiProperty() platformId: string;
  @ApiProperty() postedId: string;
  @ApiPropertyOptional() publishedUrl?: string;
  @ApiProperty() publishedAt: string;
  @ApiProperty({ description: 'The ranked value' }) value: number;
  @ApiProperty({ type: MetricReadingDto }) latest: MetricReadingDto;
}

export class TopPostsResponse {
  @ApiProperty({ example: true }) success: true;
  @ApiProperty() from: string;
  @ApiProperty() to: string;
  @ApiProperty({ example: 'engagement' }) metric: string;
  @ApiProperty({ type: [TopPostDto], description: 'Highest first; posts without the counter are left out' }) posts: TopPostDto[];
}

export class BestTimeCellDto {
  @ApiProperty({ description: '1 = Monday … 7 = Sunday, in the zone asked for' }) weekday: number;
  @ApiProperty({ description: '0-23' }) hour: number;
  @ApiProperty() posts: number;
  @ApiProperty({ description: 'Mean of likes + reposts + replies of the posts published then' }) averageEngagement: number;
}

export class BestTimesResponse {
  @ApiProperty({ example: true }) success: true;
  @ApiProperty() timeZone: string;
  @ApiProperty({ description: 'Posts with metrics counted' }) posts: number;
  @ApiProperty({ description: 'False below 10 posts: the cells say too little' }) enough: boolean;
  @ApiPropertyOptional() message?: string;
  @ApiProperty({ type: [BestTimeCellDto], description: 'Cells with at least one post, by weekday then hour' }) cells: BestTimeCellDto[];
}
