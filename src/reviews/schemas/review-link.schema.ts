import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types, Schema as MongooseSchema } from 'mongoose';

/** What a reviewer said through the link. */
export interface ReviewDecision {
  at: Date;
  decision: 'approved' | 'commented';
  comment: string | null;
  /** The name the reviewer typed (optional; they have no account). */
  name: string | null;
}

/** A link for someone outside the team to review one post: only the SHA-256 of its token is kept. */
@Schema({ collection: 'review_links', timestamps: { createdAt: true, updatedAt: false } })
export class ReviewLink {
  @Prop({ type: MongooseSchema.Types.ObjectId, required: true })
  accountId: Types.ObjectId;

  @Prop({ type: MongooseSchema.Types.ObjectId, required: true })
  postGroupId: Types.ObjectId;

  @Prop({ type: String, required: true, unique: true })
  tokenHash: string;

  @Prop({ type: Date, required: true })
  expiresAt: Date;

  @Prop({ type: Date, default: null })
  revokedAt: Date | null;

  @Prop({ type: MongooseSchema.Types.ObjectId, required: true })
  createdBy: Types.ObjectId;

  @Prop({ type: [MongooseSchema.Types.Mixed], default: [] })
  decisions: ReviewDecision[];

  createdAt: Date;
}

export const ReviewLinkSchema = SchemaFactory.createForClass(ReviewLink);
ReviewLinkSchema.index({ accountId: 1, postGroupId: 1, createdAt: -1 });
export type ReviewLinkRecord = ReviewLink & { _id: Types.ObjectId };
