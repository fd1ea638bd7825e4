import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import type { ConnectionEvent } from '../lifecycle/lifecycle-events';
import { afterCommit } from '../database/transactions';
import { PlatformRegistry } from '../platforms/platform-registry';
import { PostEvents, type PostEventsPublisher, type PostPublishedEvent } from '../posts/post-events';
import { stepDueAt } from './collection-schedule';
import { MetricSnapshotsRepository } from './metric-snapshots.repository';
import { MetricTracksRepository } from './metric-tracks.repository';

/** A bound on the connections remembered (then forgotten, and written once more each). */
const MAX_REMEMBERED = 50_000;

/**
 * Starts what the collector reads: a published post's track in the transaction that published
 * it (so a post is never published without one), and its connection's account track; a deleted
 * group's tracks and readings, and a removed connection's tracks, go with them.
 */
@Injectable()
export class EngagementEventsSubscriber implements Partial<PostEventsPublisher>, OnModuleInit, OnModuleDestroy {
  private unsubscribe: (() => void) | null = null;
  /** Connections whose account track this process has seen written (publishing's hot path writes it once). */
  private readonly accountTracked = new Set<string>();

  constructor(
    private readonly postEvents: PostEvents,
    private readonly tracks: MetricTracksRepository,
    private readonly snapshots: MetricSnapshotsRepository,
    private readonly platforms: PlatformRegistry,
  ) {}

  onModuleInit(): void {
    this.unsubscribe = this.postEvents.subscribe(this);
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }

  async postPublished(events: PostPublishedEvent[]): Promise<void> {
    for (const e of events) {
      const adapter = this.platforms.get(e.platform);
      if (!e.connectionId || !e.postedId) continue;
      const connection = { userId: e.userId, connectionId: e.connectionId, platform: e.platform, platformId: e.platformId };
      if (adapter?.postMetrics) {
        await this.tracks.startPostTrack({
          ...connection,
          postId: e.postId,
          postGroupId: e.postGroupId,
          postedId: e.postedId,
          publishedUrl: e.publishedUrl,
          publishedAt: e.publishedAt,
          firstDueAt: stepDueAt(e.publishedAt, 0)!,
        });
      }
      if (adapter?.accountMetrics && !this.accountTracked.has(e.connectionId)) {
        await this.tracks.ensureAccountTrack(connection, e.publishedAt);
        const id = e.connectionId;
        // Known once committed: later publishes of the connection skip the write.
        afterCommit(() => {
          if (this.accountTracked.size >= MAX_REMEMBERED) this.accountTracked.clear();
          this.accountTracked.add(id);
        });
      }
    }
  }

  /** Inside delete-post's transaction: the group's tracks and readings go with it. */
  async postGroupDeleted(events: Array<{ userId: string; postGroupId: string }>): Promise<void> {
    for (const e of events) {
      await this.tracks.removeForGroup(e.userId, e.postGroupId);
      await this.snapshots.removeForGroup(e.userId, e.postGroupId);
    }
  }

  @OnEvent('connection.created')
  async connectionCreated(event: ConnectionEvent): Promise<void> {
    if (!this.platforms.get(event.platform)?.accountMetrics) return;
    await this.tracks.ensureAccountTrack(event, new Date());
  }

  @OnEvent('connection.deleted')
  async connectionDeleted(event: ConnectionEvent): Promise<void> {
    this.accountTracked.delete(event.connectionId);
    await this.tracks.removeForConnection(event.connectionId);
  }
}
