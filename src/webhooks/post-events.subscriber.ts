import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import {
  PostEvents,
  type PostApprovalDecidedEvent,
  type PostApprovalRequestedEvent,
  type PostEventsPublisher,
  type PostFailedEvent,
  type PostFirstCommentFailedEvent,
  type PostFirstCommentPublishedEvent,
  type PostPartiallyPublishedEvent,
  type PostPublishedEvent,
  type PostRetriedEvent,
  type PostScheduledEvent,
  type PostUnpublishedEvent,
} from '../posts/post-events';
import type { OutboxEvent } from './webhooks.service';
import { WebhooksService } from './webhooks.service';

/** Groups events by user so each user's outbox rows are written in one insert. */
function byUser<T extends { userId: string }>(events: T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const e of events) map.set(e.userId, [...(map.get(e.userId) ?? []), e]);
  return map;
}

/**
 * Turns the posts module's in-process events into outbox rows, inside the emitter's transaction,
 * so a post change and its webhook deliveries commit together.
 */
@Injectable()
export class PostEventsSubscriber implements Partial<PostEventsPublisher>, OnModuleInit, OnModuleDestroy {
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly postEvents: PostEvents,
    private readonly webhooks: WebhooksService,
  ) {}

  onModuleInit(): void {
    this.unsubscribe = this.postEvents.subscribe(this);
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }

  async postScheduled(events: PostScheduledEvent[]): Promise<void> {
    await this.write(events, (e) => ({
      event: 'post.scheduled',
      data: { postId: e.postId, postGroupId: e.postGroupId, platform: e.platform, scheduledAt: e.scheduledAt.toISOString() },
    }));
  }

  async postPublished(events: PostPublishedEvent[]): Promise<void> {
    await this.write(events, (e) => ({
      event: 'post.published',
      data: { postId: e.postId, postGroupId: e.postGroupId, platform: e.platform, publishedAt: e.publishedAt.toISOString() },
    }));
  }

  async postFailed(events: PostFailedEvent[]): Promise<void> {
    await this.write(events, (e) => ({
      event: 'post.failed',
      data: {
        postId: e.postId,
        postGroupId: e.postGroupId,
        platform: e.platform,
        error: { code: e.error.code, message: e.error.message },
        failedAt: e.failedAt.toISOString(),
      },
    }));
  }

  async postPartiallyPublished(events: PostPartiallyPublishedEvent[]): Promise<void> {
    await this.write(events, (e) => ({
      event: 'post.partially_published',
      data: { postGroupId: e.postGroupId, published: e.published, failed: e.failed, finishedAt: e.finishedAt.toISOString() },
    }));
  }

  async postRetried(events: PostRetriedEvent[]): Promise<void> {
    await this.write(events, (e) => ({
      event: 'post.retried',
      data: { postId: e.postId, postGroupId: e.postGroupId, platform: e.platform, retriedAt: e.retriedAt.toISOString(), forced: e.forced },
    }));
  }

  async postUnpublished(events: PostUnpublishedEvent[]): Promise<void> {
    await this.write(events, (e) => ({
      event: 'post.unpublished',
      data: { postId: e.postId, postGroupId: e.postGroupId, platform: e.platform, unpublishedAt: e.unpublishedAt.toISOString() },
    }));
  }

  async postFirstCommentPublished(events: PostFirstCommentPublishedEvent[]): Promise<void> {
    await this.write(events, (e) => ({
      event: 'post.first_comment_published',
      data: {
        postId: e.postId,
        postGroupId: e.postGroupId,
        platform: e.platform,
        commentId: e.commentId,
        url: e.url ?? null,
        publishedAt: e.publishedAt.toISOString(),
      },
    }));
  }

  async postFirstCommentFailed(events: PostFirstCommentFailedEvent[]): Promise<void> {
    await this.write(events, (e) => ({
      event: 'post.first_comment_failed',
      data: { postId: e.postId, postGroupId: e.postGroupId, platform: e.platform, error: e.error, failedAt: e.failedAt.toISOString() },
    }));
  }

  async postApprovalRequested(events: PostApprovalRequestedEvent[]): Promise<void> {
    await this.write(events, (e) => ({
      event: 'post.approval_requested',
      data: {
        postGroupId: e.postGroupId,
        requestedBy: e.requestedBy,
        scheduledTime: e.scheduledTime ? e.scheduledTime.toISOString() : null,
        queue: e.queue,
        requestedAt: e.requestedAt.toISOString(),
      },
    }));
  }

  async postApprovalDecided(events: PostApprovalDecidedEvent[]): Promise<void> {
    await this.write(events, (e) => ({
      event: 'post.approval_decided',
      data: { postGroupId: e.postGroupId, decision: e.decision, decidedBy: e.decidedBy, comment: e.comment, decidedAt: e.decidedAt.toISOString() },
    }));
  }

  private async write<T extends { userId: string }>(events: T[], map: (e: T) => OutboxEvent): Promise<void> {
    for (const [userId, list] of byUser(events)) {
      await this.webhooks.enqueueMany(userId, list.map(map));
    }
  }
}
