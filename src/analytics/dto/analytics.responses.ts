import { AGGREGATIONS } from '../analytics-metrics';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** Documentation of the analytics answers (the service builds them; these only describe them). */
export class MetricErrorResponse {
  @ApiProperty({ example: 'impressions' }) metric: string;
  @ApiProperty({ example: 'Failed to fetch metric from LinkedIn' }) error: string;
}

/** LinkedIn's refusal handed back (403 missing scope, 429 throttling), with its own message when it gave one. */
export class AnalyticsUpstreamErrorDoc {
  @ApiProperty({ example: 'LinkedIn denied access to this analytics data' }) error: string;
  @ApiPropertyOptional({ example: 'Not enough permissions to access: memberCreatorPostAnalytics.GET.20240501', description: "LinkedIn's message" })
  details?: string;
}

export class DailyPointResponse {
  @ApiProperty({ example: '2026-01-31' }) date: string;
  @ApiProperty({ type: Number, nullable: true }) count: number | null;
}

export class DatePartsResponse {
  @ApiProperty({ example: 2026 }) year: number;
  @ApiProperty({ example: 1 }) month: number;
  @ApiProperty({ example: 31 }) day: number;
}

export class DateRangeResponse {
  @ApiProperty({ type: DatePartsResponse }) start: DatePartsResponse;
  @ApiProperty({ type: DatePartsResponse, description: 'Exclusive: the next day' }) end: DatePartsResponse;
}

/** A point of account statistics with aggregation DAILY: LinkedIn's own range of the day. */
export class DailyCountResponse {
  @ApiProperty({ type: Number, nullable: true }) count: number | null;
  @ApiProperty({ type: DateRangeResponse }) dateRange: DateRangeResponse;
}

export class FollowersResponseDoc {
  @ApiProperty({ example: true }) success: boolean;
  @ApiPropertyOptional({ type: Number, nullable: true, description: 'lifetime: the follower count' }) followersCount?: number | null;
  @ApiPropertyOptional({ type: [DailyPointResponse], description: 'daily: one point per day' }) data?: DailyPointResponse[];
  @ApiPropertyOptional({ description: 'daily: growth over the range' }) totalGrowth?: number;
  @ApiProperty({ description: 'Answered from the cache' }) cached: boolean;
}

export class ProfileFollowersResponse {
  @ApiProperty({ type: Number, nullable: true }) total: number | null;
  @ApiPropertyOptional() periodGrowth?: number;
}

export class ProfilePostsResponse {
  @ApiProperty({ type: Number, nullable: true }) totalImpressions: number | null;
  @ApiProperty({ type: Number, nullable: true }) totalMembersReached: number | null;
  @ApiProperty({ type: Number, nullable: true }) totalReactions: number | null;
  @ApiProperty({ type: Number, nullable: true }) totalComments: number | null;
  @ApiProperty({ type: Number, nullable: true }) totalReshares: number | null;
}

export class ProfileResponse {
  @ApiProperty({ type: ProfileFollowersResponse }) followers: ProfileFollowersResponse;
  @ApiProperty({ type: ProfilePostsResponse }) posts: ProfilePostsResponse;
}

/** The 502 of profile-summary when no metric could be fetched: the error and each metric's. */
export class ProfileSummaryFailureDoc {
  @ApiProperty({ example: 'Failed to fetch LinkedIn profile data' }) error: string;
  @ApiProperty({ example: false }) success: boolean;
  @ApiProperty({ type: [MetricErrorResponse] }) errors: MetricErrorResponse[];
}

export class ProfileSummaryResponseDoc {
  @ApiProperty({ description: 'false when some metrics failed (then partialData and errors)' }) success: boolean;
  @ApiPropertyOptional({ example: true }) partialData?: boolean;
  @ApiProperty({ type: ProfileResponse }) profile: ProfileResponse;
  @ApiPropertyOptional({ type: [MetricErrorResponse] }) errors?: MetricErrorResponse[];
}

export class PostStatisticsResponseDoc {
  @ApiProperty() success: boolean;
  @ApiPropertyOptional({ type: Number, nullable: true, description: 'single metric' }) count?: number | null;
  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'number', nullable: true }, description: 'several metrics' })
  metrics?: Record<string, number | null>;
  @ApiPropertyOptional({ type: [MetricErrorResponse] }) errors?: MetricErrorResponse[];
  @ApiPropertyOptional({ type: [String] }) cachedMetrics?: string[];
  @ApiProperty() cached: boolean;
}

export class AccountStatisticsResponseDoc {
  @ApiProperty() success: boolean;
  @ApiPropertyOptional({
    description: 'single metric: a total (number or null) or, with aggregation DAILY, daily points',
    oneOf: [
      { type: 'number', nullable: true },
      { type: 'array', items: { $ref: '#/components/schemas/DailyCountResponse' } },
    ],
  })
  data?: unknown;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'several metrics, each as `data` above' })
  metrics?: Record<string, unknown>;
  @ApiProperty({ enum: AGGREGATIONS }) aggregation: string;
  @ApiPropertyOptional({ type: [MetricErrorResponse] }) errors?: MetricErrorResponse[];
  @ApiPropertyOptional({ type: [String] }) cachedMetrics?: string[];
  @ApiProperty() cached: boolean;
}
