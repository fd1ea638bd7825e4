import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { Types } from 'mongoose';
import { DATABASE_INFO, type DatabaseInfo } from '../database/database-info';
import { Repository, type CachedReads, type Filter } from '../database/repository';
import type { PostGroupStatus, ProcessingStatus } from '@app/rules';
import { PostGroup, type ApprovalState, type PostApproval, type PostGroupRecord } from './schemas/post-group.schema';

export interface NewPostGroup {
  _id?: Types.ObjectId;
  content: string;
  status: PostGroupStatus;
  scheduledTime?: Date;
  platformSettings: Record<string, Record<string, unknown>>;
  platforms: string[];
  processingStatus?: ProcessingStatus;
  fromQueue?: boolean;
  /** create-post `firstComment`, as given. */
  firstComment?: string;
  createdAt?: Date;
  updatedAt?: Date;
}

/** A sort of the list pages: field → 1 or -1. */
export type PageSort = Record<string, 1 | -1>;

/** Post groups, always scoped by the acting user; plain objects out. */
@Injectable()
export class PostGroupsRepository extends Repository<PostGroupRecord> {
  /** list-posts' totals by user and filter (a count per list request otherwise). */
  private readonly totals: CachedReads<number>;

  constructor(@InjectModel(PostGroup.name) model: Model<PostGroup>, @Inject(DATABASE_INFO) database: DatabaseInfo) {
    super(model, database);
    this.totals = this.cache<number>({ consistency: 'next-read', max: 10_000 });
  }

  create(userId: string, group: NewPostGroup): Promise<PostGroupRecord> {
    return this.insertOne({ ...group, userId: this.oid(userId) });
  }

  /** Bulk seeding (benchmarks, fixtures): one round trip, caller-chosen ids and timestamps kept. */
  async insertSeeds(userId: string, groups: NewPostGroup[]): Promise<void> {
    await this.insertMany(
      groups.map((g) => ({ ...g, updatedAt: g.updatedAt ?? g.createdAt, userId: this.oid(userId) })),
      { ordered: false },
    );
  }

  findById(userId: string, id: string): Promise<PostGroupRecord | null> {
    const _id = this.parseId(id);
    return _id ? this.findOne({ _id, userId: this.oid(userId) }) : Promise.resolve(null);
  }

  /** The dashboard's page of whole group records. */
  findPage(userId: string, filter: Filter, sort: PageSort, skip: number, limit: number): Promise<PostGroupRecord[]> {
    return this.find({ ...filter, userId: this.oid(userId) }, { sort, skip, limit });
  }

  /**
   * list-posts' page with each group's platform posts: the page's filter, sort, skip and limit,
   * only the fields it shows (the dashboard's PostGroup type has every field), then `join` (a
   * `$lookup` stage adding them as `platformPosts`), in one aggregate command.
   */
  findListPage<T>(
    userId: string,
    filter: Filter,
    sort: PageSort,
    skip: number,
    limit: number,
    join: Record<string, unknown>,
  ): Promise<Array<PostGroupRecord & { platformPosts: T[] }>> {
    return this.aggregate([
      { $match: { ...filter, userId: this.oid(userId) } },
      { $sort: sort },
      { $skip: skip },
      { $limit: limit },
      { $project: { content: 1, status: 1, scheduledTime: 1, createdAt: 1, updatedAt: 1, mediaUrls: 1, fromQueue: 1 } },
      join,
    ]);
  }

  /** The list's total (cached: see `totals`). */
  async countMatching(userId: string, filter: Filter): Promise<number> {
    const total = await this.totals.read(`${userId}\0${JSON.stringify(filter)}`, () => this.count({ ...filter, userId: this.oid(userId) }));
    return total ?? 0;
  }

