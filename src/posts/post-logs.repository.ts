import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { Types } from 'mongoose';
import type { PostLogEvent } from './post-status';
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

@Injectable()
export class PostLogsRepository {
  constructor(@InjectModel(PostLog.name) private readonly model: Model<PostLog>) {}

  async append(userId: string, postGroupId: Types.ObjectId | string, entries: NewPostLog[]): Promise<void> {
    if (!entries.length) return;
    const uid = new Types.ObjectId(userId);
    const gid = new Types.ObjectId(String(postGroupId));
    // Sequential creates keep createdAt (and _id) in the order given; insertMany would too, but
    // one call per batch is what we want: it is ordered by default.
    await this.model.insertMany(entries.map((e) => ({ ...e, userId: uid, postGroupId: gid })));
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
