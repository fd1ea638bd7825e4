import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken } from './connect-crypto';

/**
 * The browser a connection was started in carries a random value in this cookie; the state
 * stores its hash and the callback must come with the same value. A state that leaked (logs,
 * referrers, a shared link) is useless in another browser. SameSite=Lax: the cookie still
 * comes along when the provider sends the browser back (a top-level GET navigation).
 */
export const BROWSER_COOKIE = 'sps_connect';
const MAX_AGE_SECONDS = 30 * 24 * 3600;

export function readBrowserBinding(request: FastifyRequest): string | null {
  const value = request.cookies?.[BROWSER_COOKIE];
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

/** The browser's binding, created (and set on the reply) when it has none yet. */
export function ensureBrowserBinding(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const existing = readBrowserBinding(request);
  if (existing) return existing;
  const value = randomToken();
  void reply.setCookie(BROWSER_COOKIE, value, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: MAX_AGE_SECONDS });
  return value;
}
