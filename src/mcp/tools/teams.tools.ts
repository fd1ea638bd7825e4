import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ApprovalsService } from '../../approvals/approvals.service';
import type { AuditService } from '../../audit/audit.service';
import { AUDIT_ACTOR_TYPES } from '../../audit/audit.service';
import { toAuditEntryModel } from '../../audit/audit.models';
import type { PostApprovalsService } from '../../posts/post-approvals.service';
import { registerTool, runTool, type ToolScope } from './tool-kit';

const postGroupId = z.string().describe('Post group id (24 hexadecimal characters), as list_posts_awaiting_approval gives them');

/**
 * Team approvals and the audit log for assistants, as REST /api/v1/approvals and /api/v1/audit-log
 * (docs/teams.md, docs/audit.md). The key acts as the account's owner.
 */
export function registerTeamsTools(
  server: McpServer,
  scope: ToolScope,
  deps: { approvals: ApprovalsService; postApprovals: PostApprovalsService; audit: AuditService },
): void {
  const { ctx } = scope;

  registerTool(
    server,
    'list_posts_awaiting_approval',
    {
      title: 'Posts awaiting approval',
      description:
        "A team's editors' posts that wait for approval before they are scheduled (oldest request first, at most 100): each with its text, platforms, who asked and what they asked for (a time, or the next queue slot).",
      inputSchema: {},
      annotations: { readOnlyHint: true },
    },
    runTool(scope, 'list_posts_awaiting_approval', 'Failed to list posts awaiting approval', async () => ({
      success: true,
      posts: (await deps.postApprovals.awaiting(ctx)).map((g) => ({
        postGroupId: String(g._id),
        content: g.content,
        platforms: g.platforms ?? [],
        requestedBy: String(g.approval!.requestedBy),
        requestedAt: g.approval!.requestedAt.toISOString(),
        scheduledTime: g.approval!.scheduledTime ? g.approval!.scheduledTime.toISOString() : null,
        queue: g.approval!.queue,
      })),
    })),
  );

  registerTool(
    server,
    'approve_post',
    {
      title: 'Approve a post',
      description: 'Approve a post that awaits approval: it is scheduled as its editor asked (or queued), with the usual limit checks.',
      inputSchema: { postGroupId },
    },
    runTool(scope, 'approve_post', 'Failed to approve post', async (args: { postGroupId: string }) => {
      await deps.approvals.approve(ctx, args.postGroupId);
      return { success: true, postGroupId: args.postGroupId, state: 'approved', status: 'scheduled' };
    }),
  );

  registerTool(
    server,
    'reject_post',
    {
      title: 'Reject a post',
      description: 'Send a post that awaits approval back to its editor as a draft, with an optional comment saying why (at most 2000 characters).',
      inputSchema: { postGroupId, comment: z.string().optional().describe('Why; told to the editor') },
    },
    runTool(scope, 'reject_post', 'Failed to reject post', async (args: { postGroupId: string; comment?: string }) => {
      await deps.approvals.reject(ctx, args.postGroupId, args.comment ?? null);
      return { success: true, postGroupId: args.postGroupId, state: 'rejected', status: 'draft' };
    }),
  );

  registerTool(
    server,
    'get_audit_log',
    {
      title: 'Audit log',
      description:
        'Who did what in the account, newest first: sign-ins, API keys, connections, posts (created, edited, deleted, approved, published, retried), webhooks and team changes, each with its actor. Paged (limit 1–100, default 50) and filtered.',
      inputSchema: {
        page: z.number().int().optional().describe('From 1'),
        limit: z.number().int().optional().describe('1 to 100 (default 50)'),
        action: z.string().optional().describe('e.g. post.created'),
        actorType: z.enum(AUDIT_ACTOR_TYPES).optional(),
        from: z.string().optional().describe('ISO 8601'),
        to: z.string().optional().describe('ISO 8601'),
      },
      annotations: { readOnlyHint: true },
    },
    runTool(scope, 'get_audit_log', 'Failed to read the audit log', async (args: Record<string, unknown>) => {
      const result = await deps.audit.list(ctx, args);
      return { success: true, ...result, entries: result.entries.map((e) => ({ ...toAuditEntryModel(e), at: e.at.toISOString() })) };
    }),
  );
}
