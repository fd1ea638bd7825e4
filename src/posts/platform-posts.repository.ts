import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { Types } from 'mongoose';
import { Repository } from '../database/repository';
import type { PlatformPostStatus } from '@app/rules';
import { PlatformPost, type PlatformPostRecord } from './schemas/platform-post.schema';

export interface NewPlatformPost {
  connectionId: string;
  platform: string;
  platformId: string;
  externalId: string;
  status: PlatformPostStatus;
  content: string;
  /** The content is this account's override (create-post `contentOverrides`). */
  contentOverridden?: true;
  firstComment?: { content: string; status: 'pending'; attemptCount: 0 };
  scheduledTime?: Date;
  queueSlot?: Date;
  queuedFor?: Date;
}

/** One untaken platform post's new text: its content (and override flag) and first comment (null removes it). */
export interface PlatformPostTexts {
  id: Types.ObjectId;
  content?: { text: string; overridden: boolean };
  firstComment?: { content: string; status: 'pending'; attemptCount: 0 } | null;
}

/** Statuses that consume the monthly allowance (a failure counts once an attempt was made). */
const USED_STATUSES: PlatformPostStatus[] = ['scheduled', 'processing', 'published', 'unpublished'];
/** Statuses that occupy a slot of the scheduled (pending) allowance. */
const PENDING_STATUSES: PlatformPostStatus[] = ['scheduled', 'processing'];

/** What list-posts shows of each platform post of a group. */
export type PlatformPostSummary = Pick<PlatformPostRecord, 'platform' | 'platformId' | 'status'> &
  Partial<Pick<PlatformPostRecord, 'content' | 'contentOverridden' | 'firstComment'>>;

/** Platform posts, scoped by the acting user (or the billing account's users for usage). */
@Injectable()
export class PlatformPostsRepository extends Repository<PlatformPostRecord> {
  constructor(@InjectModel(PlatformPost.name) model: Model<PlatformPost>) {
    super(model);
  }

  createMany(userId: string, postGroupId: Types.ObjectId, posts: NewPlatformPost[]): Promise<PlatformPostRecord[]> {
    const uid = this.oid(userId);
    return this.insertMany(posts.map((p) => ({ ...p, connectionId: this.oid(p.connectionId), userId: uid, postGroupId })));
  }

  /** A connection's posts stored under its former compound id get the current one (start-up upgrade). */
  async renamePlatformId(userId: string, connectionId: string, from: string, to: string): Promise<number> {
    const result = await this.updateMany({ platformId: from, userId: this.oid(userId), connectionId: this.oid(connectionId) }, { $set: { platformId: to } });
    return result.modified;
  }

  /** Bulk seeding outside any transaction (benchmarks, fixtures). */
  async insertSeeds(userId: string, posts: Array<NewPlatformPost & { postGroupId: Types.ObjectId; attemptCount?: number }>): Promise<void> {
    const uid = this.oid(userId);
    await this.insertMany(
      posts.map((p) => ({ ...p, connectionId: this.oid(p.connectionId), userId: uid })),
      { ordered: false },
    );
  }

  findByGroup(userId: string, postGroupId: string): Promise<PlatformPostRecord[]> {
    return this.find({ postGroupId: this.oid(postGroupId), userId: this.oid(userId) }, { sort: { _id: 1 } });
  }

  /** Every platform post of these groups, in one query (the dashboard's batched field). */
  findByGroups(userId: string, postGroupIds: string[]): Promise<PlatformPostRecord[]> {
    if (!postGroupIds.length) return Promise.resolve([]);
    return this.find({ postGroupId: { $in: postGroupIds.map((id) => this.oid(id)) }, userId: this.oid(userId) }, { sort: { _id: 1 } });
  }

  /** Removes these platform posts if none was taken by the engine; returns how many went. */
  deleteUnstarted(userId: string, postGroupId: string, ids: Types.ObjectId[]): Promise<number> {
    return this.deleteMany({ _id: { $in: ids }, ...this.unstarted(userId, postGroupId) });
  }

