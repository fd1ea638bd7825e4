/** One decision of the per-key request limit. */
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the current window ends (at least 1). */
  resetSeconds: number;
}

/**
 * The IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers-07, the form most
 * clients read): `RateLimit-Policy: 60;w=60`, `RateLimit: limit=60, remaining=59, reset=42`, and
 * `Retry-After` on a refusal.
 */
export function rateLimitHeaders(decision: RateLimitDecision, windowSeconds: number): Record<string, string> {
  const headers: Record<string, string> = {
    'RateLimit-Policy': `${decision.limit};w=${windowSeconds}`,
    RateLimit: `limit=${decision.limit}, remaining=${decision.remaining}, reset=${decision.resetSeconds}`,
  };
  if (!decision.allowed) headers['Retry-After'] = String(decision.resetSeconds);
  return headers;
}

export const rateLimitMessage = (limit: number, resetSeconds: number) =>
  `Rate limit exceeded: at most ${limit} requests per minute for this API key; retry in ${resetSeconds} seconds`;
