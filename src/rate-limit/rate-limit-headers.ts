/** One decision of the per-key request limit. */
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the current window ends (at least 1). */
  resetSeconds: number;
  /** What the request needed: 1, or one per request of an MCP JSON-RPC batch. */
  points: number;
}

/** A request that needs more than a whole window allows: waiting never lets it through. */
const neverFits = (decision: RateLimitDecision) => decision.points > decision.limit;

/**
 * The IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers-07, the form most
 * clients read): `RateLimit-Policy: 60;w=60`, `RateLimit: limit=60, remaining=59, reset=42`, and
 * `Retry-After` on a refusal that waiting cures.
 */
export function rateLimitHeaders(decision: RateLimitDecision, windowSeconds: number): Record<string, string> {
  const headers: Record<string, string> = {
    'RateLimit-Policy': `${decision.limit};w=${windowSeconds}`,
    RateLimit: `limit=${decision.limit}, remaining=${decision.remaining}, reset=${decision.resetSeconds}`,
  };
  if (!decision.allowed && !neverFits(decision)) headers['Retry-After'] = String(decision.resetSeconds);
  return headers;
}

/** The refusal's message: what the limit is, and when to come back or what to change. */
export function rateLimitMessage(decision: RateLimitDecision): string {
  const { limit, points, remaining, resetSeconds } = decision;
  if (neverFits(decision)) {
    return `Rate limit exceeded: this batch holds ${points} requests, more than the ${limit} per minute allowed for this API key; send at most ${limit} per batch`;
  }
  if (points > 1) {
    return `Rate limit exceeded: this batch holds ${points} requests and ${remaining} of the ${limit} per minute for this API key are left; retry in ${resetSeconds} seconds`;
  }
  return `Rate limit exceeded: at most ${limit} requests per minute for this API key; retry in ${resetSeconds} seconds`;
}
