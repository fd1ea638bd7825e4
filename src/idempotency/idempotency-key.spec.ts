import { IDEMPOTENCY_KEY_PATTERN } from './idempotency-key';

describe('MCP idempotency keys', () => {
  it('accepts keys of 1-255 visible ASCII characters only', () => {
    expect(IDEMPOTENCY_KEY_PATTERN.test('retry-123_abc')).toBe(true);
    expect(IDEMPOTENCY_KEY_PATTERN.test('')).toBe(false);
    expect(IDEMPOTENCY_KEY_PATTERN.test('has space')).toBe(false);
    expect(IDEMPOTENCY_KEY_PATTERN.test('x'.repeat(256))).toBe(false);
  });
});
