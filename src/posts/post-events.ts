import { Injectable, Logger } from '@nestjs/common';
import { LifecycleEvents } from '../lifecycle/lifecycle-events';
import type {
  PostApprovalDecidedEvent,
  PostApprovalRequestedEvent,
  PostFailedEvent,
  PostFirstCommentFailedEvent,
  PostFirstCommentPublishedEvent,
  PostPartiallyPublishedEvent,
  PostPublishedEvent,
  PostRetriedEvent,
  PostScheduledEvent,
  PostUnpublishedEvent,
} from '../lifecycle/post-event-data';

export type {
  PostApprovalDecidedEvent,
  PostApprovalRequestedEvent,
  PostFailedEvent,
  PostFirstCommentFailedEvent,
  PostFirstCommentPublishedEvent,
  PostPartiallyPublishedEvent,
  PostPublishedEvent,
  PostRetriedEvent,
  PostScheduledEvent,
  PostUnpublishedEvent,
} from '../lifecycle/post-event-data';

/**
 * What happens to posts, told to whoever listens (webhooks write their outbox rows). Every call
 * runs inside the transaction that made the change (Transactions.run), so a listener's writes
 * join it and commit or roll back with it; a listener that throws aborts the change.
 * `postScheduled` is emitted by the posts service; `postPublished`/`postFailed` by the publishing
 * engine.
 */
export interface PostEventsPublisher {
  postScheduled(events: PostScheduledEvent[]): Promise<void>;
  postPublished(events: PostPublishedEvent[]): Promise<void>;
  postFailed(events: PostFailedEvent[]): Promise<void>;
  /** Publishing engine: the group's rollup reached `partially_published`. */
  postPartiallyPublished(events: PostPartiallyPublishedEvent[]): Promise<void>;
  /** Recovery: failed platform posts put back to publish, and published ones deleted from their platform. */
  postRetried(events: PostRetriedEvent[]): Promise<void>;
  postUnpublished(events: PostUnpublishedEvent[]): Promise<void>;
  /** Publishing engine: a platform post's first comment published, or failed for good. */
  postFirstCommentPublished(events: PostFirstCommentPublishedEvent[]): Promise<void>;
  postFirstCommentFailed(events: PostFirstCommentFailedEvent[]): Promise<void>;
  /** Approvals: a team editor asked for approval; an approver decided. */
  postApprovalRequested(events: PostApprovalRequestedEvent[]): Promise<void>;
  postApprovalDecided(events: PostApprovalDecidedEvent[]): Promise<void>;
  /** Posts: a group was deleted (delete-post), in its transaction; what other modules keep of it goes too. */
  postGroupDeleted(events: Array<{ userId: string; postGroupId: string }>): Promise<void>;
}

/**
 * The in-process fan-out: modules subscribe (in `onModuleInit`) with the handlers they care
 * about; emitters call the publisher methods. Listeners run one after another, awaited, inside
 * the change's transaction; an embedding app's observers get each event after it commits
 * (LifecycleEvents).
 */
@Injectable()
export class PostEvents implements PostEventsPublisher {
  private readonly logger = new Logger(PostEvents.name);
  private readonly subscribers: Array<Partial<PostEventsPublisher>> = [];

  constructor(private readonly lifecycle: LifecycleEvents) {}

  /** Returns an unsubscribe function. */
  subscribe(subscriber: Partial<PostEventsPublisher>): () => void {
    this.subscribers.push(subscriber);
    return () => {
      const i = this.subscribers.indexOf(subscriber);
      if (i >= 0) this.subscribers.splice(i, 1);
    };
  }

  postScheduled(events: PostScheduledEvent[]): Promise<void> {
    this.lifecycle.emit('post.scheduled', events);
    return this.emit('postScheduled', events);
  }
  postPublished(events: PostPublishedEvent[]): Promise<void> {
    this.lifecycle.emit('post.published', events);
    return this.emit('postPublished', events);
  }
  postFailed(events: PostFailedEvent[]): Promise<void> {
    this.lifecycle.emit('post.failed', events);
    return this.emit('postFailed', events);
  }
  postPartiallyPublished(events: PostPartiallyPublishedEvent[]): Promise<void> {
    this.lifecycle.emit('post.partially_published', events);
    return this.emit('postPartiallyPublished', events);
  }
  postRetried(events: PostRetriedEvent[]): Promise<void> {
    this.lifecycle.emit('post.retried', events);
    return this.emit('postRetried', events);
  }
  postUnpublished(events: PostUnpublishedEvent[]): Promise<void> {
    this.lifecycle.emit('post.unpublished', events);
    return this.emit('postUnpublished', events);
  }
  postFirstCommentPublished(events: PostFirstCommentPublishedEvent[]): Promise<void> {
    this.lifecycle.emit('post.first_comment_published', events);
    return this.emit('postFirstCommentPublished', events);
  }
  postFirstCommentFailed(events: PostFirstCommentFailedEvent[]): Promise<void> {
    this.lifecycle.emit('post.first_comment_failed', events);
    return this.emit('postFirstCommentFailed', events);
  }
  postApprovalRequested(events: PostApprovalRequestedEvent[]): Promise<void> {
    this.lifecycle.emit('post.approval_requested', events);
    return this.emit('postApprovalRequested', events);
  }
  postApprovalDecided(events: PostApprovalDecidedEvent[]): Promise<void> {
    this.lifecycle.emit('post.approval_decided', events);
    return this.emit('postApprovalDecided', events);
  }
  postGroupDeleted(events: Array<{ userId: string; postGroupId: string }>): Promise<void> {
    return this.emit('postGroupDeleted', events);
  }

  private async emit<K extends keyof PostEventsPublisher>(name: K, events: Parameters<PostEventsPublisher[K]>[0]): Promise<void> {
    if (!events.length) return;
    for (const subscriber of this.subscribers) {
      const handler = subscriber[name] as ((e: typeof events) => Promise<void>) | undefined;
      if (handler) await handler.call(subscriber, events);
    }
    this.logger.debug(`${name}: ${events.length} event(s)`);
  }
}