  /** New content on the group's untaken platform posts; returns how many it matched. */
  async setContentUnstarted(userId: string, postGroupId: string, content: string): Promise<number> {
    return (await this.updateMany(this.unstarted(userId, postGroupId), { $set: { content } })).matched;
  }

  /**
   * New texts for some of the group's platform posts, each only while the engine has not taken
   * it; returns how many matched (fewer than given: one was taken meanwhile).
   */
  async setTextsUnstarted(userId: string, postGroupId: string, updates: PlatformPostTexts[]): Promise<number> {
    const statements = updates.map((u) => {
      const set: Record<string, unknown> = {};
      const unset: Record<string, 1> = {};
      if (u.content) {
        set.content = u.content.text;
        if (u.content.overridden) set.contentOverridden = true;
        else unset.contentOverridden = 1;
      }
      if (u.firstComment) set.firstComment = u.firstComment;
      else if (u.firstComment === null) unset.firstComment = 1;
      return {
        q: { _id: u.id, ...this.unstarted(userId, postGroupId) },
        u: { ...(Object.keys(set).length ? { $set: set } : {}), ...(Object.keys(unset).length ? { $unset: unset } : {}) },
      };
    });
    return (await this.updateEach(statements.filter((s) => Object.keys(s.u).length))).matched;
  }

