import type { PlatformName } from '@app/rules';

/** The spec's "Advisory posting rates" (not platform-enforced; we space posts to stay under them). */
export interface AdvisoryRate {
  perHour: number;
  perDay: number;
}

export const ADVISORY_RATES: Partial<Record<PlatformName, AdvisoryRate>> = {
  twitter: { perHour: 10, perDay: 50 },
  linkedin: { perHour: 5, perDay: 20 },
  instagram: { perHour: 3, perDay: 10 },
  threads: { perHour: 10, perDay: 50 },
  tiktok: { perHour: 2, perDay: 10 },
  facebook: { perHour: 5, perDay: 25 },
  youtube: { perHour: 2, perDay: 10 },
  bluesky: { perHour: 10, perDay: 100 },
  mastodon: { perHour: 5, perDay: 50 },
  telegram: { perHour: 20, perDay: 300 },
};

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * When the connection may publish next without exceeding its advisory rate, given the times of
 * its publications in the last 24 hours: null when it may publish now. A window of length W
 * with limit L is full when it already holds L publications; the next slot opens when the
 * oldest of the last L leaves the window (its time + W).
 */
export function nextAdvisorySlot(published: Date[], rate: AdvisoryRate, now: Date): Date | null {
  const times = published
    .map((d) => d.getTime())
    .filter((t) => t > now.getTime() - DAY && t <= now.getTime())
    .sort((a, b) => a - b);
  let earliest = now.getTime();
  for (const [window, limit] of [
    [HOUR, rate.perHour],
    [DAY, rate.perDay],
  ] as const) {
    const inWindow = times.filter((t) => t > now.getTime() - window);
    if (limit > 0 && inWindow.length >= limit) {
      earliest = Math.max(earliest, inWindow[inWindow.length - limit] + window);
    }
  }
  return earliest > now.getTime() ? new Date(earliest) : null;
}
