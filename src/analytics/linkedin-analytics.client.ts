import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config.service';
import { PlatformError } from '../platforms/platform-adapter';
import { platformFetch, readJson } from '../platforms/platform-http';
import { dailyCountsOf, dailyFollowersOf, lifetimeFollowersOf, postEntityParam, restliDateRange, totalCountOf, type DailyPoint } from './analytics-results';
import type { Aggregation, Metric } from './analytics-metrics';
import type { DateRange } from './analytics-rules';

/**
 * A failed LinkedIn call. `status` is LinkedIn's HTTP status (null when no answer came: network
 * error, timeout, unreadable body); `upstreamMessage` is LinkedIn's own text, for logs and the
 * forwarded 403/429 body.
 */
export class LinkedInUpstreamError extends Error {
  constructor(
    readonly status: number | null,
    readonly upstreamMessage: string | null,
  ) {
    super(`LinkedIn analytics call failed${status ? ` (HTTP ${status})` : ''}${upstreamMessage ? `: ${upstreamMessage}` : ''}`);
    this.name = 'LinkedInUpstreamError';
  }
}

/**
 * LinkedIn's member analytics (versioned REST API): memberFollowersCount and
 * memberCreatorPostAnalytics. Every call carries `LinkedIn-Version` and
 * `X-Restli-Protocol-Version: 2.0.0`; query values use Rest.li syntax, so the query string is
 * built by hand (URLSearchParams would encode the parentheses and colons LinkedIn parses).
 */
@Injectable()
export class LinkedInAnalyticsClient {
  constructor(private readonly config: AppConfig) {}

  private get restUrl(): string {
    return `${this.config.env.LINKEDIN_API_URL.replace(/\/+$/, '')}/rest`;
  }

  /** Lifetime follower count of the token's member. */
  async followersLifetime(accessToken: string): Promise<number | null> {
    return lifetimeFollowersOf(await this.get(accessToken, 'memberFollowersCount', ['q=me']));
  }

  /** Follower change per day over the range. */
  async followersDaily(accessToken: string, range: DateRange): Promise<Array<{ date: string; count: number | null }>> {
    return dailyFollowersOf(await this.get(accessToken, 'memberFollowersCount', ['q=dateRange', `dateRange=${restliDateRange(range)}`]));
  }

  /** Lifetime total of one metric for one post (share or ugcPost). */
  async postMetric(accessToken: string, postedId: string, metric: Metric): Promise<number | null> {
    const params = ['q=entity', `entity=${postEntityParam(postedId)}`, `queryType=${metric}`, 'aggregation=TOTAL'];
    return totalCountOf(await this.get(accessToken, 'memberCreatorPostAnalytics', params));
  }

  /** One metric over all of the member's posts: a number for TOTAL, one point per day for DAILY. */
  async accountMetric(accessToken: string, metric: Metric, aggregation: Aggregation, range: DateRange | null): Promise<number | null | DailyPoint[]> {
    const params = ['q=me', `queryType=${metric}`, `aggregation=${aggregation}`];
    if (range) params.push(`dateRange=${restliDateRange(range)}`);
    const body = await this.get(accessToken, 'memberCreatorPostAnalytics', params);
    return aggregation === 'DAILY' ? dailyCountsOf(body) : totalCountOf(body);
  }

  private async get(accessToken: string, resource: string, params: string[]): Promise<unknown> {
    let res: Response;
    try {
      res = await platformFetch(`${this.restUrl}/${resource}?${params.join('&')}`, {
        method: 'GET',
        headers: {
          authorization: `Bearer ${accessToken}`,
          'linkedin-version': this.config.env.LINKEDIN_API_VERSION,
          'x-restli-protocol-version': '2.0.0',
          accept: 'application/json',
        },
        timeoutMs: this.config.env.PLATFORM_REQUEST_TIMEOUT_MS,
      });
    } catch (err) {
      if (err instanceof PlatformError) throw new LinkedInUpstreamError(null, err.message);
      throw err;
    }
    const body = await readJson<{ message?: string }>(res);
    if (!res.ok) throw new LinkedInUpstreamError(res.status, typeof body?.message === 'string' ? body.message : null);
    if (body === null) throw new LinkedInUpstreamError(null, 'LinkedIn answered without a JSON body');
    return body;
  }
}
