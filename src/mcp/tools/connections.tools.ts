import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ConnectionsService } from '../../connections/connections.service';
import { toConnectionResponse, toConnectionTestResponse } from '../../connections/dto/connection.response';
import { runTool, type ToolScope, registerTool } from './tool-kit';

export function registerConnectionsTools(server: McpServer, scope: ToolScope, connections: ConnectionsService): void {
  const { ctx } = scope;

  registerTool(
    server,
    'list_connections',
    {
      title: 'List connected accounts',
      description:
        'Connected social accounts: platformId (the compound id to use in create_post), username, displayName, token status (valid, expiring_soon, expired, unknown), tokenExpiresIn, lastSuccessfulPost, lastError. An account whose token the platform refused to renew also has health "reauth_required", healthReason and reauthRequiredAt: a person must reconnect it in the dashboard (Connections → Reconnect) before its posts can publish; healthy accounts have no health field. Returns { success, connections }.',
      inputSchema: {},
      annotations: { readOnlyHint: true },
    },
    runTool(scope, 'list_connections', 'Failed to fetch platform connections', async () => {
      const now = new Date();
      const records = await connections.list(ctx.userId);
      return { success: true, connections: records.map((r) => toConnectionResponse(r, now)) };
    }),
  );

  registerTool(
    server,
    'test_connection',
    {
      title: 'Test a connection',
      description:
        "Check a connected account's health against its platform (token valid, permissions). The result has status ok or error and a message; a failed check is a normal result, not a tool error.",
      inputSchema: {
        platformId: z.string().describe('Compound platform id `<platform>-<id>` from list_connections'),
      },
      annotations: { readOnlyHint: true },
    },
    runTool(scope, 'test_connection', 'Failed to test connection', async (args: { platformId: string }) =>
      toConnectionTestResponse(await connections.testConnection(ctx.userId, args.platformId)),
    ),
  );
}
