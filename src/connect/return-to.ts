/** Where the callback sends the browser when the start did not say. */
export const DEFAULT_RETURN_TO = '/connections';

/**
 * `returnTo` must be a path on this service's origin: it starts with a single `/`, has no
 * backslash, control character or scheme, so the callback can never become an open redirect
 * (`//evil.example`, `/\evil.example`, `https://…` are refused). Null when not acceptable.
 */
export function normalizeReturnTo(value: string | null | undefined): string | null {
  if (value == null || value.trim() === '') return DEFAULT_RETURN_TO;
  const path = value.trim();
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(path)) return null;
  if (path.length > 2048) return null;
  try {
    const base = new URL('http://origin.invalid');
    if (new URL(path, base).origin !== base.origin) return null;
  } catch {
    return null;
  }
  return path;
}

/**
 * The callback's answer: `returnTo` with the outcome's parameters added (an existing query and
 * fragment of `returnTo` are kept), as a path relative to the public base URL.
 */
export function returnUrl(publicBaseUrl: string, returnTo: string, params: Record<string, string>): string {
  const url = new URL(returnTo, `${publicBaseUrl}/`);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}
