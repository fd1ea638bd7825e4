import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, Types } from 'mongoose';
import { Repository } from '../database/repository';
import { MetricSnapshot, type MetricSnapshotRecord } from './schemas/metric-snapshot.schema';
import type { MetricTrackRecord } from './schemas/metric-track.schema';

/** The most snapshots one read returns (a post has at most six; an account one a day). */
const MAX_SERIES = 5_000;

/** Metric readings: written by the collector, read by the API. */
@Injectable()
export class MetricSnapshotsRepository extends Repository<MetricSnapshotRecord> {
  constructor(@InjectModel(MetricSnapshot.name) model: Model<MetricSnapshot>) {
    super(model);
  }

  /** One reading per track, all taken at `takenAt`. */
  async record(readings: Array<{ track: MetricTrackRecord; values: Record<string, number> }>, takenAt: Date): Promise<void> {
    await this.insertMany(
      readings.map(({ track, values }) => ({
        subject: track.subject,
        userId: track.userId,
        connectionId: track.connectionId,
        platform: track.platform,
        platformId: track.platformId,
        ...(track.postId ? { postId: track.postId, postGroupId: track.postGroupId } : {}),
        takenAt,
        values,
      })),
      { ordered: false },
    );
  }

  /** A group's post readings, oldest first. */
  forGroup(userId: string, postGroupId: string): Promise<MetricSnapshotRecord[]> {
    return this.find({ userId: this.oid(userId), postGroupId: this.oid(postGroupId) }, { sort: { takenAt: 1, _id: 1 }, limit: MAX_SERIES });
  }

  /** The latest reading of each of these posts. */
  async latestForPosts(userId: string, postIds: Types.ObjectId[]): Promise<Map<string, MetricSnapshotRecord>> {
    const latest = new Map<string, MetricSnapshotRecord>();
    if (!postIds.length) return latest;
    const rows = await this.find({ userId: this.oid(userId), subject: 'post', postId: { $in: postIds } }, { sort: { takenAt: 1, _id: 1 } });
    for (const row of rows) latest.set(String(row.postId), row);
    return latest;
  }

  /** A deleted post group's readings go with it. */
  async removeForGroup(userId: string, postGroupId: string): Promise<void> {
    await this.deleteMany({ userId: this.oid(userId), postGroupId: this.oid(postGroupId) });
  }

  /** An account's readings in [from, to), oldest first. */
  forAccount(userId: string, connectionId: string | Types.ObjectId, from: Date, to: Date): Promise<MetricSnapshotRecord[]> {
    return this.find(
      { userId: this.oid(userId), connectionId: this.oid(connectionId), subject: 'account', takenAt: { $gte: from, $lt: to } },
      { sort: { takenAt: 1, _id: 1 }, limit: MAX_SERIES },
    );
  }
}
