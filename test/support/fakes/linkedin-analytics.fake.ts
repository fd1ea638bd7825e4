import { FakePlatformServer, type FakeRequest, type FakeResponse, type TokenState } from './fake-platform-server';
import { linkedInAuthError } from './linkedin.fake';

export const LINKEDIN_ANALYTICS_METRICS = ['IMPRESSION', 'MEMBERS_REACHED', 'RESHARE', 'REACTION', 'COMMENT'] as const;
export type LinkedInAnalyticsMetric = (typeof LINKEDIN_ANALYTICS_METRICS)[number];

interface Ymd {
  year: number;
  month: number;
  day: number;
}

/**
 * What a failure target names:
 * - `followers:lifetime`, `followers:daily`
 * - `post:<METRIC>` (any post) or `post:<urn>:<METRIC>`
 * - `account:<METRIC>` (any aggregation) or `account:<METRIC>:<TOTAL|DAILY>`
 */
export type AnalyticsTarget = string;

export interface AnalyticsFailure {
  status: number;
  /** LinkedIn's `message`; a default per status otherwise. */
  message?: string;
  /** How many requests fail; Infinity (default) until cleared. */
  times?: number;
}

/**
 * LinkedIn member analytics (versioned REST): `memberFollowersCount` (q=me, q=dateRange) and
 * `memberCreatorPostAnalytics` (q=entity with `(share:…)`/`(ugc:…)`, q=me) with queryType,
 * aggregation and Rest.li dateRange. Values are set per metric (any value, `-1` included);
 * failures are set per target with any status (403 and 429 with LinkedIn's bodies); every request
 * is in `requests`. Calls without LinkedIn-Version or X-Restli-Protocol-Version are refused, as
 * LinkedIn does.
 */
export class LinkedInAnalyticsFake extends FakePlatformServer {
  followersCount!: number;
  /** Follower change per day of a q=dateRange query, by day index (missing → 0). */
  dailyFollowerGains!: number[];
  /** Lifetime totals of post metrics, for any post unless `postMetricsByUrn` has the URN. */
  postMetrics!: Record<LinkedInAnalyticsMetric, number>;
  readonly postMetricsByUrn = new Map<string, Partial<Record<LinkedInAnalyticsMetric, number>>>();
  /** Totals over all the member's posts (q=me, aggregation=TOTAL). */
  accountMetrics!: Record<LinkedInAnalyticsMetric, number>;
  /** Per-day values for q=me aggregation=DAILY, by day index (missing → 0). */
  accountDaily!: Partial<Record<LinkedInAnalyticsMetric, number[]>>;
  private readonly failures = new Map<string, Required<AnalyticsFailure>>();

  constructor() {
    super();
    this.restoreValues();
    this.route('GET', '/rest/memberFollowersCount', (req) => this.versioned(req, () => this.followers(req)));
    this.route('GET', '/rest/memberCreatorPostAnalytics', (req) => this.versioned(req, () => this.postAnalytics(req)));
  }

  /** Make requests for `target` fail with `status` (403 and 429 get LinkedIn's wording). */
  fail(target: AnalyticsTarget, failure: AnalyticsFailure | number): void {
    const f = typeof failure === 'number' ? { status: failure } : failure;
    this.failures.set(target, { status: f.status, message: f.message ?? defaultMessage(f.status), times: f.times ?? Infinity });
  }

  clearFailures(): void {
    this.failures.clear();
  }

  /** Clears the log, faults and failures and restores the default values. */
  override reset(): void {
    super.reset();
    this.failures.clear();
    this.restoreValues();
  }

  private restoreValues(): void {
    this.followersCount = 961;
    this.dailyFollowerGains = [3, 5, -1, 2];
    this.postMetrics = { IMPRESSION: 1200, MEMBERS_REACHED: 800, RESHARE: 4, REACTION: 37, COMMENT: 9 };
    this.postMetricsByUrn.clear();
    this.accountMetrics = { IMPRESSION: 54000, MEMBERS_REACHED: 21000, RESHARE: 40, REACTION: 900, COMMENT: 120 };
    this.accountDaily = { IMPRESSION: [100, 250, -1], RESHARE: [0, 1, 2], REACTION: [5, 6, 7], COMMENT: [1, 0, 3] };
  }

