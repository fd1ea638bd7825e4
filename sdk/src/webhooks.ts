import { createHmac, timingSafeEqual } from 'node:crypto';

/** The headers of every webhook delivery (lower-cased, as Node's `req.headers` has them). */
export const WEBHOOK_SIGNATURE_HEADER = 'x-service-signature';
export const WEBHOOK_EVENT_HEADER = 'x-service-event';
export const WEBHOOK_DELIVERY_HEADER = 'x-service-delivery';

/** A delivery's body: `{ event, timestamp, data }` (docs/webhooks.md lists the events and their data). */
export interface WebhookDelivery<T = Record<string, unknown>> {
  event: string;
  timestamp: string;
  data: T;
}

export interface VerifyWebhookInput {
  /** The webhook's secret: the whole `whsec_…` string, as create-webhook or regenerate-secret returned it. */
  secret: string;
  /** The body exactly as received, before any JSON parsing (a re-serialised body has other bytes). */
  body: string | Uint8Array;
  /** The `X-Service-Signature` header: hex HMAC-SHA256 of the body. */
  signature: string | string[] | null | undefined;
}

/**
 * Whether a delivery really comes from the service: the signature is the HMAC-SHA256 of the exact
 * body bytes keyed with the secret, compared in constant time. False for a missing or malformed header.
 */
export function verifyWebhookSignature({ secret, body, signature }: VerifyWebhookInput): boolean {
  const header = Array.isArray(signature) ? signature[0] : signature;
  if (typeof header !== 'string' || !/^[0-9a-f]{64}$/i.test(header.trim())) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  return timingSafeEqual(Buffer.from(header.trim(), 'hex'), expected);
}

/**
 * The delivery, once its signature is verified (`headers` as Node gives them, or a fetch `Headers`);
 * null when the signature does not match, so nothing unverified is ever parsed.
 */
export function parseWebhook<T = Record<string, unknown>>(
  secret: string,
  body: string | Uint8Array,
  headers: Headers | Record<string, string | string[] | undefined>,
): WebhookDelivery<T> | null {
  const signature = headers instanceof Headers ? headers.get(WEBHOOK_SIGNATURE_HEADER) : headers[WEBHOOK_SIGNATURE_HEADER];
  if (!verifyWebhookSignature({ secret, body, signature })) return null;
  const text = typeof body === 'string' ? body : Buffer.from(body).toString('utf8');
  return JSON.parse(text) as WebhookDelivery<T>;
}
