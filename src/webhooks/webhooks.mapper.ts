import type { DeliveryRecord } from './webhook-deliveries.repository';
import type { WebhookRecord } from './webhooks.repository';

/** Explicit response shapes: nothing internal (secret ciphertext, userId) can leak by accident. */

/** List entry: the webhook without secret and userId (lastTriggeredAt absent until a success). */
export function toListedWebhook(w: WebhookRecord) {
  return {
    _id: w.id,
    name: w.name,
    url: w.url,
    events: w.events,
    isActive: w.isActive,
    failureCount: w.failureCount,
    ...(w.lastTriggeredAt ? { lastTriggeredAt: w.lastTriggeredAt.toISOString() } : {}),
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
    __v: w.version,
  };
}

export function toCreatedWebhook(w: WebhookRecord, secret: string) {
  return {
    _id: w.id,
    name: w.name,
    url: w.url,
    events: w.events,
    secret,
    isActive: w.isActive,
    createdAt: w.createdAt.toISOString(),
  };
}

export function toUpdatedWebhook(w: WebhookRecord) {
  return {
    _id: w.id,
    name: w.name,
    url: w.url,
    events: w.events,
    isActive: w.isActive,
    updatedAt: w.updatedAt.toISOString(),
  };
}

/**
 * What every delivery answer shows of its attempts (REST's delivery history and GraphQL's
 * WebhookDelivery): the next try while pending, the last attempt's status code and error, and
 * each attempt.
 */
export function deliveryAttempts(d: DeliveryRecord) {
  const last = d.attempts[d.attempts.length - 1];
  return {
    nextAttemptAt: d.status === 'pending' ? d.availableAt : null,
    lastStatusCode: last?.statusCode ?? null,
    lastError: last?.error ?? null,
    attempts: d.attempts.map((a) => ({ at: new Date(a.at), ok: a.ok, statusCode: a.statusCode ?? null, error: a.error ?? null, durationMs: a.durationMs })),
  };
}

/** A delivery in REST answers (dashboard history, /api/v1 and MCP): the payload as sent, ISO dates. */
export function toDeliveryView(d: DeliveryRecord) {
  const { nextAttemptAt, lastStatusCode, lastError, attempts } = deliveryAttempts(d);
  return {
    _id: d.id,
    webhookId: d.webhookId,
    event: d.event,
    status: d.status,
    attemptCount: d.attemptCount,
    nextAttemptAt: nextAttemptAt ? nextAttemptAt.toISOString() : null,
    deliveredAt: d.deliveredAt ? d.deliveredAt.toISOString() : null,
    lastStatusCode,
    lastError,
    attempts: attempts.map((a) => ({ ...a, at: a.at.toISOString() })),
    payload: d.payload,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}
