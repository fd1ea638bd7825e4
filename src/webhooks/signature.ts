import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** `whsec_` + 64 hex characters (32 random bytes). The whole string is the HMAC key. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('hex')}`;
}

/** X-Service-Signature: hex HMAC-SHA256 of the exact body bytes, keyed with the secret (UTF-8). */
export function signPayload(secret: string, body: string | Buffer): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** What a receiver does (also used by tests): constant-time comparison of hex signatures. */
export function verifySignature(secret: string, body: string | Buffer, signature: string): boolean {
  const expected = Buffer.from(signPayload(secret, body), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
