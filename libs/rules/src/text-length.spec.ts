import { codePointLength, graphemeLength } from './text-length';

describe('codePointLength', () => {
  it('counts an astral character once, not as two UTF-16 units', () => {
    expect(codePointLength('a😀')).toBe(2);
  });
});

describe('graphemeLength', () => {
  it('counts a family emoji or a flag as one character', () => {
    expect(graphemeLength('👨‍👩‍👧')).toBe(1);
    expect(graphemeLength('🇫🇷ok')).toBe(3);
    expect(graphemeLength('e\u0301')).toBe(1);
  });
});
