import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { Types } from 'mongoose';
import { storedDocument } from '../database/stored-document';
import { Transactions } from '../database/transactions';
import type { PlatformPostStatus } from '@app/rules';
import { PlatformPost, type PlatformPostRecord } from './schemas/platform-post.schema';

export interface NewPlatformPost {
  connectionId: string;
  platform: string;
  platformId: string;
  externalId: string;
  status: PlatformPostStatus;
  content: string;
  scheduledTime?: Date;
}

/** Statuses that consume the monthly allowance (a failure counts once an attempt was made). */
const USED_STATUSES: PlatformPostStatus[] = ['scheduled', 'processing', 'published'];
/** Statuses that occupy a slot of the scheduled (pending) allowance. */
const PENDING_STATUSES: PlatformPostStatus[] = ['scheduled', 'processing'];

/** What list-posts shows of each platform post of a group. */
export type PlatformPostSummary = Pick<PlatformPostRecord, 'platform' | 'platformId' | 'status'>;

/** Platform posts, scoped by the acting user (or the billing account's users for usage). */
@Injectable()
export class PlatformPostsRepository {
  constructor(@InjectModel(PlatformPost.name) private readonly model: Model<PlatformPost>) {}

  async createMany(userId: string, postGroupId: Types.ObjectId, posts: NewPlatformPost[]): Promise<PlatformPostRecord[]> {
    // create-post's insert, through the driver (a measured hot path; see storedDocument).
    const uid = new Types.ObjectId(userId);
    const now = new Date();
    const docs = posts.map((p) =>
      storedDocument<PlatformPostRecord>(this.model, { ...p, connectionId: new Types.ObjectId(p.connectionId), userId: uid, postGroupId }, now),
    );
    if (docs.length) await this.model.collection.insertMany(docs, { session: Transactions.current() });
    return docs;
  }

  /** A connection's posts stored under its former compound id get the current one (start-up upgrade). */
  async renamePlatformId(userId: string, connectionId: string, from: string, to: string): Promise<number> {
    const result = await this.model.updateMany(
      { platformId: from, userId: new Types.ObjectId(userId), connectionId: new Types.ObjectId(connectionId) },
      { $set: { platformId: to } },
    );
    return result.modifiedCount;
  }

  /** Bulk seeding outside any transaction (benchmarks). */
  async insertManyRaw(userId: string, posts: Array<NewPlatformPost & { postGroupId: Types.ObjectId; attemptCount?: number }>): Promise<void> {
    const uid = new Types.ObjectId(userId);
    const now = new Date();
    await this.model.insertMany(
      posts.map((p) => ({
        attemptCount: 0,
        createdAt: now,
        updatedAt: now,
        __v: 0,
        ...p,
        connectionId: new Types.ObjectId(p.connectionId),
        userId: uid,
      })),
      { ordered: false, lean: true },
    );
  }

  findByGroup(userId: string, postGroupId: string): Promise<PlatformPostRecord[]> {
    return this.model.find({ postGroupId, userId }).sort({ _id: 1 }).lean<PlatformPostRecord[]>().exec();
  }

  /** Every platform post of these groups, in one query (the dashboard's batched field). */
  findByGroups(userId: string, postGroupIds: string[]): Promise<PlatformPostRecord[]> {
    if (!postGroupIds.length) return Promise.resolve([]);
    return this.model
      .find({ postGroupId: { $in: postGroupIds.map((id) => new Types.ObjectId(id)) }, userId: new Types.ObjectId(userId) })
      .sort({ _id: 1 })
      .lean<PlatformPostRecord[]>()
      .exec();
  }

  /** Removes these platform posts if none was taken by the engine; returns how many went. */
  async deleteUnstarted(userId: string, postGroupId: string, ids: Types.ObjectId[]): Promise<number> {
    const result = await this.model
      .deleteMany({ _id: { $in: ids }, postGroupId, userId, status: { $in: ['pending', 'scheduled'] }, attemptCount: { $not: { $gt: 0 } } })
      .exec();
    return result.deletedCount;
  }

