import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { PostsService } from '../../posts/posts.service';
import type { PostValidationService } from '../../publishing/post-validation.service';
import { defined, registerTool, runTool, type ToolScope } from './tool-kit';

/** Usage and the dry run: what an assistant should check before it creates posts. */
export function registerPlanningTools(server: McpServer, scope: ToolScope, services: { posts: PostsService; validation: PostValidationService }): void {
  const { ctx } = scope;

  registerTool(
    server,
    'get_usage',
    {
      title: 'Plan usage',
      description:
        'How much of the plan is used and left, from the numbers the limit checks use: planName, the billing period, monthlyPosts { limit, scope, used, remaining, byConnection }, scheduledPosts { limit, used, remaining }, scheduleHorizonDays, connections { limit, used, remaining }, platforms. Same body as GET /api/v1/usage.',
      inputSchema: {},
      annotations: { readOnlyHint: true },
    },
    runTool(scope, 'get_usage', 'Failed to read usage', async () => ({ success: true, ...(await services.posts.usage(ctx)) })),
  );

  registerTool(
    server,
    'validate_post',
    {
      title: 'Check a post without creating it',
      description:
        "Runs every check of create_post (fields, plan limits, platform availability, scheduling) and of publishing (each platform's content and media rules, thread splitting, token expiry at the scheduled time) and answers what would happen, writing nothing: { valid, status, scheduledTime, scheduledTimeAdjusted, rejection, platforms: [{ platformId, ok, parts, problems, warnings }] }. Takes create_post's arguments, plus optional media [{ contentType, size }] for files you will attach.",
      inputSchema: {
        content: z.string().describe('Post text'),
        platforms: z.array(z.string()).describe('Compound platform ids `<platform>-<id>` from list_connections'),
        scheduledTime: z.string().nullable().optional().describe('ISO 8601 UTC; omit (or null) for a draft'),
        platformSettings: z.record(z.unknown()).optional().describe('As in create_post'),
        media: z
          .array(z.object({ contentType: z.string(), size: z.number().int().nonnegative().optional() }))
          .optional()
          .describe('Files you will attach: contentType image/*, video/* or application/pdf (a LinkedIn document), size in bytes'),
      },
      annotations: { readOnlyHint: true },
    },
    runTool(scope, 'validate_post', 'Failed to validate post', async (args: Record<string, unknown>) => services.validation.validate(ctx, defined(args))),
  );
}
