import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, Types } from 'mongoose';
import { Repository, type Filter } from '../database/repository';
import type { PlatformPostStatus } from '@app/rules';
import { PlatformPost, type PlatformPostRecord } from '../posts/schemas/platform-post.schema';

/** The scope of one claimed platform post: every write is conditional on still holding the claim. */
export interface ClaimScope {
  userId: string;
  postId: string;
  token: string;
}

export interface Claim {
  owner: string;
  token: string;
  leaseUntil: Date;
}

/**
 * The publishing engine's atomic operations on platform posts: due queries, lease claims,
 * attempt bookkeeping and terminal transitions (the posts module writes what a user makes and
 * edits; this repository, the publication state). The engine works across users (it is the
 * scheduler), so the due and claim queries are unscoped; every write after the claim carries the
 * post's `userId` and the claim token.
 */
@Injectable()
export class PublicationStateRepository extends Repository<PlatformPostRecord> {
  constructor(@InjectModel(PlatformPost.name) model: Model<PlatformPost>) {
    super(model);
  }

  private dueFilter(now: Date): Filter {
    return { status: 'scheduled', scheduledTime: { $lte: now }, $or: [{ nextAttemptAt: null }, { nextAttemptAt: { $lte: now } }] };
  }

  private expiredFilter(now: Date): Filter {
    return { status: 'processing', 'claim.leaseUntil': { $lt: now } };
  }

  /** How many posts are due and waiting for a claim (the scheduler's backlog). */
  countDue(now: Date): Promise<number> {
    return this.count(this.dueFilter(now));
  }

  /** Platforms that have due posts now (so each gets its own share of a claim batch). */
  duePlatforms(now: Date): Promise<string[]> {
    return this.distinct<string>('platform', this.dueFilter(now));
  }

  /** Oldest-due first. */
  async findDueIds(platform: string, now: Date, limit: number): Promise<Types.ObjectId[]> {
    const rows = await this.find<{ _id: Types.ObjectId }>(
      { ...this.dueFilter(now), platform },
      { sort: { scheduledTime: 1, _id: 1 }, limit, projection: { _id: 1 } },
    );
    return rows.map((r) => r._id);
  }

  /** Posts whose claimer's lease ran out (a crashed or stalled instance). */
  async findExpiredLeaseIds(now: Date, limit: number): Promise<Types.ObjectId[]> {
    const rows = await this.find<{ _id: Types.ObjectId }>(this.expiredFilter(now), { limit, projection: { _id: 1 } });
    return rows.map((r) => r._id);
  }

  /**
   * Claims the given candidates that are still claimable. Each document is matched and updated
   * atomically by the server, so of two instances racing for one post exactly one update matches;
   * the claimer then reads back its own claims by the batch token.
   */
  async claim(ids: Types.ObjectId[], claim: Claim, now: Date): Promise<PlatformPostRecord[]> {
    if (!ids.length) return [];
    await this.updateMany({ _id: { $in: ids }, $or: [this.dueFilter(now), this.expiredFilter(now)] }, this.claimUpdate(claim));
    return this.find({ _id: { $in: ids }, 'claim.token': claim.token, status: 'processing' });
  }

  /**
   * Claims every scheduled (not yet claimed) platform post of one connection, so they can be
   * failed through the ordinary terminal transition. A post another instance holds right now is
   * not taken: its publish attempt finds the connection gone and fails on its own.
   */
  async claimScheduledOfConnection(userId: string, connectionId: string, claim: Claim): Promise<PlatformPostRecord[]> {
    const ofConnection = { userId: this.oid(userId), connectionId: this.oid(connectionId) };
    await this.updateMany({ ...ofConnection, status: 'scheduled' }, this.claimUpdate(claim));
    return this.find({ ...ofConnection, 'claim.token': claim.token, status: 'processing' });
  }

