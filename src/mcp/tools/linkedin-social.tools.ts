import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { validateInput } from '../../common/validation/validate-input';
import {
  CreateLinkedInCommentRequest,
  CreateLinkedInReactionRequest,
  DeleteLinkedInCommentRequest,
  DeleteLinkedInReactionRequest,
} from '../../linkedin-social/dto/linkedin-social.request';
import { LinkedInSocialMessages as M } from '../../linkedin-social/linkedin-social.errors';
import type { LinkedInSocialService } from '../../linkedin-social/linkedin-social.service';
import { LINKEDIN_COMMENT_MAX_CHARS, LINKEDIN_REACTION_TYPES } from '../../platforms/linkedin/linkedin.social';
import { defined, registerTool, runTool, type ToolScope } from './tool-kit';

const platformId = z.string().describe('Compound id of a LinkedIn connection, `linkedin-<id>` (see list_connections); it acts as that member or page');
const postedId = z.string().describe('The LinkedIn post: `urn:li:share:…`, `urn:li:ugcPost:…` or `urn:li:activity:…` (postedId of a published post)');
// Values are checked by the routes' request DTOs (validateInput), so a wrong one gets the REST message.

export function registerLinkedInSocialTools(server: McpServer, scope: ToolScope, social: LinkedInSocialService): void {
  const { ctx } = scope;

  registerTool(
    server,
    'linkedin_create_reaction',
    {
      title: 'React to a LinkedIn post',
      description: `React to a LinkedIn post as the connection. Returns { success, reaction }.`,
      inputSchema: {
        postedId,
        platformId,
        reactionType: z.string().describe(`${LINKEDIN_REACTION_TYPES.join(', ')} (case-insensitive)`),
      },
      annotations: { openWorldHint: true, idempotentHint: true },
    },
    runTool(scope, 'linkedin_create_reaction', M.createReactionFailed, (args: Record<string, unknown>) =>
      social.createReaction(ctx, validateInput(CreateLinkedInReactionRequest, defined(args))),
    ),
  );

  registerTool(
    server,
    'linkedin_delete_reaction',
    {
      title: 'Remove a LinkedIn reaction',
      description: "Remove the connection's reaction from a LinkedIn post. Returns { success, reaction: null, deleted }.",
      inputSchema: { postedId, platformId },
      annotations: { openWorldHint: true, destructiveHint: true },
    },
    runTool(scope, 'linkedin_delete_reaction', M.deleteReactionFailed, (args: Record<string, unknown>) =>
      social.deleteReaction(ctx, validateInput(DeleteLinkedInReactionRequest, defined(args))),
    ),
  );

  registerTool(
    server,
    'linkedin_create_comment',
    {
      title: 'Comment on a LinkedIn post',
      description: `Comment on a LinkedIn post as the connection, or reply to a comment with parentComment. Returns { success, comment: { id, commentUrn, message } }.`,
      inputSchema: {
        postedId,
        platformId,
        message: z.string().describe(`The comment text, at most ${LINKEDIN_COMMENT_MAX_CHARS} characters`),
        parentComment: z.string().optional().describe('To reply: the URN of the comment, `urn:li:comment:(<post URN>,<id>)`'),
      },
      annotations: { openWorldHint: true },
    },
    runTool(scope, 'linkedin_create_comment', M.createCommentFailed, (args: Record<string, unknown>) =>
      social.createComment(ctx, validateInput(CreateLinkedInCommentRequest, defined(args))),
    ),
  );

  registerTool(
    server,
    'linkedin_delete_comment',
    {
      title: 'Delete a LinkedIn comment',
      description: "Delete one of the connection's comments on a LinkedIn post. Returns { success, deleted }.",
      inputSchema: {
        postedId,
        commentId: z.string().describe('The comment: its numeric id or its URN (comment.id or comment.commentUrn of linkedin_create_comment)'),
        platformId,
      },
      annotations: { openWorldHint: true, destructiveHint: true },
    },
    runTool(scope, 'linkedin_delete_comment', M.deleteCommentFailed, (args: Record<string, unknown>) =>
      social.deleteComment(ctx, validateInput(DeleteLinkedInCommentRequest, defined(args))),
    ),
  );
}
