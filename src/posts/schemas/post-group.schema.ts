import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema, Types } from 'mongoose';
import { POST_GROUP_STATUSES, type PostGroupStatus, PROCESSING_STATUSES, type ProcessingStatus } from '@app/rules';

/** One create-post request: the content and schedule shared by its platform posts. */
export type ApprovalState = 'pending' | 'approved' | 'rejected';

export interface PostApproval {
  state: ApprovalState;
  requestedBy: Types.ObjectId;
  requestedAt: Date;
  /** What was asked: a time (null: as soon as approved), or the next queue slot. */
  scheduledTime: Date | null;
  queue: boolean;
  decidedBy?: Types.ObjectId;
  decidedAt?: Date;
  comment?: string;
}

@Schema({ collection: 'post_groups', timestamps: true })
export class PostGroup {
  @Prop({ type: MongooseSchema.Types.ObjectId, required: true })
  userId: Types.ObjectId;

  @Prop({ type: String, required: true })
  content: string;

  @Prop({ type: String, enum: POST_GROUP_STATUSES, required: true })
  status: PostGroupStatus;

  /** Absent (not null) for drafts without a time, so range filters skip them. */
  @Prop({ type: Date })
  scheduledTime?: Date;

  @Prop({ type: String, enum: PROCESSING_STATUSES, default: 'pending' })
  processingStatus: ProcessingStatus;

  /** Merged settings per platform (tiktok, instagram, youtube, threads). */
  @Prop({ type: MongooseSchema.Types.Mixed, default: () => ({}) })
  platformSettings: Record<string, Record<string, unknown>>;

  /**
   * Bare platform names of the targeted connections, lowercase: denormalised from the platform
   * posts so list-posts can filter by platform with an index instead of a join.
   */
  @Prop({ type: [String], default: [] })
  platforms: string[];

  /** References to the media module's records (it owns them) and their public URLs. */
  @Prop({ type: [MongooseSchema.Types.ObjectId], default: [] })
  mediaIds: Types.ObjectId[];

  @Prop({ type: [String], default: [] })
  mediaUrls: string[];

  /** create-post `firstComment`, as given; each platform post that takes it holds its own copy and outcome. */
  @Prop({ type: String })
  firstComment?: string;

  /** Placed by the queue (scheduled at a slot, or held as a draft while its schedule has none); list-posts and get-post show `fromQueue: true`. */
  @Prop({ type: Boolean })
  fromQueue?: boolean;

  /**
   * A team editor's request to publish, in an account that requires approval (docs/teams.md):
   * the group stays a draft while `pending`; an approver schedules it (`approved`) or sends it
   * back with a comment (`rejected`). Absent for every post no editor asked approval for.
   */
  @Prop({ type: MongooseSchema.Types.Mixed })
  approval?: PostApproval;

  /** The publishing claim that moved the group to `processing` (so one instance logs it). Internal. */
  @Prop({ type: String })
  processingClaim?: string;

  createdAt: Date;
  updatedAt: Date;
}

export const PostGroupSchema = SchemaFactory.createForClass(PostGroup);
// list-posts: the acting user, optionally a status or a platform, sorted by one of three keys.
for (const sortKey of ['createdAt', 'updatedAt', 'scheduledTime'] as const) {
  PostGroupSchema.index({ userId: 1, [sortKey]: -1, _id: -1 });
  PostGroupSchema.index({ userId: 1, status: 1, [sortKey]: -1, _id: -1 });
  PostGroupSchema.index({ userId: 1, platforms: 1, [sortKey]: -1, _id: -1 });
}

/** A stored post group as a lean read returns it. */
export type PostGroupRecord = PostGroup & { _id: Types.ObjectId };
