import { Injectable, Logger } from '@nestjs/common';
import type { ClientSession } from 'mongoose';
import { ApiError } from '../common/api-error';
import { AppConfig } from '../config/app-config.service';
import { TokenCipher } from '../crypto/token-cipher';
import { generateWebhookSecret } from './signature';
import type { UrlRulesVariant } from './url-rules';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { serializePayload, type WebhookEvent, type WebhookEventData } from './webhook-events';
import { planApiUpdate, planDashboardUpdate, validateNewWebhook, type WebhookInput } from './webhook-input';
import { toCreatedWebhook, toDeliveryView, toListedWebhook, toUpdatedWebhook } from './webhooks.mapper';
import { MAX_WEBHOOKS_PER_USER, WebhookMessages, WebhookRuleError } from './webhooks.errors';
import { WebhooksRepository, type WebhookUpdate } from './webhooks.repository';

/** Rule errors of the pure input checks become the spec's 400s. */
function asApiError<T>(check: () => T): T {
  try {
    return check();
  } catch (err) {
    if (err instanceof WebhookRuleError) throw ApiError.badRequest(err.message);
    throw err;
  }
}

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
  ) {}

  private rules(variant: UrlRulesVariant) {
    return { variant, allowPrivateTargets: this.config.env.WEBHOOKS_ALLOW_PRIVATE_TARGETS };
  }

  async list(userId: string) {
    const webhooks = await this.webhooks.listByUser(userId);
    return { success: true as const, webhooks: webhooks.map(toListedWebhook) };
  }

  async create(userId: string, input: WebhookInput | undefined, variant: UrlRulesVariant) {
    const fields = asApiError(() => validateNewWebhook(input, this.rules(variant)));
    // Counted before insert: two concurrent creates at 9 may both pass (documented, harmless).
    if ((await this.webhooks.countByUser(userId)) >= MAX_WEBHOOKS_PER_USER) {
      throw ApiError.badRequest(WebhookMessages.maxReached);
    }
    const secret = generateWebhookSecret();
    const webhook = await this.webhooks.create(userId, { ...fields, secretEncrypted: this.cipher.encrypt(secret) });
    return { success: true as const, webhook: toCreatedWebhook(webhook, secret) };
  }

  async update(userId: string, id: string, input: WebhookInput | undefined, variant: UrlRulesVariant) {
    const existing = await this.webhooks.findOwned(userId, id);
    if (!existing) throw ApiError.notFound(WebhookMessages.notFound);
    const rules = this.rules(variant);
    const { resetFailureCount, ...patch } = asApiError(() =>
      variant === 'api' ? planApiUpdate(input, rules) : planDashboardUpdate(input, rules),
    );
    const set: WebhookUpdate = { ...patch };
    if (resetFailureCount) set.failureCount = 0;
    const updated = Object.keys(set).length ? await this.webhooks.update(userId, id, set) : existing;
    if (!updated) throw ApiError.notFound(WebhookMessages.notFound);
    return { success: true as const, webhook: toUpdatedWebhook(updated) };
  }

  async remove(userId: string, id: string) {
    if (!(await this.webhooks.delete(userId, id))) throw ApiError.notFound(WebhookMessages.notFound);
    // Its history and queue go with it (a claimed delivery in flight is cancelled by the worker).
    await this.deliveries.deleteForWebhook(userId, id);
    return { success: true as const };
  }

  async regenerateSecret(userId: string, id: string) {
    const secret = generateWebhookSecret();
    if (!(await this.webhooks.setSecret(userId, id, this.cipher.encrypt(secret)))) {
      throw ApiError.notFound(WebhookMessages.notFound);
    }
    return { success: true as const, secret };
  }

  /** Dashboard: the newest deliveries (kept 30 days) of one webhook. */
  async listDeliveries(userId: string, id: string, limit = 50) {
    const webhook = await this.webhooks.findOwned(userId, id);
    if (!webhook) throw ApiError.notFound(WebhookMessages.notFound);
    const deliveries = await this.deliveries.listForWebhook(userId, id, limit);
    return { success: true as const, deliveries: deliveries.map(toDeliveryView) };
  }

  /**
   * The outbox: one delivery per active webhook of `userId` subscribed to the event. Pass the
   * session of the transaction that made the change, so the rows commit (or roll back) with it;
   * the worker delivers them after commit.
   */
  enqueue<E extends WebhookEvent>(userId: string, event: E, data: WebhookEventData[E], session?: ClientSession): Promise<number> {
    return this.enqueueMany(userId, [{ event, data }], session);
  }

  /** Several events of one user in one write (e.g. a post group's platform posts). */
  async enqueueMany(userId: string, events: OutboxEvent[], session?: ClientSession): Promise<number> {
    if (!events.length) return 0;
    const now = new Date();
    const subscribers = new Map<WebhookEvent, string[]>();
    for (const e of events) {
      if (!subscribers.has(e.event)) subscribers.set(e.event, await this.webhooks.findSubscribed(userId, e.event, session));
    }
    const rows = events.flatMap((e) => {
      const payload = serializePayload(e.event, e.timestamp ?? now, e.data as never);
      return subscribers.get(e.event)!.map((webhookId) => ({ webhookId, event: e.event, payload }));
    });
    await this.deliveries.insertMany(userId, rows, now, session);
    if (rows.length) this.logger.debug(`enqueued ${rows.length} webhook deliveries`);
    return rows.length;
  }
}
