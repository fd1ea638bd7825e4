import { canonicalHash, canonicalJson } from './canonical-json';

describe('canonicalJson / canonicalHash', () => {
  it('sorts keys at every level and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"x":1,"y":2}]},"b":1}');
    expect(canonicalJson({ b: 1, a: [1, { d: 2, c: undefined }] })).toBe('{"a":[1,{"d":2}],"b":1}');
    expect(canonicalJson([undefined])).toBe('[null]');
  });

  it('hashes equal bodies equally whatever their key order, and different bodies differently', () => {
    expect(canonicalHash({ a: 1, b: [2] })).toBe(canonicalHash({ b: [2], a: 1 }));
    expect(canonicalHash({ a: 1 })).not.toBe(canonicalHash({ a: 2 }));
    expect(canonicalHash({ a: 1 })).toMatch(/^[0-9a-f]{64}$/);
  });
});
