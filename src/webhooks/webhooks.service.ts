import { Injectable, Logger } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import { AppConfig } from '../config/app-config.service';
import { TokenCipher } from '../crypto/token-cipher';
import { generateWebhookSecret } from './signature';
import { checkWebhookUrl, parseUrl, type UrlRulesVariant } from './url-rules';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { webhookGuard } from './webhook-http';
import { serializePayload, type WebhookEvent, type WebhookEventData } from './webhook-events';
import { validateInput } from '../common/validation/validate-input';
import { IdempotencyService } from '../idempotency/idempotency.service';
import { MAX_LIST_SKIP, paginate } from '../posts/list-posts.query';
import { CREATE_POST_IDEMPOTENCY } from '../posts/posts.errors';
import { CreateWebhookDto, DashboardUpdateWebhookDto, ListDeliveriesQueryDto, UpdateWebhookDto } from './dto/webhook.dto';
import { toCreatedWebhook, toDeliveryView, toListedWebhook, toUpdatedWebhook } from './webhooks.mapper';
import { MAX_WEBHOOKS_PER_USER, TEST_EVENT, WebhookMessages } from './webhooks.errors';
import type { DeliveryRecord } from './webhook-deliveries.repository';
import { WebhooksRepository, type WebhookRecord, type WebhookUpdate } from './webhooks.repository';
import { AuditService } from '../audit/audit.service';

/** A webhook body as it arrives (REST body, GraphQL input); checked by the DTO of its variant. */
export type WebhookInput = Record<string, unknown> | undefined;

const unique = <T>(items: T[]): T[] => [...new Set(items)];

/** Documents before a page, bounded as list-posts bounds it (a huge page is empty, not a 500). */
const skipFor = (page: number, limit: number): number => Math.min(MAX_LIST_SKIP, (page - 1) * limit);

/** One event to put in the outbox (`enqueueMany`). */
export interface OutboxEvent<E extends WebhookEvent = WebhookEvent> {
  event: E;
  data: WebhookEventData[E];
  /** The payload's `timestamp`; default now. */
  timestamp?: Date;
}

/**
 * Webhook CRUD for both transports (API key at /api/v1/webhooks, session at /webhooks; `variant`
 * selects the rules that differ) and the outbox entry point `enqueue`.
 */
