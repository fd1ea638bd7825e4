import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { Types } from 'mongoose';
import { toObjectId } from '../database/object-id';
import type { PostLogEvent } from '@app/rules';
import { PostLog, type PostLogRecord } from './schemas/post-log.schema';

export interface NewPostLog {
  postId?: Types.ObjectId | string;
  platform?: string;
  event: PostLogEvent;
  error?: string;
  httpStatus?: number;
  retryCount?: number;
  metadata?: Record<string, unknown>;
}

/** A log entry with its scope, for writes that span groups (the publisher's batches). */
export interface ScopedPostLog extends NewPostLog {
  userId: string;
  postGroupId: Types.ObjectId | string;
  /** Set when the entry was made up before it is written (a `publish_attempted` entry kept until its outcome). */
  id?: Types.ObjectId;
  at?: Date;
}

/**
 * The stored documents of log entries, as the schema would write them (_id, timestamps, version
 * key; absent fields left out). Inserted with `lean`: Mongoose's per-document hydration was a
 * noticeable share of each publish, and these entries are built by our own code, not from input.
 * One `now` per batch (an entry's own `at` and `id` win); the ids keep the given order among equal times.
 */
export function toStoredLogs(entries: ScopedPostLog[], now = new Date()): Array<Record<string, unknown>> {
  return entries.map((e) => {
    const doc: Record<string, unknown> = {
      _id: e.id ?? new Types.ObjectId(),
      postGroupId: toObjectId(e.postGroupId),
      userId: toObjectId(e.userId),
    };
    if (e.postId) doc.postId = toObjectId(e.postId);
    for (const key of ['platform', 'event', 'error', 'httpStatus', 'retryCount', 'metadata'] as const) {
      if (e[key] !== undefined) doc[key] = e[key];
    }
    doc.createdAt = e.at ?? now;
    doc.updatedAt = e.at ?? now;
    doc.__v = 0;
    return doc;
  });
}

@Injectable()
export class PostLogsRepository {
  constructor(@InjectModel(PostLog.name) private readonly model: Model<PostLog>) {}

  async append(userId: string, postGroupId: Types.ObjectId | string, entries: NewPostLog[]): Promise<void> {
    if (!entries.length) return;
    await this.model.insertMany(toStoredLogs(entries.map((e) => ({ ...e, userId, postGroupId }))), { lean: true });
  }

  /** Oldest first, at most `limit`. */
  listForGroup(userId: string, postGroupId: string, limit: number): Promise<PostLogRecord[]> {
    return this.model.find({ postGroupId, userId }).sort({ createdAt: 1, _id: 1 }).limit(limit).lean<PostLogRecord[]>().exec();
  }

  /** Logs of several groups in one query, oldest first (the caller keeps the first N of each). */
  listForGroups(userId: string, postGroupIds: string[]): Promise<PostLogRecord[]> {
    if (!postGroupIds.length) return Promise.resolve([]);
    return this.model
      .find({ postGroupId: { $in: postGroupIds.map((id) => new Types.ObjectId(id)) }, userId: new Types.ObjectId(userId) })
      .sort({ createdAt: 1, _id: 1 })
      .lean<PostLogRecord[]>()
      .exec();
  }

  async deleteForGroup(userId: string, postGroupId: string): Promise<void> {
    await this.model.deleteMany({ postGroupId, userId }).exec();
  }
}
