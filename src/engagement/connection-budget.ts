import { Injectable, Logger } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { RateLimiterMongo, RateLimiterRes } from 'rate-limiter-flexible';

const HOUR_SECONDS = 3600;

/**
 * Each connection's metric requests per hour (rate-limiter-flexible's Mongo store, collection
 * `engagement_budgets`, shared by every instance). Publishing never draws on it: metrics wait,
 * posts do not.
 */
@Injectable()
export class ConnectionBudget {
  private readonly logger = new Logger(ConnectionBudget.name);
  private limiter: RateLimiterMongo | null = null;

  constructor(@InjectConnection() private readonly connection: Connection) {}

  configure(requestsPerHour: number): void {
    this.limiter = new RateLimiterMongo({
      storeClient: this.connection.getClient(),
      dbName: this.connection.db!.databaseName,
      tableName: 'engagement_budgets',
      keyPrefix: 'engagement',
      points: requestsPerHour,
      duration: HOUR_SECONDS,
    });
  }

  /** Takes one request of the connection's budget: 0 when taken, else milliseconds until one is free. */
  async take(connectionId: string): Promise<number> {
    if (!this.limiter) throw new Error('ConnectionBudget used before configure()');
    try {
      await this.limiter.consume(connectionId, 1);
      return 0;
    } catch (err) {
      if (err instanceof RateLimiterRes) return Math.max(1_000, err.msBeforeNext);
      // The store cannot be reached: no metrics this time rather than an unbounded burst.
      this.logger.warn({ err }, 'Engagement budget unavailable; collection waits');
      return 60_000;
    }
  }

  /** The platform said to wait: the connection's budget is spent until then. */
  async blockFor(connectionId: string, ms: number): Promise<void> {
    if (!this.limiter) return;
    await this.limiter.block(connectionId, Math.ceil(ms / 1000)).catch(() => undefined);
  }
}
