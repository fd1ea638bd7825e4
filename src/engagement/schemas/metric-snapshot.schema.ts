import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema, Types } from 'mongoose';
import { METRIC_SUBJECTS, type MetricSubject } from './metric-track.schema';

/** One reading of a post's or an account's counters, as the platform gave them at `takenAt`. */
@Schema({ collection: 'metric_snapshots', timestamps: { createdAt: true, updatedAt: false } })
export class MetricSnapshot {
  @Prop({ type: String, enum: METRIC_SUBJECTS, required: true })
  subject: MetricSubject;
  @Prop({ type: MongooseSchema.Types.ObjectId, required: true })
  userId: Types.ObjectId;
  @Prop({ type: MongooseSchema.Types.ObjectId, required: true })
  connectionId: Types.ObjectId;
  @Prop({ type: String, required: true })
  platform: string;
  @Prop({ type: String, required: true })
  platformId: string;
  @Prop({ type: MongooseSchema.Types.ObjectId })
  postId?: Types.ObjectId;
  @Prop({ type: MongooseSchema.Types.ObjectId })
  postGroupId?: Types.ObjectId;
  @Prop({ type: Date, required: true })
  takenAt: Date;
  /** Counter name → value (MetricValues: shared names and the platform's own). */
  @Prop({ type: MongooseSchema.Types.Mixed, required: true })
  values: Record<string, number>;
  createdAt: Date;
}

export const MetricSnapshotSchema = SchemaFactory.createForClass(MetricSnapshot);
// A group's or a post's series.
MetricSnapshotSchema.index({ userId: 1, postGroupId: 1, takenAt: 1 });
// Posts' latest readings (top posts, best times).
MetricSnapshotSchema.index({ postId: 1, takenAt: 1 }, { partialFilterExpression: { subject: 'post' } });
// An account's series over a range.
MetricSnapshotSchema.index({ userId: 1, connectionId: 1, subject: 1, takenAt: 1 });

export type MetricSnapshotRecord = MetricSnapshot & { _id: Types.ObjectId };
