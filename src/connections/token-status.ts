export const TOKEN_STATUSES = ['valid', 'expiring_soon', 'expired', 'unknown'] as const;
export type TokenStatus = (typeof TOKEN_STATUSES)[number];

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** "expiring_soon when strictly less than 7 days remain" (spec, Other state machines). */
export const EXPIRING_SOON_MS = 7 * DAY;

/**
 * The one derivation of `tokenStatus` and `tokenExpiresIn` from the stored expiry, used by the
 * list, test-connection and GraphQL. An expiry at exactly `now` counts as expired (the token
 * stops working at that instant). Durations are floored: `6d 23h`, `5h`, `< 1h`.
 */
export function tokenStatusOf(expiresAt: Date | null | undefined, now: Date = new Date()): { tokenStatus: TokenStatus; tokenExpiresIn: string | null } {
  if (!expiresAt) return { tokenStatus: 'unknown', tokenExpiresIn: null };
  const remaining = expiresAt.getTime() - now.getTime();
  if (remaining <= 0) return { tokenStatus: 'expired', tokenExpiresIn: 'expired' };
  return {
    tokenStatus: remaining < EXPIRING_SOON_MS ? 'expiring_soon' : 'valid',
    tokenExpiresIn: formatRemaining(remaining),
  };
}

function formatRemaining(ms: number): string {
  if (ms < HOUR) return '< 1h';
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / HOUR);
  return days === 0 ? `${hours}h` : `${days}d ${hours}h`;
}
