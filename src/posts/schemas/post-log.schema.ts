import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema, Types } from 'mongoose';
import { ALL_POST_LOG_EVENTS, type AnyPostLogEvent } from '@app/rules';

/** One publish-log event of a group (spec "Post log entry"); optional fields stay absent. */
@Schema({ collection: 'post_logs', timestamps: true, minimize: false })
export class PostLog {
  @Prop({ type: MongooseSchema.Types.ObjectId, required: true })
  postGroupId: Types.ObjectId;
  /** Scope of every query; never returned. */
  @Prop({ type: MongooseSchema.Types.ObjectId, required: true })
  userId: Types.ObjectId;
  @Prop({ type: MongooseSchema.Types.ObjectId })
  postId?: Types.ObjectId;
  @Prop({ type: String })
  platform?: string;
  /** The spec's six events, or a first comment's (`first_comment_*`). */
  @Prop({ type: String, enum: ALL_POST_LOG_EVENTS, required: true })
  event: AnyPostLogEvent;
  @Prop({ type: String })
  error?: string;
  @Prop({ type: Number })
  httpStatus?: number;
  @Prop({ type: Number })
  retryCount?: number;
  @Prop({ type: MongooseSchema.Types.Mixed })
  metadata?: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
}

export const PostLogSchema = SchemaFactory.createForClass(PostLog);
PostLogSchema.index({ postGroupId: 1, createdAt: 1, _id: 1 });

/** A stored post log as a lean read returns it. */
export type PostLogRecord = PostLog & { _id: Types.ObjectId; /** Mongoose's version key, which get-post-logs shows. */ __v: number };
