import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { personOf, type RequestContext } from '../auth/request-context';
import { ApiError } from '../common/api-error';
import { ConnectionsService, CredentialsUnreadableError } from '../connections/connections.service';
import { IdempotencyService } from '../idempotency/idempotency.service';
import { LimitsService } from '../limits/limits.service';
import { isObjectIdString } from '../database/object-id';
import { categorizeError, ERROR_HINTS, type ErrorCategory } from '../platforms/error-category';
import { PlatformError } from '../platforms/platform-adapter';
import { PlatformRegistry } from '../platforms/platform-registry';
import { PostScheduling } from '../posts/post-scheduling';
import { PostMessages } from '../posts/posts.errors';
import { PostsService } from '../posts/posts.service';
import type { PlatformPostRecord } from '../posts/schemas/platform-post.schema';
import { PublicationStateService, RetryConflict, type RecoveryActor } from '../publishing/publication-state.service';
import type { PlatformName } from '@app/rules';
import { parseRecoveryRequest, postedIdsOf, selectRetryTargets, selectUnpublishTargets } from './recovery-rules';
import { RECOVERY_IDEMPOTENCY, RecoveryMessages as M } from './recovery.errors';

export interface RetryPostResult {
  success: true;
  postGroupId: string;
  status: 'scheduled';
  retried: Array<{ postId: string; platform: string; platformId: string; scheduledTime: string; forced: boolean }>;
  /** Present when a post whose earlier outcome was unknown was sent again (force). */
  warning?: string;
}

export interface UnpublishOutcome {
  postId: string;
  platform: string;
  platformId: string;
  status: 'unpublished' | 'published';
  unpublishedAt?: string;
  error?: { code: string; message: string; category: ErrorCategory; hint: string };
}

export interface UnpublishPostResult {
  success: true;
  postGroupId: string;
  results: UnpublishOutcome[];
}

/**
 * When a post did not go out as wanted: retry failed platform posts (back into the schedule,
 * under the scheduling limits) and unpublish published ones (delete them from the platform where
 * its API allows). The publication state changes go through PublicationStateService; this
 * service holds the rules (docs/recovery.md).
 */
@Injectable()
export class RecoveryService {
  private readonly logger = new Logger(RecoveryService.name);

  constructor(
    private readonly posts: PostsService,
    private readonly scheduling: PostScheduling,
    private readonly limits: LimitsService,
    private readonly state: PublicationStateService,
    private readonly connections: ConnectionsService,
    private readonly registry: PlatformRegistry,
    private readonly idempotency: IdempotencyService,
  ) {}

  // ── retry ─────────────────────────────────────────────────────────────────────────────────

  retry(ctx: RequestContext, postGroupId: string, body: unknown, idempotencyKey?: string): Promise<RetryPostResult> {
    const request = parseRecoveryRequest(body, { force: true });
    if (!idempotencyKey) return this.retryGroup(ctx, postGroupId, request);
    return this.idempotency.run<RetryPostResult>(
      { userId: ctx.userId, scope: 'retry-post', key: idempotencyKey, input: { postGroupId, ...request }, messages: RECOVERY_IDEMPOTENCY },
      (commit) => this.retryGroup(ctx, postGroupId, request, commit),
    );
  }

  private async retryGroup(
    ctx: RequestContext,
    postGroupId: string,
    request: ReturnType<typeof parseRecoveryRequest>,
    commit?: (result: RetryPostResult) => Promise<void>,
  ): Promise<RetryPostResult> {
    const { group, platformPosts } = await this.groupOf(ctx, postGroupId);
    const targets = selectRetryTargets(platformPosts, request);
    const platformIds = targets.map((t) => t.post.platformId);
    // As on scheduling: the connections are still the caller's, the platforms on the plan, the
    // allowances and spacing hold, and the embedding app's checks pass.
    await this.scheduling.ownedConnections(ctx.userId, platformIds);
    // It would only fail again: the account must be reconnected first (docs/connections.md, Health).
    const stale = (await this.connections.list(ctx.userId)).find((c) => c.health === 'reauth_required' && platformIds.includes(c.platformId));
    if (stale) throw ApiError.badRequest(M.reconnectFirst(stale.platformId));
    await this.limits.assertPlatformsAvailable(ctx, [...new Set(targets.map((t) => t.post.platform))] as PlatformName[]);
    const now = new Date();
    const scheduledTime = await this.scheduling.checkSchedule(ctx, platformIds, now, now, postGroupId);
    await this.scheduling.assertPassesChecks(ctx, { postGroupId, content: group.content, platformIds, mediaUrls: group.mediaUrls });

    const forced = targets.filter((t) => t.forced).map((t) => t.post.platformId);
    const result: RetryPostResult = {
      success: true,
      postGroupId,
      status: 'scheduled',
      retried: targets.map(({ post, forced }) => ({
        postId: String(post._id),
        platform: post.platform,
        platformId: post.platformId,
        scheduledTime: scheduledTime.toISOString(),
        forced,
      })),
      ...(forced.length ? { warning: M.forcedWarning(forced) } : {}),
    };
    try {
      await this.state.retryFailed({
        userId: ctx.userId,
        postGroupId,
        posts: targets,
        scheduledTime,
        by: actorOf(ctx),
        commit: commit ? () => commit(result) : undefined,
      });
    } catch (err) {
      if (err instanceof RetryConflict) throw ApiError.conflict(M.retryConflict);
      throw err;
    }
    this.logger.log({ postGroupId, platformIds, forced: forced.length > 0 }, 'Platform posts retried');
    return result;
  }

