/** Event names in the spec's order (Events, Webhook events). */
export const WEBHOOK_EVENTS = ['post.scheduled', 'post.published', 'post.failed', 'token.expiring'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export function isWebhookEvent(value: unknown): value is WebhookEvent {
  return typeof value === 'string' && (WEBHOOK_EVENTS as readonly string[]).includes(value);
}

/** The `data` object of each event (timestamps as ISO 8601 UTC strings). */
export interface WebhookEventData {
  'post.scheduled': { postId: string; postGroupId: string; platform: string; scheduledAt: string };
  'post.published': { postId: string; postGroupId: string; platform: string; publishedAt: string };
  'post.failed': {
    postId: string;
    postGroupId: string;
    platform: string;
    error: { code: string; message: string };
    failedAt: string;
  };
  'token.expiring': { platform: string; platformId: string; username: string | null; expiresAt: string };
}

/** The exact bytes sent (and signed): compact JSON of `{ event, timestamp, data }`. */
export function serializePayload<E extends WebhookEvent>(event: E, timestamp: Date, data: WebhookEventData[E]): string {
  return JSON.stringify({ event, timestamp: timestamp.toISOString(), data });
}
