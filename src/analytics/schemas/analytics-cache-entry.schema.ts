import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types, Schema as MongooseSchema } from 'mongoose';

/**
 * One cached LinkedIn analytics answer, shared by every app instance. Keyed by user, connection,
 * query (endpoint + metric + aggregation/period, e.g. `account:IMPRESSION:TOTAL`) and date range
 * (`2024-05-01..2024-05-07`, '' when none). MongoDB's TTL monitor removes expired entries; reads
 * also ignore them, since the monitor only runs about once a minute.
 */
@Schema({ collection: 'analytics_cache', minimize: false })
export class AnalyticsCacheEntry {
  @Prop({ type: MongooseSchema.Types.ObjectId, required: true })
  userId: Types.ObjectId;

  @Prop({ type: MongooseSchema.Types.ObjectId, required: true })
  connectionId: Types.ObjectId;

  @Prop({ type: String, required: true })
  query: string;

  @Prop({ type: String, default: '' })
  range: string;

  /** The mapped value (a count, null for LinkedIn's -1, or a daily series). */
  @Prop({ type: Object, default: null })
  value: unknown;

  @Prop({ type: Date, required: true })
  fetchedAt: Date;

  @Prop({ type: Date, required: true })
  expiresAt: Date;
}

export const AnalyticsCacheEntrySchema = SchemaFactory.createForClass(AnalyticsCacheEntry);
AnalyticsCacheEntrySchema.index({ userId: 1, connectionId: 1, query: 1, range: 1 }, { unique: true });
AnalyticsCacheEntrySchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
