/**
 * Mastodon stores statuses as HTML (`<p>…</p>`, `<br>`, links split into spans). To compare a
 * status with the text we sent, reduce both to words separated by single spaces.
 */
export function mastodonHtmlToText(html: string): string {
  const text = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
  return normalizeForMatch(text);
}

export const normalizeForMatch = (text: string): string => text.replace(/\s+/g, ' ').trim();
