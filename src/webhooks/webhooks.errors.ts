/** The spec's exact webhook messages (Errors, Webhooks). */
export const WebhookMessages = {
  required: 'Name, URL, and at least one event are required',
  invalidUrl: 'Invalid URL format',
  httpsRequired: 'URL must use HTTPS',
  localhostBlocked: 'Localhost URLs are not allowed',
  privateBlocked: 'Private IP addresses are not allowed',
  linkLocalBlocked: 'Link-local addresses are not allowed',
  metadataBlocked: 'Cloud metadata endpoints are not allowed',
  maxReached: 'Maximum of 10 webhooks per user',
  notFound: 'Webhook not found',
  listFailed: 'Failed to list webhooks',
  createFailed: 'Failed to create webhook',
  updateFailed: 'Failed to update webhook',
  deleteFailed: 'Failed to delete webhook',
  regenerateFailed: 'Failed to regenerate secret',
  // Dashboard (ours, docs/graphql.md).
  deliveryNotFound: 'Delivery not found',
  webhookDisabled: 'Webhook is disabled: enable it first',
  deliveryQueued: 'Delivery is already queued',
  // REST and MCP delivery routes (ours, docs/webhooks.md).
  invalidDeliveryEvent: (valid: readonly string[]) => `Invalid event. Must be one of: ${valid.join(', ')}`,
  invalidDeliveryStatus: (valid: readonly string[]) => `Invalid status. Must be one of: ${valid.join(', ')}`,
  listDeliveriesFailed: 'Failed to list deliveries',
  redeliverFailed: 'Failed to redeliver',
  testFailed: 'Failed to send test event',
} as const;

/** The dashboard's test event: not one of the subscribable events, sent only on request. */
export const TEST_EVENT = 'webhook.test';

/** `Invalid events: a, b. Valid events: …` on create; without the second sentence on update. */
export function invalidEventsMessage(invalid: string[], validList?: readonly string[]): string {
  const base = `Invalid events: ${invalid.join(', ')}`;
  return validList ? `${base}. Valid events: ${validList.join(', ')}` : base;
}

/** Operational limits (spec, Limits). */
export const MAX_WEBHOOKS_PER_USER = 10;
export const FAILURES_BEFORE_DISABLE = 5;

/** A broken create/update rule: HTTP 400 with the spec's message (framework-free, for pure code). */
export class WebhookRuleError extends Error {
  readonly status = 400;
  constructor(message: string) {
    super(message);
    this.name = 'WebhookRuleError';
  }
}
