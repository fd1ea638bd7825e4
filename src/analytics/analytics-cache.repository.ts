import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { Repository } from '../database/repository';
import { AnalyticsCacheEntry } from './schemas/analytics-cache-entry.schema';

export interface CacheScope {
  userId: string;
  connectionId: string;
}

/** Cached analytics values; every query carries the acting user and the connection. */
@Injectable()
export class AnalyticsCacheRepository extends Repository<AnalyticsCacheEntry> {
  constructor(@InjectModel(AnalyticsCacheEntry.name) model: Model<AnalyticsCacheEntry>) {
    super(model);
  }

  private scoped(scope: CacheScope) {
    return { userId: this.oid(scope.userId), connectionId: this.oid(scope.connectionId) };
  }

  /** Live (unexpired) values of the given queries for one range, by query. */
  async getMany(scope: CacheScope, queries: string[], range: string, now: Date): Promise<Map<string, unknown>> {
    const docs = await this.find<{ query: string; value: unknown }>(
      { ...this.scoped(scope), query: { $in: queries }, range, expiresAt: { $gt: now } },
      { projection: { query: 1, value: 1 } },
    );
    return new Map(docs.map((d) => [d.query, d.value ?? null]));
  }

  async put(scope: CacheScope, query: string, range: string, value: unknown, now: Date, ttlMs: number): Promise<void> {
    await this.updateOne(
      { ...this.scoped(scope), query, range },
      { $set: { value, fetchedAt: now, expiresAt: new Date(now.getTime() + ttlMs) } },
      { upsert: true },
    );
  }
}
