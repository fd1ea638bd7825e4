import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, UpdateQuery } from 'mongoose';
import { Types } from 'mongoose';
import { toStoredLogs, type ScopedPostLog } from './post-logs.repository';
import type { PlatformPostStatus, PostGroupStatus } from '@app/rules';
import { PlatformPost, type PlatformPostRecord } from './schemas/platform-post.schema';
import { PostGroup, type PostGroupRecord } from './schemas/post-group.schema';
import { PostLog } from './schemas/post-log.schema';
import { toObjectId } from '../database/object-id';
import { Transactions } from '../database/transactions';

/** A log entry of any group, for bulk writes across groups (the engine's claim batches). */

/** The scope of one claimed platform post: every write is conditional on still holding the claim. */
export interface ClaimScope {
  userId: string;
  postId: string;
  token: string;
}

// Filters with dotted paths and operators; the engine's documents are plain objects.
type Filter = Record<string, unknown>;

// Ids are converted explicitly: these schemas declare `Types.ObjectId`, which Mongoose does not
// cast string query values to, so a string would silently match nothing.
const oid = toObjectId;

/**
 * The publishing engine's atomic operations on platform posts and groups: due queries, lease
 * claims, attempt bookkeeping and terminal transitions. The engine works across users (it is
 * the scheduler), so the due/claim queries are unscoped; every write after the claim carries the
 * post's `userId` and the claim token. The per-post steps of a publish (attempt, terminal
 * transition, group rollup, log entries) go straight through the driver with typed values and the
 * transaction's session (`Transactions.current()`), and so do the claim round's reads and writes:
 * Mongoose's casting and middleware were a tenth of the engine's CPU per post (issue 19). They set
 * `updatedAt` themselves.
 */
@Injectable()
export class PublicationStateRepository {
  constructor(
    @InjectModel(PlatformPost.name) private readonly posts: Model<PlatformPost>,
    @InjectModel(PostGroup.name) private readonly groups: Model<PostGroup>,
    @InjectModel(PostLog.name) private readonly logs: Model<PostLog>,
  ) {}

  private dueFilter(now: Date): Filter {
    return {
      status: 'scheduled',
      scheduledTime: { $lte: now },
      $or: [{ nextAttemptAt: null }, { nextAttemptAt: { $lte: now } }],
    };
  }

  private expiredFilter(now: Date): Filter {
    return { status: 'processing', 'claim.leaseUntil': { $lt: now } };
  }

  /** How many posts are due and waiting for a claim (the scheduler's backlog). */
  async countDue(now: Date): Promise<number> {
    return this.posts.countDocuments(this.dueFilter(now) as never).exec();
  }

  /** Platforms that have due posts now (so each gets its own share of a claim batch). */
  async duePlatforms(now: Date): Promise<string[]> {
    return (await this.posts.collection.distinct('platform', this.dueFilter(now))) as string[];
  }

  /** Oldest-due first. */
  async findDueIds(platform: string, now: Date, limit: number): Promise<Types.ObjectId[]> {
    const rows = await this.posts.collection
      .find<{ _id: Types.ObjectId }>({ ...this.dueFilter(now), platform }, { sort: { scheduledTime: 1, _id: 1 }, limit, projection: { _id: 1 } })
      .toArray();
    return rows.map((r) => r._id);
  }

  /** Posts whose claimer's lease ran out (a crashed or stalled instance). */
  async findExpiredLeaseIds(now: Date, limit: number): Promise<Types.ObjectId[]> {
    const rows = await this.posts.collection.find<{ _id: Types.ObjectId }>(this.expiredFilter(now), { limit, projection: { _id: 1 } }).toArray();
    return rows.map((r) => r._id);
  }

  /**
   * Claims the given candidates that are still claimable. Each document is matched and updated
   * atomically by the server, so of two instances racing for one post exactly one update matches;
   * the claimer then reads back its own claims by the batch token.
   */
  async claim(ids: Types.ObjectId[], claim: { owner: string; token: string; leaseUntil: Date }, now: Date): Promise<PlatformPostRecord[]> {
    if (!ids.length) return [];
    await this.posts.collection.updateMany(
      { _id: { $in: ids }, $or: [this.dueFilter(now), this.expiredFilter(now)] },
      {
        $set: { status: 'processing', 'claim.owner': claim.owner, 'claim.token': claim.token, 'claim.leaseUntil': claim.leaseUntil, updatedAt: new Date() },
        $inc: { 'claim.attempt': 1 },
      },
    );
    return this.posts.collection.find<PlatformPostRecord>({ _id: { $in: ids }, 'claim.token': claim.token, status: 'processing' }).toArray();
  }

