import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiParam, ApiProduces, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiKeyAuth } from '../auth/auth.decorators';
import { Ctx, type RequestContext } from '../auth/request-context';
import { ApiError } from '../common/api-error';
import { ErrorResponse } from '../common/error.response';
import { FailureMessage } from '../common/failure-message';
import { PostMessages } from '../posts/posts.errors';
import { AccountMetricsResponse, BestTimesResponse, PostMetricsResponse, TopPostsResponse } from './dto/engagement.responses';
import { accountMetricsCsv, postMetricsCsv, topPostsCsv } from './engagement.csv';
import { EngagementMessages as M } from './engagement.errors';
import { EngagementService, MAX_RANGE_DAYS } from './engagement.service';

const RANGE_ERRORS = `${M.invalidFrom} | ${M.invalidTo} | ${M.rangeOrder} | ${M.rangeTooLong(MAX_RANGE_DAYS)}`;
const FORMAT_QUERY = { name: 'format', required: false, enum: ['json', 'csv'], description: 'csv: the same rows as a CSV file (text/csv)' };

/** `format=csv` answers the rows as a file; anything but json or csv is refused. */
function wantsCsv(format: string | undefined): boolean {
  if (format === undefined || format === '' || format === 'json') return false;
  if (format === 'csv') return true;
  throw ApiError.badRequest(M.invalidFormat);
}

function sendCsv(reply: FastifyReply, name: string, csv: string): string {
  reply.header('content-type', 'text/csv; charset=utf-8');
  reply.header('content-disposition', `attachment; filename="${name}.csv"`);
  return csv;
}

/** Post and account metrics of every platform that gives them (docs/engagement.md). */
@ApiTags('engagement')
@ApiKeyAuth()
@ApiHeader({ name: 'x-api-key', required: true, description: 'API key' })
@ApiResponse({ status: 401, type: ErrorResponse, description: 'API key is required | Invalid API key | Invalid API key owner' })
@Controller('api/v1')
export class EngagementController {
  constructor(private readonly engagement: EngagementService) {}

  @Get('post-metrics/:postGroupId')
  @FailureMessage('Failed to get post metrics')
  @ApiOperation({ summary: "A post group's metrics: per platform post, where its collection stands, its latest reading and its series" })
  @ApiParam({ name: 'postGroupId', description: '24-character hexadecimal post group id' })
  @ApiQuery(FORMAT_QUERY)
  @ApiProduces('application/json', 'text/csv')
  @ApiResponse({ status: 200, type: PostMetricsResponse })
  @ApiResponse({ status: 400, type: ErrorResponse, description: M.invalidFormat })
  @ApiResponse({ status: 404, type: ErrorResponse, description: PostMessages.notFound })
  async postMetrics(
    @Ctx() ctx: RequestContext,
    @Param('postGroupId') postGroupId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Query('format') format?: string,
  ) {
    const csv = wantsCsv(format);
    const result = await this.engagement.postGroupMetrics(ctx, postGroupId);
    return csv ? sendCsv(reply, `post-metrics-${postGroupId}`, postMetricsCsv(result.posts)) : { success: true, ...result };
  }

  @Get('account-metrics/:platformId')
  @FailureMessage('Failed to get account metrics')
  @ApiOperation({ summary: "A connected account's daily metrics (followers and what else its platform counts) over a range" })
  @ApiParam({ name: 'platformId', description: 'Compound connection id, as platform-connections lists it' })
  @ApiQuery({ name: 'from', required: false, description: 'ISO 8601 date or time, inclusive (default: 30 days before to)' })
  @ApiQuery({ name: 'to', required: false, description: 'ISO 8601 date or time, exclusive (default: now)' })
  @ApiQuery(FORMAT_QUERY)
  @ApiProduces('application/json', 'text/csv')
  @ApiResponse({ status: 200, type: AccountMetricsResponse })
  @ApiResponse({ status: 400, type: ErrorResponse, description: `${RANGE_ERRORS} | ${M.invalidFormat}` })
  @ApiResponse({ status: 404, type: ErrorResponse, description: M.connectionNotFound })
  async accountMetrics(
    @Ctx() ctx: RequestContext,
    @Param('platformId') platformId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Query('from') from?: string,
    @Query('to') to?: string,
    @Query('format') format?: string,
  ) {
    const csv = wantsCsv(format);
    const result = await this.engagement.accountMetrics(ctx, platformId, { from, to });
    return csv ? sendCsv(reply, `account-metrics-${platformId}`, accountMetricsCsv(result)) : { success: true, ...result };
  }

  @Get('top-posts')
  @FailureMessage('Failed to get top posts')
  @ApiOperation({ summary: 'The posts published in a range, ranked by a metric on their latest reading' })
  @ApiQuery({ name: 'from', required: false, description: 'ISO 8601, inclusive (default: 30 days before to)' })
  @ApiQuery({ name: 'to', required: false, description: 'ISO 8601, exclusive (default: now)' })
  @ApiQuery({
    name: 'metric',
    required: false,
    description: 'A counter name (likes, views, quote_count…) or engagement (likes + reposts + replies; the default)',
  })
  @ApiQuery({ name: 'limit', required: false, description: '1-100, default 10' })
  @ApiQuery({ name: 'platformId', required: false, description: "Only this connection's posts" })
  @ApiQuery(FORMAT_QUERY)
  @ApiProduces('application/json', 'text/csv')
  @ApiResponse({ status: 200, type: TopPostsResponse })
  @ApiResponse({ status: 400, type: ErrorResponse, description: `${RANGE_ERRORS} | ${M.invalidMetric} | ${M.invalidFormat}` })
  @ApiResponse({ status: 404, type: ErrorResponse, description: M.connectionNotFound })
  async topPosts(@Ctx() ctx: RequestContext, @Res({ passthrough: true }) reply: FastifyReply, @Query() query: Record<string, string | undefined>) {
    const csv = wantsCsv(query.format);
    const result = await this.engagement.topPosts(ctx, query);
    return csv ? sendCsv(reply, `top-posts-${result.metric}`, topPostsCsv(result.metric, result.posts)) : { success: true, ...result };
  }

  @Get('best-times')
  @FailureMessage('Failed to get best times')
  @ApiOperation({ summary: "When the person's posts did best: weekday × hour in a time zone, from their own history" })
  @ApiQuery({ name: 'timeZone', required: false, description: 'IANA zone (default UTC)' })
  @ApiQuery({ name: 'from', required: false, description: 'ISO 8601, inclusive (default: 90 days before to)' })
  @ApiQuery({ name: 'to', required: false, description: 'ISO 8601, exclusive (default: now)' })
  @ApiQuery({ name: 'platformId', required: false, description: "Only this connection's posts" })
  @ApiResponse({ status: 200, type: BestTimesResponse })
  @ApiResponse({ status: 400, type: ErrorResponse, description: `${RANGE_ERRORS} | ${M.invalidTimeZone}` })
  @ApiResponse({ status: 404, type: ErrorResponse, description: M.connectionNotFound })
  async bestTimes(@Ctx() ctx: RequestContext, @Query() query: Record<string, string | undefined>) {
    return { success: true, ...(await this.engagement.bestTimes(ctx, query)) };
  }
}
