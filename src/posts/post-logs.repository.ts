import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, Types } from 'mongoose';
import { Repository } from '../database/repository';
import type { AnyPostLogEvent } from '@app/rules';
import { PostLog, type PostLogRecord } from './schemas/post-log.schema';

export interface NewPostLog {
  postId?: Types.ObjectId | string;
  platform?: string;
  event: AnyPostLogEvent;
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
 * The post log: written by posts (a user's changes) and by publishing (the engine's steps, in its
 * transactions), read by get-post-logs and the dashboard. Entries keep their given order: one
 * batch shares one time, and their ids rise in order.
 */
@Injectable()
export class PostLogsRepository extends Repository<PostLogRecord> {
  constructor(@InjectModel(PostLog.name) model: Model<PostLog>) {
    super(model);
  }

  async append(userId: string, postGroupId: Types.ObjectId | string, entries: NewPostLog[]): Promise<void> {
    await this.appendScoped(entries.map((e) => ({ ...e, userId, postGroupId })));
  }

  /** Entries of any groups, in one ordered insert. */
  async appendScoped(entries: ScopedPostLog[], now = new Date()): Promise<void> {
    await this.insertMany(entries.map((e) => this.fields(e, now)));
  }

  /**
   * Entries made up earlier (`id` set), written unless they already are: the `publish_attempted`
   * entry of an attempt whose instance died before writing it (taken over from its marker).
   */
  async restore(entries: ScopedPostLog[], now = new Date()): Promise<void> {
    await this.updateEach(
      entries.map((e) => {
        const { _id, ...doc } = this.newDocument(this.fields(e, now), now);
        return { q: { _id }, u: { $setOnInsert: doc }, upsert: true };
      }),
    );
  }

  /** Oldest first, at most `limit`. */
  listForGroup(userId: string, postGroupId: string, limit: number): Promise<PostLogRecord[]> {
    return this.find({ postGroupId: this.oid(postGroupId), userId: this.oid(userId) }, { sort: { createdAt: 1, _id: 1 }, limit });
  }

  /** Logs of several groups in one query, oldest first (the caller keeps the first N of each). */
  listForGroups(userId: string, postGroupIds: string[]): Promise<PostLogRecord[]> {
    if (!postGroupIds.length) return Promise.resolve([]);
    return this.find({ postGroupId: { $in: postGroupIds.map((id) => this.oid(id)) }, userId: this.oid(userId) }, { sort: { createdAt: 1, _id: 1 } });
  }

  async deleteForGroup(userId: string, postGroupId: string): Promise<void> {
    await this.deleteMany({ postGroupId: this.oid(postGroupId), userId: this.oid(userId) });
  }

  /** An entry's stored fields (absent ones left out); its own `id` and `at` win. */
  private fields(e: ScopedPostLog, now: Date): Partial<PostLogRecord> {
    const at = e.at ?? now;
    return {
      ...(e.id ? { _id: e.id } : {}),
      postGroupId: this.oid(e.postGroupId),
      userId: this.oid(e.userId),
      ...(e.postId ? { postId: this.oid(e.postId) } : {}),
      platform: e.platform,
      event: e.event,
      error: e.error,
      httpStatus: e.httpStatus,
      retryCount: e.retryCount,
      metadata: e.metadata,
      createdAt: at,
      updatedAt: at,
    };
  }
}
