import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import type { RequestContext } from '../auth/request-context';
import { ApiError } from '../common/api-error';
import { ConnectionsService } from '../connections/connections.service';
import { AnalyticsCacheRepository, type CacheScope } from './analytics-cache.repository';
import { profileMetricError, rangeKey, totalGrowthOf, type DailyPoint } from './analytics-results';
import type { Aggregation, Metric } from './analytics-metrics';
import { accountStatisticsQuery, postStatisticsQuery, type DateRange } from './analytics-rules';
import type {
  LinkedInAccountStatisticsRequest,
  LinkedInFollowersRequest,
  LinkedInPostStatisticsRequest,
  LinkedInProfileSummaryRequest,
} from './dto/analytics.request';
import { LinkedInAnalyticsClient, LinkedInUpstreamError } from './linkedin-analytics.client';
import { AnalyticsMessages } from './analytics.errors';

/** Spec, "Operational limits": analytics answers are cached for 30 minutes. */
export const ANALYTICS_CACHE_TTL_MS = 30 * 60 * 1000;

export const METRIC_FETCH_ERROR = 'Failed to fetch metric from LinkedIn';
/** Upstream statuses handed back to the caller as they are (missing scope, throttling). */
const FORWARDED_STATUSES = new Set([HttpStatus.FORBIDDEN, HttpStatus.TOO_MANY_REQUESTS]);

type MetricValue = number | null | DailyPoint[];

export type FollowersResponse =
  | { success: true; followersCount: number | null; cached: boolean }
  | { success: true; data: Array<{ date: string; count: number | null }>; totalGrowth: number; cached: boolean };

export interface ProfileSummary {
  followers: { total: number | null; periodGrowth?: number };
  posts: {
    totalImpressions: number | null;
    totalMembersReached: number | null;
    totalReactions: number | null;
    totalComments: number | null;
    totalReshares: number | null;
  };
}
export interface MetricError {
  metric: string;
  error: string;
}
export type ProfileSummaryResponse =
  { success: true; profile: ProfileSummary } | { success: false; partialData: true; profile: ProfileSummary; errors: MetricError[] };

export type PostStatisticsResponse =
  | { success: true; count: number | null; cached: boolean }
  | {
      success: boolean;
      metrics: Partial<Record<Metric, number | null>>;
      errors?: MetricError[];
      cachedMetrics?: Metric[];
      cached: boolean;
    };

export type AccountStatisticsResponse =
  | { success: true; data: MetricValue; aggregation: Aggregation; cached: boolean }
  | {
      success: boolean;
      metrics: Partial<Record<Metric, MetricValue>>;
      aggregation: Aggregation;
      errors?: MetricError[];
      cachedMetrics?: Metric[];
      cached: boolean;
    };

type Outcome<T> = { ok: true; value: T; cached: boolean } | { ok: false; error: unknown };

interface ResolvedConnection {
  scope: CacheScope;
  accessToken: string;
}

/** Profile summary post metrics, in the spec's order of `errors` metric names. */
const PROFILE_POST_FIELDS: Array<[Metric, keyof ProfileSummary['posts']]> = [
  ['IMPRESSION', 'totalImpressions'],
  ['MEMBERS_REACHED', 'totalMembersReached'],
  ['REACTION', 'totalReactions'],
  ['COMMENT', 'totalComments'],
  ['RESHARE', 'totalReshares'],
];

/**
 * LinkedIn member analytics for a user's LinkedIn connection. Every method takes a checked request
 * (its DTO: REST's pipe, `validateInput` for MCP) and the request context, and answers the spec's
 * shapes. Values are cached per user, connection, query and date range for 30 minutes in
 * a collection all instances share.
 */
@Injectable()
export class AnalyticsService {
  private readonly logger = new Logger(AnalyticsService.name);

  constructor(
    private readonly connections: ConnectionsService,
    private readonly cache: AnalyticsCacheRepository,
    private readonly linkedin: LinkedInAnalyticsClient,
  ) {}

  async followers(ctx: RequestContext, q: LinkedInFollowersRequest, now = new Date()): Promise<FollowersResponse> {
    const conn = await this.resolve(ctx, q.platformId);
    if (q.period === 'lifetime') {
      const r = await this.cached(conn, 'followers:lifetime', null, now, () => this.linkedin.followersLifetime(conn.accessToken));
      if (!r.ok) throw this.failure(r.error, 'Failed to fetch LinkedIn followers statistics');
      return { success: true, followersCount: r.value, cached: r.cached };
    }
    const range = q.dateRange!;
    const r = await this.cached(conn, 'followers:daily', range, now, () => this.linkedin.followersDaily(conn.accessToken, range));
    if (!r.ok) throw this.failure(r.error, 'Failed to fetch LinkedIn followers statistics');
    return { success: true, data: r.value, totalGrowth: totalGrowthOf(r.value), cached: r.cached };
  }

