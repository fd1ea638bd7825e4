import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema, Types } from 'mongoose';
import { FIRST_COMMENT_STATUSES, PLATFORM_POST_STATUSES, type FirstCommentStatus, type PlatformPostStatus } from '@app/rules';

/** Why a platform post failed: the reference notes' richer error object. */
@Schema({ _id: false })
export class PlatformPostError {
  @Prop({ type: String, required: true })
  code: string;
  @Prop({ type: String, required: true })
  message: string;
  @Prop({ type: Number })
  platformStatusCode?: number;
  @Prop({ type: String, default: null })
  platformError: string | null;
  @Prop({ type: Date, required: true })
  failedAt: Date;
  @Prop({ type: Boolean, required: true })
  retryable: boolean;
  /** What a program branches on (src/platforms/error-category.ts); absent on failures stored before categories. */
  @Prop({ type: String })
  category?: string;
}
const PlatformPostErrorSchema = SchemaFactory.createForClass(PlatformPostError);

/** The publishing engine's lease on a platform post (filled by the engine, not by posts). */
@Schema({ _id: false })
export class PlatformPostClaim {
  @Prop({ type: String, required: true })
  owner: string;
  @Prop({ type: Date, required: true })
  leaseUntil: Date;
  @Prop({ type: Number, required: true })
  attempt: number;
  /** Publishing engine: identifies one claim batch, so a claimer reads back exactly its own claims. */
  @Prop({ type: String })
  token?: string;
}
const PlatformPostClaimSchema = SchemaFactory.createForClass(PlatformPostClaim);

/**
 * The comment published under a platform post right after it succeeds (X, Threads, Bluesky,
 * Mastodon: a reply; LinkedIn, Facebook, Instagram, YouTube: a comment). Its outcome never changes
 * the post's own status.
 */
@Schema({ _id: false })
export class PlatformPostFirstComment {
  @Prop({ type: String, required: true })
  content: string;
  @Prop({ type: String, enum: FIRST_COMMENT_STATUSES, required: true })
  status: FirstCommentStatus;
  @Prop({ type: String })
  postedId?: string;
  @Prop({ type: String })
  publishedUrl?: string;
  @Prop({ type: Date })
  publishedAt?: Date;
  @Prop({ type: Number, default: 0 })
  attemptCount: number;
  /** Set just before the platform call, cleared with its outcome: a crash in between is an unknown outcome, never resent blindly. */
  @Prop({ type: MongooseSchema.Types.Mixed })
  attemptInFlight?: { startedAt: Date; owner: string };
  /** A retryable failure waits until this time. */
  @Prop({ type: Date })
  nextAttemptAt?: Date;
  @Prop({ type: MongooseSchema.Types.Mixed })
  error?: { code: string; message: string; category: string; retryable: boolean; failedAt: Date };
}
const PlatformPostFirstCommentSchema = SchemaFactory.createForClass(PlatformPostFirstComment);

