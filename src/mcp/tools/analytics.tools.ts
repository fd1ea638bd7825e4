import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { AnalyticsService } from '../../analytics/analytics.service';
import { AGGREGATIONS, DEFAULT_AGGREGATION, METRICS } from '../../analytics/analytics-metrics';
import {
  LinkedInAccountStatisticsRequest,
  LinkedInFollowersRequest,
  LinkedInPostStatisticsRequest,
  LinkedInProfileSummaryRequest,
} from '../../analytics/dto/analytics.request';
import { validateInput } from '../../common/validation/validate-input';
import { dateRangeParam, defined, runTool, type ToolScope, registerTool } from './tool-kit';

const platformId = z.string().describe('Compound id of a LinkedIn connection, `linkedin-<id>` (see list_connections)');
// Values are checked by the routes' request DTOs (validateInput), so a wrong one gets the REST message.
const queryType = z
  .string()
  .optional()
  .describe(`One metric (uppercase): ${METRICS.join(', ')}. Use this or queryTypes.`);
const queryTypes = z
  .union([z.array(z.string()), z.string()])
  .optional()
  .describe(
    `Several metrics (case-insensitive) from ${METRICS.join(', ')}: an array, a comma-separated string ("impression,comment"), or "ALL" for all five. Use this or queryType.`,
  );
const cached = 'Results are cached for 30 minutes (`cached` tells).';

export function registerAnalyticsTools(server: McpServer, scope: ToolScope, analytics: AnalyticsService): void {
  const { ctx } = scope;

  registerTool(
    server,
    'linkedin_followers',
    {
      title: 'LinkedIn followers',
      description: `Follower count of a LinkedIn account (period lifetime), or daily follower growth over a date range (period daily). ${cached}`,
      inputSchema: {
        platformId,
        period: z.string().optional().describe('lifetime (default) or daily, case-insensitive; daily needs dateRange'),
        dateRange: dateRangeParam.optional(),
      },
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    runTool(scope, 'linkedin_followers', 'Failed to fetch LinkedIn followers statistics', (args: Record<string, unknown>) =>
      analytics.followers(ctx, validateInput(LinkedInFollowersRequest, defined(args))),
    ),
  );

  registerTool(
    server,
    'linkedin_profile_summary',
    {
      title: 'LinkedIn profile summary',
      description:
        'Followers (and growth over dateRange when given) plus post totals (impressions, members reached, reactions, comments, reshares) of a LinkedIn account. Partial failures return success=false with partialData and errors.',
      inputSchema: { platformId, dateRange: dateRangeParam.optional() },
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    runTool(scope, 'linkedin_profile_summary', 'Failed to fetch LinkedIn profile summary', (args: Record<string, unknown>) =>
      analytics.profileSummary(ctx, validateInput(LinkedInProfileSummaryRequest, defined(args))),
    ),
  );

  const postStatistics = {
    description: `Statistics of one LinkedIn post: a single metric (queryType → count) or several (queryTypes → metrics). ${cached}`,
    inputSchema: {
      postedId: z.string().describe('The post URN or share id on LinkedIn (postedId of a published post)'),
      platformId,
      queryType,
      queryTypes,
    },
    annotations: { readOnlyHint: true, openWorldHint: true },
  };
  const postStatisticsHandler = (tool: string) =>
    runTool(scope, tool, 'Failed to fetch LinkedIn post statistics', (args: Record<string, unknown>) =>
      analytics.postStatistics(ctx, validateInput(LinkedInPostStatisticsRequest, defined(args))),
    );
  registerTool(server, 'linkedin_post_statistics', { title: 'LinkedIn post statistics', ...postStatistics }, postStatisticsHandler('linkedin_post_statistics'));

  const accountStatistics = {
    description: `Statistics of all posts of a LinkedIn account: totals (aggregation TOTAL, default) or per day (DAILY; MEMBERS_REACHED is not available daily), optionally over dateRange. ${cached}`,
    inputSchema: {
      platformId,
      queryType,
      queryTypes,
      aggregation: z
        .string()
        .optional()
        .describe(`${AGGREGATIONS.join(' or ')}, case-insensitive; default ${DEFAULT_AGGREGATION}`),
      dateRange: dateRangeParam.optional(),
    },
    annotations: { readOnlyHint: true, openWorldHint: true },
  };
  const accountStatisticsHandler = (tool: string) =>
    runTool(scope, tool, 'Failed to fetch LinkedIn account statistics', (args: Record<string, unknown>) =>
      analytics.accountStatistics(ctx, validateInput(LinkedInAccountStatisticsRequest, defined(args))),
    );
  registerTool(
    server,
    'linkedin_account_statistics',
    { title: 'LinkedIn account statistics', ...accountStatistics },
    accountStatisticsHandler('linkedin_account_statistics'),
  );

  // The reference service's names for the same two tools, so prompts written for it keep working.
  registerTool(
    server,
    'linkedin_post_stats',
    { title: 'LinkedIn post statistics (alias)', ...postStatistics, description: `Alias of linkedin_post_statistics. ${postStatistics.description}` },
    postStatisticsHandler('linkedin_post_stats'),
  );
  registerTool(
    server,
    'linkedin_account_stats',
    {
      title: 'LinkedIn account statistics (alias)',
      ...accountStatistics,
      description: `Alias of linkedin_account_statistics. ${accountStatistics.description}`,
    },
    accountStatisticsHandler('linkedin_account_stats'),
  );
}
