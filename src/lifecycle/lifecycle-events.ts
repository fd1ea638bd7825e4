import { Injectable, Logger } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { afterCommit } from '../database/transactions';
import type {
  PostFailedEvent,
  PostFirstCommentFailedEvent,
  PostFirstCommentPublishedEvent,
  PostPartiallyPublishedEvent,
  PostPublishedEvent,
  PostRetriedEvent,
  PostScheduledEvent,
  PostUnpublishedEvent,
  PostApprovalDecidedEvent,
  PostApprovalRequestedEvent,
} from './post-event-data';

/** A connection stored (connected or reconnected) or removed. */
export interface ConnectionEvent {
  userId: string;
  connectionId: string;
  platform: string;
  platformId: string;
}

/**
 * The events an embedding app observes with `@OnEvent(name)` (@nestjs/event-emitter), one per
 * platform post or connection, each after the change has committed (never for a rolled-back one).
 */
export interface LifecycleEventMap {
  'post.scheduled': PostScheduledEvent;
  'post.published': PostPublishedEvent;
  'post.failed': PostFailedEvent;
  'post.partially_published': PostPartiallyPublishedEvent;
  'post.retried': PostRetriedEvent;
  'post.unpublished': PostUnpublishedEvent;
  'post.first_comment_published': PostFirstCommentPublishedEvent;
  'post.first_comment_failed': PostFirstCommentFailedEvent;
  'post.approval_requested': PostApprovalRequestedEvent;
  'post.approval_decided': PostApprovalDecidedEvent;
  'connection.created': ConnectionEvent;
  'connection.deleted': ConnectionEvent;
}

export type LifecycleEventName = keyof LifecycleEventMap;

/**
 * Tells in-process observers what happened. An observer runs after the change is stored and
 * cannot undo it: one that throws is logged and the others still run (the webhook outbox, which
 * must commit with the change, is written by PostEvents' subscribers instead).
 */
@Injectable()
export class LifecycleEvents {
  private readonly logger = new Logger('LifecycleEvents');

  constructor(private readonly emitter: EventEmitter2) {}

  emit<N extends LifecycleEventName>(name: N, events: readonly LifecycleEventMap[N][]): void {
    if (!events.length || !this.emitter.hasListeners(name)) return;
    afterCommit(() => {
      for (const event of events) {
        try {
          this.emitter.emit(name, event);
        } catch (err) {
          this.logger.error({ err, event: name }, 'An observer of a lifecycle event failed');
        }
      }
    });
  }
}
