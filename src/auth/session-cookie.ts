import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from './sessions.service';

/**
 * The session cookie: httpOnly, SameSite=Lax, Secure in production, path `/`, signed with
 * SESSION_SECRET (@fastify/cookie), carrying a random 256-bit token.
 */
export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, secure: boolean): void {
  void reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    signed: true,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  void reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}

/** The token of a validly signed session cookie, or null. */
export function readSessionToken(request: FastifyRequest): string | null {
  const raw = request.cookies?.[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : null;
}
