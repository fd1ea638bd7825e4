import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { AnalyticsCacheEntry } from './schemas/analytics-cache-entry.schema';

export interface CacheScope {
  userId: string;
  connectionId: string;
}

/** Cached analytics values; every query carries the acting user and the connection. */
@Injectable()
export class AnalyticsCacheRepository {
  constructor(@InjectModel(AnalyticsCacheEntry.name) private readonly model: Model<AnalyticsCacheEntry>) {}

  /** Live (unexpired) values of the given queries for one range, by query. */
  async getMany(scope: CacheScope, queries: string[], range: string, now: Date): Promise<Map<string, unknown>> {
    const docs = await this.model
      .find({
        userId: new Types.ObjectId(scope.userId),
        connectionId: new Types.ObjectId(scope.connectionId),
        query: { $in: queries },
        range,
        expiresAt: { $gt: now },
      })
      .select({ query: 1, value: 1 })
      .lean<Array<{ query: string; value: unknown }>>()
      .exec();
    return new Map(docs.map((d) => [d.query, d.value ?? null]));
  }

  async put(scope: CacheScope, query: string, range: string, value: unknown, now: Date, ttlMs: number): Promise<void> {
    const filter = {
      userId: new Types.ObjectId(scope.userId),
      connectionId: new Types.ObjectId(scope.connectionId),
      query,
      range,
    };
    await this.model.updateOne(filter, { $set: { value, fetchedAt: now, expiresAt: new Date(now.getTime() + ttlMs) } }, { upsert: true }).exec();
  }
}
