import { JsonBodyMessages, jsonDepth, MAX_BODY_DEPTH, parseJsonBody } from './json-body';

const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

describe('parseJsonBody', () => {
  it('parses ordinary bodies', () => {
    expect(parseJsonBody('{"content":"hi","platforms":["x-1"]}')).toEqual({ content: 'hi', platforms: ['x-1'] });
  });

  it('measures depth without recursion, even very deep', () => {
    expect(jsonDepth(1)).toBe(0);
    expect(jsonDepth({ a: [{ b: 1 }] })).toBe(3);
    expect(jsonDepth(JSON.parse(nested(100_000)), MAX_BODY_DEPTH)).toBe(MAX_BODY_DEPTH + 1);
  });

  it('accepts the maximum depth and refuses one more level', () => {
    expect(() => parseJsonBody(nested(MAX_BODY_DEPTH))).not.toThrow();
    expect(() => parseJsonBody(nested(MAX_BODY_DEPTH + 1))).toThrow(JsonBodyMessages.tooDeep);
  });

  it('says what is wrong: empty, not JSON, prototype keys', () => {
    expect(() => parseJsonBody('')).toThrow(JsonBodyMessages.empty);
    expect(() => parseJsonBody('{bad')).toThrow(JsonBodyMessages.invalid);
    expect(() => parseJsonBody('{"__proto__":{"admin":true}}')).toThrow(JsonBodyMessages.prototypeKey);
    expect(() => parseJsonBody('{"constructor":{"prototype":{"admin":true}}}')).toThrow(JsonBodyMessages.prototypeKey);
    expect(parseJsonBody('{"constructor":"fine"}')).toEqual({ constructor: 'fine' });
  });
});
