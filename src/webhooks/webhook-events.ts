/** The spec's four events, in its order (Events, Webhook events). Listed as the valid events in its messages. */
export const SPEC_WEBHOOK_EVENTS = ['post.scheduled', 'post.published', 'post.failed', 'token.expiring'] as const;

/**
 * Events beyond the spec, sent only to webhooks that subscribe to them by name (docs/webhooks.md).
 * Same envelope, signing, retries and auto-disable as the spec's four.
 */
export const OPT_IN_WEBHOOK_EVENTS = [
  'post.partially_published',
  'post.retried',
  'post.unpublished',
  'post.first_comment_published',
  'post.first_comment_failed',
  'post.approval_requested',
  'post.approval_decided',
  'connection.reauth_required',
  'connection.disconnected',
] as const;

/** Every event a webhook may subscribe to. */
export const WEBHOOK_EVENTS = [...SPEC_WEBHOOK_EVENTS, ...OPT_IN_WEBHOOK_EVENTS] as const;
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
  /** A group finished with some platform posts published and some failed. */
  'post.partially_published': {
    postGroupId: string;
    published: { postId: string; platform: string }[];
    failed: { postId: string; platform: string; error: { code: string; message: string } }[];
    finishedAt: string;
  };
  /** A failed platform post was put back to publish; `forced` when its earlier outcome was unknown. */
  'post.retried': { postId: string; postGroupId: string; platform: string; retriedAt: string; forced: boolean };
  /** A published platform post was deleted from its platform. */
  'post.unpublished': { postId: string; postGroupId: string; platform: string; unpublishedAt: string };
  /** A platform post's first comment was published under it. */
  'post.first_comment_published': {
    postId: string;
    postGroupId: string;
    platform: string;
    commentId: string;
    url: string | null;
    publishedAt: string;
  };
  /** A platform post's first comment failed for good (the post itself stays published). */
  'post.first_comment_failed': {
    postId: string;
    postGroupId: string;
    platform: string;
    error: { code: string; message: string; category: string };
    failedAt: string;
  };
  /** A team editor asked for a post to be approved (docs/teams.md). */
  'post.approval_requested': { postGroupId: string; requestedBy: string; scheduledTime: string | null; queue: boolean; requestedAt: string };
  /** An approver approved or rejected a post. */
  'post.approval_decided': { postGroupId: string; decision: 'approved' | 'rejected'; decidedBy: string; comment: string | null; decidedAt: string };
  /** A token refresh failed for good: the account must be reconnected. */
  'connection.reauth_required': {
    platform: string;
    platformId: string;
    username: string | null;
    reason: string;
    detectedAt: string;
  };
  'connection.disconnected': { platform: string; platformId: string; username: string | null; disconnectedAt: string };
}

/** The exact bytes sent (and signed): compact JSON of `{ event, timestamp, data }`. */
export function serializePayload<E extends WebhookEvent>(event: E, timestamp: Date, data: WebhookEventData[E]): string {
  return JSON.stringify({ event, timestamp: timestamp.toISOString(), data });
}
