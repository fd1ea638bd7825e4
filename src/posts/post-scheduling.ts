import { Injectable } from '@nestjs/common';
import type { Types } from 'mongoose';
import type { RequestContext } from '../auth/request-context';
import { ApiError } from '../common/api-error';
import { ConnectionsService, type ConnectionRef } from '../connections/connections.service';
import { LimitsService } from '../limits/limits.service';
import type { PlatformName } from '@app/rules';
import { PlatformPostsRepository } from './platform-posts.repository';
import { PostChecks } from './post-checks';
import { PostEvents } from './post-events';
import { PostLogsRepository, type NewPostLog } from './post-logs.repository';
import { PostMessages } from './posts.errors';
import type { PlatformPostRecord } from './schemas/platform-post.schema';

/**
 * The steps every way into the schedule shares (create-post, update-post, the dashboard's edit,
 * the queue): the caller's connections, the plan limits and spacing, the embedding app's checks,
 * and the `scheduled` logs and events once it is in.
 */
@Injectable()
export class PostScheduling {
  constructor(
    private readonly platformPosts: PlatformPostsRepository,
    private readonly logs: PostLogsRepository,
    private readonly connections: ConnectionsService,
    private readonly limits: LimitsService,
    private readonly events: PostEvents,
    private readonly postChecks: PostChecks,
  ) {}

  /** The caller's connections by compound id, in the order given; another id is a 400 naming it. */
  async ownedConnections(userId: string, platformIds: string[]): Promise<ConnectionRef[]> {
    const owned = await this.connections.findOwned(userId, platformIds);
    const byId = new Map(owned.map((c) => [c.platformId, c]));
    return platformIds.map((id) => {
      const ref = byId.get(id);
      if (!ref) throw ApiError.badRequest(PostMessages.connectionNotFound(id));
      return ref;
    });
  }

  /** The embedding app's post checks (post-checks.ts): a refusal is a 400 with its message, before anything is written. */
  async assertPassesChecks(
    ctx: RequestContext,
    post: { postGroupId?: string; content: string; platformIds: string[]; mediaUrls?: string[] | null },
  ): Promise<void> {
    const refusal = await this.postChecks.refusal({
      stage: 'schedule',
      userId: ctx.userId,
      ...(post.postGroupId ? { postGroupId: post.postGroupId } : {}),
      content: post.content,
      platforms: uniqueNames(post.platformIds.map((id) => id.slice(0, id.indexOf('-')))),
      platformIds: post.platformIds,
      mediaUrls: post.mediaUrls ?? [],
    });
    if (refusal) throw ApiError.badRequest(refusal);
  }

  /**
   * Gathers the billing account's usage (the posts module owns platform posts) and asks the
   * limits service; returns the time to store (possibly moved for spacing).
   */
  async checkSchedule(
    ctx: RequestContext,
    platformIds: string[],
    scheduledTime: Date,
    now: Date,
    excludeGroupId?: string,
    options: { notify?: boolean } = {},
  ): Promise<Date> {
    const userIds = await this.limits.billingAccountUserIds(ctx);
    const period = this.limits.billingPeriod(ctx.billingOwnerUser, now);
    const [monthlyByPlatformId, scheduledPending, otherScheduledTimes, connectionCount] = await Promise.all([
      this.platformPosts.countUsedByPlatformId(userIds, period, excludeGroupId),
      this.platformPosts.countPending(userIds, excludeGroupId),
      this.platformPosts.scheduledTimesNear(ctx.userId, platformIds, scheduledTime, excludeGroupId),
      this.connections.countForUsers(userIds),
    ]);
    const monthlyTotal = Object.values(monthlyByPlatformId).reduce((a, b) => a + b, 0);
    const result = await this.limits.checkSchedule(
      ctx,
      {
        platformIds,
        scheduledTime,
        usage: { monthlyByPlatformId, monthlyTotal, scheduledPending, otherScheduledTimes },
        connectionCount,
        now,
      },
      options,
    );
    return result.scheduledTime;
  }

  /** `scheduled` log entries and `post.scheduled` events for these platform posts. */
  async recordScheduled(
    userId: string,
    postGroupId: Types.ObjectId | string,
    posts: Array<Pick<PlatformPostRecord, '_id' | 'platform' | 'platformId'>>,
    scheduledTime: Date,
    extraLogs: NewPostLog[],
  ): Promise<void> {
    await this.logs.append(userId, postGroupId, [
      ...extraLogs,
      ...posts.map((p) => ({
        postId: p._id,
        platform: p.platform,
        event: 'scheduled' as const,
        metadata: { scheduledTime: scheduledTime.toISOString() },
      })),
    ]);
    await this.events.postScheduled(
      posts.map((p) => ({
        userId,
        postGroupId: String(postGroupId),
        postId: String(p._id),
        platform: p.platform,
        platformId: p.platformId,
        scheduledAt: scheduledTime,
      })),
    );
  }
}

function uniqueNames(names: string[]): PlatformName[] {
  return [...new Set(names)] as PlatformName[];
}