  /**
   * Moves a group only if it is still in `expectedStatus` (the publishing engine may have taken
   * it meanwhile); null when it was not.
   */
  updateSchedule(
    userId: string,
    id: string,
    expectedStatus: PostGroupStatus,
    set: { status: PostGroupStatus; scheduledTime?: Date; fromQueue?: true },
    options: { leaveQueue?: boolean } = {},
  ): Promise<PostGroupRecord | null> {
    return this.findOneAndUpdate(
      { _id: this.oid(id), userId: this.oid(userId), status: expectedStatus },
      { $set: set, ...(options.leaveQueue ? { $unset: { fromQueue: 1 } } : {}) },
      { returnDocument: 'after' },
    );
  }

  /** These groups, in no particular order. */
  findByIds(userId: string, ids: string[]): Promise<PostGroupRecord[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.find({ _id: { $in: ids.map((id) => this.oid(id)) }, userId: this.oid(userId) });
  }

  /**
   * The dashboard's edit: applies only while the group is still in `expectedStatus` and not taken
   * by the publishing engine (processingStatus pending); null when it was not.
   */
  applyEdits(
    userId: string,
    id: string,
    expectedStatus: PostGroupStatus,
    set: { status: PostGroupStatus; scheduledTime?: Date; content?: string; platforms?: string[]; firstComment?: string },
    options: { leaveQueue?: boolean; removeFirstComment?: boolean } = {},
  ): Promise<PostGroupRecord | null> {
    const unset = { ...(options.leaveQueue ? { fromQueue: 1 } : {}), ...(options.removeFirstComment ? { firstComment: 1 } : {}) };
    return this.findOneAndUpdate(
      { _id: this.oid(id), userId: this.oid(userId), status: expectedStatus, processingStatus: 'pending' },
      { $set: set, ...(Object.keys(unset).length ? { $unset: unset } : {}) },
      { returnDocument: 'after' },
    );
  }

  /**
   * Sets the group's approval; with `from`, only while its approval is in that state (false: it
   * changed meanwhile, e.g. another approver decided, or the group is gone).
   */
  async setApproval(userId: string, id: string, approval: PostApproval, from?: ApprovalState): Promise<boolean> {
    const filter = { _id: this.oid(id), userId: this.oid(userId), ...(from ? { 'approval.state': from } : {}) };
    return (await this.updateOne(filter, { $set: { approval } })).matched === 1;
  }

  /** The account's groups awaiting approval, oldest request first. */
  awaitingApproval(userId: string, limit: number): Promise<PostGroupRecord[]> {
    return this.find({ userId: this.oid(userId), 'approval.state': 'pending' }, { sort: { 'approval.requestedAt': 1, _id: 1 }, limit });
  }

  async delete(userId: string, id: string): Promise<boolean> {
    return (await this.deleteOne({ _id: this.oid(id), userId: this.oid(userId) })) === 1;
  }

  /** Media module: a new media record of this group (its public URL shows in list-posts). */
  async attachMedia(userId: string, id: string, mediaId: string, url: string): Promise<boolean> {
    const result = await this.updateOne({ _id: this.oid(id), userId: this.oid(userId) }, { $push: { mediaIds: this.oid(mediaId), mediaUrls: url } });
    return result.matched === 1;
  }

  /** Several media records at once (createPost with mediaIds), in the caller's transaction. */
  async attachMediaMany(userId: string, id: string, media: Array<{ mediaId: string; url: string }>): Promise<void> {
    if (!media.length) return;
    await this.updateOne(
      { _id: this.oid(id), userId: this.oid(userId) },
      { $push: { mediaIds: { $each: media.map((m) => this.oid(m.mediaId)) }, mediaUrls: { $each: media.map((m) => m.url) } } },
    );
  }

  async detachMedia(userId: string, id: string, mediaId: string, url: string): Promise<void> {
    await this.updateOne({ _id: this.oid(id), userId: this.oid(userId) }, { $pull: { mediaIds: this.oid(mediaId), mediaUrls: url } });
  }
}