  /** Requests to the analytics resources only. */
  analyticsCalls(): FakeRequest[] {
    return this.calls(/^GET \/rest\/(memberFollowersCount|memberCreatorPostAnalytics)$/);
  }

  protected authError(_req: FakeRequest, state: TokenState | 'missing'): FakeResponse {
    return linkedInAuthError(state);
  }

  protected rateLimitError(_req: FakeRequest, _retryAfterSeconds: number): FakeResponse {
    return errorAnswer(429, defaultMessage(429));
  }

  protected override serverError(_req: FakeRequest): FakeResponse {
    return errorAnswer(500, defaultMessage(500));
  }

  private versioned(req: FakeRequest, handler: () => FakeResponse): FakeResponse {
    if (!/^\d{6}$/.test(String(req.headers['linkedin-version'] ?? ''))) {
      return {
        status: 400,
        body: { status: 400, code: 'VERSION_MISSING', message: 'A version must be present. Please specify a version by adding the LinkedIn-Version header.' },
      };
    }
    if (req.headers['x-restli-protocol-version'] !== '2.0.0') {
      return { status: 400, body: { status: 400, code: 'ILLEGAL_ARGUMENT', message: 'Rest.li protocol version 2.0.0 is required' } };
    }
    return handler();
  }

  private takeFailure(targets: string[]): FakeResponse | null {
    for (const target of targets) {
      const f = this.failures.get(target);
      if (!f) continue;
      f.times -= 1;
      if (f.times <= 0) this.failures.delete(target);
      return errorAnswer(f.status, f.message);
    }
    return null;
  }

  private followers(req: FakeRequest): FakeResponse {
    const q = req.query.get('q');
    if (q === 'me') {
      return (
        this.takeFailure(['followers:lifetime']) ?? {
          status: 200,
          body: { paging: { start: 0, count: 10, links: [] }, elements: [{ memberFollowersCount: this.followersCount }] },
        }
      );
    }
    if (q === 'dateRange') {
      const range = parseRestliRange(req.query.get('dateRange'));
      if (!range) return errorAnswer(400, 'Invalid dateRange', 'ILLEGAL_ARGUMENT');
      const failed = this.takeFailure(['followers:daily']);
      if (failed) return failed;
      const elements = days(range.start, range.end).map((day, i) => ({
        dateRange: { start: day, end: nextDay(day) },
        memberFollowersCount: this.dailyFollowerGains[i] ?? 0,
      }));
      return { status: 200, body: { paging: { start: 0, count: 10, links: [] }, elements } };
    }
    return errorAnswer(400, `Unknown finder: ${q}`, 'ILLEGAL_ARGUMENT');
  }