  /**
   * Not a LinkedIn endpoint: lifetime followers, follower growth over the range (with a range)
   * and the five account metrics (TOTAL, over the range when given). It reads and fills the same
   * cache entries as the other endpoints but reports no `cached` flag (its shape has none).
   */
  async profileSummary(ctx: RequestContext, q: LinkedInProfileSummaryRequest, now = new Date()): Promise<ProfileSummaryResponse> {
    const conn = await this.resolve(ctx, q.platformId);
    const range = q.dateRange ?? null;
    const [lifetime, period, ...posts] = await Promise.all([
      this.cached(conn, 'followers:lifetime', null, now, () => this.linkedin.followersLifetime(conn.accessToken)),
      range ? this.cached(conn, 'followers:daily', range, now, () => this.linkedin.followersDaily(conn.accessToken, range)) : Promise.resolve(null),
      ...PROFILE_POST_FIELDS.map(([metric]) =>
        this.cached(
          conn,
          accountQuery(metric, 'TOTAL'),
          range,
          now,
          () => this.linkedin.accountMetric(conn.accessToken, metric, 'TOTAL', range) as Promise<number | null>,
        ),
      ),
    ]);

    const errors: MetricError[] = [];
    let fetched = 0;
    const followers: ProfileSummary['followers'] = { total: 0 };
    if (lifetime.ok) {
      followers.total = lifetime.value;
      fetched++;
    } else {
      errors.push({ metric: 'followersLifetime', error: 'Failed to fetch follower count' });
    }
    if (period) {
      followers.periodGrowth = 0;
      if (period.ok) {
        followers.periodGrowth = totalGrowthOf(period.value);
        fetched++;
      } else {
        errors.push({ metric: 'followersPeriod', error: 'Failed to fetch follower growth' });
      }
    }
    const postTotals = {} as ProfileSummary['posts'];
    PROFILE_POST_FIELDS.forEach(([metric, field], i) => {
      const r = posts[i];
      if (r.ok) {
        postTotals[field] = r.value;
        fetched++;
      } else {
        postTotals[field] = 0;
        errors.push({ metric: `post_${metric}`, error: profileMetricError(metric) });
      }
    });
    // The spec lists the post fields in this order; keep it in the JSON.
    const profile: ProfileSummary = {
      followers,
      posts: {
        totalImpressions: postTotals.totalImpressions,
        totalMembersReached: postTotals.totalMembersReached,
        totalReactions: postTotals.totalReactions,
        totalComments: postTotals.totalComments,
        totalReshares: postTotals.totalReshares,
      },
    };
    if (errors.length === 0) return { success: true, profile };
    if (fetched === 0) {
      throw new ApiError(HttpStatus.BAD_GATEWAY, AnalyticsMessages.profileFetchFailed, { success: false, errors });
    }
    return { success: false, partialData: true, profile, errors };
  }

  async postStatistics(ctx: RequestContext, input: LinkedInPostStatisticsRequest, now = new Date()): Promise<PostStatisticsResponse> {
    const { platformId, postedId, selection } = postStatisticsQuery(input);
    const conn = await this.resolve(ctx, platformId);
    const fetch = (metric: Metric) =>
      this.cached(conn, `post:${postedId}:${metric}`, null, now, () => this.linkedin.postMetric(conn.accessToken, postedId, metric));

    if (selection.mode === 'single') {
      const r = await fetch(selection.metric);
      if (!r.ok) throw this.failure(r.error, METRIC_FETCH_ERROR);
      return { success: true, count: r.value, cached: r.cached };
    }
    const metrics = selection.metrics;
    const outcomes = await Promise.all(metrics.map(fetch));
    return this.combine(metrics, outcomes, {});
  }

