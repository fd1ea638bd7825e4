import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { DELIVERY_EVENTS } from '../../webhooks/dto/webhook.dto';
import { DELIVERY_STATUSES } from '../../webhooks/schemas/webhook-delivery.schema';
import { OPT_IN_WEBHOOK_EVENTS, SPEC_WEBHOOK_EVENTS } from '../../webhooks/webhook-events';
import { WebhookMessages as M } from '../../webhooks/webhooks.errors';
import type { WebhooksService } from '../../webhooks/webhooks.service';
import type { McpIdempotencyService } from '../mcp-idempotency.service';
import { defined, idempotencyKeyParam, runTool, type ToolScope, registerTool } from './tool-kit';

const webhookId = z.string().describe('Webhook id (_id from list_webhooks or create_webhook)');
const events = z
  .array(z.string())
  .describe(
    `Events to receive, one or more of: ${SPEC_WEBHOOK_EVENTS.join(', ')}; and, sent only to webhooks that list them, ${OPT_IN_WEBHOOK_EVENTS.join(', ')}`,
  );
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
        'Register an address that receives signed POSTs for post, token and connection events (at most 10 per user). The result carries the signing secret (HMAC-SHA256 of the body, header X-Service-Signature); it is shown only here and by regenerate_webhook_secret.',
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

  registerTool(
    server,
    'list_webhook_deliveries',
    {
      title: 'List webhook deliveries',
      description:
        "A webhook's deliveries of the last 30 days, newest first, paged: event, status (pending, delivered, failed, cancelled), attemptCount, lastStatusCode, lastError, nextAttemptAt, each attempt and the payload sent. Filter by event and/or status.",
      inputSchema: {
        id: webhookId,
        page: z.number().int().optional().describe('Page, from 1 (default 1)'),
        limit: z.number().int().optional().describe('Per page, 1-100 (default 20)'),
        event: z
          .string()
          .optional()
          .describe(`Only this event: ${DELIVERY_EVENTS.join(', ')}`),
        status: z
          .string()
          .optional()
          .describe(`Only this outcome: ${DELIVERY_STATUSES.join(', ')}`),
      },
      annotations: { readOnlyHint: true },
    },
    runTool(
      scope,
      'list_webhook_deliveries',
      M.listDeliveriesFailed,
      (args: { id: string; page?: number; limit?: number; event?: string; status?: string }) => {
        const { id, ...query } = args;
        return webhooks.listDeliveryPage(ctx.userId, id, defined(query));
      },
    ),
  );

  registerTool(
    server,
    'redeliver_webhook_delivery',
    {
      title: 'Redeliver a webhook delivery',
      description:
        'Queue a finished delivery of this webhook again: same event and exact payload bytes, a new delivery id (X-Service-Delivery), signed with the current secret. Refused while the webhook is disabled or the delivery is still pending.',
      inputSchema: {
        id: webhookId,
        deliveryId: z.string().describe('Delivery id (_id from list_webhook_deliveries)'),
        idempotencyKey: idempotencyKeyParam,
      },
    },
    runTool(scope, 'redeliver_webhook_delivery', M.redeliverFailed, (args: { id: string; deliveryId: string; idempotencyKey?: string }) => {
      const { idempotencyKey, ...input } = args;
      return idempotency.run(ctx.userId, 'redeliver_webhook_delivery', idempotencyKey, input, () =>
        webhooks.queueRedelivery(ctx.userId, input.id, input.deliveryId),
      );
    }),
  );

  registerTool(
    server,
    'test_webhook',
    {
      title: 'Send a test event to a webhook',
      description:
        'Queue a signed `webhook.test` delivery ({ event: "webhook.test", timestamp, data: { webhookId, message } }) to this webhook, retried like any other; see its outcome with list_webhook_deliveries. Refused while the webhook is disabled.',
      inputSchema: { id: webhookId, idempotencyKey: idempotencyKeyParam },
    },
    runTool(scope, 'test_webhook', M.testFailed, (args: { id: string; idempotencyKey?: string }) => {
      const { idempotencyKey, ...input } = args;
      return idempotency.run(ctx.userId, 'test_webhook', idempotencyKey, input, () => webhooks.queueTest(ctx.userId, input.id));
    }),
  );
}
