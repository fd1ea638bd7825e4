import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { METRICS } from '../analytics-validation';

/**
 * Request bodies of the analytics routes, for the OpenAPI document. The routes validate the raw
 * body with the pure rules in `analytics-validation.ts` (type checks in a fixed order with the
 * spec's messages, shared with MCP), so these classes carry documentation only.
 */
export class DatePartsDoc {
  @ApiProperty({ example: 2024 }) year: number;
  @ApiProperty({ example: 5 }) month: number;
  @ApiProperty({ example: 4 }) day: number;
}

export class DateRangeDoc {
  @ApiProperty({ type: DatePartsDoc }) start: DatePartsDoc;
  @ApiProperty({ type: DatePartsDoc }) end: DatePartsDoc;
}

const METRIC_ENUM = [...METRICS];

export class LinkedInFollowersRequest {
  @ApiProperty({ example: 'linkedin-abc123', description: 'Compound id of a LinkedIn connection' })
  platformId: string;
  @ApiPropertyOptional({ enum: ['lifetime', 'daily'], default: 'lifetime', description: 'Case-insensitive' })
  period?: string;
  @ApiPropertyOptional({ type: DateRangeDoc, description: 'Required when period is daily' })
  dateRange?: DateRangeDoc;
}

export class LinkedInProfileSummaryRequest {
  @ApiProperty({ example: 'linkedin-abc123' })
  platformId: string;
  @ApiPropertyOptional({ type: DateRangeDoc, description: 'Adds followers.periodGrowth; post totals cover the range' })
  dateRange?: DateRangeDoc;
}

export class LinkedInPostStatisticsRequest {
  @ApiProperty({ example: 'urn:li:share:7123456789012345678', description: 'Post URN (share or ugcPost) or share id' })
  postedId: string;
  @ApiProperty({ example: 'linkedin-abc123' })
  platformId: string;
  @ApiPropertyOptional({ enum: METRIC_ENUM, description: 'One metric, UPPERCASE' })
  queryType?: string;
  @ApiPropertyOptional({
    oneOf: [
      { type: 'array', items: { type: 'string' } },
      { type: 'string', enum: ['ALL'] },
    ],
    description: 'Several metrics (case-insensitive) or ALL; wins over queryType',
  })
  queryTypes?: string[] | 'ALL';
}

export class LinkedInAccountStatisticsRequest {
  @ApiProperty({ example: 'linkedin-abc123' })
  platformId: string;
  @ApiPropertyOptional({ enum: METRIC_ENUM })
  queryType?: string;
  @ApiPropertyOptional({
    oneOf: [
      { type: 'array', items: { type: 'string' } },
      { type: 'string', enum: ['ALL'] },
    ],
  })
  queryTypes?: string[] | 'ALL';
  @ApiPropertyOptional({ enum: ['TOTAL', 'DAILY'], default: 'TOTAL', description: 'Case-insensitive' })
  aggregation?: string;
  @ApiPropertyOptional({ type: DateRangeDoc })
  dateRange?: DateRangeDoc;
}