  /**
   * Claims every scheduled (not yet claimed) platform post of one connection, so they can be
   * failed through the ordinary terminal transition. A post another instance holds right now is
   * not taken: its publish attempt finds the connection gone and fails on its own.
   */
  async claimScheduledOfConnection(
    userId: string,
    connectionId: string,
    claim: { owner: string; token: string; leaseUntil: Date },
  ): Promise<PlatformPostRecord[]> {
    await this.posts
      .updateMany(
        { userId: oid(userId), connectionId: oid(connectionId), status: 'scheduled' } as never,
        {
          $set: { status: 'processing', 'claim.owner': claim.owner, 'claim.token': claim.token, 'claim.leaseUntil': claim.leaseUntil },
          $inc: { 'claim.attempt': 1 },
        } as never,
      )
      .exec();
    return this.posts
      .find({ userId: oid(userId), connectionId: oid(connectionId), 'claim.token': claim.token, status: 'processing' } as never)
      .lean<PlatformPostRecord[]>()
      .exec();
  }

  /** Extends the leases this instance still holds (heartbeat while calls are in flight). */
  async renewLeases(owner: string, tokens: string[], leaseUntil: Date): Promise<number> {
    if (!tokens.length) return 0;
    const result = await this.posts
      .updateMany(
        { status: 'processing', 'claim.owner': owner, 'claim.token': { $in: tokens } } as never,
        { $set: { 'claim.leaseUntil': leaseUntil } } as never,
      )
      .exec();
    return result.modifiedCount;
  }

  /**
   * Moves the batch's pending groups to `processing` and reads every group of the batch (the
   * publisher needs their settings and media): two commands for the whole batch. The update
   * stamps the groups it moved with this claim's token (each document's update is atomic, so of
   * two instances only one moves a group); `moved` are those. The ids come from claimed platform
   * posts, across users, so the batch is selected by id alone (an index walk, where an $or of
   * id-and-user pairs is not); each group is checked against its post's user by the caller.
   */
  async markGroupsProcessing(postGroupIds: string[], claimToken: string): Promise<{ moved: string[]; groups: PostGroupRecord[] }> {
    if (!postGroupIds.length) return { moved: [], groups: [] };
    const filter = { _id: { $in: postGroupIds.map(oid) } };
    await this.groups.collection.updateMany(
      { ...filter, processingStatus: 'pending' },
      { $set: { processingStatus: 'processing', processingClaim: claimToken, updatedAt: new Date() } },
    );
    const groups = await this.groups.collection.find<PostGroupRecord>(filter).toArray();
    return { moved: groups.filter((g) => g.processingClaim === claimToken).map((g) => String(g._id)), groups };
  }

  /**
   * How many platform posts each group has, in one read for the batch (selected by group id
   * alone, as above). Read after the groups left `pending`: from then on a group's platform posts
   * do not change (edits need a pending group), so the count holds until they finish.
   */
  async countGroupPosts(postGroupIds: string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    if (!postGroupIds.length) return counts;
    const rows = await this.posts.collection
      .find<{ postGroupId: Types.ObjectId }>({ postGroupId: { $in: postGroupIds.map(oid) } }, { projection: { _id: 0, postGroupId: 1 } })
      .toArray();
    for (const { postGroupId } of rows) counts.set(String(postGroupId), (counts.get(String(postGroupId)) ?? 0) + 1);
    return counts;
  }

  findGroup(userId: string, postGroupId: string): Promise<PostGroupRecord | null> {
    return this.groups
      .findOne({ _id: oid(postGroupId), userId: oid(userId) })
      .lean<PostGroupRecord>()
      .exec();
  }

  /** Log entries of many groups in one ordered insert. */
  async appendLogs(entries: ScopedPostLog[]): Promise<void> {
    if (!entries.length) return;
    // Stored documents already (toStoredLogs): through the driver, without Mongoose's insertMany.
    await this.logs.collection.insertMany(toStoredLogs(entries), { session: Transactions.current() });
  }

  /**
   * Entries made up earlier (`id` set), written unless they already are: the `publish_attempted`
   * entry of an attempt whose instance died before writing it (taken over from its marker).
   */
  async restoreLogs(entries: ScopedPostLog[]): Promise<void> {
    if (!entries.length) return;
    await this.logs.collection.bulkWrite(
      toStoredLogs(entries).map(({ _id, ...doc }) => ({ updateOne: { filter: { _id: _id as Types.ObjectId }, update: { $setOnInsert: doc }, upsert: true } })),
      { ordered: false },
    );
  }

