import { codePointLength } from './text-length';

/**
 * Splits content too long for one X or Threads post into a reply chain (reference notes,
 * "Threads and multi-post"):
 * - a line that is only `---` forces a break;
 * - explicit `[n/m]` markers are kept, split on (each marker ends its part), and no numbering
 *   is added;
 * - otherwise long text is cut at paragraph breaks, then sentence ends, then words, then
 *   anywhere, and each part gets ` (i/N)` appended, with 10 characters reserved for it.
 * Content that fits in one post comes back as one part, unchanged.
 */
export interface ThreadSplitOptions {
  /** The platform's per-post limit, in its own unit. */
  limit: number;
  /** How the platform counts (X weighs emoji 2; Threads counts code points). */
  measure?: (text: string) => number;
}

const NUMBERING_RESERVE = 10;
const FORCED_BREAK = /^[ \t]*---[ \t]*$/m;
const MARKER = /\[\d+\/\d+\]/g;

export function splitIntoThread(content: string, options: ThreadSplitOptions): string[] {
  const measure = options.measure ?? codePointLength;
  const text = content.trim();
  const markers = text.match(MARKER);

  if (markers && markers.length > 1) {
    // The author numbered the parts: split after each marker, keep the text as written.
    const parts: string[] = [];
    let rest = text;
    for (const match of text.matchAll(MARKER)) {
      const end = rest.indexOf(match[0]) + match[0].length;
      parts.push(rest.slice(0, end).trim());
      rest = rest.slice(end);
    }
    if (rest.trim()) parts[parts.length - 1] = `${parts[parts.length - 1]} ${rest.trim()}`;
    return parts.filter(Boolean).flatMap((p) => (measure(p) <= options.limit ? [p] : pack(p, options.limit, measure)));
  }

  const forced = FORCED_BREAK.test(text)
    ? text
        .split(new RegExp(FORCED_BREAK.source, 'gm'))
        .map((p) => p.trim())
        .filter(Boolean)
    : [text];
  if (forced.length === 1 && measure(forced[0]) <= options.limit) return forced;

  const budget = options.limit - NUMBERING_RESERVE;
  const parts = forced.flatMap((p) => pack(p, budget, measure));
  return parts.map((p, i) => `${p} (${i + 1}/${parts.length})`);
}

type Cutter = (text: string) => string[];

/** Coarsest first: paragraphs, sentences, words. Each piece keeps its trailing separator. */
const CUTTERS: Cutter[] = [(text) => text.split(/(?<=\n\n)/), (text) => text.split(/(?<=[.!?]\s)/), (text) => text.split(/(?<=\s)/)];

/** Greedily packs `text` into parts of at most `budget`, cutting as coarsely as possible. */
function pack(text: string, budget: number, measure: (t: string) => number, level = 0): string[] {
  if (measure(text.trim()) <= budget) return [text.trim()];
  if (level >= CUTTERS.length) return hardCut(text.trim(), budget, measure);
  const parts: string[] = [];
  let current = '';
  for (const piece of CUTTERS[level](text)) {
    if (measure((current + piece).trim()) <= budget) {
      current += piece;
      continue;
    }
    if (current.trim()) parts.push(current.trim());
    current = '';
    if (measure(piece.trim()) <= budget) current = piece;
    else parts.push(...pack(piece, budget, measure, level + 1));
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

/** Last resort for a single word longer than a post: cut between graphemes. */
function hardCut(text: string, budget: number, measure: (t: string) => number): string[] {
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const parts: string[] = [];
  let current = '';
  for (const { segment } of segmenter.segment(text)) {
    if (measure(current + segment) > budget && current) {
      parts.push(current);
      current = '';
    }
    current += segment;
  }
  if (current) parts.push(current);
  return parts;
}
