import type { WebhooksQuery } from '../../gql/graphql';

export type Webhook = WebhooksQuery['webhooks'][number];

/** The events a webhook can subscribe to (docs/webhooks.md), with what they mean. */
export const EVENTS: Array<{ value: string; label: string }> = [
  { value: 'post.scheduled', label: 'A post is scheduled' },
  { value: 'post.published', label: 'A post is published' },
  { value: 'post.failed', label: 'A post fails' },
  { value: 'token.expiring', label: 'A connection’s access is about to expire' },
];

/** Further events, sent only to webhooks that tick them (the form shows them apart). */
export const MORE_EVENTS: Array<{ value: string; label: string }> = [
  { value: 'post.partially_published', label: 'A post is published on some accounts and fails on others' },
  { value: 'post.retried', label: 'A failed post is tried again' },
  { value: 'post.unpublished', label: 'A published post is deleted from its platform' },
  { value: 'post.first_comment_published', label: 'A post’s first comment is published' },
  { value: 'post.first_comment_failed', label: 'A post’s first comment fails (the post stays published)' },
  { value: 'connection.reauth_required', label: 'A connection must be reconnected' },
  { value: 'connection.disconnected', label: 'A connection is removed' },
];

const ALL_EVENTS = [...EVENTS, ...MORE_EVENTS];

/** A webhook's events in the list's order, whatever order they were ticked in. */
export const inOrder = (events: readonly string[]): string =>
  ALL_EVENTS.map((e) => e.value)
    .filter((e) => events.includes(e))
    .join(', ');

/** How a row names its webhook in buttons and titles. */
export const webhookName = (hook: Pick<Webhook, 'name' | 'url'>): string => hook.name || hook.url;