  private claimUpdate(claim: Claim) {
    return {
      $set: { status: 'processing', 'claim.owner': claim.owner, 'claim.token': claim.token, 'claim.leaseUntil': claim.leaseUntil },
      $inc: { 'claim.attempt': 1 },
    };
  }

  /** Extends the leases this instance still holds (heartbeat while calls are in flight). */
  async renewLeases(owner: string, tokens: string[], leaseUntil: Date): Promise<number> {
    if (!tokens.length) return 0;
    const result = await this.updateMany(
      { status: 'processing', 'claim.owner': owner, 'claim.token': { $in: tokens } },
      { $set: { 'claim.leaseUntil': leaseUntil } },
    );
    return result.modified;
  }

  /**
   * How many platform posts each group has, in one read for the batch (selected by group id
   * alone: the ids come from claimed posts, across users). Read after the groups left `pending`:
   * from then on a group's platform posts do not change (edits need a pending group), so the
   * count holds until they finish.
   */
  async countGroupPosts(postGroupIds: string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    if (!postGroupIds.length) return counts;
    const rows = await this.find<{ postGroupId: Types.ObjectId }>(
      { postGroupId: { $in: postGroupIds.map((id) => this.oid(id)) } },
      { projection: { _id: 0, postGroupId: 1 } },
    );
    for (const { postGroupId } of rows) counts.set(String(postGroupId), (counts.get(String(postGroupId)) ?? 0) + 1);
    return counts;
  }

  /**
   * Records that a platform call is about to be made (attempt count, in-flight marker with the id
   * of its `publish_attempted` entry); false when the claim was lost meanwhile (the call must then
   * not be made). Nothing is read back: while the claim holds, only its holder changes the post.
   */
  async startAttempt(scope: ClaimScope, part: number, now: Date, log: { id: Types.ObjectId; retryCount: number }): Promise<boolean> {
    const attemptInFlight = { startedAt: now, part, logId: log.id, ...(log.retryCount > 0 ? { retryCount: log.retryCount } : {}) };
    const result = await this.updateOne(this.claimed(scope), { $set: { attemptInFlight }, $inc: { attemptCount: 1 } });
    return result.matched === 1;
  }

  /** Stores reply-chain progress and clears the in-flight marker (a part's outcome is known). */
  async saveThreadParts(scope: ClaimScope, parts: NonNullable<PlatformPostRecord['threadParts']>): Promise<boolean> {
    const result = await this.updateOne(this.claimed(scope), { $set: { threadParts: parts }, $unset: { attemptInFlight: 1 } });
    return result.matched === 1;
  }

  /** Clears the in-flight marker after a failure known not to have created anything. */
  async clearAttempt(scope: ClaimScope): Promise<boolean> {
    const result = await this.updateOne(this.claimed(scope), { $unset: { attemptInFlight: 1 } });
    return result.matched === 1;
  }

  /**
   * Back to the queue (retry, advisory deferral or later reconciliation), claim released. A kept
   * marker loses its entry id: the caller writes that entry now.
   */
  async requeue(scope: ClaimScope, nextAttemptAt: Date, keepInFlight: boolean): Promise<boolean> {
    const result = await this.updateOne(this.claimed(scope), {
      $set: { status: 'scheduled', nextAttemptAt, 'claim.leaseUntil': new Date(0) },
      $unset: keepInFlight ? { 'attemptInFlight.logId': 1, 'attemptInFlight.retryCount': 1 } : { attemptInFlight: 1 },
    });
    return result.matched === 1;
  }

  /** The terminal transition, inside the caller's transaction; false when the claim was lost. */
  async finish(
    scope: ClaimScope,
    status: Extract<PlatformPostStatus, 'published' | 'failed'>,
    set: Partial<Pick<PlatformPostRecord, 'postedId' | 'publishedUrl' | 'publishedAt' | 'error' | 'threadParts'>>,
  ): Promise<boolean> {
    const unset: Record<string, 1> = { attemptInFlight: 1, nextAttemptAt: 1 };
    if (status === 'published') unset.error = 1;
    const result = await this.updateOne(this.claimed(scope), { $set: { status, ...set, 'claim.leaseUntil': new Date(0) }, $unset: unset });
    return result.matched === 1;
  }

