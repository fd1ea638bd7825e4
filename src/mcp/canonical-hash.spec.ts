import { argumentsHash, canonicalJson, IDEMPOTENCY_KEY_PATTERN } from './canonical-hash';

describe('canonicalJson / argumentsHash', () => {
  it('ignores key order and undefined members', () => {
    expect(canonicalJson({ b: 1, a: [1, { d: 2, c: undefined }] })).toBe('{"a":[1,{"d":2}],"b":1}');
    expect(argumentsHash({ a: 1, b: 'x' })).toBe(argumentsHash({ b: 'x', a: 1, c: undefined }));
  });

  it('tells different arguments apart', () => {
    expect(argumentsHash({ a: 1 })).not.toBe(argumentsHash({ a: 2 }));
    expect(argumentsHash({ a: [1, 2] })).not.toBe(argumentsHash({ a: [2, 1] }));
  });

  it('accepts keys of 1-255 visible ASCII characters only', () => {
    expect(IDEMPOTENCY_KEY_PATTERN.test('retry-123_abc')).toBe(true);
    expect(IDEMPOTENCY_KEY_PATTERN.test('')).toBe(false);
    expect(IDEMPOTENCY_KEY_PATTERN.test('has space')).toBe(false);
    expect(IDEMPOTENCY_KEY_PATTERN.test('x'.repeat(256))).toBe(false);
  });
});
