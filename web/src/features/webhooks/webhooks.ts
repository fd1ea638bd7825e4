import type { WebhooksQuery } from '../../gql/graphql';

export type Webhook = WebhooksQuery['webhooks'][number];

/** The events a webhook can subscribe to (docs/webhooks.md), with what they mean. */
export const EVENTS: Array<{ value: string; label: string }> = [
  { value: 'post.scheduled', label: 'A post is scheduled' },
  { value: 'post.published', label: 'A post is published' },
  { value: 'post.failed', label: 'A post fails' },
  { value: 'token.expiring', label: 'A connection’s access is about to expire' },
];

/** A webhook's events in the list's order, whatever order they were ticked in. */
export const inOrder = (events: readonly string[]): string =>
  EVENTS.map((e) => e.value)
    .filter((e) => events.includes(e))
    .join(', ');

/** How a row names its webhook in buttons and titles. */
export const webhookName = (hook: Pick<Webhook, 'name' | 'url'>): string => hook.name || hook.url;