  /** The group's platform posts as the rollup needs them, in the caller's transaction. */
  groupPosts(userId: string, postGroupId: string): Promise<PlatformPostRecord[]> {
    return this.find(
      { postGroupId: this.oid(postGroupId), userId: this.oid(userId) },
      { projection: { status: 1, threadParts: 1, postedId: 1, platform: 1, 'error.code': 1, 'error.message': 1 }, sort: { _id: 1 } },
    );
  }

  /** Publication times on one connection since `since` (advisory posting rates). */
  async publishedTimes(userId: string, platformId: string, since: Date): Promise<Date[]> {
    const rows = await this.find<{ publishedAt: Date }>(
      { userId: this.oid(userId), platformId, status: 'published', publishedAt: { $gte: since } },
      { projection: { publishedAt: 1 }, sort: { publishedAt: 1 } },
    );
    return rows.map((r) => r.publishedAt);
  }

  // ── recovery (docs/recovery.md) ─────────────────────────────────────────────────────────────

  /**
   * Puts one failed platform post back into the schedule, in the caller's transaction; false when
   * it is no longer failed as read (another retry won). Thread progress is kept, so a reply chain
   * resumes after its live parts; the automatic retry budget starts again after `attemptCount`.
   */
  async reopenFailed(userId: string, post: Pick<PlatformPostRecord, '_id' | 'attemptCount'>, scheduledTime: Date): Promise<boolean> {
    const attemptCount = post.attemptCount ?? 0;
    const result = await this.updateOne(
      { _id: post._id, userId: this.oid(userId), status: 'failed', attemptCount },
      { $set: { status: 'scheduled', scheduledTime, retriedAttempts: attemptCount }, $unset: { error: 1, nextAttemptAt: 1, attemptInFlight: 1 } },
    );
    return result.matched === 1;
  }

  /**
   * Marks a published post as being deleted from its platform, so two requests never both send;
   * a marker older than `staleBefore` (a crash mid-call) is taken over, deleting twice being
   * harmless. False when the post is not published or another request holds it.
   */
  async beginUnpublish(userId: string, postId: Types.ObjectId, token: string, now: Date, staleBefore: Date): Promise<boolean> {
    const result = await this.updateOne(
      {
        _id: postId,
        userId: this.oid(userId),
        status: 'published',
        $or: [{ unpublishInFlight: { $exists: false } }, { 'unpublishInFlight.startedAt': { $lt: staleBefore } }],
      },
      { $set: { unpublishInFlight: { token, startedAt: now } } },
    );
    return result.matched === 1;
  }

  /** The delete went through: `unpublished`, in the caller's transaction; false when the marker was lost. */
  async finishUnpublish(userId: string, postId: Types.ObjectId, token: string, unpublishedAt: Date): Promise<boolean> {
    const result = await this.updateOne(
      { _id: postId, userId: this.oid(userId), status: 'published', 'unpublishInFlight.token': token },
      { $set: { status: 'unpublished', unpublishedAt }, $unset: { unpublishInFlight: 1, unpublishError: 1 } },
    );
    return result.matched === 1;
  }

  /** The platform refused: the post stays published with the reason. */
  async failUnpublish(userId: string, postId: Types.ObjectId, token: string, error: NonNullable<PlatformPostRecord['unpublishError']>): Promise<boolean> {
    const result = await this.updateOne(
      { _id: postId, userId: this.oid(userId), 'unpublishInFlight.token': token },
      { $set: { unpublishError: error }, $unset: { unpublishInFlight: 1 } },
    );
    return result.matched === 1;
  }

  private claimed(scope: ClaimScope): Filter {
    return { _id: this.oid(scope.postId), userId: this.oid(scope.userId), status: 'processing', 'claim.token': scope.token };
  }
}
