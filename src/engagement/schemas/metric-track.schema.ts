import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema, Types } from 'mongoose';

export const METRIC_SUBJECTS = ['post', 'account'] as const;
export type MetricSubject = (typeof METRIC_SUBJECTS)[number];

/**
 * What the collector still has to read: one track per published platform post (its steps, then
 * done) and one per connection (its account metrics, daily). Claimed with a lease, as publishing
 * claims platform posts, so several instances never read the same thing twice.
 */
@Schema({ collection: 'metric_tracks', timestamps: true })
export class MetricTrack {
  @Prop({ type: String, enum: METRIC_SUBJECTS, required: true })
  subject: MetricSubject;
  @Prop({ type: MongooseSchema.Types.ObjectId, required: true })
  userId: Types.ObjectId;
  @Prop({ type: MongooseSchema.Types.ObjectId, required: true })
  connectionId: Types.ObjectId;
  @Prop({ type: String, required: true })
  platform: string;
  /** The connection's compound id. */
  @Prop({ type: String, required: true })
  platformId: string;
  /** Post tracks: the platform post, its group and its id on the platform. */
  @Prop({ type: MongooseSchema.Types.ObjectId })
  postId?: Types.ObjectId;
  @Prop({ type: MongooseSchema.Types.ObjectId })
  postGroupId?: Types.ObjectId;
  @Prop({ type: String })
  postedId?: string;
  @Prop({ type: String })
  publishedUrl?: string;
  @Prop({ type: Date })
  publishedAt?: Date;
  /** Post tracks: the step (collection-schedule.ts) due at `nextAt`. */
  @Prop({ type: Number, default: 0 })
  step: number;
  /** When it is due; null once nothing is left to read. */
  @Prop({ type: Date, default: null })
  nextAt: Date | null;
  /** Why nothing more is read: the post is gone from the platform, or the platform gives no metrics. */
  @Prop({ type: String, default: null })
  endedBecause: string | null;
  /** The last failure, kept for the API's answer (a missing permission names it). */
  @Prop({ type: MongooseSchema.Types.Mixed, default: null })
  lastError: { code: string; message: string; category: string; at: Date } | null;
  @Prop({ type: Number, default: 0 })
  failures: number;
  @Prop({ type: MongooseSchema.Types.Mixed })
  claim?: { owner: string; token: string; leaseUntil: Date };
  createdAt: Date;
  updatedAt: Date;
}

export const MetricTrackSchema = SchemaFactory.createForClass(MetricTrack);
// One track per platform post, and one account track per connection.
MetricTrackSchema.index({ postId: 1 }, { unique: true, partialFilterExpression: { subject: 'post' } });
MetricTrackSchema.index({ connectionId: 1, subject: 1 }, { unique: true, partialFilterExpression: { subject: 'account' } });
// The collector's due query, oldest first.
MetricTrackSchema.index({ nextAt: 1 });
// A connection's tracks (backoff, removal).
MetricTrackSchema.index({ connectionId: 1, nextAt: 1 });

export type MetricTrackRecord = MetricTrack & { _id: Types.ObjectId };
