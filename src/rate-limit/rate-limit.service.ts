import { Injectable, Logger } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { RateLimiterMongo, RateLimiterRes } from 'rate-limiter-flexible';
import { AppConfig } from '../config/app-config.service';
import type { RateLimitDecision } from './rate-limit-headers';

export const RATE_LIMIT_WINDOW_SECONDS = 60;

/**
 * The opt-in per-API-key request limit (RATE_LIMIT_PER_MINUTE; the spec says per-request limits
 * are not enforced, so it is off by default). Counters live in the database (rate-limiter-flexible's
 * Mongo store, collection `api_rate_limits`, expired by a TTL index), so every instance shares
 * them. When the store cannot be reached the request goes through: a database hiccup must not
 * turn into an outage of the whole API.
 */
@Injectable()
export class RateLimitService {
  private readonly logger = new Logger(RateLimitService.name);
  private readonly limiter: RateLimiterMongo | null;
  readonly limit: number;

  constructor(config: AppConfig, @InjectConnection() connection: Connection) {
    this.limit = config.env.RATE_LIMIT_PER_MINUTE;
    this.limiter = this.limit
      ? new RateLimiterMongo({
          storeClient: connection.getClient(),
          dbName: connection.db!.databaseName,
          tableName: 'api_rate_limits',
          keyPrefix: 'api',
          points: this.limit,
          duration: RATE_LIMIT_WINDOW_SECONDS,
        })
      : null;
  }

  get enabled(): boolean {
    return this.limiter !== null;
  }

  /**
   * Counts a request needing `points` (one, or one per request of an MCP batch) for `key`; null when
   * the limit is off or its store failed. A refused request uses nothing: its points go back, so a
   * batch refused whole leaves what was left usable. One needing more than a whole window is
   * refused without touching the counter.
   */
  async consume(key: string, points = 1): Promise<RateLimitDecision | null> {
    if (!this.limiter) return null;
    try {
      if (points > this.limit) {
        const current = await this.limiter.get(key);
        return current
          ? { ...this.decision(current, false, points), remaining: current.remainingPoints }
          : { allowed: false, limit: this.limit, remaining: this.limit, resetSeconds: RATE_LIMIT_WINDOW_SECONDS, points };
      }
      return this.decision(await this.limiter.consume(key, points), true, points);
    } catch (err) {
      if (err instanceof RateLimiterRes) return this.refused(key, err, points);
      this.logger.warn(`Request rate limit store unavailable, letting the request through: ${(err as Error).message}`);
      return null;
    }
  }

  private async refused(key: string, res: RateLimiterRes, points: number): Promise<RateLimitDecision> {
    const before = res.consumedPoints - points;
    // Only when something was left: past the limit a flood of refusals costs one write each.
    if (before < this.limit) {
      await this.limiter!.reward(key, points).catch((err: Error) => this.logger.warn(`Could not give back the points of a refused request: ${err.message}`));
    }
    return { ...this.decision(res, false, points), remaining: Math.max(0, this.limit - before) };
  }

  private decision(res: RateLimiterRes, allowed: boolean, points: number): RateLimitDecision {
    return {
      allowed,
      limit: this.limit,
      remaining: res.remainingPoints,
      resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
      points,
    };
  }
}
