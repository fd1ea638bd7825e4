/**
 * Bluesky rich text: the post text is plain, and links / hashtags are "facets" that point into
 * it by UTF-8 BYTE offsets (not JavaScript string indexes). Mentions need handle → DID
 * resolution and are left as plain text.
 */

export interface BlueskyFacet {
  index: { byteStart: number; byteEnd: number };
  features: Array<{ $type: 'app.bsky.richtext.facet#link'; uri: string } | { $type: 'app.bsky.richtext.facet#tag'; tag: string }>;
}

const URL_PATTERN = /https?:\/\/[^\s]+/g;
// A hashtag starts after a space or the start of the text; `＃` is the full-width form.
const TAG_PATTERN = /(^|\s)[#＃]([^\s#＃]+)/gu;
// Punctuation that ends a sentence rather than belonging to the link or tag.
const TRAILING_PUNCTUATION = /[.,;:!?'")\]}…]+$/u;

const byteLength = (s: string): number => Buffer.byteLength(s, 'utf8');

export function detectFacets(text: string): BlueskyFacet[] {
  const facets: BlueskyFacet[] = [];
  for (const m of text.matchAll(URL_PATTERN)) {
    let uri = m[0].replace(TRAILING_PUNCTUATION, '');
    // Keep a closing parenthesis that belongs to the URL, as in Wikipedia links.
    if (m[0].length > uri.length && m[0][uri.length] === ')' && uri.includes('(')) uri += ')';
    const byteStart = byteLength(text.slice(0, m.index));
    facets.push({ index: { byteStart, byteEnd: byteStart + byteLength(uri) }, features: [{ $type: 'app.bsky.richtext.facet#link', uri }] });
  }
  for (const m of text.matchAll(TAG_PATTERN)) {
    const tag = m[2].replace(TRAILING_PUNCTUATION, '');
    // Purely numeric "#1" is not a tag; tags are at most 64 characters.
    if (!tag || /^\d+$/.test(tag) || [...tag].length > 64) continue;
    const hashIndex = m.index! + m[1].length;
    const byteStart = byteLength(text.slice(0, hashIndex));
    facets.push({
      index: { byteStart, byteEnd: byteStart + byteLength(`#${tag}`) },
      features: [{ $type: 'app.bsky.richtext.facet#tag', tag }],
    });
  }
  return facets.sort((a, b) => a.index.byteStart - b.index.byteStart);
}
