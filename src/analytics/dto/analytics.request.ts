import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Expose, Transform } from 'class-transformer';
import { Allow, IsIn, IsNotEmpty, IsString } from 'class-validator';
import { FieldRule, IsPresent } from '../../common/validation/field-rules';
import {
  AGGREGATIONS,
  DEFAULT_AGGREGATION,
  DEFAULT_FOLLOWERS_PERIOD,
  FOLLOWERS_PERIODS,
  METRICS,
  type Aggregation,
  type FollowersPeriod,
  type Metric,
} from '../analytics-metrics';
import {
  invalidQueryTypes,
  isMetricName,
  isPlainObject,
  isQueryTypesGiven,
  linkedInPlatformId,
  normalisePlatformId,
  toDateRange,
  type DateParts,
  type DateRange,
} from '../analytics-rules';
import { AnalyticsMessages as M } from '../analytics.errors';

/**
 * Request bodies of the four LinkedIn analytics routes, for REST's pipe and the MCP tools
 * (`validateInput`). Fields are checked in the order declared and the first failing check
 * answers, which is the order docs/analytics.md fixes; within a rule set, in the order listed.
 * What is more than a field check lives in analytics-rules.ts (calendar dates, metric selection).
 */

const given = (v: unknown): boolean => v !== undefined && v !== null;

/** followers / profile summary: present, text, a LinkedIn compound id (returned normalised). */
const LinkedInPlatformIdRules = (): PropertyDecorator =>
  applyDecorators(
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? (linkedInPlatformId(value) ?? value) : value)),
    IsPresent(M.platformIdRequired),
    IsString({ message: M.platformIdString }),
    FieldRule('isLinkedInPlatformId', (v) => typeof v === 'string' && linkedInPlatformId(v) !== null, M.platformIdInvalid),
  );

/** A text option, trimmed and in `letterCase`; absent is the default. */
const OptionRules = (values: readonly string[], byDefault: string, letterCase: 'lower' | 'upper', notText: string, notOne: string): PropertyDecorator =>
  applyDecorators(
    Expose(),
    Transform(({ value }: { value: unknown }) => {
      if (!given(value)) return byDefault;
      if (typeof value !== 'string') return value;
      return letterCase === 'lower' ? value.trim().toLowerCase() : value.trim().toUpperCase();
    }),
    IsString({ message: notText }),
    IsIn(values, { message: notOne }),
  );

/** Absent, or `{ start, end }` of integer calendar parts (returned with only those). */
const DateRangeRules = (): PropertyDecorator =>
  applyDecorators(
    Transform(({ value }: { value: unknown }) => toDateRange(value) ?? value),
    FieldRule('isDateRangeObject', (v) => !given(v) || isPlainObject(v), M.dateRangeObject),
    FieldRule('hasStartAndEnd', (v) => !given(v) || (isPlainObject(v) && isPlainObject(v.start) && isPlainObject(v.end)), M.dateRangeStartEnd),
    FieldRule('hasDateParts', (v) => !given(v) || toDateRange(v) !== null, M.dateRangeParts),
  );

/** queryType, unless queryTypes is given (it wins): present, then one metric, UPPERCASE. */
const QueryTypeField = (): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ enum: METRICS, description: 'One metric, UPPERCASE' }),
    FieldRule('queryTypeGiven', (v, args) => isQueryTypesGiven((args.object as MetricsRequest).queryTypes) || (given(v) && v !== ''), M.queryTypeRequired),
    FieldRule('isMetric', (v, args) => isQueryTypesGiven((args.object as MetricsRequest).queryTypes) || isMetricName(v), M.queryTypeInvalid),
  );

/** queryTypes when given: every entry a metric (any case) or ALL; the message lists the others as sent. */
const QueryTypesField = (): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({
      oneOf: [
        { type: 'array', items: { type: 'string', enum: [...METRICS, 'ALL'] } },
        { type: 'string', description: 'Comma-separated metrics, or ALL' },
      ],
      description: 'Several metrics (case-insensitive), a comma-separated string, or ALL; wins over queryType',
    }),
    FieldRule(
      'knownQueryTypes',
      (v) => !isQueryTypesGiven(v) || invalidQueryTypes(v).length === 0,
      (args) => M.queryTypesInvalid(invalidQueryTypes(args.value).join(', ')),
    ),
  );

