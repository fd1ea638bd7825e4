import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { QueueService } from '../../queue/queue.service';
import { toQueueBody } from '../../queue/queue.mapper';
import type { McpIdempotencyService } from '../mcp-idempotency.service';
import { defined, idempotencyKeyParam, registerTool, runTool, type ToolScope } from './tool-kit';

/** The posting queue: what is queued on an account, and adding a post at its next free slot (docs/queue.md). */
export function registerQueueTools(server: McpServer, scope: ToolScope, deps: { queue: QueueService; idempotency: McpIdempotencyService }): void {
  const { ctx } = scope;
  const { queue, idempotency } = deps;

  registerTool(
    server,
    'get_queue',
    {
      title: "An account's posting queue",
      description:
        "One connected account's queue: its weekly posting schedule (timeZone, slots of weekday + HH:mm, paused), its queued posts in order ({ postGroupId, content, status scheduled|draft (held while paused), scheduledTime, queuedFor, platforms }) and the next free slots a post added now would get. Same as REST GET /api/v1/queue/posts/{platformId} plus nextSlots.",
      inputSchema: {
        platformId: z.string().describe('Compound platform id `<platform>-<id>` from list_connections'),
        count: z.number().int().min(1).max(50).optional().describe('How many next free slots to show, 1-50 (default 5)'),
      },
      annotations: { readOnlyHint: true },
    },
    runTool(scope, 'get_queue', 'Failed to read the queue', async (args: { platformId: string; count?: number }) => {
      const [view, slots] = await Promise.all([queue.queueOf(ctx, args.platformId), queue.nextSlots(ctx, [args.platformId], args.count ?? 5)]);
      return { success: true, queue: toQueueBody(view), nextSlots: slots.map((d) => d.toISOString()) };
    }),
  );

  registerTool(
    server,
    'add_to_queue',
    {
      title: 'Add a post to the queue',
      description:
        "Schedule a post at the next free slot of its accounts' posting schedules (for several accounts: the earliest slot free on all of them) instead of giving a time. Either a new post (content, platforms, platformSettings as create_post, no scheduledTime) or an existing draft (postGroupId). Returns { success, postGroupId, scheduledTime }. Fails when the accounts share no active free slot, or (with the limit-exceeded body) when the slot lies beyond a plan limit.",
      inputSchema: {
        content: z.string().optional().describe('Post text (a new post)'),
        platforms: z.array(z.string()).optional().describe('Compound platform ids from list_connections (a new post)'),
        platformSettings: z.record(z.unknown()).optional().describe('As in create_post (a new post)'),
        contentOverrides: z.record(z.unknown()).optional().describe('As in create_post (a new post): text per account'),
        firstComment: z.string().optional().describe('As in create_post (a new post)'),
        postGroupId: z.string().optional().describe('A draft to queue instead of a new post (24 hexadecimal characters)'),
        scheduledTime: z.unknown().optional().describe('Leave out: the queue sets the time (given, the call fails)'),
        idempotencyKey: idempotencyKeyParam,
      },
    },
    runTool(scope, 'add_to_queue', 'Failed to add post to queue', async (args: { idempotencyKey?: string } & Record<string, unknown>) => {
      const { idempotencyKey, ...body } = args;
      // REST's Idempotency-Key of add-to-queue (shared for the same user), checked as the other tools' key.
      const key = idempotencyKey === undefined ? undefined : idempotency.checkKey(idempotencyKey);
      return queue.add(ctx, defined(body), key);
    }),
  );
}
