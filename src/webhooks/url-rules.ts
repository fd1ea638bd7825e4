import { isIP } from 'node:net';
import { classifyAddress, METADATA_HOSTS, normalizeHost } from '../common/outbound/address-rules';
import { WebhookMessages } from './webhooks.errors';

/**
 * Destination rules for webhook URLs, as pure functions: `checkWebhookUrl`, the spec's literal
 * checks at create/update (API and dashboard variants). The address rules applied at delivery,
 * to every address a host name resolves to, are common/outbound/address-rules.ts.
 */

export type UrlRulesVariant = 'api' | 'dashboard';

export interface UrlRuleOptions {
  variant: UrlRulesVariant;
  /** WEBHOOKS_ALLOW_PRIVATE_TARGETS: lifts every rule except the metadata one. */
  allowPrivateTargets: boolean;
}

/** `new URL` or null (`Invalid URL format`). */
export function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/**
 * The create/update checks, in the spec's order: protocol, localhost, private, link-local,
 * metadata — except that a metadata address is named as such even though 169.254.169.254 is
 * also link-local (the more specific message wins). Returns the spec message, or null when the
 * URL is acceptable. The URL must already parse (see `parseUrl`).
 */
export function checkWebhookUrl(url: URL, options: UrlRuleOptions): string | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return WebhookMessages.httpsRequired;
  const host = normalizeHost(url.hostname);
  if (METADATA_HOSTS.has(host)) return WebhookMessages.metadataBlocked;
  if (options.allowPrivateTargets) return null;

  if (host === 'localhost') return WebhookMessages.localhostBlocked;
  // The dashboard also blocks ::1 and *.localhost; the API route does not (spec, Limits).
  if (options.variant === 'dashboard' && (host === '::1' || host.endsWith('.localhost'))) {
    return WebhookMessages.localhostBlocked;
  }
  if (!isIP(host)) return null;
  const category = classifyAddress(host);
  if (category === null) return null;
  if (category === 'metadata') return WebhookMessages.metadataBlocked;
  if (category === 'loopback' || category === 'unspecified') {
    if (options.variant === 'api' && host === '::1') return null;
    return WebhookMessages.localhostBlocked;
  }
  if (category === 'link-local') return WebhookMessages.linkLocalBlocked;
  return WebhookMessages.privateBlocked; // private, multicast, reserved
}
