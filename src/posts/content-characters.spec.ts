import { forbiddenCharacterIn } from './content-characters';

describe('forbiddenCharacterIn', () => {
  it.each([
    ['plain text', 'Hello, world'],
    ['tab, line feed and carriage return', 'a\tb\nc\r\nd'],
    ['emoji (surrogate pairs) and a flag', '\u{1F600} \u{1F1EB}\u{1F1F7}'],
    ['joiners and direction marks', '\u{1F469}\u200D\u{1F4BB} \u200Fשלום'],
    ['DEL and C1 controls', 'a\u007Fb\u0085c'],
    ['the empty string', ''],
  ])('allows %s', (_name, text) => expect(forbiddenCharacterIn(text)).toBeNull());

  it.each([
    ['a NUL', 'Hello\u0000world', { kind: 'control', codePoint: 'U+0000', position: 6 }],
    ['a bell', '\u0007', { kind: 'control', codePoint: 'U+0007', position: 1 }],
    ['a vertical tab', 'a\u000Bb', { kind: 'control', codePoint: 'U+000B', position: 2 }],
    ['a form feed', 'a\u000Cb', { kind: 'control', codePoint: 'U+000C', position: 2 }],
    ['an escape sequence', 'red \u001B[31m', { kind: 'control', codePoint: 'U+001B', position: 5 }],
    ['a unit separator', 'x\u001F', { kind: 'control', codePoint: 'U+001F', position: 2 }],
    ['a lone high surrogate', 'Hi \uD800 there', { kind: 'unpaired surrogate', codePoint: 'U+D800', position: 4 }],
    ['a high surrogate at the end', 'end\uDBFF', { kind: 'unpaired surrogate', codePoint: 'U+DBFF', position: 4 }],
    ['a lone low surrogate after an emoji', '\u{1F600}\uDC00', { kind: 'unpaired surrogate', codePoint: 'U+DC00', position: 2 }],
    ['two high surrogates in a row', '\uD83D\uD83D\uDE00', { kind: 'unpaired surrogate', codePoint: 'U+D83D', position: 1 }],
    ['the first of several', 'a\uD800\u0000', { kind: 'unpaired surrogate', codePoint: 'U+D800', position: 2 }],
  ])('finds %s', (_name, text, expected) => expect(forbiddenCharacterIn(text)).toEqual(expected));

  it('counts the position in characters, so an emoji before it is one', () => {
    expect(forbiddenCharacterIn('\u{1F600}\u{1F600}\u0000')?.position).toBe(3);
  });
});
