import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, SortOrder } from 'mongoose';
import { Types } from 'mongoose';
import { commandDocuments } from '../database/command-cursor';
import { DATABASE_INFO, type DatabaseInfo } from '../database/database.module';
import { ProcessReadCache } from '../database/process-read-cache';
import { storedDocument } from '../database/stored-document';
import { Transactions } from '../database/transactions';
import type { PostGroupStatus, ProcessingStatus } from '@app/rules';
import { PostGroup, type PostGroupRecord } from './schemas/post-group.schema';

export interface NewPostGroup {
  _id?: Types.ObjectId;
  content: string;
  status: PostGroupStatus;
  scheduledTime?: Date;
  platformSettings: Record<string, Record<string, unknown>>;
  platforms: string[];
  processingStatus?: ProcessingStatus;
  createdAt?: Date;
  updatedAt?: Date;
}

/** Post groups, always scoped by the acting user; plain objects out. */
@Injectable()
export class PostGroupsRepository {
  /**
   * list-posts' totals by user and filter, kept while the collection's write counter stays the
   * same: only on the embedded database this process started (no counter, no cache), so a post
   * group changed by anyone (mongosh included) is counted by the next list.
   */
  private readonly totals: ProcessReadCache<number>;

  constructor(
    @InjectModel(PostGroup.name) private readonly model: Model<PostGroup>,
    @Inject(DATABASE_INFO) database: DatabaseInfo,
  ) {
    const version = database.writeVersion?.(model.collection.collectionName);
    this.totals = new ProcessReadCache<number>({ enabled: version !== undefined, version, ttlMs: 60_000, max: 10_000 });
  }

  /** create-post's insert, through the driver (a measured hot path; see storedDocument). */
  async create(userId: string, group: NewPostGroup): Promise<PostGroupRecord> {
    const doc = storedDocument<PostGroupRecord>(this.model, { ...group, userId: new Types.ObjectId(userId) }, new Date());
    await this.model.collection.insertOne(doc, { session: Transactions.current() });
    return doc;
  }

  /** Bulk seeding (benchmarks, fixtures): one round trip, caller-chosen ids and timestamps kept. */
  async insertMany(userId: string, groups: NewPostGroup[]): Promise<void> {
    const uid = new Types.ObjectId(userId);
    const now = new Date();
    // lean: no hydration or defaults, so they are spelled out here.
    await this.model.insertMany(
      groups.map((g) => ({
        processingStatus: 'pending',
        mediaIds: [],
        mediaUrls: [],
        createdAt: now,
        updatedAt: g.createdAt ?? now,
        __v: 0,
        ...g,
        userId: uid,
      })),
      { ordered: false, lean: true },
    );
  }

  findById(userId: string, id: string): Promise<PostGroupRecord | null> {
    return this.model.findOne({ _id: id, userId }).lean<PostGroupRecord>().exec();
  }

  /** The dashboard's page of whole group records. */
  findPage(userId: string, filter: Record<string, unknown>, sort: Record<string, SortOrder>, skip: number, limit: number): Promise<PostGroupRecord[]> {
    // Straight through the driver, like list-posts' page (the filter is already typed: ObjectId
    // scope, dates, names): what a lean Mongoose query would return, minus its per-query casting
    // and middleware, which were a measurable share of each list request (issue 19).
    return this.model.collection
      .find<PostGroupRecord>({ ...filter, userId: new Types.ObjectId(userId) }, { sort: sort as Record<string, 1 | -1>, skip, limit })
      .toArray();
  }

  /**
   * list-posts' page with each group's platform posts: the page's filter, sort, skip and limit,
   * only the fields it shows (the dashboard's PostGroup type has every field), then `join` (a
   * `$lookup` stage adding them as `platformPosts`), in one aggregate command (a page of at most
   * 100 groups comes whole in its first batch; see commandDocuments).
   */
  findListPage<T>(
    userId: string,
    filter: Record<string, unknown>,
    sort: Record<string, SortOrder>,
    skip: number,
    limit: number,
    join: Record<string, unknown>,
  ): Promise<Array<PostGroupRecord & { platformPosts: T[] }>> {
    const collection = this.model.collection.collectionName;
    const pipeline = [
      { $match: { ...filter, userId: new Types.ObjectId(userId) } },
      { $sort: sort },
      { $skip: skip },
      { $limit: limit },
      { $project: { content: 1, status: 1, scheduledTime: 1, createdAt: 1, updatedAt: 1, mediaUrls: 1 } },
      join,
    ];
    return commandDocuments(this.model.db.db!, collection, { aggregate: collection, pipeline, cursor: {} });
  }

  /** The list's total: one `count` command (no aggregation cursor), outside any transaction; cached (see `totals`). */
  async count(userId: string, filter: Record<string, unknown>): Promise<number> {
    const total = await this.totals.read(`${userId}\0${JSON.stringify(filter)}`, async () => {
      const reply = await this.model.db.db!.command({ count: this.model.collection.collectionName, query: { ...filter, userId: new Types.ObjectId(userId) } });
      return Number(reply.n);
    });
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
    set: { status: PostGroupStatus; scheduledTime?: Date },
  ): Promise<PostGroupRecord | null> {
    return this.model.findOneAndUpdate({ _id: id, userId, status: expectedStatus }, { $set: set }, { returnDocument: 'after' }).lean<PostGroupRecord>().exec();
  }

  /**
   * The dashboard's edit: applies only while the group is still in `expectedStatus` and not taken
   * by the publishing engine (processingStatus pending); null when it was not.
   */
  applyEdits(
    userId: string,
    id: string,
    expectedStatus: PostGroupStatus,
    set: { status: PostGroupStatus; scheduledTime?: Date; content?: string; platforms?: string[] },
  ): Promise<PostGroupRecord | null> {
    return this.model
      .findOneAndUpdate({ _id: id, userId, status: expectedStatus, processingStatus: 'pending' }, { $set: set }, { returnDocument: 'after' })
      .lean<PostGroupRecord>()
      .exec();
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.model.deleteOne({ _id: id, userId }).exec();
    return result.deletedCount === 1;
  }

  /** Media module: a new media record of this group (its public URL shows in list-posts). */
  async attachMedia(userId: string, id: string, mediaId: string, url: string): Promise<boolean> {
    const result = await this.model.updateOne({ _id: id, userId }, { $push: { mediaIds: new Types.ObjectId(mediaId), mediaUrls: url } }).exec();
    return result.matchedCount === 1;
  }

  /** Several media records at once (createPost with mediaIds), in the caller's transaction. */
  async attachMediaMany(userId: string, id: string, media: Array<{ mediaId: string; url: string }>): Promise<void> {
    if (!media.length) return;
    await this.model
      .updateOne(
        { _id: id, userId },
        {
          $push: {
            mediaIds: { $each: media.map((m) => new Types.ObjectId(m.mediaId)) },
            mediaUrls: { $each: media.map((m) => m.url) },
          },
        },
      )
      .exec();
  }

  async detachMedia(userId: string, id: string, mediaId: string, url: string): Promise<void> {
    await this.model.updateOne({ _id: id, userId }, { $pull: { mediaIds: new Types.ObjectId(mediaId), mediaUrls: url } }).exec();
  }
}
