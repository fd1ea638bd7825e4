import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { Repository, type Filter } from '../database/repository';
import { PlatformPost, type PlatformPostRecord } from '../posts/schemas/platform-post.schema';

/** Who holds a comment's attempt: the instance and when it started (stored as `firstComment.attemptInFlight`). */
export interface CommentAttempt {
  owner: string;
  startedAt: Date;
}

/** A comment's stored outcome, written by the attempt's holder. */
export type CommentOutcomeWrite =
  | { status: 'published'; postedId: string; publishedUrl?: string; publishedAt: Date }
  | { status: 'pending'; nextAttemptAt: Date; error: NonNullable<NonNullable<PlatformPostRecord['firstComment']>['error']> }
  | { status: 'failed'; error: NonNullable<NonNullable<PlatformPostRecord['firstComment']>['error']> };

/**
 * The publishing engine's writes on a platform post's first comment (the posts module writes what
 * a user gives; this, its progress). Each transition is one conditional update, so of two
 * instances only one takes a comment, and only the attempt's holder stores its outcome.
 */
@Injectable()
export class FirstCommentRepository extends Repository<PlatformPostRecord> {
  constructor(@InjectModel(PlatformPost.name) model: Model<PlatformPost>) {
    super(model);
  }

  private dueFilter(now: Date): Filter {
    return {
      status: 'published',
      'firstComment.status': 'pending',
      $or: [{ 'firstComment.nextAttemptAt': null }, { 'firstComment.nextAttemptAt': { $lte: now } }],
    };
  }

  /** pending → processing with the attempt's marker and count; null when another instance took it, or it is not due. */
  claim(userId: string, postId: string, attempt: CommentAttempt): Promise<PlatformPostRecord | null> {
    return this.findOneAndUpdate(
      { _id: this.oid(postId), userId: this.oid(userId), ...this.dueFilter(attempt.startedAt) },
      {
        $set: { 'firstComment.status': 'processing', 'firstComment.attemptInFlight': { startedAt: attempt.startedAt, owner: attempt.owner } },
        $inc: { 'firstComment.attemptCount': 1 },
        $unset: { 'firstComment.nextAttemptAt': 1 },
      },
      { returnDocument: 'after' },
    );
  }

  /** Stores the attempt's outcome; false when this attempt no longer holds the comment (the sweep settled it). */
  async finish(post: PlatformPostRecord, attempt: CommentAttempt, outcome: CommentOutcomeWrite): Promise<boolean> {
    const set: Record<string, unknown> = { 'firstComment.status': outcome.status };
    const unset: Record<string, 1> = { 'firstComment.attemptInFlight': 1 };
    if (outcome.status === 'published') {
      set['firstComment.postedId'] = outcome.postedId;
      set['firstComment.publishedAt'] = outcome.publishedAt;
      if (outcome.publishedUrl) set['firstComment.publishedUrl'] = outcome.publishedUrl;
      unset['firstComment.error'] = 1;
    } else {
      set['firstComment.error'] = outcome.error;
      if (outcome.status === 'pending') set['firstComment.nextAttemptAt'] = outcome.nextAttemptAt;
    }
    const result = await this.updateOne(
      {
        _id: post._id,
        userId: post.userId,
        'firstComment.status': 'processing',
        'firstComment.attemptInFlight.owner': attempt.owner,
        'firstComment.attemptInFlight.startedAt': attempt.startedAt,
      },
      { $set: set, $unset: unset },
    );
    return result.matched === 1;
  }

  /** Due comments (oldest post first), for the sweep. */
  findDue(now: Date, limit: number): Promise<Array<Pick<PlatformPostRecord, '_id' | 'userId'>>> {
    return this.find(this.dueFilter(now), { sort: { publishedAt: 1, _id: 1 }, limit, projection: { _id: 1, userId: 1 } });
  }

  /** Comments whose attempt started before `before` and never ended (an instance died mid-call). */
  findStale(before: Date, limit: number): Promise<PlatformPostRecord[]> {
    return this.find({ 'firstComment.status': 'processing', 'firstComment.attemptInFlight.startedAt': { $lt: before } }, { limit });
  }
}