  private postAnalytics(req: FakeRequest): FakeResponse {
    const q = req.query.get('q');
    const metric = req.query.get('queryType') as LinkedInAnalyticsMetric | null;
    const aggregation = req.query.get('aggregation');
    if (!metric || !(LINKEDIN_ANALYTICS_METRICS as readonly string[]).includes(metric)) {
      return errorAnswer(400, `Invalid queryType: ${metric}`, 'ILLEGAL_ARGUMENT');
    }
    if (aggregation !== 'TOTAL' && aggregation !== 'DAILY') return errorAnswer(400, `Invalid aggregation: ${aggregation}`, 'ILLEGAL_ARGUMENT');
    if (metric === 'MEMBERS_REACHED' && aggregation === 'DAILY') {
      return errorAnswer(400, 'MEMBERS_REACHED does not support DAILY aggregation', 'ILLEGAL_ARGUMENT');
    }
    const rawRange = req.query.get('dateRange');
    const range = rawRange === null ? null : parseRestliRange(rawRange);
    if (rawRange !== null && !range) return errorAnswer(400, 'Invalid dateRange', 'ILLEGAL_ARGUMENT');
    const metricType = { 'com.linkedin.adsexternalapi.memberanalytics.v1.CreatorPostAnalyticsMetricTypeV1': metric };

    if (q === 'entity') {
      const entity = /^\((share|ugc):(urn:li:(share|ugcPost):[^)]+)\)$/.exec(req.query.get('entity') ?? '');
      if (!entity || (entity[1] === 'ugc') !== (entity[3] === 'ugcPost')) {
        return errorAnswer(400, `Invalid entity: ${req.query.get('entity')}`, 'ILLEGAL_ARGUMENT');
      }
      const urn = entity[2];
      const failed = this.takeFailure([`post:${urn}:${metric}`, `post:${metric}`]);
      if (failed) return failed;
      const count = this.postMetricsByUrn.get(urn)?.[metric] ?? this.postMetrics[metric];
      return { status: 200, body: { paging: { start: 0, count: 10, links: [] }, elements: [{ count, dateRange: {}, metricType }] } };
    }
    if (q === 'me') {
      const failed = this.takeFailure([`account:${metric}:${aggregation}`, `account:${metric}`]);
      if (failed) return failed;
      if (aggregation === 'TOTAL') {
        const dateRange = range ? { start: range.start, end: range.end } : {};
        return { status: 200, body: { paging: { start: 0, count: 10, links: [] }, elements: [{ count: this.accountMetrics[metric], dateRange, metricType }] } };
      }
      const list = range ? days(range.start, range.end) : days(addDays(today(), -3), today());
      const values = this.accountDaily[metric] ?? [];
      const elements = list.map((day, i) => ({ count: values[i] ?? 0, dateRange: { start: day, end: nextDay(day) }, metricType }));
      return { status: 200, body: { paging: { start: 0, count: 10, links: [] }, elements } };
    }
    return errorAnswer(400, `Unknown finder: ${q}`, 'ILLEGAL_ARGUMENT');
  }
}

function defaultMessage(status: number): string {
  if (status === 403) return 'Not enough permissions to access: memberCreatorPostAnalytics.GET.20240501';
  if (status === 429) return 'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.';
  if (status >= 500) return 'Internal Server Error';
  return `Request failed with status ${status}`;
}

function errorAnswer(status: number, message: string, code?: string): FakeResponse {
  const codes: Record<number, [number, string]> = { 403: [100, 'ACCESS_DENIED'], 429: [101, 'TOO_MANY_REQUESTS'] };
  const [serviceErrorCode, defaultCode] = codes[status] ?? [undefined, 'SERVER_ERROR'];
  return { status, body: { status, ...(serviceErrorCode ? { serviceErrorCode } : {}), code: code ?? defaultCode, message } };
}

/** `(start:(year:2024,month:5,day:4),end:(year:2024,month:5,day:6))` */
export function parseRestliRange(value: string | null): { start: Ymd; end: Ymd } | null {
  const m = /^\(start:\(year:(\d+),month:(\d+),day:(\d+)\),end:\(year:(\d+),month:(\d+),day:(\d+)\)\)$/.exec(value ?? '');
  if (!m) return null;
  const n = m.slice(1).map(Number);
  return { start: { year: n[0], month: n[1], day: n[2] }, end: { year: n[3], month: n[4], day: n[5] } };
}

const toDate = (d: Ymd) => new Date(Date.UTC(d.year, d.month - 1, d.day));
const toYmd = (d: Date): Ymd => ({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
const addDays = (d: Ymd, n: number): Ymd => toYmd(new Date(toDate(d).getTime() + n * 86_400_000));
const nextDay = (d: Ymd) => addDays(d, 1);
const today = (): Ymd => toYmd(new Date());

/** Days from start up to (not including) end, LinkedIn's exclusive end; at least one day. */
function days(start: Ymd, end: Ymd): Ymd[] {
  const out: Ymd[] = [];
  for (let d = start; toDate(d) < toDate(end) && out.length < 366; d = nextDay(d)) out.push(d);
  return out.length ? out : [start];
}
