import { ApiError } from '../common/api-error';
import { parseLoosePlatformId } from '../connections/platform-id';
import { DAILY_METRICS, METRICS, type Aggregation, type Metric } from './analytics-metrics';
import { AnalyticsMessages } from './analytics.errors';

/**
 * The analytics rules that are more than a field check, as pure functions: calendar dates, the
 * LinkedIn compound id, and which metrics a request selects (queryType or queryTypes, and the
 * DAILY restriction). The request DTOs (dto/analytics.request.ts) check the fields with them; the
 * service turns a checked request into a query with them.
 */

export interface DateParts {
  year: number;
  month: number;
  day: number;
}
export interface DateRange {
  start: DateParts;
  end: DateParts;
}

/** Either one metric (`queryType`, single response) or a list (`queryTypes`, multiple response). */
export type MetricSelection = { mode: 'single'; metric: Metric } | { mode: 'multiple'; metrics: Metric[]; all: boolean };

export const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Integer calendar parts (year 1970-9999, month 1-12, a day the month has), only those three; else null. */
export function toDateParts(value: Record<string, unknown>): DateParts | null {
  const { year, month, day } = value;
  if (![year, month, day].every((n) => typeof n === 'number' && Number.isInteger(n))) return null;
  const [y, m, d] = [year, month, day] as number[];
  if (y < 1970 || y > 9999 || m < 1 || m > 12 || d < 1 || d > DAYS_IN_MONTH[m - 1]) return null;
  return { year: y, month: m, day: d };
}

/** `{ start, end }` of calendar parts (other keys dropped), or null when `value` is not one. */
export function toDateRange(value: unknown): DateRange | null {
  if (!isPlainObject(value) || !isPlainObject(value.start) || !isPlainObject(value.end)) return null;
  const start = toDateParts(value.start);
  const end = toDateParts(value.end);
  return start && end ? { start, end } : null;
}

/**
 * followers / profile summary: a LinkedIn compound id (`linkedin-<id>`, prefix in any case),
 * normalised so the connection lookup matches the stored form; null for anything else.
 */
export function linkedInPlatformId(value: string): string | null {
  const parsed = parseLoosePlatformId(value.trim());
  return parsed?.platform === 'linkedin' ? `linkedin-${parsed.id}` : null;
}

/**
 * post / account statistics: any non-empty string passes (spec); a LinkedIn-prefixed id is
 * normalised, anything else is looked up as given and simply finds no connection (404).
 */
export function normalisePlatformId(value: string): string {
  return linkedInPlatformId(value) ?? value;
}

const isMetric = (v: string): v is Metric => (METRICS as readonly string[]).includes(v);

/** `queryTypes` counts when it is neither absent, '' nor an empty array (then it wins over `queryType`). */
export function isQueryTypesGiven(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);
}

/** `queryTypes` items: an array, or a comma-separated string (`ALL` among them). */
function queryTypeItems(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string')
    return value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return null;
}

/** The `queryTypes` entries that name no metric (nor ALL), as sent; the whole value as JSON when it is not a list. */
export function invalidQueryTypes(value: unknown): string[] {
  const items = queryTypeItems(value);
  if (!items) return [JSON.stringify(value)];
  return items
    .filter((item) => {
      const upper = typeof item === 'string' ? item.trim().toUpperCase() : null;
      return upper === null || (upper !== 'ALL' && !isMetric(upper));
    })
    .map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
}

export function isMetricName(value: unknown): value is Metric {
  return typeof value === 'string' && isMetric(value);
}

/**
 * The metrics a checked request selects: `queryTypes` wins when given (case-insensitive,
 * deduplicated, `ALL` anywhere means all five); else the one `queryType`.
 */
export function metricSelection(queryType: Metric | undefined, queryTypes: unknown): MetricSelection {
  if (!isQueryTypesGiven(queryTypes)) return { mode: 'single', metric: queryType! };
  const metrics: Metric[] = [];
  let all = false;
  for (const item of queryTypeItems(queryTypes) ?? []) {
    const upper = String(item).trim().toUpperCase();
    if (upper === 'ALL') all = true;
    else if (isMetric(upper) && !metrics.includes(upper)) metrics.push(upper);
  }
  return all ? { mode: 'multiple', metrics: [...METRICS], all: true } : { mode: 'multiple', metrics, all: false };
}

/**
 * Account statistics: by day, `ALL` means the four metrics LinkedIn breaks down by day, and naming
 * MEMBERS_REACHED is refused (the request's last check, after the dateRange's).
 */
export function selectionFor(aggregation: Aggregation, selection: MetricSelection): MetricSelection {
  if (aggregation !== 'DAILY') return selection;
  if (selection.mode === 'multiple' && selection.all) return { ...selection, metrics: [...DAILY_METRICS] };
  const named = selection.mode === 'single' ? [selection.metric] : selection.metrics;
  if (named.includes('MEMBERS_REACHED')) throw ApiError.badRequest(AnalyticsMessages.membersReachedDaily);
  return selection;
}

export interface PostStatisticsQuery {
  platformId: string;
  postedId: string;
  selection: MetricSelection;
}
export interface AccountStatisticsQuery {
  platformId: string;
  selection: MetricSelection;
  aggregation: Aggregation;
  dateRange: DateRange | null;
}

/** What a checked statistics request carries (the DTOs in dto/analytics.request.ts, after validation). */
interface CheckedMetricsRequest {
  platformId: string;
  queryType?: Metric;
  queryTypes?: string[] | string;
}

/** A checked post-statistics request as its query: the post id trimmed, the metrics selected. */
export function postStatisticsQuery(request: CheckedMetricsRequest & { postedId: string }): PostStatisticsQuery {
  return { platformId: request.platformId, postedId: request.postedId.trim(), selection: metricSelection(request.queryType, request.queryTypes) };
}

/** A checked account-statistics request as its query; refuses MEMBERS_REACHED by day (`selectionFor`). */
export function accountStatisticsQuery(request: CheckedMetricsRequest & { aggregation: Aggregation; dateRange?: DateRange | null }): AccountStatisticsQuery {
  const selection = selectionFor(request.aggregation, metricSelection(request.queryType, request.queryTypes));
  return { platformId: request.platformId, selection, aggregation: request.aggregation, dateRange: request.dateRange ?? null };
}
