import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { EngagementService } from '../../engagement/engagement.service';
import { registerTool, runTool, type ToolScope } from './tool-kit';

/** Metrics tools: EngagementService, as REST post-metrics, account-metrics, top-posts and best-times (docs/engagement.md). */
export function registerEngagementTools(server: McpServer, scope: ToolScope, engagement: EngagementService): void {
  const { ctx } = scope;

  registerTool(
    server,
    'get_post_metrics',
    {
      title: 'Get post metrics',
      description:
        "How a post group did on each platform: per platform post, where collection stands (collecting, complete, ended, not_supported, not_published), the latest reading and every reading so far. Readings are taken 1 h, 6 h, 24 h, 3 d, 7 d and 30 d after publishing. Counter names: likes, reposts, replies, impressions, views where they apply, and the platform's own names for the rest; a counter the platform does not give is absent, never 0.",
      inputSchema: { postGroupId: z.string().describe('Post group id (24 hexadecimal characters)') },
      annotations: { readOnlyHint: true },
    },
    runTool(scope, 'get_post_metrics', 'Failed to get post metrics', async (args: { postGroupId: string }) => ({
      success: true,
      ...(await engagement.postGroupMetrics(ctx, args.postGroupId)),
    })),
  );

  registerTool(
    server,
    'get_account_metrics',
    {
      title: 'Get account metrics',
      description:
        'A connected account’s daily metrics (followers, following, posts and what else its platform counts), the last reading of each UTC day in [from, to). Default range: the last 30 days; at most 366 days.',
      inputSchema: {
        platformId: z.string().describe('Compound platform id `<platform>-<id>` from list_connections'),
        from: z.string().optional().describe('ISO 8601 date or time, inclusive'),
        to: z.string().optional().describe('ISO 8601 date or time, exclusive (default now)'),
      },
      annotations: { readOnlyHint: true },
    },
    runTool(scope, 'get_account_metrics', 'Failed to get account metrics', async (args: { platformId: string; from?: string; to?: string }) => ({
      success: true,
      ...(await engagement.accountMetrics(ctx, args.platformId, { from: args.from, to: args.to })),
    })),
  );

  registerTool(
    server,
    'get_top_posts',
    {
      title: 'Get top posts',
      description:
        'The posts published in [from, to) ranked by a metric on their latest reading (a counter name such as likes, views or quote_count, or engagement = likes + reposts + replies, the default). Posts without that counter are left out.',
      inputSchema: {
        from: z.string().optional().describe('ISO 8601, inclusive (default 30 days before to)'),
        to: z.string().optional().describe('ISO 8601, exclusive (default now)'),
        metric: z.string().optional().describe('Counter name or engagement'),
        limit: z.number().int().optional().describe('1-100, default 10'),
        platformId: z.string().optional().describe("Only this connection's posts"),
      },
      annotations: { readOnlyHint: true },
    },
    runTool(scope, 'get_top_posts', 'Failed to get top posts', async (args: Record<string, unknown>) => ({
      success: true,
      ...(await engagement.topPosts(ctx, args)),
    })),
  );

  registerTool(
    server,
    'get_best_times',
    {
      title: 'Get best times to post',
      description:
        "When the account holder's posts did best, as weekday (1 = Monday) × hour cells in a time zone with the average engagement of the posts published then, from their own history (default the last 90 days). enough is false, with a message, below 10 posts with metrics.",
      inputSchema: {
        timeZone: z.string().optional().describe('IANA time zone, e.g. Europe/Berlin (default UTC)'),
        from: z.string().optional().describe('ISO 8601, inclusive'),
        to: z.string().optional().describe('ISO 8601, exclusive'),
        platformId: z.string().optional().describe("Only this connection's posts"),
      },
      annotations: { readOnlyHint: true },
    },
    runTool(scope, 'get_best_times', 'Failed to get best times', async (args: Record<string, unknown>) => ({
      success: true,
      ...(await engagement.bestTimes(ctx, args)),
    })),
  );
}
