import { createAccount, createTestApp, type TestAccount, type TestApp } from '@test/support';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Types } from 'mongoose';
import { createHmac } from 'node:crypto';
import { OPT_IN_WEBHOOK_EVENTS } from '../../src/webhooks/webhook-events';
import { WebhooksService } from '../../src/webhooks/webhooks.service';
import { eventually, startReceiver, type Receiver } from '../webhooks/receiver';
import { bearer, call, mcpClient } from './mcp-helpers';

/** The MCP delivery tools (list_webhook_deliveries, test_webhook, redeliver_webhook_delivery) against a local receiver. */
describe('MCP webhook delivery tools', () => {
  let t: TestApp;
  let account: TestAccount;
  let stranger: TestAccount;
  let client: Client;
  let rx: Receiver;
  let hook: { _id: string; secret: string };

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        WEBHOOKS_WORKER_ENABLED: 'true',
        WEBHOOKS_WORKER_INTERVAL_MS: '50',
        WEBHOOKS_DELIVERY_TIMEOUT_MS: '2000',
        WEBHOOKS_RETRY_BASE_MS: '600000',
        WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
      },
    });
    [account, stranger] = await Promise.all([createAccount(t), createAccount(t)]);
    client = await mcpClient(t, bearer(account.apiKey));
    rx = await startReceiver();
    const created = await call(client, 'create_webhook', { name: 'mcp', url: rx.url, events: ['post.published', 'post.retried'] });
    hook = created.json.webhook as { _id: string; secret: string };
  });
  afterAll(async () => {
    await client?.close();
    await t?.close();
    await rx?.close();
  });

  const rest = (path: string, who: TestAccount = account) => t.http.get(`/api/v1/webhooks/${hook._id}${path}`).set(who.apiHeaders);
  const settledCount = (n: number) =>
    eventually(async () => {
      const res = await call(client, 'list_webhook_deliveries', { id: hook._id, status: 'delivered' });
      return (res.json.pagination as { totalItems: number }).totalItems === n ? res : null;
    });

  it('lists the three tools with their parameters; the webhook tools name the opt-in events', async () => {
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(Object.keys(byName.get('list_webhook_deliveries')!.inputSchema.properties ?? {}).sort()).toEqual(['event', 'id', 'limit', 'page', 'status']);
    expect(byName.get('list_webhook_deliveries')!.inputSchema.required).toEqual(['id']);
    expect(byName.get('redeliver_webhook_delivery')!.inputSchema.required).toEqual(['id', 'deliveryId']);
    expect(Object.keys(byName.get('test_webhook')!.inputSchema.properties ?? {}).sort()).toEqual(['id', 'idempotencyKey']);
    const eventsDoc = JSON.stringify(byName.get('create_webhook')!.inputSchema.properties!.events);
    for (const event of OPT_IN_WEBHOOK_EVENTS) expect(eventsDoc).toContain(event);
  });

  it('create_webhook takes an opt-in event', async () => {
    const created = await call(client, 'create_webhook', { name: 'opt-in', url: 'https://example.com/o', events: ['connection.reauth_required'] });
    expect(created.isError).toBeFalsy();
    expect((created.json.webhook as { events: string[] }).events).toEqual(['connection.reauth_required']);
    await call(client, 'delete_webhook', { id: (created.json.webhook as { _id: string })._id });
  });

  it('test_webhook queues a signed webhook.test; list_webhook_deliveries answers the REST body, filtered and paged', async () => {
    const sent = await call(client, 'test_webhook', { id: hook._id });
    expect(sent.isError).toBeFalsy();
    expect(sent.json).toMatchObject({ success: true, delivery: { webhookId: hook._id, event: 'webhook.test', status: 'pending' } });
    const [got] = await rx.waitFor(1);
    expect(got.headers['x-service-signature']).toBe(createHmac('sha256', hook.secret).update(got.raw).digest('hex'));
    expect(got.headers['x-service-delivery']).toBe((sent.json.delivery as { _id: string })._id);

    const service = t.app.get(WebhooksService);
    await service.enqueue(account.userId, 'post.retried', {
      postId: new Types.ObjectId().toHexString(),
      postGroupId: new Types.ObjectId().toHexString(),
      platform: 'linkedin',
      retriedAt: new Date().toISOString(),
      forced: true,
    });
    const listed = await settledCount(2);
    expect(listed.json).toEqual((await rest('/deliveries?status=delivered').expect(200)).body);
    expect((listed.json.deliveries as Array<{ event: string }>).map((d) => d.event)).toEqual(['post.retried', 'webhook.test']);

    const paged = await call(client, 'list_webhook_deliveries', { id: hook._id, limit: 1, page: 2 });
    expect(paged.json.pagination).toEqual({ page: 2, limit: 1, totalItems: 2, totalPages: 2, hasNextPage: false, hasPrevPage: true });
    expect((paged.json.deliveries as Array<{ event: string }>)[0].event).toBe('webhook.test');
    const byEvent = await call(client, 'list_webhook_deliveries', { id: hook._id, event: 'post.retried' });
    expect((byEvent.json.deliveries as unknown[]).length).toBe(1);
  });

  it('redeliver_webhook_delivery sends the same bytes again; a repeat with its idempotencyKey sends nothing more', async () => {
    const before = rx.requests.length;
    const { deliveries } = (await rest('/deliveries?event=post.retried').expect(200)).body as { deliveries: Array<{ _id: string; payload: string }> };
    const args = { id: hook._id, deliveryId: deliveries[0]._id, idempotencyKey: 'redeliver-1' };
    const first = await call(client, 'redeliver_webhook_delivery', args);
    expect(first.json).toMatchObject({ success: true, delivery: { event: 'post.retried', status: 'pending', payload: deliveries[0].payload } });
    expect(await call(client, 'redeliver_webhook_delivery', args)).toMatchObject({ json: first.json });
    const got = await rx.waitFor(before + 1);
    expect(got[before].raw.toString()).toBe(deliveries[0].payload);
    await settledCount(3);
    await new Promise((r) => setTimeout(r, 300));
    expect(rx.requests).toHaveLength(before + 1);
  });

  it('refusals answer the REST status and message', async () => {
    const unknown = new Types.ObjectId().toHexString();
    const err = async (tool: string, args: Record<string, unknown>) => {
      const res = await call(client, tool, args);
      expect(res.isError).toBe(true);
      return res.json;
    };
    expect(await err('list_webhook_deliveries', { id: unknown })).toEqual({ error: 'Webhook not found', status: 404 });
    expect(await err('list_webhook_deliveries', { id: hook._id, status: 'sent' })).toEqual({
      error: 'Invalid status. Must be one of: pending, delivered, failed, cancelled',
      status: 400,
    });
    expect(await err('list_webhook_deliveries', { id: hook._id, event: 'post.deleted' })).toMatchObject({
      error: expect.stringMatching(/^Invalid event\. Must be one of: post\.scheduled, .*, connection\.disconnected, webhook\.test$/),
      status: 400,
    });
    expect(await err('test_webhook', { id: unknown })).toEqual({ error: 'Webhook not found', status: 404 });
    expect(await err('redeliver_webhook_delivery', { id: hook._id, deliveryId: unknown })).toEqual({ error: 'Delivery not found', status: 404 });

    // Another user's webhook is not found through their own client.
    const theirs = await mcpClient(t, bearer(stranger.apiKey));
    try {
      expect((await call(theirs, 'test_webhook', { id: hook._id })).json).toEqual({ error: 'Webhook not found', status: 404 });
      expect((await call(theirs, 'list_webhook_deliveries', { id: hook._id })).json).toEqual({ error: 'Webhook not found', status: 404 });
    } finally {
      await theirs.close();
    }

    await call(client, 'update_webhook', { id: hook._id, isActive: false });
    expect(await err('test_webhook', { id: hook._id })).toEqual({ error: 'Webhook is disabled: enable it first', status: 400 });
    const { deliveries } = (await rest('/deliveries').expect(200)).body as { deliveries: Array<{ _id: string }> };
    expect(await err('redeliver_webhook_delivery', { id: hook._id, deliveryId: deliveries[0]._id })).toEqual({
      error: 'Webhook is disabled: enable it first',
      status: 400,
    });
  });
});
