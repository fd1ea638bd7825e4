/**
 * Retry delay for the `retry`-th retry (1 = first retry): exponential from `baseMs`, doubled each
 * time, capped at `maxMs`; never earlier than the platform asked (`retryAfterMs`, from
 * Retry-After or a rate-limit reset header). Deterministic: instances spread out naturally because
 * each post's clock started at its own failure.
 */
export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
}

export function backoffDelay(retry: number, options: BackoffOptions, retryAfterMs?: number): number {
  const n = Math.max(1, Math.floor(retry));
  const exponential = Math.min(options.maxMs, options.baseMs * 2 ** Math.min(n - 1, 30));
  const asked = retryAfterMs !== undefined && Number.isFinite(retryAfterMs) && retryAfterMs > 0 ? retryAfterMs : 0;
  return Math.max(exponential, asked);
}