  // ── unpublish ─────────────────────────────────────────────────────────────────────────────

  unpublish(ctx: RequestContext, postGroupId: string, body: unknown, idempotencyKey?: string): Promise<UnpublishPostResult> {
    const request = parseRecoveryRequest(body, { force: false });
    if (!idempotencyKey) return this.unpublishGroup(ctx, postGroupId, request);
    return this.idempotency.run<UnpublishPostResult>(
      { userId: ctx.userId, scope: 'unpublish-post', key: idempotencyKey, input: { postGroupId, ...request }, messages: RECOVERY_IDEMPOTENCY },
      () => this.unpublishGroup(ctx, postGroupId, request),
    );
  }

  /** Whether this platform's API can delete a post (the dashboard shows the action only then). */
  canUnpublish(platform: string): boolean {
    return typeof this.registry.get(platform)?.unpublish === 'function';
  }

  private async unpublishGroup(ctx: RequestContext, postGroupId: string, request: ReturnType<typeof parseRecoveryRequest>): Promise<UnpublishPostResult> {
    const { platformPosts } = await this.groupOf(ctx, postGroupId);
    const targets = selectUnpublishTargets(platformPosts, request);
    // Every target must be deletable before any is deleted: a refusal changes nothing.
    for (const post of targets) {
      const adapter = this.registry.get(post.platform);
      if (!adapter?.unpublish) throw ApiError.badRequest(M.noDeleteApi(adapter?.rules.label ?? post.platform));
    }
    const results: UnpublishOutcome[] = [];
    for (const post of targets) results.push(await this.unpublishOne(ctx, post));
    if (!results.some((r) => r.status === 'unpublished')) {
      const first = results.find((r) => r.error)?.error;
      throw new ApiError(502, M.unpublishFailed(first?.message ?? 'the platform refused'), { results });
    }
    return { success: true, postGroupId, results };
  }

  private async unpublishOne(ctx: RequestContext, post: PlatformPostRecord): Promise<UnpublishOutcome> {
    const adapter = this.registry.get(post.platform)!;
    const base = { postId: String(post._id), platform: post.platform, platformId: post.platformId };
    const by = actorOf(ctx);
    const token = randomUUID();
    if (!(await this.state.beginUnpublish(ctx.userId, post, token))) {
      return { ...base, status: 'published', error: describe({ code: 'UNPUBLISH_IN_PROGRESS', message: M.unpublishBusy, category: 'configuration' }) };
    }
    let failure: { code: string; message: string; category: ErrorCategory; httpStatus?: number };
    try {
      const credentials = await this.connections.getCredentials(ctx.userId, String(post.connectionId));
      const [postedId, ...rest] = postedIdsOf(post);
      await adapter.unpublish!(credentials, { postedId, ...(rest.length ? { partIds: [postedId, ...rest] } : {}), publishedUrl: post.publishedUrl ?? null });
      const at = await this.state.recordUnpublished(ctx.userId, post, token, by);
      if (at) return { ...base, status: 'unpublished', unpublishedAt: at.toISOString() };
      failure = { code: 'UNPUBLISH_IN_PROGRESS', message: M.unpublishBusy, category: 'configuration' };
    } catch (err) {
      failure = unpublishFailure(err);
      if (failure.category === 'unknown') this.logger.warn({ err, postId: base.postId }, 'Unpublish failed unexpectedly');
      await this.state.recordUnpublishFailed(ctx.userId, post, token, failure, by);
    }
    return { ...base, status: 'published', error: describe(failure) };
  }

  // ── shared ────────────────────────────────────────────────────────────────────────────────

  /** The caller's group; a malformed id names none (404, not the spec routes' 500). */
  private groupOf(ctx: RequestContext, postGroupId: string) {
    if (!isObjectIdString(postGroupId)) throw ApiError.notFound(PostMessages.notFound);
    return this.posts.get(ctx, postGroupId);
  }
}

function actorOf(ctx: RequestContext): RecoveryActor {
  // A team member is named by their own user id: the person who acted, not the account.
  return { userId: personOf(ctx).id, client: ctx.client, ...(ctx.keyPrefix ? { keyPrefix: ctx.keyPrefix } : {}) };
}

function describe(failure: { code: string; message: string; category: ErrorCategory }): NonNullable<UnpublishOutcome['error']> {
  return { code: failure.code, message: failure.message, category: failure.category, hint: ERROR_HINTS[failure.category] };
}

/** Any failure of a delete as code, message and category; the connection gone is its own case. */
function unpublishFailure(err: unknown): { code: string; message: string; category: ErrorCategory; httpStatus?: number } {
  if (err instanceof PlatformError) {
    return {
      code: err.code,
      message: err.message,
      category: categorizeError({ code: err.code, category: err.options.category }),
      ...(err.httpStatus !== undefined ? { httpStatus: err.httpStatus } : {}),
    };
  }
  if (err instanceof CredentialsUnreadableError)
    return {
      code: 'CREDENTIALS_UNREADABLE',
      message: 'The stored credentials of this connection cannot be read; reconnect the account',
      category: 'configuration',
    };
  if (err instanceof ApiError && err.status === 404) return { code: 'CONNECTION_NOT_FOUND', message: M.connectionGone, category: 'configuration' };
  const message = err instanceof Error && err.message ? err.message : 'Unknown error';
  return { code: 'UNKNOWN_ERROR', message, category: 'unknown' };
}
