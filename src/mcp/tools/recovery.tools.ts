import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { RecoveryService } from '../../recovery/recovery.service';
import type { McpIdempotencyService } from '../mcp-idempotency.service';
import { defined, idempotencyKeyParam, registerTool, runTool, type ToolScope } from './tool-kit';

const postGroupId = z.string().describe('Post group id (24 hexadecimal characters), as returned by create_post or list_posts');
const platformIds = z
  .array(z.string())
  .optional()
  .describe('Compound platform ids (`<platform>-<id>`, as list_connections gives them) of the group to act on; omit for all eligible ones');

/** retry_post and unpublish_post: RecoveryService, as REST /api/v1/retry-post and /api/v1/unpublish-post (docs/recovery.md). */
export function registerRecoveryTools(server: McpServer, scope: ToolScope, deps: { recovery: RecoveryService; idempotency: McpIdempotencyService }): void {
  const { ctx } = scope;
  const { recovery, idempotency } = deps;

  registerTool(
    server,
    'retry_post',
    {
      title: 'Retry a failed post',
      description:
        "Put a post group's failed platform posts back to publish now (all failed ones, or those in platformIds). Published posts are never retried. A post whose earlier outcome is unknown (error PUBLISH_OUTCOME_UNKNOWN: it may already be live) is refused unless force is true, and a forced retry may publish it twice: check the platform first. Plan limits apply as on scheduling. get_post shows each failure's errorCategory and errorHint.",
      inputSchema: {
        postGroupId,
        platformIds,
        force: z.boolean().optional().describe('Also retry posts whose outcome is unknown; they may publish twice'),
        idempotencyKey: idempotencyKeyParam,
      },
    },
    runTool(scope, 'retry_post', 'Failed to retry post', (args: { postGroupId: string; platformIds?: string[]; force?: boolean; idempotencyKey?: string }) => {
      const { postGroupId: id, idempotencyKey, ...body } = args;
      return idempotency.run(ctx.userId, 'retry_post', idempotencyKey, { postGroupId: id, ...body }, () => recovery.retry(ctx, id, defined(body)));
    }),
  );

  registerTool(
    server,
    'unpublish_post',
    {
      title: 'Unpublish a post',
      description:
        "Delete a post group's published platform posts from their platforms (all, or those in platformIds). Works on X/Twitter, Mastodon, Bluesky, Telegram, Facebook, LinkedIn, Threads, YouTube and Pinterest; TikTok and Instagram have no API for it and are refused. Each result says whether its platform deleted it; a refused one stays published with the reason.",
      inputSchema: { postGroupId, platformIds, idempotencyKey: idempotencyKeyParam },
      annotations: { destructiveHint: true },
    },
    runTool(scope, 'unpublish_post', 'Failed to unpublish post', (args: { postGroupId: string; platformIds?: string[]; idempotencyKey?: string }) => {
      const { postGroupId: id, idempotencyKey, ...body } = args;
      return idempotency.run(ctx.userId, 'unpublish_post', idempotencyKey, { postGroupId: id, ...body }, () => recovery.unpublish(ctx, id, defined(body)));
    }),
  );
}
