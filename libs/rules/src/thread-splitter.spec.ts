import { twitterTextLength } from './twitter-text';
import { splitIntoThread } from './thread-splitter';

const X = { limit: 280, measure: twitterTextLength };

describe('splitIntoThread', () => {
  it('leaves content that fits alone, without numbering', () => {
    expect(splitIntoThread('Hello world', X)).toEqual(['Hello world']);
    const exact = 'a'.repeat(280);
    expect(splitIntoThread(exact, X)).toEqual([exact]);
  });

  it('cuts at paragraph breaks first and numbers the parts (i/N)', () => {
    const p1 = 'First paragraph. '.repeat(10).trim();
    const p2 = 'Second paragraph. '.repeat(10).trim();
    const parts = splitIntoThread(`${p1}\n\n${p2}`, X);
    expect(parts).toEqual([`${p1} (1/2)`, `${p2} (2/2)`]);
  });

  it('then at sentence ends, then words, keeping every part within the limit', () => {
    const sentence = 'This sentence is here to fill the space of a post quickly! ';
    const parts = splitIntoThread(sentence.repeat(12), X);
    expect(parts.length).toBeGreaterThan(1);
    for (const [i, part] of parts.entries()) {
      expect(twitterTextLength(part)).toBeLessThanOrEqual(280);
      expect(part.endsWith(`(${i + 1}/${parts.length})`)).toBe(true);
      expect(part.replace(/ \(\d+\/\d+\)$/, '').endsWith('quickly!')).toBe(true);
    }
    const words = Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ');
    const wordParts = splitIntoThread(words, X);
    expect(wordParts.map((p) => p.replace(/ \(\d+\/\d+\)$/, '')).join(' ')).toBe(words);
  });

  it('reserves 10 characters for the numbering', () => {
    const parts = splitIntoThread('word '.repeat(200), X);
    for (const part of parts) expect(twitterTextLength(part.replace(/ \(\d+\/\d+\)$/, ''))).toBeLessThanOrEqual(270);
  });

  it('hard-cuts a single word longer than a post', () => {
    const parts = splitIntoThread('x'.repeat(600), X);
    expect(parts).toEqual([`${'x'.repeat(270)} (1/3)`, `${'x'.repeat(270)} (2/3)`, `${'x'.repeat(60)} (3/3)`]);
  });

  it('counts emoji as 2 on X', () => {
    const parts = splitIntoThread('😀'.repeat(200), X);
    expect(parts).toHaveLength(2);
    expect(parts[0]).toBe(`${'😀'.repeat(135)} (1/2)`);
  });

  it('breaks on a --- line even when the whole would fit', () => {
    expect(splitIntoThread('One\n---\nTwo\n  ---  \nThree', X)).toEqual(['One (1/3)', 'Two (2/3)', 'Three (3/3)']);
  });

  it('keeps explicit [n/m] markers, splits after them and adds no numbering', () => {
    expect(splitIntoThread('Start here [1/3] Middle part [2/3] The end [3/3]', X)).toEqual(['Start here [1/3]', 'Middle part [2/3]', 'The end [3/3]']);
  });

  it('uses the Threads limit of 500 code points', () => {
    const parts = splitIntoThread('Sentence number one is short. '.repeat(40), { limit: 500 });
    expect(parts.length).toBe(3);
    for (const p of parts) expect([...p].length).toBeLessThanOrEqual(500);
  });
});
