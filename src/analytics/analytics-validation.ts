import { ApiError } from '../common/api-error';
import { parseLoosePlatformId } from '../connections/platform-id';

/**
 * Request rules of the four LinkedIn analytics endpoints, as pure functions: each takes the raw
 * body (REST or MCP) and returns a typed query or throws ApiError(400) with the spec's exact text.
 * The order of the checks is fixed (see docs/analytics.md) and pinned by the unit specs.
 */

export const METRICS = ['IMPRESSION', 'MEMBERS_REACHED', 'RESHARE', 'REACTION', 'COMMENT'] as const;
export type Metric = (typeof METRICS)[number];
/** LinkedIn has no daily breakdown of unique members reached. */
export const DAILY_METRICS: Metric[] = METRICS.filter((m) => m !== 'MEMBERS_REACHED');

export type Aggregation = 'TOTAL' | 'DAILY';
export type FollowersPeriod = 'lifetime' | 'daily';

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

export interface FollowersQuery {
  platformId: string;
  period: FollowersPeriod;
  dateRange: DateRange | null;
}
export interface ProfileSummaryQuery {
  platformId: string;
  dateRange: DateRange | null;
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

export const MSG = {
  platformIdRequired: 'platformId is required',
  platformIdString: 'platformId must be a string',
  platformIdInvalid: 'Invalid platformId',
  periodString: 'period must be a string',
  periodInvalid: 'Invalid period. Must be one of: lifetime, daily',
  dateRangeRequiredDaily: 'dateRange is required for daily period',
  dateRangeObject: 'dateRange must be an object',
  dateRangeStartEnd: "dateRange must have both 'start' and 'end' objects",
  dateRangeParts: 'dateRange.start and dateRange.end must have: year, month, day',
  postedIdRequired: 'postedId and platformId are required',
  postedIdStrings: 'postedId and platformId must be strings',
  queryTypeRequired: 'queryType or queryTypes is required',
  queryTypeInvalid: `Invalid queryType. Must be one of: ${METRICS.join(', ')}`,
  queryTypesInvalid: (invalid: string) => `Invalid queryTypes: ${invalid}. Must be one of: ${METRICS.join(', ')}, or "ALL"`,
  aggregationString: 'aggregation must be a string',
  aggregationInvalid: 'Invalid aggregation. Must be one of: DAILY, TOTAL',
  membersReachedDaily: 'MEMBERS_REACHED with DAILY aggregation is not supported by LinkedIn API',
} as const;

type Body = Record<string, unknown>;

const absent = (v: unknown): boolean => v === undefined || v === null;
const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function asBody(raw: unknown): Body {
  return isPlainObject(raw) ? raw : {};
}

/**
 * followers / profile summary: the id must be a LinkedIn compound id (`linkedin-<id>`, prefix in
 * any case); it is returned normalised so the connection lookup matches the stored form.
 */
export function parseLinkedInPlatformId(value: unknown): string {
  if (absent(value)) throw ApiError.badRequest(MSG.platformIdRequired);
  if (typeof value !== 'string') throw ApiError.badRequest(MSG.platformIdString);
  const parsed = parseLoosePlatformId(value.trim());
  if (!parsed || parsed.platform !== 'linkedin') throw ApiError.badRequest(MSG.platformIdInvalid);
  return `linkedin-${parsed.externalId}`;
}

/**
 * post / account statistics: any non-empty string passes (spec); a LinkedIn-prefixed id is
 * normalised, anything else is looked up as given and simply finds no connection (404).
 */
export function normalisePlatformId(value: string): string {
  const parsed = parseLoosePlatformId(value.trim());
  return parsed?.platform === 'linkedin' ? `linkedin-${parsed.externalId}` : value;
}

function parsePlatformIdLoose(value: unknown): string {
  if (absent(value) || value === '') throw ApiError.badRequest(MSG.platformIdRequired);
  if (typeof value !== 'string') throw ApiError.badRequest(MSG.platformIdString);
  return normalisePlatformId(value);
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function toDateParts(value: Record<string, unknown>): DateParts | null {
  const { year, month, day } = value;
  if (![year, month, day].every((n) => typeof n === 'number' && Number.isInteger(n))) return null;
  const [y, m, d] = [year, month, day] as number[];
  if (y < 1970 || y > 9999 || m < 1 || m > 12 || d < 1 || d > DAYS_IN_MONTH[m - 1]) return null;
  return { year: y, month: m, day: d };
}

/** Null when absent; otherwise `{ start:{year,month,day}, end:{...} }` with integer calendar parts. */
export function parseDateRange(value: unknown): DateRange | null {
  if (absent(value)) return null;
  if (!isPlainObject(value)) throw ApiError.badRequest(MSG.dateRangeObject);
  const { start, end } = value;
  if (!isPlainObject(start) || !isPlainObject(end)) throw ApiError.badRequest(MSG.dateRangeStartEnd);
  const s = toDateParts(start);
  const e = toDateParts(end);
  if (!s || !e) throw ApiError.badRequest(MSG.dateRangeParts);
  return { start: s, end: e };
}

const isMetric = (v: string): v is Metric => (METRICS as readonly string[]).includes(v);

/**
 * `queryTypes` wins when both are sent (the richer answer). `queryType` is exact (UPPERCASE);
 * `queryTypes` is case-insensitive: an array, `ALL`, or a comma-separated string.
 */
export function parseMetricSelection(queryType: unknown, queryTypes: unknown): MetricSelection {
  const listGiven = !absent(queryTypes) && queryTypes !== '' && !(Array.isArray(queryTypes) && queryTypes.length === 0);
  if (listGiven) return parseQueryTypes(queryTypes);
  if (absent(queryType) || queryType === '') throw ApiError.badRequest(MSG.queryTypeRequired);
  if (typeof queryType !== 'string' || !isMetric(queryType)) throw ApiError.badRequest(MSG.queryTypeInvalid);
  return { mode: 'single', metric: queryType };
}

function parseQueryTypes(value: unknown): MetricSelection {
  let items: unknown[];
  if (Array.isArray(value)) items = value;
  else if (typeof value === 'string')
    items = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  else throw ApiError.badRequest(MSG.queryTypesInvalid(JSON.stringify(value)));
  const invalid: string[] = [];
  const metrics: Metric[] = [];
  let all = false;
  for (const item of items) {
    const upper = typeof item === 'string' ? item.trim().toUpperCase() : null;
    if (upper === 'ALL') all = true;
    else if (upper !== null && isMetric(upper)) {
      if (!metrics.includes(upper)) metrics.push(upper);
    } else invalid.push(typeof item === 'string' ? item : JSON.stringify(item));
  }
  if (invalid.length) throw ApiError.badRequest(MSG.queryTypesInvalid(invalid.join(', ')));
  return all ? { mode: 'multiple', metrics: [...METRICS], all: true } : { mode: 'multiple', metrics, all: false };
}

/** Order: platformId, period, dateRange (required for daily, checked whenever present). */
export function validateFollowersRequest(raw: unknown): FollowersQuery {
  const body = asBody(raw);
  const platformId = parseLinkedInPlatformId(body.platformId);
  let period: FollowersPeriod = 'lifetime';
  if (!absent(body.period)) {
    if (typeof body.period !== 'string') throw ApiError.badRequest(MSG.periodString);
    const p = body.period.trim().toLowerCase();
    if (p !== 'lifetime' && p !== 'daily') throw ApiError.badRequest(MSG.periodInvalid);
    period = p;
  }
  if (period === 'daily' && absent(body.dateRange)) throw ApiError.badRequest(MSG.dateRangeRequiredDaily);
  const dateRange = parseDateRange(body.dateRange);
  return { platformId, period, dateRange };
}

/** Order: platformId, dateRange. */
export function validateProfileSummaryRequest(raw: unknown): ProfileSummaryQuery {
  const body = asBody(raw);
  const platformId = parseLinkedInPlatformId(body.platformId);
  return { platformId, dateRange: parseDateRange(body.dateRange) };
}

/** Order: postedId + platformId presence, their types, then queryType / queryTypes. */
export function validatePostStatisticsRequest(raw: unknown): PostStatisticsQuery {
  const body = asBody(raw);
  const { postedId, platformId } = body;
  if (absent(postedId) || postedId === '' || absent(platformId) || platformId === '') {
    throw ApiError.badRequest(MSG.postedIdRequired);
  }
  if (typeof postedId !== 'string' || typeof platformId !== 'string') throw ApiError.badRequest(MSG.postedIdStrings);
  const selection = parseMetricSelection(body.queryType, body.queryTypes);
  return { platformId: normalisePlatformId(platformId), postedId: postedId.trim(), selection };
}

/**
 * Order: platformId, queryType / queryTypes, aggregation, dateRange, then the MEMBERS_REACHED +
 * DAILY combination. `ALL` with DAILY means the four metrics LinkedIn breaks down by day.
 */
export function validateAccountStatisticsRequest(raw: unknown): AccountStatisticsQuery {
  const body = asBody(raw);
  const platformId = parsePlatformIdLoose(body.platformId);
  let selection = parseMetricSelection(body.queryType, body.queryTypes);
  let aggregation: Aggregation = 'TOTAL';
  if (!absent(body.aggregation)) {
    if (typeof body.aggregation !== 'string') throw ApiError.badRequest(MSG.aggregationString);
    const a = body.aggregation.trim().toUpperCase();
    if (a !== 'TOTAL' && a !== 'DAILY') throw ApiError.badRequest(MSG.aggregationInvalid);
    aggregation = a;
  }
  const dateRange = parseDateRange(body.dateRange);
  if (aggregation === 'DAILY') {
    if (selection.mode === 'single' && selection.metric === 'MEMBERS_REACHED') throw ApiError.badRequest(MSG.membersReachedDaily);
    if (selection.mode === 'multiple') {
      if (!selection.all && selection.metrics.includes('MEMBERS_REACHED')) throw ApiError.badRequest(MSG.membersReachedDaily);
      if (selection.all) selection = { ...selection, metrics: [...DAILY_METRICS] };
    }
  }
  return { platformId, selection, aggregation, dateRange };
}