/** One targeted connection of a post group. */
@Schema({ collection: 'platform_posts', timestamps: true })
export class PlatformPost {
  @Prop({ type: MongooseSchema.Types.ObjectId, required: true })
  postGroupId: Types.ObjectId;
  @Prop({ type: MongooseSchema.Types.ObjectId, required: true })
  userId: Types.ObjectId;
  @Prop({ type: MongooseSchema.Types.ObjectId, required: true })
  connectionId: Types.ObjectId;
  @Prop({ type: String, required: true })
  platform: string;
  /** The connection's compound id (`compoundPlatformId`) when the post was made; get-post shows it without its prefix. */
  @Prop({ type: String, required: true })
  platformId: string;
  /** The platform's own account id (Bluesky: the DID). */
  @Prop({ type: String, required: true })
  externalId: string;
  @Prop({ type: String, enum: PLATFORM_POST_STATUSES, required: true })
  status: PlatformPostStatus;
  /** What this account publishes: the group's content, or its override (`contentOverridden`). */
  @Prop({ type: String, required: true })
  content: string;
  /** The content is this account's own (create-post `contentOverrides`), kept when the group's content changes. */
  @Prop({ type: Boolean })
  contentOverridden?: boolean;
  /** Present when the post was created with a first comment and its platform takes one. */
  @Prop({ type: PlatformPostFirstCommentSchema })
  firstComment?: PlatformPostFirstComment;
  /** Copy of the group's time, so the engine's due query reads one collection. */
  @Prop({ type: Date })
  scheduledTime?: Date;
  @Prop({ type: String })
  postedId?: string;
  @Prop({ type: String })
  publishedUrl?: string;
  @Prop({ type: Date })
  publishedAt?: Date;
  @Prop({ type: PlatformPostErrorSchema })
  error?: PlatformPostError;
  @Prop({ type: PlatformPostClaimSchema })
  claim?: PlatformPostClaim;
  /**
   * Queue: the slot this post holds while it is scheduled from its connection's queue. Unique per
   * connection (the index below), so two adds can never take one slot.
   */
  @Prop({ type: Date })
  queueSlot?: Date;
  /** Queue: the post's place in its connection's queue (its slot, or its last one while held as a draft). */
  @Prop({ type: Date })
  queuedFor?: Date;
  @Prop({ type: Number, default: 0 })
  attemptCount: number;
  /** Publishing engine: a retry or advisory-rate deferral waits until this time. */
  @Prop({ type: Date })
  nextAttemptAt?: Date;
  /**
   * Publishing engine: set just before a platform call, cleared once its outcome is stored.
   * `logId`/`retryCount`: the call's `publish_attempted` entry, written with the outcome; an
   * instance that takes the post over writes it from here (see docs/publishing.md).
   */
  @Prop({ type: MongooseSchema.Types.Mixed })
  attemptInFlight?: { startedAt: Date; part: number; logId?: Types.ObjectId; retryCount?: number };
  /** Publishing engine: reply-chain progress (X, Threads), so a resumed chain never reposts a part. */
  @Prop({ type: MongooseSchema.Types.Mixed })
  threadParts?: Array<{ content: string; postedId?: string; url?: string }>;
  /**
   * Recovery: `attemptCount` when the post was last retried by hand; the automatic retry budget
   * counts attempts after it.
   */
  @Prop({ type: Number })
  retriedAttempts?: number;
  /** Recovery: when the post was deleted from its platform (status `unpublished`). */
  @Prop({ type: Date })
  unpublishedAt?: Date;
  /** Recovery: a delete request is with the platform (set atomically, so two requests never both send). */
  @Prop({ type: MongooseSchema.Types.Mixed })
  unpublishInFlight?: { token: string; startedAt: Date };
  /** Recovery: why the last delete request failed (the post stays published). */
  @Prop({ type: MongooseSchema.Types.Mixed })
  unpublishError?: { code: string; message: string; category: string; failedAt: Date };
  createdAt: Date;
  updatedAt: Date;
}

export const PlatformPostSchema = SchemaFactory.createForClass(PlatformPost);
// The page's platform posts and get-post: group id + scope in one index.
PlatformPostSchema.index({ postGroupId: 1, userId: 1 });
// Usage counting (monthly, pending) over the billing account's users.
PlatformPostSchema.index({ userId: 1, status: 1, scheduledTime: 1 });
// Spacing: other scheduled posts on the same connections.
PlatformPostSchema.index({ platformId: 1, status: 1, scheduledTime: 1 });
// The publishing engine's due query (status scheduled, time reached).
PlatformPostSchema.index({ status: 1, scheduledTime: 1 });
// Its claim round: the platforms with due posts (the embedded database reads one entry per
// platform from it instead of every due post) and each platform's oldest due posts, in the
// claim's order (`_id` breaks ties), read from the index up to the round's share.
PlatformPostSchema.index({ status: 1, platform: 1, scheduledTime: 1, _id: 1 });
// The publishing engine's lease takeover (processing, lease expired).
PlatformPostSchema.index({ status: 1, 'claim.leaseUntil': 1 });

// The first-comment sweep: comments waiting for a retry, and attempts left mid-call.
PlatformPostSchema.index(
  { 'firstComment.status': 1, 'firstComment.nextAttemptAt': 1 },
  { partialFilterExpression: { 'firstComment.status': { $exists: true } } },
);

// The queue's claim: one post per connection and slot.
PlatformPostSchema.index({ connectionId: 1, queueSlot: 1 }, { unique: true, partialFilterExpression: { queueSlot: { $exists: true } } });
// A connection's queue in order.
PlatformPostSchema.index({ userId: 1, connectionId: 1, queuedFor: 1 }, { partialFilterExpression: { queuedFor: { $exists: true } } });

/** A stored platform post as a lean read returns it. */
export type PlatformPostRecord = PlatformPost & { _id: Types.ObjectId };
