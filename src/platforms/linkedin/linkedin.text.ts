/**
 * LinkedIn `commentary` is "little text": these characters are markup and must be escaped with a
 * backslash, or LinkedIn cuts the text or renders it wrongly.
 */
const RESERVED = /[\\|{}@[\]()<>#*_~]/g;

/** Our documented mention syntax `@{urn:li:person:123|Exact Name}` (or organization). */
const MENTION = /@\{(urn:li:(?:person|organization):[A-Za-z0-9_-]+)\|([^}]+)\}/g;

export function escapeLittleText(text: string): string {
  return text.replace(RESERVED, (char) => `\\${char}`);
}

/**
 * Turns post content into commentary: every reserved character is escaped, except our mention
 * syntax, which becomes the little-text mention `@[Exact Name](urn:li:person:123)`.
 */
export function toLinkedInCommentary(content: string): string {
  let out = '';
  let last = 0;
  for (const match of content.matchAll(MENTION)) {
    out += escapeLittleText(content.slice(last, match.index));
    out += `@[${escapeLittleText(match[2])}](${match[1]})`;
    last = match.index! + match[0].length;
  }
  return out + escapeLittleText(content.slice(last));
}