@Injectable()
export class WebhooksService {
  private readonly logger = new Logger(WebhooksService.name);

  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly config: AppConfig,
    /** Sealed like platform tokens: the secret is needed again to sign each delivery. */
    private readonly cipher: TokenCipher,
    private readonly idempotency: IdempotencyService,
    private readonly audit: AuditService,
  ) {}

  /**
   * The destination rules (HTTPS, private and metadata addresses) for a URL the DTO has parsed;
   * an OUTBOUND_ALLOWED_HOSTS origin passes the private ones as WEBHOOKS_ALLOW_PRIVATE_TARGETS would.
   */
  private checkDestination(url: string, variant: UrlRulesVariant): string {
    const parsed = parseUrl(url)!;
    const refusal = checkWebhookUrl(parsed, { variant, allowPrivateTargets: webhookGuard(this.config.env).allowsPrivate(parsed) });
    if (refusal) throw ApiError.badRequest(refusal);
    return url;
  }

  async list(userId: string) {
    const webhooks = await this.webhooks.listByUser(userId);
    return { success: true as const, webhooks: webhooks.map(toListedWebhook) };
  }

  async create(userId: string, input: WebhookInput | undefined, variant: UrlRulesVariant) {
    const { webhook, secret } = await this.createRecord(userId, input, variant);
    return { success: true as const, webhook: toCreatedWebhook(webhook, secret) };
  }

  /** The create rules, returning the stored record and its new secret (REST and GraphQL). */
  async createRecord(userId: string, input: WebhookInput | undefined, variant: UrlRulesVariant): Promise<{ webhook: WebhookRecord; secret: string }> {
    const body = validateInput(CreateWebhookDto, input);
    const fields = { name: body.name, url: this.checkDestination(body.url, variant), events: unique(body.events) };
    // Counted before insert: two concurrent creates at 9 may both pass (documented, harmless).
    if ((await this.webhooks.countByUser(userId)) >= MAX_WEBHOOKS_PER_USER) {
      throw ApiError.badRequest(WebhookMessages.maxReached);
    }
    const secret = generateWebhookSecret();
    const webhook = await this.webhooks.create(userId, { ...fields, secretEncrypted: this.cipher.encrypt(secret) });
    await this.audit.record('webhook.created', {
      accountId: userId,
      target: { type: 'webhook', id: webhook.id },
      details: { url: fields.url, events: fields.events },
    });
    return { webhook, secret };
  }

  async update(userId: string, id: string, input: WebhookInput | undefined, variant: UrlRulesVariant) {
    return { success: true as const, webhook: toUpdatedWebhook(await this.updateRecord(userId, id, input, variant)) };
  }

  /** The update rules of the variant, returning the stored record (REST and GraphQL). */
  async updateRecord(userId: string, id: string, input: WebhookInput | undefined, variant: UrlRulesVariant): Promise<WebhookRecord> {
    const existing = await this.webhooks.findOwned(userId, id);
    if (!existing) throw ApiError.notFound(WebhookMessages.notFound);
    const set =
      variant === 'api' ? this.apiPatch(validateInput(UpdateWebhookDto, input)) : this.dashboardPatch(validateInput(DashboardUpdateWebhookDto, input));
    const updated = Object.keys(set).length ? await this.webhooks.update(userId, id, set) : existing;
    if (!updated) throw ApiError.notFound(WebhookMessages.notFound);
    if (Object.keys(set).length)
      await this.audit.record('webhook.updated', {
        accountId: userId,
        target: { type: 'webhook', id },
        details: { fields: Object.keys(set).filter((k) => k !== 'failureCount') },
      });
    return updated;
  }

  /** API route: truthy fields apply (an empty events list is ignored); re-enabling keeps failureCount. */
  private apiPatch(body: UpdateWebhookDto): WebhookUpdate {
    const set: WebhookUpdate = {};
    if (body.name) set.name = body.name;
    if (body.url) set.url = this.checkDestination(body.url, 'api');
    if (body.events?.length) set.events = unique(body.events);
    if (body.isActive !== undefined) set.isActive = body.isActive;
    return set;
  }

  /** Dashboard route: present fields apply ("" clears the name); re-enabling resets failureCount. */
  private dashboardPatch(body: DashboardUpdateWebhookDto): WebhookUpdate {
    const set: WebhookUpdate = {};
    if (body.name !== undefined && body.name !== null) set.name = body.name;
    if (body.url !== undefined && body.url !== null) set.url = this.checkDestination(body.url, 'dashboard');
    if (body.events) set.events = unique(body.events);
    if (body.isActive !== undefined) {
      set.isActive = body.isActive;
      if (body.isActive) set.failureCount = 0;
    }
    return set;
  }

  /** Dashboard: the user's webhooks as records. */
  listRecords(userId: string): Promise<WebhookRecord[]> {
    return this.webhooks.listByUser(userId);
  }

  /** Dashboard: one of the user's webhooks (404 otherwise). */
  async getRecord(userId: string, id: string): Promise<WebhookRecord> {
    const webhook = await this.webhooks.findOwned(userId, id);
    if (!webhook) throw ApiError.notFound(WebhookMessages.notFound);
    return webhook;
  }

  async remove(userId: string, id: string) {
    if (!(await this.webhooks.delete(userId, id))) throw ApiError.notFound(WebhookMessages.notFound);
    // Its history and queue go with it (a claimed delivery in flight is cancelled by the worker).
    await this.deliveries.deleteForWebhook(userId, id);
    await this.audit.record('webhook.deleted', { accountId: userId, target: { type: 'webhook', id } });
    return { success: true as const };
  }

  async regenerateSecret(userId: string, id: string) {
    const secret = generateWebhookSecret();
    if (!(await this.webhooks.setSecret(userId, id, this.cipher.encrypt(secret)))) {
      throw ApiError.notFound(WebhookMessages.notFound);
    }
    await this.audit.record('webhook.secret_regenerated', { accountId: userId, target: { type: 'webhook', id } });
    return { success: true as const, secret };
  }

  /** Dashboard: the newest deliveries (kept 30 days) of one webhook. */
  async listDeliveries(userId: string, id: string, limit = 50) {
    const webhook = await this.webhooks.findOwned(userId, id);
    if (!webhook) throw ApiError.notFound(WebhookMessages.notFound);
    const deliveries = await this.deliveries.listForWebhook(userId, id, limit);
    return { success: true as const, deliveries: deliveries.map(toDeliveryView) };
  }

  /** Dashboard: one page of a webhook's deliveries (kept 30 days), newest first. */
  async pageDeliveries(userId: string, id: string, page: number, limit: number): Promise<{ items: DeliveryRecord[]; total: number }> {
    const webhook = await this.webhooks.findOwned(userId, id);
    if (!webhook) throw ApiError.notFound(WebhookMessages.notFound);
    return this.deliveries.pageForWebhook(userId, id, skipFor(page, limit), limit);
  }

  /**
   * REST and MCP: one page of a webhook's deliveries, newest first, of one event and/or outcome
   * when asked. The webhook is found first, so an unknown id answers 404 before a bad filter's 400.
   */
  async listDeliveryPage(userId: string, id: string, query: unknown) {
    await this.getRecord(userId, id);
    const { page, limit, event, status } = validateInput(ListDeliveriesQueryDto, query);
    const { items, total } = await this.deliveries.pageForWebhook(userId, id, skipFor(page, limit), limit, { event, status });
    return { success: true as const, deliveries: items.map(toDeliveryView), pagination: paginate(page, limit, total) };
  }

  /** REST and MCP: `sendTest`, answered with the queued delivery; with a key, a repeat answers the first result and queues nothing. */
  queueTest(userId: string, id: string, idempotencyKey?: string) {
    return this.once(userId, 'webhook-test', idempotencyKey, { webhookId: id }, async () => ({
      success: true as const,
      delivery: toDeliveryView(await this.sendTest(userId, id)),
    }));
  }

  /** REST and MCP: `redeliver` through the webhook's path (the delivery must be that webhook's). */
  queueRedelivery(userId: string, id: string, deliveryId: string, idempotencyKey?: string) {
    return this.once(userId, 'webhook-redeliver', idempotencyKey, { webhookId: id, deliveryId }, async () => ({
      success: true as const,
      delivery: toDeliveryView(await this.redeliver(userId, deliveryId, id)),
    }));
  }

  /** The REST `Idempotency-Key` (as create-post's: same messages; the ids in the path are the input compared). */
  private once<T extends object>(userId: string, scope: string, key: string | undefined, input: object, run: () => Promise<T>): Promise<T> {
    if (!key) return run();
    return this.idempotency.run<T>({ userId, scope, key, input, messages: CREATE_POST_IDEMPOTENCY }, () => run());
  }

  /**
   * Queues a `webhook.test` delivery to this webhook (dashboard; REST and MCP through `queueTest`),
   * signed and retried like any other. A disabled webhook is refused: the worker would cancel the delivery.
   */
  async sendTest(userId: string, id: string): Promise<DeliveryRecord> {
    const webhook = await this.webhooks.findOwned(userId, id);
    if (!webhook) throw ApiError.notFound(WebhookMessages.notFound);
    if (!webhook.isActive) throw ApiError.badRequest(WebhookMessages.webhookDisabled);
    const now = new Date();
    const payload = JSON.stringify({
      event: TEST_EVENT,
      timestamp: now.toISOString(),
      data: { webhookId: webhook.id, message: 'Test delivery from the dashboard' },
    });
    return this.deliveries.enqueueOne(userId, { webhookId: webhook.id, event: TEST_EVENT, payload }, now);
  }

  /**
   * Sends a finished delivery again (dashboard; REST and MCP through `queueRedelivery`), as a new
   * delivery with the same event and the exact same payload bytes (so a receiver can de-duplicate
   * on the payload).
   */
  async redeliver(userId: string, deliveryId: string, webhookId?: string): Promise<DeliveryRecord> {
    // Through a webhook's path (REST, MCP) the webhook answers first, and another webhook's delivery is not found.
    const named = webhookId === undefined ? null : await this.getRecord(userId, webhookId);
    const original = await this.deliveries.findOwned(userId, deliveryId);
    if (!original || (named && original.webhookId !== named.id)) throw ApiError.notFound(WebhookMessages.deliveryNotFound);
    const webhook = named ?? (await this.webhooks.findOwned(userId, original.webhookId));
    if (!webhook) throw ApiError.notFound(WebhookMessages.notFound);
    if (!webhook.isActive) throw ApiError.badRequest(WebhookMessages.webhookDisabled);
    if (original.status === 'pending') throw ApiError.badRequest(WebhookMessages.deliveryQueued);
    return this.deliveries.enqueueOne(userId, { webhookId: webhook.id, event: original.event, payload: original.payload }, new Date());
  }

  /**
   * The outbox: one delivery per active webhook of `userId` subscribed to the event. Called
   * inside the transaction that made the change, the rows commit (or roll back) with it;
   * the worker delivers them after commit.
   */
  enqueue<E extends WebhookEvent>(userId: string, event: E, data: WebhookEventData[E]): Promise<number> {
    return this.enqueueMany(userId, [{ event, data }]);
  }

  /** Several events of one user in one write (e.g. a post group's platform posts). */
  async enqueueMany(userId: string, events: OutboxEvent[]): Promise<number> {
    if (!events.length) return 0;
    const now = new Date();
    const subscribers = new Map<WebhookEvent, string[]>();
    for (const e of events) {
      if (!subscribers.has(e.event)) subscribers.set(e.event, await this.webhooks.findSubscribed(userId, e.event));
    }
    const rows = events.flatMap((e) => {
      const payload = serializePayload(e.event, e.timestamp ?? now, e.data as never);
      return subscribers.get(e.event)!.map((webhookId) => ({ webhookId, event: e.event, payload }));
    });
    await this.deliveries.enqueue(userId, rows, now);
    if (rows.length) this.logger.debug(`enqueued ${rows.length} webhook deliveries`);
    return rows.length;
  }
}
