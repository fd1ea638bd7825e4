import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import type { RequestContext } from '../auth/request-context';
import { ApiError } from '../common/api-error';
import { AppConfig } from '../config/app-config.service';
import type { ConnectionEvent } from '../lifecycle/lifecycle-events';
import type {
  PostApprovalDecidedEvent,
  PostApprovalRequestedEvent,
  PostFailedEvent,
  PostPublishedEvent,
  PostRetriedEvent,
  PostUnpublishedEvent,
} from '../lifecycle/post-event-data';
import { AuditEntriesRepository, type AuditQuery } from './audit-entries.repository';
import { auditContext } from './audit-context';
import type { AuditActor, AuditEntryRecord } from './schemas/audit-entry.schema';

export const AUDIT_ACTOR_TYPES = ['owner', 'member', 'api_key', 'mcp', 'review_link', 'system'] as const;
const MAX_PAGE_SIZE = 100;
const CLEANUP_EVERY_MS = 60 * 60_000;

export const AuditMessages = {
  pageInvalid: 'page must be a positive integer',
  limitInvalid: `limit must be an integer from 1 to ${MAX_PAGE_SIZE}`,
  actorTypeInvalid: `actorType must be one of ${AUDIT_ACTOR_TYPES.join(', ')}`,
  dateInvalid: (field: string) => `${field} must be an ISO 8601 date`,
  actionInvalid: 'action must be at most 100 characters',
};

/** The actor of a request: the team member, the MCP client or API key, else the account's owner. */
export function actorOf(ctx: RequestContext | undefined): AuditActor {
  if (!ctx) return { type: 'system' };
  if (ctx.member) return { type: 'member', userId: ctx.member.user.id, email: ctx.member.user.email, role: ctx.member.role };
  if (ctx.keyPrefix) return { type: ctx.client === 'mcp' ? 'mcp' : 'api_key', keyPrefix: ctx.keyPrefix };
  return { type: 'owner', userId: ctx.ownerUser.id, email: ctx.ownerUser.email };
}

export interface AuditPage {
  entries: AuditEntryRecord[];
  page: number;
  limit: number;
  total: number;
}

/**
 * The audit log (docs/audit.md): who did what in an account, when. Entries are written next to
 * the change (or after it commits, for the engine's outcomes) and never fail it: a write that
 * fails is logged. Kept AUDIT_RETENTION_DAYS.
 */