  /** The group's platform posts the engine has not taken (nor tried). */
  private unstarted(userId: string, postGroupId: string) {
    return { postGroupId: this.oid(postGroupId), userId: this.oid(userId), status: { $in: ['pending', 'scheduled'] }, attemptCount: { $not: { $gt: 0 } } };
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
        from: this.collectionName,
        localField: '_id',
        foreignField: 'postGroupId',
        pipeline: [
          { $match: { userId: this.oid(userId) } },
          { $sort: { _id: 1 } },
          // An entry's own text only when it is an override (the group's content is beside it).
          {
            $project: {
              _id: 0,
              platform: 1,
              platformId: 1,
              status: 1,
              contentOverridden: 1,
              content: { $cond: [{ $eq: ['$contentOverridden', true] }, '$content', '$$REMOVE'] },
              firstComment: 1,
            },
          },
        ],
        as,
      },
    };
  }

  /**
   * Moves the group's not-yet-started platform posts along with the group; `leaveQueue` also
   * gives up their queue slot and place. Returns how many it matched.
   */
  async updateScheduleForGroup(
    userId: string,
    postGroupId: string,
    set: { status: PlatformPostStatus; scheduledTime?: Date },
    options: { leaveQueue?: boolean } = {},
  ): Promise<number> {
    const result = await this.updateMany(this.notStarted(userId, postGroupId), {
      $set: set,
      ...(options.leaveQueue ? { $unset: { queueSlot: 1, queuedFor: 1 } } : {}),
    });
    return result.matched;
  }

  /**
   * The queue's move of a group's posts: to `slot` (scheduled, holding it), or held as drafts
   * (pending, no slot) keeping their place `queuedFor`. Returns how many it matched.
   */
  async placeInQueue(userId: string, postGroupId: string, place: { slot: Date } | { heldAt: Date }): Promise<number> {
    const update =
      'slot' in place
        ? { $set: { status: 'scheduled', scheduledTime: place.slot, queueSlot: place.slot, queuedFor: place.slot } }
        : { $set: { status: 'pending', queuedFor: place.heldAt }, $unset: { queueSlot: 1 } };
    return (await this.updateMany(this.notStarted(userId, postGroupId), update)).matched;
  }

  private notStarted(userId: string, postGroupId: string) {
    return { postGroupId: this.oid(postGroupId), userId: this.oid(userId), status: { $in: ['pending', 'scheduled'] } };
  }

  /** Frees the queue slots these groups' posts hold (before they take new ones, in one transaction). */
  async releaseQueueSlots(userId: string, postGroupIds: string[]): Promise<void> {
    if (!postGroupIds.length) return;
    await this.updateMany(
      { postGroupId: { $in: postGroupIds.map((id) => this.oid(id)) }, userId: this.oid(userId), queueSlot: { $exists: true } },
      { $unset: { queueSlot: 1 } },
    );
  }

  /** The groups in a connection's queue (scheduled from it, or held), in queue order. */
  async queuedGroupIds(userId: string, connectionId: string, limit: number): Promise<string[]> {
    const rows = await this.find<{ postGroupId: Types.ObjectId }>(
      { userId: this.oid(userId), connectionId: this.oid(connectionId), queuedFor: { $exists: true }, status: { $in: ['pending', 'scheduled'] } },
      { projection: { postGroupId: 1 }, sort: { queuedFor: 1, _id: 1 }, limit },
    );
    return rows.map((r) => String(r.postGroupId));
  }

  async deleteForGroup(userId: string, postGroupId: string): Promise<void> {
    await this.deleteMany({ postGroupId: this.oid(postGroupId), userId: this.oid(userId) });
  }

  /** Used platform posts per compound id with a time in [start, end), other groups only. */
  async countUsedByPlatformId(userIds: string[], period: { start: Date; end: Date }, excludeGroupId?: string): Promise<Record<string, number>> {
    const rows = await this.aggregate<{ _id: string; n: number }>([
      {
        $match: {
          userId: { $in: userIds.map((u) => this.oid(u)) },
          ...this.otherGroups(excludeGroupId),
          $or: [
            { status: { $in: USED_STATUSES } },
            // A failure counts only once the engine tried to send it.
            { status: 'failed', attemptCount: { $gt: 0 } },
          ],
          scheduledTime: { $gte: period.start, $lt: period.end },
        },
      },
      { $group: { _id: '$platformId', n: { $sum: 1 } } },
    ]);
    return Object.fromEntries(rows.map((r) => [r._id, r.n]));
  }

  countPending(userIds: string[], excludeGroupId?: string): Promise<number> {
    return this.count({ userId: { $in: userIds.map((u) => this.oid(u)) }, status: { $in: PENDING_STATUSES }, ...this.otherGroups(excludeGroupId) });
  }

  /** The scheduled times of the pending platform posts on these connections in [from, until), by compound id. */
  async scheduledTimesBetween(userId: string, platformIds: string[], from: Date, until: Date): Promise<Record<string, Date[]>> {
    const rows = await this.find<{ platformId: string; scheduledTime: Date }>(
      { userId: this.oid(userId), platformId: { $in: platformIds }, status: { $in: PENDING_STATUSES }, scheduledTime: { $gte: from, $lt: until } },
      { projection: { platformId: 1, scheduledTime: 1 }, sort: { scheduledTime: 1 }, limit: 10_000 },
    );
    const out: Record<string, Date[]> = Object.fromEntries(platformIds.map((id) => [id, [] as Date[]]));
    for (const row of rows) out[row.platformId]?.push(row.scheduledTime);
    return out;
  }

  /** Scheduled times of other pending posts on these connections, near `around` (spacing). */
  async scheduledTimesNear(userId: string, platformIds: string[], around: Date, excludeGroupId?: string): Promise<Record<string, Date[]>> {
    const day = 24 * 60 * 60 * 1000;
    const rows = await this.find<{ platformId: string; scheduledTime: Date }>(
      {
        userId: this.oid(userId),
        platformId: { $in: platformIds },
        status: { $in: PENDING_STATUSES },
        scheduledTime: { $gte: new Date(around.getTime() - day), $lte: new Date(around.getTime() + 7 * day) },
        ...this.otherGroups(excludeGroupId),
      },
      { projection: { platformId: 1, scheduledTime: 1 }, sort: { scheduledTime: 1 }, limit: 10_000 },
    );
    const out: Record<string, Date[]> = Object.fromEntries(platformIds.map((id) => [id, [] as Date[]]));
    for (const row of rows) out[row.platformId]?.push(row.scheduledTime);
    return out;
  }

  /** Leaves out the group being edited (its own posts do not count against it). */
  private otherGroups(excludeGroupId: string | undefined) {
    return excludeGroupId ? { postGroupId: { $ne: this.oid(excludeGroupId) } } : {};
  }
}
