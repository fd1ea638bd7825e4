/** Longest URL kept: longer is not a profile or post address anyone links to. */
const MAX_URL_LENGTH = 2048;

/**
 * A URL a platform (or an admin) handed us, kept only when it is an absolute http(s) URL. Profile
 * pictures, profile links and published-post links end up as `src` and `href` in the dashboard
 * and in integrators' pages: a `javascript:` or `data:` URL there would run or render content the
 * platform chose, so anything else is dropped (null).
 */
export function httpUrlOrNull(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (!trimmed || trimmed.length > MAX_URL_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname ? trimmed : null;
}