  async accountStatistics(ctx: RequestContext, input: LinkedInAccountStatisticsRequest, now = new Date()): Promise<AccountStatisticsResponse> {
    const { platformId, selection, aggregation, dateRange: range } = accountStatisticsQuery(input);
    const conn = await this.resolve(ctx, platformId);
    const fetch = (metric: Metric) =>
      this.cached(conn, accountQuery(metric, aggregation), range, now, () => this.linkedin.accountMetric(conn.accessToken, metric, aggregation, range));

    if (selection.mode === 'single') {
      const r = await fetch(selection.metric);
      if (!r.ok) throw this.failure(r.error, METRIC_FETCH_ERROR);
      return { success: true, data: r.value, aggregation, cached: r.cached };
    }
    const metrics = selection.metrics;
    const outcomes = await Promise.all(metrics.map(fetch));
    return this.combine(metrics, outcomes, { aggregation });
  }

  /**
   * Multi-metric answer: failed metrics are null with an errors entry. When nothing at all was
   * obtained and LinkedIn said 403 or 429, that status is forwarded instead.
   */
  private combine<T extends MetricValue, E extends object>(
    metrics: Metric[],
    outcomes: Array<Outcome<T>>,
    extra: E,
  ): { success: boolean; metrics: Partial<Record<Metric, T | null>>; errors?: MetricError[]; cachedMetrics?: Metric[]; cached: boolean } & E {
    const values: Partial<Record<Metric, T | null>> = {};
    const errors: MetricError[] = [];
    const cachedMetrics: Metric[] = [];
    outcomes.forEach((r, i) => {
      const metric = metrics[i];
      if (r.ok) {
        values[metric] = r.value;
        if (r.cached) cachedMetrics.push(metric);
      } else {
        values[metric] = null;
        errors.push({ metric, error: METRIC_FETCH_ERROR });
      }
    });
    if (errors.length === metrics.length) {
      const forwarded = outcomes.map((r) => (r.ok ? null : this.forwarded(r.error))).find(Boolean);
      if (forwarded) throw forwarded;
    }
    return {
      success: errors.length === 0,
      metrics: values,
      ...extra,
      ...(errors.length ? { errors } : {}),
      ...(cachedMetrics.length ? { cachedMetrics } : {}),
      cached: cachedMetrics.length > 0,
    };
  }

  /** The acting user's LinkedIn connection with that compound id, and its decrypted token. */
  private async resolve(ctx: RequestContext, platformId: string): Promise<ResolvedConnection> {
    const [connection] = (await this.connections.findOwned(ctx.userId, [platformId])).filter((c) => c.platform === 'linkedin');
    if (!connection) throw ApiError.notFound(AnalyticsMessages.linkedInNotFound);
    const credentials = await this.connections.getCredentials(ctx.userId, connection.id);
    return { scope: { userId: ctx.userId, connectionId: connection.id }, accessToken: credentials.accessToken };
  }

  /**
   * A value from the cache, else from LinkedIn (then cached). The cache is an optimisation: its
   * failures are logged and never fail the request.
   */
  private async cached<T>(conn: ResolvedConnection, query: string, range: DateRange | null, now: Date, load: () => Promise<T>): Promise<Outcome<T>> {
    const key = rangeKey(range);
    try {
      const hit = await this.cache.getMany(conn.scope, [query], key, now);
      if (hit.has(query)) return { ok: true, value: hit.get(query) as T, cached: true };
    } catch (err) {
      this.logger.warn({ err, query }, 'Analytics cache read failed');
    }
    let value: T;
    try {
      value = await load();
    } catch (error) {
      this.logger.warn({ err: error, query }, 'LinkedIn analytics fetch failed');
      return { ok: false, error };
    }
    try {
      await this.cache.put(conn.scope, query, key, value, now, ANALYTICS_CACHE_TTL_MS);
    } catch (err) {
      this.logger.warn({ err, query }, 'Analytics cache write failed');
    }
    return { ok: true, value, cached: false };
  }

  /** LinkedIn's 403 / 429 as our answer with the same status, or null for any other failure. */
  private forwarded(error: unknown): ApiError | null {
    if (!(error instanceof LinkedInUpstreamError) || error.status === null || !FORWARDED_STATUSES.has(error.status)) return null;
    const text = error.status === HttpStatus.TOO_MANY_REQUESTS ? 'LinkedIn rate limit exceeded' : 'LinkedIn denied access to this analytics data';
    return new ApiError(error.status, text, error.upstreamMessage ? { details: error.upstreamMessage } : {});
  }

  private failure(error: unknown, message: string): ApiError {
    return this.forwarded(error) ?? ApiError.internal(message);
  }
}

function accountQuery(metric: Metric, aggregation: Aggregation): string {
  return `account:${metric}:${aggregation}`;
}
