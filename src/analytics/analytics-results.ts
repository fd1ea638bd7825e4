import type { Metric } from './analytics-metrics';
import type { DateParts, DateRange } from './analytics-rules';

/**
 * Pure helpers between LinkedIn's answers and our response shapes: Rest.li query syntax, the
 * `-1` rule, daily follower series and cache keys.
 */

/** LinkedIn reports `-1` when a value is unavailable: that is null, never a count. */
export function upstreamCount(value: unknown): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value === -1) return null;
  return value;
}

/** Rest.li 2.0 date: `(year:2024,month:5,day:4)`. */
export function restliDate(d: DateParts): string {
  return `(year:${d.year},month:${d.month},day:${d.day})`;
}

/** Rest.li 2.0 range: `(start:(year:…),end:(year:…))`, sent unencoded as LinkedIn expects. */
export function restliDateRange(range: DateRange): string {
  return `(start:${restliDate(range.start)},end:${restliDate(range.end)})`;
}

export function isoDate(d: DateParts): string {
  return `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

/** Cache key part for a date range ('' when none). */
export function rangeKey(range: DateRange | null): string {
  return range ? `${isoDate(range.start)}..${isoDate(range.end)}` : '';
}

/**
 * The `entity` finder value of memberCreatorPostAnalytics: ugcPost URNs go in the `ugc` slot,
 * everything else (share URNs, bare share ids) in the `share` slot. The URN itself is
 * percent-encoded inside the Rest.li tuple.
 */
export function postEntityParam(postedId: string): string {
  const urn = /^urn:li:/i.test(postedId) ? postedId : `urn:li:share:${postedId}`;
  const slot = /^urn:li:ugcPost:/i.test(urn) ? 'ugc' : 'share';
  return `(${slot}:${encodeURIComponent(urn)})`;
}

export interface DailyPoint {
  count: number | null;
  dateRange: { start: DateParts; end: DateParts };
}

interface RawElement {
  count?: unknown;
  memberFollowersCount?: unknown;
  dateRange?: { start?: Partial<DateParts>; end?: Partial<DateParts> };
}

function partsOf(value: Partial<DateParts> | undefined): DateParts {
  return { year: Number(value?.year ?? 0), month: Number(value?.month ?? 0), day: Number(value?.day ?? 0) };
}

function elementsOf(body: unknown): RawElement[] {
  const elements = (body as { elements?: unknown } | null)?.elements;
  if (!Array.isArray(elements)) throw new Error('LinkedIn answer has no elements array');
  return elements as RawElement[];
}

/** `memberFollowersCount?q=me`: the one element's count (-1 → null). */
export function lifetimeFollowersOf(body: unknown): number | null {
  const [first] = elementsOf(body);
  return first ? upstreamCount(first.memberFollowersCount) : 0;
}

/** `memberFollowersCount?q=dateRange`: one point per day, values are that day's change. */
export function dailyFollowersOf(body: unknown): Array<{ date: string; count: number | null }> {
  return elementsOf(body).map((e) => ({
    date: isoDate(partsOf(e.dateRange?.start)),
    count: upstreamCount(e.memberFollowersCount),
  }));
}

/** Growth over the period: the sum of the known daily changes. */
export function totalGrowthOf(points: Array<{ count: number | null }>): number {
  return points.reduce((sum, p) => sum + (p.count ?? 0), 0);
}

/** TOTAL aggregation: one element (no element = nothing counted = 0; any -1 → null). */
export function totalCountOf(body: unknown): number | null {
  const elements = elementsOf(body);
  let total = 0;
  for (const e of elements) {
    const c = upstreamCount(e.count);
    if (c === null) return null;
    total += c;
  }
  return total;
}

/** DAILY aggregation: `{ count, dateRange: { start, end } }` per element. */
export function dailyCountsOf(body: unknown): DailyPoint[] {
  return elementsOf(body).map((e) => ({
    count: upstreamCount(e.count),
    dateRange: { start: partsOf(e.dateRange?.start), end: partsOf(e.dateRange?.end) },
  }));
}

/** Profile summary error text per metric. */
export function profileMetricError(metric: Metric): string {
  return `Failed to fetch ${metric.toLowerCase()} count`;
}
