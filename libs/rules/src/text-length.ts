/** Length in Unicode code points, which is what most platforms count (not UTF-16 units). */
export const codePointLength = (text: string): number => [...text].length;

/** User-perceived characters (grapheme clusters): what Bluesky's 300 limit counts. */
export function graphemeLength(text: string): number {
  let count = 0;
  for (const _ of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)) count += 1;
  return count;
}
