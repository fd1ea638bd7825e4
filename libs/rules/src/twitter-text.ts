/**
 * X's weighted character count (twitter-text v3 config): code points in the Latin and general
 * punctuation ranges weigh 1, everything else (CJK, most symbols) weighs 2, and an emoji
 * grapheme — however many code points it has (ZWJ sequences, skin tones, flags) — weighs 2.
 * URLs are counted at their literal length, as our service documents (X itself would count 23).
 */
const LIGHT_RANGES: Array<[number, number]> = [
  [0x0000, 0x10ff],
  [0x2000, 0x200d],
  [0x2010, 0x201f],
  [0x2032, 0x2037],
];

const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

export const TWITTER_MAX_WEIGHTED_LENGTH = 280;

export function twitterTextLength(text: string): number {
  let length = 0;
  for (const { segment } of segmenter.segment(text.normalize('NFC'))) {
    if (EMOJI.test(segment)) {
      length += 2;
      continue;
    }
    for (const char of segment) {
      const code = char.codePointAt(0)!;
      length += LIGHT_RANGES.some(([from, to]) => code >= from && code <= to) ? 1 : 2;
    }
  }
  return length;
}
