import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../auth/request-context';
import { ApiError } from '../common/api-error';
import { isDuplicateKeyError } from '../database/mongo-errors';
import { Transactions } from '../database/transactions';
import { PlatformPostsRepository } from './platform-posts.repository';
import { PostGroupsRepository } from './post-groups.repository';
import { PostLogsRepository } from './post-logs.repository';
import { PostScheduling } from './post-scheduling';
import { QueueSlotUnavailable } from './posts.errors';
import type { PlatformPostRecord } from './schemas/platform-post.schema';
import type { PostGroupRecord } from './schemas/post-group.schema';

/** A group in a connection's queue, as the queue module plans with it. */
export interface QueuedGroup {
  postGroupId: string;
  content: string;
  /** `scheduled` at its slot, or `draft`: held while a schedule of its accounts gives no slot. */
  status: 'scheduled' | 'draft';
  /** Its slot (scheduled), or the one it had (held). */
  queuedFor: Date;
  /** Every connection the group posts to (compound ids, and their ids). */
  platformIds: string[];
  connectionIds: string[];
}

/** Where the queue puts a group: a slot, or held as a draft (null). */
export interface QueueMove {
  postGroupId: string;
  slot: Date | null;
}

/** How many groups one queue shows and re-times at most (more than a year of ten slots a day fits). */
export const QUEUE_LENGTH_LIMIT = 1000;

/**
 * The posts side of the queue's moves (src/queue decides them): a connection's queued groups in
 * order, and moving them onto new slots, or holding them as drafts, in one transaction.
 */
@Injectable()
export class QueuedPostsService {
  constructor(
    private readonly groups: PostGroupsRepository,
    private readonly platformPosts: PlatformPostsRepository,
    private readonly logs: PostLogsRepository,
    private readonly transactions: Transactions,
    private readonly scheduling: PostScheduling,
  ) {}

  /** The groups queued on this connection, in queue order (their slots, then held ones by their last slot). */
  async queueOf(ctx: RequestContext, connectionId: string): Promise<QueuedGroup[]> {
    const ids = await this.platformPosts.queuedGroupIds(ctx.userId, connectionId, QUEUE_LENGTH_LIMIT);
    const [groups, posts] = await Promise.all([this.groups.findByIds(ctx.userId, ids), this.platformPosts.findByGroups(ctx.userId, ids)]);
    const byId = new Map(groups.map((g) => [String(g._id), g]));
    const queued: QueuedGroup[] = [];
    for (const id of ids) {
      const group = byId.get(id);
      if (!group?.fromQueue || (group.status !== 'scheduled' && group.status !== 'draft')) continue;
      const own = posts.filter((p) => String(p.postGroupId) === id);
      const place = own.find((p) => p.queuedFor)?.queuedFor;
      if (!place) continue;
      queued.push({
        postGroupId: id,
        content: group.content,
        status: group.status,
        queuedFor: place,
        platformIds: own.map((p) => p.platformId),
        connectionIds: own.map((p) => String(p.connectionId)),
      });
    }
    return queued;
  }

  /**
   * Moves queued groups: each to its slot (scheduled there, holding it) or, with none, held as a
   * draft keeping its place. The plan limits still hold: a slot they refuse (past the plan's
   * horizon; over the scheduled-post limit for a held post coming back) holds the post instead.
   * Every slot is freed before any is taken, so groups can swap. `QueueSlotUnavailable` when a
   * group or a slot changed meanwhile (nothing is written); the caller plans again.
   */
  async retime(ctx: RequestContext, moves: QueueMove[]): Promise<void> {
    if (!moves.length) return;
    const ids = moves.map((m) => m.postGroupId);
    const [groups, posts] = await Promise.all([this.groups.findByIds(ctx.userId, ids), this.platformPosts.findByGroups(ctx.userId, ids)]);
    const byId = new Map(groups.map((g) => [String(g._id), g]));
    const now = new Date();
    const decided: Array<{ group: PostGroupRecord; posts: PlatformPostRecord[]; slot: Date | null; unchanged: boolean; heldAt: Date }> = [];
    for (const move of moves) {
      const group = byId.get(move.postGroupId);
      if (!group?.fromQueue || (group.status !== 'scheduled' && group.status !== 'draft')) throw new QueueSlotUnavailable();
      const own = posts.filter((p) => String(p.postGroupId) === move.postGroupId);
      let slot = move.slot && move.slot > now ? move.slot : null;
      const unchanged = group.status === 'scheduled' && slot?.getTime() === group.scheduledTime?.getTime();
      if (slot && !unchanged) slot = await this.allowed(ctx, own, slot, now, move.postGroupId);
      const heldAt = own.find((p) => p.queuedFor)?.queuedFor ?? group.scheduledTime ?? now;
      decided.push({ group, posts: own, slot, unchanged, heldAt });
    }
    try {
      await this.transactions.run(async () => {
        await this.platformPosts.releaseQueueSlots(ctx.userId, ids);
        for (const { group, posts: own, slot, unchanged, heldAt } of decided) {
          const id = String(group._id);
          const set = slot ? { status: 'scheduled' as const, scheduledTime: slot } : { status: 'draft' as const };
          if (!(await this.groups.updateSchedule(ctx.userId, id, group.status, set))) throw new QueueSlotUnavailable();
          const placed = await this.platformPosts.placeInQueue(ctx.userId, id, slot ? { slot } : { heldAt });
          // Every post not yet taken by the publishing engine moves; one taken meanwhile means plan again.
          if (placed !== own.filter((p) => p.status === 'pending' || p.status === 'scheduled').length) throw new QueueSlotUnavailable();
          const statusLog = set.status !== group.status ? [{ event: 'status_changed' as const, metadata: { from: group.status, to: set.status } }] : [];
          if (slot && !unchanged) await this.scheduling.recordScheduled(ctx.userId, id, own, slot, statusLog);
          else if (statusLog.length) await this.logs.append(ctx.userId, id, statusLog);
        }
      });
    } catch (err) {
      if (isDuplicateKeyError(err)) throw new QueueSlotUnavailable();
      throw err;
    }
  }

  /** The slot if the plan limits allow it for this group (as update-post checks a new time), else null. */
  private async allowed(ctx: RequestContext, posts: Array<{ platformId: string }>, slot: Date, now: Date, postGroupId: string): Promise<Date | null> {
    try {
      await this.scheduling.checkSchedule(
        ctx,
        posts.map((p) => p.platformId),
        slot,
        now,
        postGroupId,
        { notify: false },
      );
      return slot;
    } catch (err) {
      if (err instanceof ApiError) return null;
      throw err;
    }
  }
}
