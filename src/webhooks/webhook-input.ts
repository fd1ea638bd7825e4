import { isWebhookEvent, WEBHOOK_EVENTS, type WebhookEvent } from './webhook-events';
import { invalidEventsMessage, WebhookMessages, WebhookRuleError } from './webhooks.errors';
import { checkWebhookUrl, parseUrl, type UrlRuleOptions } from './url-rules';

/**
 * Create and update rules of the two webhook variants, as pure functions (the service adds the
 * database). Order of checks follows the spec's error table: required fields, URL format, events,
 * URL destination, then (in the service) the per-user maximum. A broken rule throws
 * WebhookRuleError (a 400 with the spec's message; the service turns it into an ApiError).
 */

export interface WebhookInput {
  name?: unknown;
  url?: unknown;
  events?: unknown;
  isActive?: unknown;
}

export interface NewWebhookFields {
  name: string;
  url: string;
  events: WebhookEvent[];
}

export interface WebhookPatch {
  name?: string;
  url?: string;
  events?: WebhookEvent[];
  isActive?: boolean;
  /** Dashboard only: re-enabling resets the consecutive-failure count. */
  resetFailureCount?: boolean;
}

const unique = <T>(items: T[]): T[] => [...new Set(items)];

function checkUrl(value: unknown, rules: UrlRuleOptions): string {
  const url = typeof value === 'string' ? parseUrl(value) : null;
  if (!url) throw new WebhookRuleError(WebhookMessages.invalidUrl);
  const refusal = checkWebhookUrl(url, rules);
  if (refusal) throw new WebhookRuleError(refusal);
  return value as string;
}

function checkEvents(events: unknown[], onCreate: boolean): WebhookEvent[] {
  const invalid = events.filter((e) => !isWebhookEvent(e)).map((e) => (typeof e === 'string' ? e : JSON.stringify(e)));
  if (invalid.length) throw new WebhookRuleError(invalidEventsMessage(invalid, onCreate ? WEBHOOK_EVENTS : undefined));
  return unique(events as WebhookEvent[]);
}

/** Both variants: name, url and a non-empty events array are required. */
export function validateNewWebhook(input: WebhookInput | undefined, rules: UrlRuleOptions): NewWebhookFields {
  const { name, url, events } = input ?? {};
  if (!name || typeof name !== 'string' || !url || !Array.isArray(events) || events.length === 0) {
    throw new WebhookRuleError(WebhookMessages.required);
  }
  if (typeof url !== 'string' || !parseUrl(url)) throw new WebhookRuleError(WebhookMessages.invalidUrl);
  const checkedEvents = checkEvents(events, true);
  return { name, url: checkUrl(url, rules), events: checkedEvents };
}

/**
 * API route (spec, Webhook endpoints): name, url and events apply only when truthy (an empty
 * string — and an empty events array — is ignored); isActive only when a boolean. Re-enabling does
 * not reset failureCount.
 */
export function planApiUpdate(input: WebhookInput | undefined, rules: UrlRuleOptions): WebhookPatch {
  const { name, url, events, isActive } = input ?? {};
  const patch: WebhookPatch = {};
  if (name) {
    if (typeof name !== 'string') throw new WebhookRuleError(WebhookMessages.required);
    patch.name = name;
  }
  if (url) patch.url = checkUrl(url, rules);
  if (events && !(Array.isArray(events) && events.length === 0)) {
    patch.events = checkEvents(Array.isArray(events) ? events : [events], false);
  }
  if (typeof isActive === 'boolean') patch.isActive = isActive;
  return patch;
}

/**
 * Dashboard route: every field that is present applies, empty strings included —
 * name "" clears the name (the dashboard shows it unnamed); url "" is `Invalid URL format` (a
 * webhook always has a destination); events [] or "" is the required-fields message (a webhook
 * always has an event). isActive accepts a boolean or the form strings "true"/"false"; "" and
 * anything else is ignored. Re-enabling resets failureCount.
 */
export function planDashboardUpdate(input: WebhookInput | undefined, rules: UrlRuleOptions): WebhookPatch {
  const { name, url, events, isActive } = input ?? {};
  const patch: WebhookPatch = {};
  if (name !== undefined && name !== null) {
    if (typeof name !== 'string') throw new WebhookRuleError(WebhookMessages.required);
    patch.name = name;
  }
  if (url !== undefined && url !== null) patch.url = checkUrl(url, rules);
  if (events !== undefined && events !== null) {
    const list = Array.isArray(events) ? events : events === '' ? [] : [events];
    if (list.length === 0) throw new WebhookRuleError(WebhookMessages.required);
    patch.events = checkEvents(list, false);
  }
  const active = isActive === 'true' ? true : isActive === 'false' ? false : isActive;
  if (typeof active === 'boolean') {
    patch.isActive = active;
    if (active) patch.resetFailureCount = true;
  }
  return patch;
}