/** The shape of a date range in the OpenAPI document (checked as a whole by DateRangeRules). */
export class DatePartsDoc implements DateParts {
  @ApiProperty({ example: 2024, minimum: 1970, maximum: 9999 }) year: number;
  @ApiProperty({ example: 5, minimum: 1, maximum: 12 }) month: number;
  @ApiProperty({ example: 4, minimum: 1, maximum: 31 }) day: number;
}

export class DateRangeDoc implements DateRange {
  @ApiProperty({ type: DatePartsDoc }) start: DatePartsDoc;
  @ApiProperty({ type: DatePartsDoc }) end: DatePartsDoc;
}

interface MetricsRequest {
  queryType?: Metric;
  queryTypes?: string[] | string;
}

/** Order: platformId, period, dateRange (required for daily, checked whenever present). */
export class LinkedInFollowersRequest {
  @LinkedInPlatformIdRules()
  @ApiProperty({ example: 'linkedin-abc123', description: 'Compound id of a LinkedIn connection' })
  platformId: string;

  @OptionRules(FOLLOWERS_PERIODS, DEFAULT_FOLLOWERS_PERIOD, 'lower', M.periodString, M.periodInvalid)
  @ApiPropertyOptional({ enum: FOLLOWERS_PERIODS, default: DEFAULT_FOLLOWERS_PERIOD, description: 'Case-insensitive' })
  period: FollowersPeriod;

  @DateRangeRules()
  @FieldRule('dateRangeForDaily', (v, args) => given(v) || (args.object as LinkedInFollowersRequest).period !== 'daily', M.dateRangeRequiredDaily)
  @ApiPropertyOptional({ type: DateRangeDoc, description: 'Required when period is daily' })
  dateRange?: DateRange | null;
}

/** Order: platformId, dateRange. */
export class LinkedInProfileSummaryRequest {
  @LinkedInPlatformIdRules()
  @ApiProperty({ example: 'linkedin-abc123' })
  platformId: string;

  @DateRangeRules()
  @ApiPropertyOptional({ type: DateRangeDoc, description: 'Adds followers.periodGrowth; post totals cover the range' })
  dateRange?: DateRange | null;
}

/** Order: postedId and platformId present (null and '' are not), then both text, then queryType / queryTypes. */
export class LinkedInPostStatisticsRequest implements MetricsRequest {
  @FieldRule(
    'stringIds',
    (_v, args) => ['postedId', 'platformId'].every((k) => typeof (args.object as Record<string, unknown>)[k] === 'string'),
    M.postedIdStrings,
  )
  @FieldRule(
    'givenIds',
    (_v, args) =>
      ['postedId', 'platformId'].every((k) => given((args.object as Record<string, unknown>)[k]) && (args.object as Record<string, unknown>)[k] !== ''),
    M.postedIdRequired,
  )
  @ApiProperty({ example: 'urn:li:share:7123456789012345678', description: 'Post URN (share or ugcPost) or share id' })
  postedId: string;

  // Any non-empty string passes (checked with postedId); a LinkedIn-prefixed one is normalised.
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? normalisePlatformId(value) : value))
  @Allow()
  @ApiProperty({ example: 'linkedin-abc123' })
  platformId: string;

  @QueryTypeField() queryType?: Metric;
  @QueryTypesField() queryTypes?: string[] | string;
}

/** Order: platformId, queryType / queryTypes, aggregation, dateRange; then MEMBERS_REACHED with DAILY (`selectionFor`). */
export class LinkedInAccountStatisticsRequest implements MetricsRequest {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' && value !== '' ? normalisePlatformId(value) : value))
  @IsString({ message: M.platformIdString })
  @IsNotEmpty({ message: M.platformIdRequired })
  @ApiProperty({ example: 'linkedin-abc123', description: 'Any non-empty string; a LinkedIn-prefixed one is normalised' })
  platformId: string;

  @QueryTypeField() queryType?: Metric;
  @QueryTypesField() queryTypes?: string[] | string;

  @OptionRules(AGGREGATIONS, DEFAULT_AGGREGATION, 'upper', M.aggregationString, M.aggregationInvalid)
  @ApiPropertyOptional({ enum: AGGREGATIONS, default: DEFAULT_AGGREGATION, description: 'Case-insensitive' })
  aggregation: Aggregation;

  @DateRangeRules()
  @ApiPropertyOptional({ type: DateRangeDoc })
  dateRange?: DateRange | null;
}
