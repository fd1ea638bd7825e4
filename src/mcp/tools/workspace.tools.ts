import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { validateInput } from '../../common/validation/validate-input';
import { CreateManagedUserDto } from '../../workspace/dto/workspace.dto';
import type { WorkspaceService } from '../../workspace/workspace.service';
import { defined, runTool, type ToolScope, registerTool } from './tool-kit';

/** The reference service's three workspace tools (its list and create answers carry no `success`). */
export function registerWorkspaceTools(server: McpServer, scope: ToolScope, workspace: WorkspaceService): void {
  const { ctx } = scope;

  registerTool(
    server,
    'list_workspace_users',
    {
      title: 'List managed users',
      description:
        'Users this key’s owner manages (needs workspace access). Act for one with the x-service-user-id header. Returns { users: [{ _id, username, displayName, role, dailyPostsLeft, connectionsPageUrl, connectionsPageTokenExpiresAt }] }.',
      inputSchema: {},
      annotations: { readOnlyHint: true },
    },
    runTool(scope, 'list_workspace_users', 'Failed to list workspace users', () => workspace.list(ctx)),
  );

  registerTool(
    server,
    'create_workspace_user',
    {
      title: 'Create a managed user',
      description: 'Create a user managed by this key’s owner (needs workspace access). Returns { user }.',
      inputSchema: {
        username: z.string().describe('The user’s email (unique)'),
        displayName: z.string().optional().describe('Shown name; defaults to the email'),
      },
    },
    runTool(scope, 'create_workspace_user', 'Failed to create workspace user', (args: { username: string; displayName?: string }) =>
      workspace.create(ctx, validateInput(CreateManagedUserDto, defined(args))),
    ),
  );

  registerTool(
    server,
    'workspace_detach_user',
    {
      title: 'Detach a managed user',
      description: 'The user leaves the workspace: its record stays, the association and its connection link go. Returns { success }.',
      inputSchema: { userId: z.string().describe('The managed user’s id (from list_workspace_users)') },
      annotations: { destructiveHint: true },
    },
    runTool(scope, 'workspace_detach_user', 'Failed to detach workspace user', (args: { userId: string }) => workspace.detach(ctx, args.userId)),
  );
}
