import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** The prefix every key without a dot separator is looked up under (spec: Authentication 5). */
export const LEGACY_KEY_PREFIX = 'legacy';

export interface GeneratedApiKey {
  /** The full key, shown once: `sk_<timestamp base36>_<12 hex>.<48 hex>` (73 characters). */
  rawKey: string;
  /** The part before the dot: public, unique, the lookup handle. */
  keyPrefix: string;
  /** SHA-256 (hex) of the full key: the only form stored. */
  keyHash: string;
}

/** A new key: 48 random bits in the prefix (unique lookup) and 192 in the secret part. */
export function generateApiKey(now: Date = new Date()): GeneratedApiKey {
  const keyPrefix = `sk_${now.getTime().toString(36)}_${randomBytes(6).toString('hex')}`;
  const rawKey = `${keyPrefix}.${randomBytes(24).toString('hex')}`;
  return { rawKey, keyPrefix, keyHash: hashApiKey(rawKey) };
}

/** The lookup prefix of a presented key: the part before the first dot, else `legacy`. */
export function apiKeyPrefix(rawKey: string): string {
  const dot = rawKey.indexOf('.');
  return dot === -1 ? LEGACY_KEY_PREFIX : rawKey.slice(0, dot);
}

/** A key is high-entropy, so one SHA-256 is enough (no slow hash needed, unlike passwords). */
export function hashApiKey(rawKey: string): string {
  return createHash('sha256').update(rawKey, 'utf8').digest('hex');
}

/** Constant-time comparison of two hex SHA-256 digests (always 32 bytes each). */
export function apiKeyHashMatches(presentedHash: string, storedHash: string): boolean {
  const a = Buffer.from(presentedHash, 'hex');
  const b = Buffer.from(storedHash, 'hex');
  if (a.length !== 32 || b.length !== 32) return false;
  return timingSafeEqual(a, b);
}