@Injectable()
export class AuditService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(AuditService.name);
  private cleanup: NodeJS.Timeout | undefined;

  constructor(
    private readonly entries: AuditEntriesRepository,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.cleanup = setInterval(() => void this.deleteExpired(), CLEANUP_EVERY_MS);
    this.cleanup.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.cleanup);
  }

  /**
   * Records `action` in the acting request's account (or `accountId`), by the request's actor (or
   * `actor`). Outside a request and without an account, nothing is recorded.
   */
  async record(
    action: string,
    entry: { target?: { type: string; id: string }; details?: Record<string, unknown>; accountId?: string; actor?: AuditActor } = {},
  ): Promise<void> {
    const ctx = auditContext.getStore();
    const accountId = entry.accountId ?? ctx?.userId;
    if (!accountId) return;
    try {
      await this.entries.add({
        accountId,
        at: new Date(),
        action,
        actor: entry.actor ?? actorOf(ctx),
        target: entry.target ?? null,
        details: entry.details ?? null,
      });
    } catch (err) {
      this.logger.warn({ err, action }, 'An audit entry could not be written');
    }
  }

  async list(
    ctx: RequestContext,
    raw: { page?: unknown; limit?: unknown; action?: unknown; actorType?: unknown; from?: unknown; to?: unknown },
  ): Promise<AuditPage> {
    const page = raw.page === undefined || raw.page === null || raw.page === '' ? 1 : Number(raw.page);
    if (!Number.isInteger(page) || page < 1) throw ApiError.badRequest(AuditMessages.pageInvalid);
    const limit = raw.limit === undefined || raw.limit === null || raw.limit === '' ? 50 : Number(raw.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) throw ApiError.badRequest(AuditMessages.limitInvalid);
    const query: AuditQuery = {};
    if (raw.action !== undefined && raw.action !== null && raw.action !== '') {
      if (typeof raw.action !== 'string' || raw.action.length > 100) throw ApiError.badRequest(AuditMessages.actionInvalid);
      query.action = raw.action;
    }
    if (raw.actorType !== undefined && raw.actorType !== null && raw.actorType !== '') {
      if (!(AUDIT_ACTOR_TYPES as readonly unknown[]).includes(raw.actorType)) throw ApiError.badRequest(AuditMessages.actorTypeInvalid);
      query.actorType = raw.actorType as string;
    }
    for (const field of ['from', 'to'] as const) {
      const value = raw[field];
      if (value === undefined || value === null || value === '') continue;
      const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : new Date(NaN);
      if (Number.isNaN(date.getTime())) throw ApiError.badRequest(AuditMessages.dateInvalid(field));
      query[field] = date;
    }
    const [entries, total] = await Promise.all([this.entries.page(ctx.userId, query, (page - 1) * limit, limit), this.entries.total(ctx.userId, query)]);
    return { entries, page, limit, total };
  }

  async deleteExpired(now = new Date()): Promise<number> {
    try {
      return await this.entries.deleteBefore(new Date(now.getTime() - this.config.env.AUDIT_RETENTION_DAYS * 86_400_000));
    } catch (err) {
      this.logger.warn({ err }, 'Expired audit entries could not be deleted');
      return 0;
    }
  }

  // The engine's outcomes and the connections' changes arrive as lifecycle events after they commit.

  @OnEvent('connection.created')
  onConnectionCreated(e: ConnectionEvent) {
    return this.record('connection.created', { accountId: e.userId, target: { type: 'connection', id: e.platformId }, details: { platform: e.platform } });
  }

  @OnEvent('connection.deleted')
  onConnectionDeleted(e: ConnectionEvent) {
    return this.record('connection.deleted', { accountId: e.userId, target: { type: 'connection', id: e.platformId }, details: { platform: e.platform } });
  }

  @OnEvent('post.published')
  onPublished(e: PostPublishedEvent) {
    return this.record('post.published', {
      accountId: e.userId,
      actor: { type: 'system' },
      target: { type: 'post_group', id: e.postGroupId },
      details: { platform: e.platform },
    });
  }

  @OnEvent('post.failed')
  onFailed(e: PostFailedEvent) {
    return this.record('post.failed', {
      accountId: e.userId,
      actor: { type: 'system' },
      target: { type: 'post_group', id: e.postGroupId },
      details: { platform: e.platform },
    });
  }

  @OnEvent('post.retried')
  onRetried(e: PostRetriedEvent) {
    return this.record('post.retried', { accountId: e.userId, target: { type: 'post_group', id: e.postGroupId }, details: { platform: e.platform } });
  }

  @OnEvent('post.unpublished')
  onUnpublished(e: PostUnpublishedEvent) {
    return this.record('post.unpublished', { accountId: e.userId, target: { type: 'post_group', id: e.postGroupId }, details: { platform: e.platform } });
  }

  @OnEvent('post.approval_requested')
  onApprovalRequested(e: PostApprovalRequestedEvent) {
    return this.record('post.approval_requested', { accountId: e.userId, target: { type: 'post_group', id: e.postGroupId } });
  }

  @OnEvent('post.approval_decided')
  onApprovalDecided(e: PostApprovalDecidedEvent) {
    return this.record(e.decision === 'approved' ? 'post.approved' : 'post.rejected', {
      accountId: e.userId,
      target: { type: 'post_group', id: e.postGroupId },
      ...(e.comment ? { details: { comment: e.comment } } : {}),
    });
  }
}
