import { createHash } from 'node:crypto';
import { apiKeyHashMatches, apiKeyPrefix, generateApiKey, hashApiKey, LEGACY_KEY_PREFIX } from './api-key-format';

describe('API key format', () => {
  it('generates sk_<timestamp base36>_<12 hex>.<48 hex>, 73 characters, prefix = part before the dot', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    const key = generateApiKey(now);
    expect(key.rawKey).toMatch(/^sk_[0-9a-z]+_[0-9a-f]{12}\.[0-9a-f]{48}$/);
    expect(key.rawKey).toHaveLength(73);
    expect(key.keyPrefix).toBe(key.rawKey.split('.')[0]);
    expect(key.rawKey.split('_')[1]).toBe(now.getTime().toString(36));
    expect(key.keyHash).toBe(createHash('sha256').update(key.rawKey).digest('hex'));
  });

  it('never repeats', () => {
    const keys = new Set(Array.from({ length: 200 }, () => generateApiKey().rawKey));
    expect(keys.size).toBe(200);
  });

  it('looks keys without a dot up under "legacy"; the sk_ prefix is not required', () => {
    expect(apiKeyPrefix('sk_abc_123.def')).toBe('sk_abc_123');
    expect(apiKeyPrefix('custom.secret')).toBe('custom');
    expect(apiKeyPrefix('oldstylekey')).toBe(LEGACY_KEY_PREFIX);
  });

  it('compares digests in constant time and rejects malformed ones', () => {
    const h = hashApiKey('a');
    expect(apiKeyHashMatches(h, h)).toBe(true);
    expect(apiKeyHashMatches(h, hashApiKey('b'))).toBe(false);
    expect(apiKeyHashMatches(h, 'abcd')).toBe(false);
  });
});
