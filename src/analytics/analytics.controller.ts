import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth } from '../auth/auth.decorators';
import { Ctx, type RequestContext } from '../auth/request-context';
import { ErrorResponse } from '../common/error.response';
import { FailureMessage } from '../common/failure-message';
import {
  AnalyticsService,
  type AccountStatisticsResponse,
  type FollowersResponse,
  type PostStatisticsResponse,
  type ProfileSummaryResponse,
} from './analytics.service';
import {
  LinkedInAccountStatisticsRequest,
  LinkedInFollowersRequest,
  LinkedInPostStatisticsRequest,
  LinkedInProfileSummaryRequest,
} from './dto/analytics.request';
import {
  AccountStatisticsResponseDoc,
  AnalyticsUpstreamErrorDoc,
  DailyCountResponse,
  FollowersResponseDoc,
  PostStatisticsResponseDoc,
  ProfileSummaryFailureDoc,
  ProfileSummaryResponseDoc,
} from './dto/analytics.responses';

/**
 * LinkedIn member analytics. Each body is checked by its request DTO (the global pipe; MCP tools
 * hand their arguments to the same classes), with the spec's messages in docs/analytics.md's order.
 */
@ApiTags('analytics')
// Named by `$ref` inside AccountStatisticsResponseDoc's `oneOf` only.
@ApiExtraModels(DailyCountResponse)
@ApiResponse({ status: 400, type: ErrorResponse, description: "The body failed validation (the spec's messages, in its order)" })
@ApiResponse({ status: 404, type: ErrorResponse, description: 'LinkedIn connection not found' })
@ApiResponse({ status: 500, type: ErrorResponse, description: 'Failed to fetch LinkedIn … statistics' })
// Above @ApiKeyAuth so that these schemas, which add LinkedIn's `details`, replace its plain ones.
@ApiResponse({ status: 403, type: AnalyticsUpstreamErrorDoc, description: 'LinkedIn denied access to this analytics data (details: its message)' })
@ApiResponse({ status: 429, type: AnalyticsUpstreamErrorDoc, description: 'LinkedIn rate limit exceeded (details: its message)' })
@ApiKeyAuth()
@Controller('api/v1')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Post('linkedin-followers')
  @HttpCode(200)
  @FailureMessage('Failed to fetch LinkedIn followers statistics')
  @ApiOperation({ summary: 'Followers of a LinkedIn member (lifetime or daily)' })
  @ApiOkResponse({ type: FollowersResponseDoc, description: 'lifetime: { success, followersCount, cached }; daily: { success, data, totalGrowth, cached }' })
  followers(@Ctx() ctx: RequestContext, @Body() body: LinkedInFollowersRequest): Promise<FollowersResponse> {
    return this.analytics.followers(ctx, body);
  }

  @Post('linkedin-profile-summary')
  @HttpCode(200)
  @FailureMessage('Failed to fetch LinkedIn profile summary')
  @ApiOperation({ summary: 'Profile summary of a LinkedIn member (followers and post totals)' })
  @ApiOkResponse({
    type: ProfileSummaryResponseDoc,
    description: '{ success, profile } or, when some metrics failed, { success: false, partialData, profile, errors }',
  })
  @ApiResponse({ status: 502, type: ProfileSummaryFailureDoc, description: 'Failed to fetch LinkedIn profile data (no metric could be fetched)' })
  profileSummary(@Ctx() ctx: RequestContext, @Body() body: LinkedInProfileSummaryRequest): Promise<ProfileSummaryResponse> {
    return this.analytics.profileSummary(ctx, body);
  }

  @Post('linkedin-post-statistics')
  @HttpCode(200)
  @FailureMessage('Failed to fetch LinkedIn post statistics')
  @ApiOperation({ summary: 'Statistics of one LinkedIn post' })
  @ApiOkResponse({
    type: PostStatisticsResponseDoc,
    description: 'single: { success, count, cached }; multiple: { success, metrics, errors?, cachedMetrics?, cached }',
  })
  postStatistics(@Ctx() ctx: RequestContext, @Body() body: LinkedInPostStatisticsRequest): Promise<PostStatisticsResponse> {
    return this.analytics.postStatistics(ctx, body);
  }

  @Post('linkedin-account-statistics')
  @HttpCode(200)
  @FailureMessage('Failed to fetch LinkedIn account statistics')
  @ApiOperation({ summary: 'Statistics of a LinkedIn member account' })
  @ApiOkResponse({
    type: AccountStatisticsResponseDoc,
    description: 'single: { success, data, aggregation, cached }; multiple: { success, metrics, aggregation, errors?, cachedMetrics?, cached }',
  })
  accountStatistics(@Ctx() ctx: RequestContext, @Body() body: LinkedInAccountStatisticsRequest): Promise<AccountStatisticsResponse> {
    return this.analytics.accountStatistics(ctx, body);
  }
}
