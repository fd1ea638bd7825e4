import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth } from '../auth/auth.decorators';
import { Ctx, type RequestContext } from '../auth/request-context';
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

/**
 * LinkedIn member analytics. The body is taken raw (`unknown`) on purpose: the service validates
 * it with the spec's messages in a fixed order, the same way for REST and MCP.
 */
@ApiTags('analytics')
@ApiKeyAuth()
@Controller('api/v1')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Post('linkedin-followers')
  @HttpCode(200)
  @FailureMessage('Failed to fetch LinkedIn followers statistics')
  @ApiBody({ type: LinkedInFollowersRequest })
  @ApiOkResponse({ description: 'lifetime: { success, followersCount, cached }; daily: { success, data, totalGrowth, cached }' })
  followers(@Ctx() ctx: RequestContext, @Body() body: unknown): Promise<FollowersResponse> {
    return this.analytics.followers(ctx, body);
  }

  @Post('linkedin-profile-summary')
  @HttpCode(200)
  @FailureMessage('Failed to fetch LinkedIn profile summary')
  @ApiBody({ type: LinkedInProfileSummaryRequest })
  @ApiOkResponse({ description: '{ success, profile } or, when some metrics failed, { success: false, partialData, profile, errors }' })
  profileSummary(@Ctx() ctx: RequestContext, @Body() body: unknown): Promise<ProfileSummaryResponse> {
    return this.analytics.profileSummary(ctx, body);
  }

  @Post('linkedin-post-statistics')
  @HttpCode(200)
  @FailureMessage('Failed to fetch LinkedIn post statistics')
  @ApiBody({ type: LinkedInPostStatisticsRequest })
  @ApiOkResponse({ description: 'single: { success, count, cached }; multiple: { success, metrics, errors?, cachedMetrics?, cached }' })
  postStatistics(@Ctx() ctx: RequestContext, @Body() body: unknown): Promise<PostStatisticsResponse> {
    return this.analytics.postStatistics(ctx, body);
  }

  @Post('linkedin-account-statistics')
  @HttpCode(200)
  @FailureMessage('Failed to fetch LinkedIn account statistics')
  @ApiBody({ type: LinkedInAccountStatisticsRequest })
  @ApiOkResponse({ description: 'single: { success, data, aggregation, cached }; multiple: { success, metrics, aggregation, errors?, cachedMetrics?, cached }' })
  accountStatistics(@Ctx() ctx: RequestContext, @Body() body: unknown): Promise<AccountStatisticsResponse> {
    return this.analytics.accountStatistics(ctx, body);
  }
}