  /** New content on the group's untaken platform posts; returns how many it matched. */
  async setContentUnstarted(userId: string, postGroupId: string, content: string): Promise<number> {
    const result = await this.model
      .updateMany({ postGroupId, userId, status: { $in: ['pending', 'scheduled'] }, attemptCount: { $not: { $gt: 0 } } }, { $set: { content } })
      .exec();
    return result.matchedCount;
  }

  /**
   * The `$lookup` stage that adds each post group's platform posts (as `as`, in creation order)
   * to a page of groups: list-posts reads the page and its platforms in one command. It needs
   * MongoDB 5.0 (localField/foreignField with a pipeline); the { postGroupId, userId } index
   * answers each group's match.
   */
  summariesLookup(userId: string, as: string): Record<string, unknown> {
    return {
      $lookup: {
        from: this.model.collection.collectionName,
        localField: '_id',
        foreignField: 'postGroupId',
        pipeline: [{ $match: { userId: new Types.ObjectId(userId) } }, { $sort: { _id: 1 } }, { $project: { _id: 0, platform: 1, platformId: 1, status: 1 } }],
        as,
      },
    };
  }

  /** Moves the group's not-yet-started platform posts along with the group. */
  async updateScheduleForGroup(userId: string, postGroupId: string, set: { status: PlatformPostStatus; scheduledTime?: Date }): Promise<void> {
    await this.model.updateMany({ postGroupId, userId, status: { $in: ['pending', 'scheduled'] } }, { $set: set }).exec();
  }

  async deleteForGroup(userId: string, postGroupId: string): Promise<void> {
    await this.model.deleteMany({ postGroupId, userId }).exec();
  }

  /** Used platform posts per compound id with a time in [start, end), other groups only. */
  async countUsedByPlatformId(userIds: string[], period: { start: Date; end: Date }, excludeGroupId?: string): Promise<Record<string, number>> {
    const rows = await this.model
      .aggregate<{ _id: string; n: number }>([
        {
          $match: {
            userId: { $in: userIds.map((u) => new Types.ObjectId(u)) },
            ...(excludeGroupId ? { postGroupId: { $ne: new Types.ObjectId(excludeGroupId) } } : {}),
            $or: [
              { status: { $in: USED_STATUSES } },
              // A failure counts only once the engine tried to send it.
              { status: 'failed', attemptCount: { $gt: 0 } },
            ],
            scheduledTime: { $gte: period.start, $lt: period.end },
          },
        },
        { $group: { _id: '$platformId', n: { $sum: 1 } } },
      ])
      .exec();
    return Object.fromEntries(rows.map((r) => [r._id, r.n]));
  }

  countPending(userIds: string[], excludeGroupId?: string): Promise<number> {
    return this.model
      .countDocuments({
        userId: { $in: userIds.map((u) => new Types.ObjectId(u)) },
        status: { $in: PENDING_STATUSES },
        ...(excludeGroupId ? { postGroupId: { $ne: new Types.ObjectId(excludeGroupId) } } : {}),
      })
      .exec();
  }

  /** Scheduled times of other pending posts on these connections, near `around` (spacing). */
  async scheduledTimesNear(userId: string, platformIds: string[], around: Date, excludeGroupId?: string): Promise<Record<string, Date[]>> {
    const day = 24 * 60 * 60 * 1000;
    const rows = await this.model
      .find({
        userId: new Types.ObjectId(userId),
        platformId: { $in: platformIds },
        status: { $in: PENDING_STATUSES },
        scheduledTime: { $gte: new Date(around.getTime() - day), $lte: new Date(around.getTime() + 7 * day) },
        ...(excludeGroupId ? { postGroupId: { $ne: new Types.ObjectId(excludeGroupId) } } : {}),
      })
      .select({ platformId: 1, scheduledTime: 1 })
      .sort({ scheduledTime: 1 })
      .limit(10_000)
      .lean<Array<{ platformId: string; scheduledTime: Date }>>()
      .exec();
    const out: Record<string, Date[]> = Object.fromEntries(platformIds.map((id) => [id, [] as Date[]]));
    for (const row of rows) out[row.platformId]?.push(row.scheduledTime);
    return out;
  }
}
