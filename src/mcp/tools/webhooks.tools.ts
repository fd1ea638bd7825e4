import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { WEBHOOK_EVENTS } from '../../webhooks/webhook-events';
import { WebhookMessages as M } from '../../webhooks/webhooks.errors';
import type { WebhooksService } from '../../webhooks/webhooks.service';
import type { McpIdempotencyService } from '../mcp-idempotency.service';
import { defined, idempotencyKeyParam, runTool, type ToolScope, registerTool } from './tool-kit';

const webhookId = z.string().describe('Webhook id (_id from list_webhooks or create_webhook)');
const events = z.array(z.string()).describe(`Events to receive, one or more of: ${WEBHOOK_EVENTS.join(', ')}`);
const url = z.string().describe('Receiver address (http or https); localhost, private, link-local and cloud-metadata addresses are refused');

export function registerWebhooksTools(server: McpServer, scope: ToolScope, webhooks: WebhooksService, idempotency: McpIdempotencyService): void {
  const { ctx } = scope;

  registerTool(
    server,
    'list_webhooks',
    {
      title: 'List webhooks',
      description: 'Your webhooks (without secrets): name, url, events, isActive, failureCount, lastTriggeredAt.',
      inputSchema: {},
      annotations: { readOnlyHint: true },
    },
    runTool(scope, 'list_webhooks', M.listFailed, () => webhooks.list(ctx.userId)),
  );

  registerTool(
    server,
    'create_webhook',
    {
      title: 'Create a webhook',
      description:
        'Register an address that receives signed POSTs for post and token events (at most 10 per user). The result carries the signing secret (HMAC-SHA256 of the body, header X-Service-Signature); it is shown only here and by regenerate_webhook_secret.',
      inputSchema: {
        name: z.string().describe('Name (required)'),
        url,
        events,
        idempotencyKey: idempotencyKeyParam,
      },
    },
    runTool(scope, 'create_webhook', M.createFailed, (args: { name: string; url: string; events: string[]; idempotencyKey?: string }) => {
      const { idempotencyKey, ...input } = args;
      return idempotency.run(ctx.userId, 'create_webhook', idempotencyKey, input, () => webhooks.create(ctx.userId, input, 'api'));
    }),
  );

  registerTool(
    server,
    'update_webhook',
    {
      title: 'Update a webhook',
      description:
        'Change name, url or events (non-empty values only) and/or isActive. Setting isActive=true re-enables a webhook disabled after 5 consecutive failures (failureCount is not reset).',
      inputSchema: {
        id: webhookId,
        name: z.string().optional(),
        url: url.optional(),
        events: events.optional(),
        isActive: z.boolean().optional().describe('Enable or disable deliveries'),
      },
      annotations: { idempotentHint: true },
    },
    runTool(scope, 'update_webhook', M.updateFailed, (args: { id: string; name?: string; url?: string; events?: string[]; isActive?: boolean }) => {
      const { id, ...input } = args;
      return webhooks.update(ctx.userId, id, defined(input), 'api');
    }),
  );

  registerTool(
    server,
    'delete_webhook',
    {
      title: 'Delete a webhook',
      description: 'Delete a webhook and its queued deliveries.',
      inputSchema: { id: webhookId },
      annotations: { destructiveHint: true, idempotentHint: true },
    },
    runTool(scope, 'delete_webhook', M.deleteFailed, (args: { id: string }) => webhooks.remove(ctx.userId, args.id)),
  );

  registerTool(
    server,
    'regenerate_webhook_secret',
    {
      title: 'Regenerate a webhook secret',
      description: 'Replace the signing secret of a webhook; the new secret is returned once. Receivers must switch to it.',
      inputSchema: { id: webhookId },
      annotations: { destructiveHint: true },
    },
    runTool(scope, 'regenerate_webhook_secret', M.regenerateFailed, (args: { id: string }) => webhooks.regenerateSecret(ctx.userId, args.id)),
  );
}