  /**
   * Records that a platform call is about to be made (attempt count, in-flight marker with the id
   * of its `publish_attempted` entry); false when the claim was lost meanwhile (the call must then
   * not be made). Nothing is read back: while the claim holds, only its holder changes the post.
   */
  async startAttempt(scope: ClaimScope, part: number, now: Date, log: { id: Types.ObjectId; retryCount: number }): Promise<boolean> {
    const attemptInFlight = { startedAt: now, part, logId: log.id, ...(log.retryCount > 0 ? { retryCount: log.retryCount } : {}) };
    const result = await this.posts.collection.updateOne(
      this.claimed(scope),
      { $set: { attemptInFlight, updatedAt: now }, $inc: { attemptCount: 1 } },
      { session: Transactions.current() },
    );
    return result.matchedCount === 1;
  }

  /** Stores reply-chain progress and clears the in-flight marker (a part's outcome is known). */
  async saveThreadParts(scope: ClaimScope, parts: NonNullable<PlatformPostRecord['threadParts']>): Promise<boolean> {
    const result = await this.posts.updateOne(this.claimed(scope), { $set: { threadParts: parts }, $unset: { attemptInFlight: 1 } } as never).exec();
    return result.matchedCount === 1;
  }

  /** Clears the in-flight marker after a failure known not to have created anything. */
  async clearAttempt(scope: ClaimScope): Promise<boolean> {
    const result = await this.posts.updateOne(this.claimed(scope), { $unset: { attemptInFlight: 1 } } as never).exec();
    return result.matchedCount === 1;
  }

  /**
   * Back to the queue (retry, advisory deferral or later reconciliation), claim released. A kept
   * marker loses its entry id: the caller writes that entry now.
   */
  async requeue(scope: ClaimScope, nextAttemptAt: Date, keepInFlight: boolean): Promise<boolean> {
    const update: UpdateQuery<PlatformPost> = {
      $set: { status: 'scheduled', nextAttemptAt, 'claim.leaseUntil': new Date(0) },
      $unset: keepInFlight ? { 'attemptInFlight.logId': 1, 'attemptInFlight.retryCount': 1 } : { attemptInFlight: 1 },
    };
    const result = await this.posts.updateOne(this.claimed(scope), update as never).exec();
    return result.matchedCount === 1;
  }

  /** The terminal transition, inside the caller's transaction; false when the claim was lost. */
  async finish(
    scope: ClaimScope,
    status: Extract<PlatformPostStatus, 'published' | 'failed'>,
    set: Partial<Pick<PlatformPostRecord, 'postedId' | 'publishedUrl' | 'publishedAt' | 'error' | 'threadParts'>>,
  ): Promise<boolean> {
    const unset: Record<string, 1> = { attemptInFlight: 1, nextAttemptAt: 1 };
    if (status === 'published') unset.error = 1;
    const result = await this.posts.collection.updateOne(
      this.claimed(scope),
      { $set: { status, ...set, 'claim.leaseUntil': new Date(0), updatedAt: new Date() }, $unset: unset },
      { session: Transactions.current() },
    );
    return result.matchedCount === 1;
  }

  /**
   * Finalizes the group with `status`, or only touches it (`updatedAt`) while a sibling is still
   * open; the group as it was before, or null when it is gone. Written in every case, so two
   * siblings finishing at once conflict on the group and the retried transaction reads the other's
   * outcome (the rollup in publication-state.service.ts).
   */
  settleGroup(userId: string, postGroupId: string, status: PostGroupStatus | null): Promise<Pick<PostGroupRecord, 'status'> | null> {
    const set = status ? { status, processingStatus: 'finished', updatedAt: new Date() } : { updatedAt: new Date() };
    return this.groups.collection.findOneAndUpdate(
      { _id: oid(postGroupId), userId: oid(userId) },
      { $set: set },
      { returnDocument: 'before', projection: { status: 1 }, session: Transactions.current() },
    ) as Promise<Pick<PostGroupRecord, 'status'> | null>;
  }

  groupPosts(userId: string, postGroupId: string): Promise<PlatformPostRecord[]> {
    return this.posts.collection
      .find<PlatformPostRecord>(
        { postGroupId: oid(postGroupId), userId: oid(userId) },
        { projection: { status: 1, threadParts: 1, postedId: 1 }, session: Transactions.current() },
      )
      .toArray();
  }

  /** Publication times on one connection since `since` (advisory posting rates). */
  async publishedTimes(userId: string, platformId: string, since: Date): Promise<Date[]> {
    const rows = await this.posts
      .find({ userId: oid(userId), platformId, status: 'published', publishedAt: { $gte: since } })
      .select({ publishedAt: 1 })
      .sort({ publishedAt: 1 })
      .lean<Array<{ publishedAt: Date }>>()
      .exec();
    return rows.map((r) => r.publishedAt);
  }

  private claimed(scope: ClaimScope): Filter {
    return { _id: oid(scope.postId), userId: oid(scope.userId), status: 'processing', 'claim.token': scope.token };
  }
}
