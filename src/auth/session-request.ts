import { ApiError } from '../common/api-error';
import { AuthMessages } from './auth.errors';

/**
 * The rules of session routes (docs/auth.md, "Session routes: content types and origins"): the
 * routes a browser reaches with the dashboard's cookie. A page on another site can make a browser
 * send a form post (urlencoded, multipart or text/plain) with that cookie, or sign it in to
 * another account; it cannot send JSON without a CORS preflight, which only CORS_ORIGINS pass.
 */

export const JSON_CONTENT_TYPE = 'application/json';

/** What the rules read of a request. */
export interface SessionRequestFacts {
  /** The `Origin` header as sent (absent: undefined). */
  origin: string | undefined;
  /** The `Sec-Fetch-Site` header as sent. */
  fetchSite: string | undefined;
  /** The host the request was sent to (`Host`, or `X-Forwarded-Host` from a trusted proxy). */
  host: string;
  contentType: string | undefined;
  /** A body follows: a Content-Length above 0 or a Transfer-Encoding. */
  hasBody: boolean;
}

/** `scheme://host[:port]` of a URL, or null for anything else (`null`, a list, garbage). */
function originOf(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** The origins besides the request's own that may call session routes: PUBLIC_BASE_URL's and CORS_ORIGINS. */
export function trustedOrigins(publicBaseUrl: string, corsOrigins: readonly string[]): ReadonlySet<string> {
  return new Set([publicBaseUrl, ...corsOrigins].map(originOf).filter((o): o is string => o !== null));
}

/**
 * True when a browser says the request comes from another site. An `Origin` decides when sent:
 * it must be a trusted origin or name the host the request was sent to (whatever the scheme: a
 * TLS proxy in front may leave the service seeing http); `null` passes only with
 * `Sec-Fetch-Site: same-origin`. Without an
 * `Origin`, `Sec-Fetch-Site: cross-site` is refused. Without either, no browser sent it.
 */
export function isCrossSite(facts: SessionRequestFacts, trusted: ReadonlySet<string>): boolean {
  const fetchSite = facts.fetchSite?.trim().toLowerCase();
  if (facts.origin === undefined) return fetchSite === 'cross-site';
  // A form on one of our own pages with `Referrer-Policy: no-referrer` (the hosted connection and
  // review pages) is sent with `Origin: null`; the browser's own Sec-Fetch-Site says where from.
  if (facts.origin.trim() === 'null' && fetchSite === 'same-origin') return false;
  const origin = originOf(facts.origin);
  if (origin === null) return true;
  if (trusted.has(origin)) return false;
  const url = new URL(origin);
  try {
    return new URL(`${url.protocol}//${facts.host}`).host !== url.host;
  } catch {
    return true;
  }
}

/** The media type of a Content-Type header, lower-cased, without its parameters. */
export function mediaType(contentType: string | undefined): string | undefined {
  const type = contentType?.split(';', 1)[0].trim().toLowerCase();
  return type || undefined;
}

/**
 * The refusal of a session request, or null: 403 when it comes from another site, then (on routes
 * that take JSON) 415 when it names a content type other than JSON, or sends a body naming none.
 * A request without a body may name none (a DELETE, a POST that needs no body).
 */
export function sessionRequestRefusal(facts: SessionRequestFacts, trusted: ReadonlySet<string>, bodyFormat: string = JSON_CONTENT_TYPE): ApiError | null {
  if (isCrossSite(facts, trusted)) return ApiError.forbidden(AuthMessages.crossSiteRequest);
  if (bodyFormat !== JSON_CONTENT_TYPE) return null; // the route reads its own body (multipart, a page's form)
  const type = mediaType(facts.contentType);
  if (type === undefined ? facts.hasBody : type !== JSON_CONTENT_TYPE) return new ApiError(415, AuthMessages.jsonBodyRequired);
  return null;
}
