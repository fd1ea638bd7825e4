import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The random values of a connect flow. `state` and the browser binding are looked up by their
 * SHA-256 only, so a database read never yields a value that completes a flow.
 */

/** 256 random bits, base64url (43 characters): a state, a browser binding, a pending id. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** PKCE code verifier (RFC 7636: 43–128 unreserved characters); 64 characters here. */
export const pkceVerifier = (): string => randomBytes(48).toString('base64url');

/** PKCE S256 challenge of a verifier. */
export const pkceChallenge = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Compares two hex digests without leaking where they differ. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}
