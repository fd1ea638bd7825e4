import { Injectable, Module } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import type { ConnectionEvent, LifecycleEventMap } from 'social-post-scheduler';

/** One line of the audit trail. */
export interface AuditEntry {
  event: string;
  userId: string;
  subject: string;
}

/**
 * Observers after the fact: every event arrives once its change has committed, so the trail
 * never records a post that rolled back. A real one would write to the organisation's audit
 * store; this one keeps the entries in memory.
 */
@Injectable()
export class AuditObserver {
  readonly entries: AuditEntry[] = [];

  @OnEvent('post.scheduled')
  scheduled(event: LifecycleEventMap['post.scheduled']): void {
    this.entries.push({ event: 'post.scheduled', userId: event.userId, subject: event.postGroupId });
  }

  @OnEvent('post.published')
  published(event: LifecycleEventMap['post.published']): void {
    this.entries.push({ event: 'post.published', userId: event.userId, subject: event.postGroupId });
  }

  @OnEvent('post.failed')
  failed(event: LifecycleEventMap['post.failed']): void {
    this.entries.push({ event: 'post.failed', userId: event.userId, subject: `${event.postGroupId}:${event.error.code}` });
  }

  @OnEvent('connection.created')
  connected(event: ConnectionEvent): void {
    this.entries.push({ event: 'connection.created', userId: event.userId, subject: event.platformId });
  }

  @OnEvent('connection.deleted')
  disconnected(event: ConnectionEvent): void {
    this.entries.push({ event: 'connection.deleted', userId: event.userId, subject: event.platformId });
  }

  /** An observer that throws: the service logs it; the change and the other observers stand. */
  @OnEvent('post.published')
  broken(): void {
    throw new Error('the audit store is down');
  }
}

@Module({ providers: [AuditObserver], exports: [AuditObserver] })
export class AuditObserverModule {}
