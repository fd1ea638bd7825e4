import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, Types } from 'mongoose';
import { Repository, type Filter } from '../database/repository';
import { MetricTrack, type MetricTrackRecord } from './schemas/metric-track.schema';

export interface NewPostTrack {
  userId: string;
  connectionId: string;
  platform: string;
  platformId: string;
  postId: string;
  postGroupId: string;
  postedId: string;
  publishedUrl?: string;
  publishedAt: Date;
  firstDueAt: Date;
}

export interface TrackClaim {
  owner: string;
  token: string;
  leaseUntil: Date;
}

/** How a claimed track is let go: its next time, and what the collection came to. */
export interface TrackRelease {
  nextAt: Date | null;
  step?: number;
  failures?: number;
  lastError?: MetricTrackRecord['lastError'];
  endedBecause?: string | null;
}

/**
 * The collector's to-do list. Due queries run across users (the collector is a scheduler); every
 * write after the claim is conditional on holding it, so an instance whose lease ran out cannot
 * overwrite the new holder's work.
 */
@Injectable()
export class MetricTracksRepository extends Repository<MetricTrackRecord> {
  constructor(@InjectModel(MetricTrack.name) model: Model<MetricTrack>) {
    super(model);
  }

  /** A published post's track (once: a repeat of the same post changes nothing). */
  async startPostTrack(track: NewPostTrack): Promise<void> {
    await this.updateOne(
      { subject: 'post', postId: this.oid(track.postId) },
      {
        $setOnInsert: {
          subject: 'post',
          userId: this.oid(track.userId),
          connectionId: this.oid(track.connectionId),
          platform: track.platform,
          platformId: track.platformId,
          postId: this.oid(track.postId),
          postGroupId: this.oid(track.postGroupId),
          postedId: track.postedId,
          ...(track.publishedUrl ? { publishedUrl: track.publishedUrl } : {}),
          publishedAt: track.publishedAt,
          step: 0,
          nextAt: track.firstDueAt,
          endedBecause: null,
          lastError: null,
          failures: 0,
        },
      },
      { upsert: true },
    );
  }

  /** A connection's account track, due at `dueAt` when it is new. */
  async ensureAccountTrack(track: { userId: string; connectionId: string; platform: string; platformId: string }, dueAt: Date): Promise<void> {
    await this.updateOne(
      { subject: 'account', connectionId: this.oid(track.connectionId) },
      {
        $setOnInsert: {
          subject: 'account',
          userId: this.oid(track.userId),
          connectionId: this.oid(track.connectionId),
          platform: track.platform,
          platformId: track.platformId,
          step: 0,
          nextAt: dueAt,
          endedBecause: null,
          lastError: null,
          failures: 0,
        },
      },
      { upsert: true },
    );
  }

  private claimable(now: Date): Filter {
    // ($lte matches no null: a finished track is never due.)
    return { nextAt: { $lte: now }, $or: [{ claim: null }, { 'claim.leaseUntil': { $lt: now } }] };
  }

  /** How many tracks are due and unclaimed (the collector's backlog). */
  countDue(now: Date): Promise<number> {
    return this.count(this.claimable(now));
  }

  /**
   * Claims up to `limit` due tracks: those of the connections whose tracks are due longest, each
   * connection's due tracks together (so they share its batched requests), at most `limit / 20`
   * connections a pass. Each document's update is atomic, so of two instances racing for a track
   * exactly one holds it. Returns this claim's tracks.
   */
  async claimDue(claim: TrackClaim, now: Date, limit: number): Promise<MetricTrackRecord[]> {
    const oldest = await this.find<{ connectionId: Types.ObjectId }>(this.claimable(now), { sort: { nextAt: 1 }, limit, projection: { connectionId: 1 } });
    if (!oldest.length) return [];
    const connections = [...new Map(oldest.map((t) => [String(t.connectionId), t.connectionId])).values()].slice(0, Math.max(1, Math.ceil(limit / 20)));
    const due = await this.find<{ _id: Types.ObjectId }>(
      { ...this.claimable(now), connectionId: { $in: connections } },
      { sort: { nextAt: 1 }, limit, projection: { _id: 1 } },
    );
    const ids = due.map((d) => d._id);
    await this.updateMany({ _id: { $in: ids }, ...this.claimable(now) }, { $set: { claim } });
    return this.find({ _id: { $in: ids }, 'claim.token': claim.token });
  }

  /**
   * Lets tracks go, each with its next time and outcome, in one command (a batch's worth); a track
   * whose claim was lost meanwhile is left to its new holder.
   */
  async release(token: string, releases: Array<{ track: MetricTrackRecord; release: TrackRelease }>): Promise<void> {
    await this.updateEach(
      releases.map(({ track, release }) => {
        const set: Record<string, unknown> = { nextAt: release.nextAt };
        for (const key of ['step', 'failures', 'lastError', 'endedBecause'] as const) if (release[key] !== undefined) set[key] = release[key];
        return { q: { _id: track._id, 'claim.token': token }, u: { $set: set, $unset: { claim: 1 } } };
      }),
    );
  }

  /** A deleted post group: its posts are not read again. */
  async removeForGroup(userId: string, postGroupId: string): Promise<void> {
    await this.deleteMany({ userId: this.oid(userId), postGroupId: this.oid(postGroupId) });
  }

  /** A connection that is gone: nothing of it is read again. */
  async removeForConnection(connectionId: string): Promise<void> {
    await this.deleteMany({ connectionId: this.oid(connectionId) });
  }

  /** The tracks of these platform posts (the API says how far each one got). */
  findForPosts(userId: string, postIds: Types.ObjectId[]): Promise<MetricTrackRecord[]> {
    if (!postIds.length) return Promise.resolve([]);
    return this.find({ subject: 'post', userId: this.oid(userId), postId: { $in: postIds } });
  }

  /** Post tracks of the user published in [from, to), newest first, at most `limit` (optionally of one connection). */
  publishedBetween(userId: string, from: Date, to: Date, limit: number, connectionId?: string): Promise<MetricTrackRecord[]> {
    return this.find(
      { subject: 'post', userId: this.oid(userId), publishedAt: { $gte: from, $lt: to }, ...(connectionId ? { connectionId: this.oid(connectionId) } : {}) },
      { sort: { publishedAt: -1 }, limit },
    );
  }

  findAccountTrack(userId: string, connectionId: string): Promise<MetricTrackRecord | null> {
    return this.findOne({ subject: 'account', userId: this.oid(userId), connectionId: this.oid(connectionId) });
  }
}
