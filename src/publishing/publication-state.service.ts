import { Injectable, type OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { Transactions } from '../database/transactions';
import { MetricsService } from '../metrics/metrics.service';
import { PostEvents, type PostPartiallyPublishedEvent } from '../posts/post-events';
import { PostLogsRepository, type ScopedPostLog } from '../posts/post-logs.repository';
import type { PostGroupStatus } from '@app/rules';
import type { PlatformPostRecord } from '../posts/schemas/platform-post.schema';
import type { PostGroupRecord } from '../posts/schemas/post-group.schema';
import { GroupRollupRepository } from './group-rollup.repository';
import { categorizeError } from '../platforms/error-category';
import { deriveGroupStatus, type RollupInput } from './group-status';
import { PublicationStateRepository, type ClaimScope } from './publication-state.repository';

export type { ClaimScope } from './publication-state.repository';

/** A delete request older than this is taken to have died with its instance. */
const UNPUBLISH_STALE_MS = 5 * 60_000;

/** The `post.partially_published` event of a group whose platform posts are all finished. */
function partialOutcome(userId: string, postGroupId: string, posts: PlatformPostRecord[]): PostPartiallyPublishedEvent {
  const published = posts.filter((p) => p.status === 'published' || p.status === 'unpublished');
  const failed = posts.filter((p) => p.status === 'failed');
  return {
    userId,
    postGroupId,
    published: published.map((p) => ({ postId: String(p._id), platform: p.platform })),
    failed: failed.map((p) => ({
      postId: String(p._id),
      platform: p.platform,
      error: { code: p.error?.code ?? 'UNKNOWN_ERROR', message: p.error?.message ?? 'Unknown error' },
    })),
    finishedAt: new Date(),
  };
}
export type { PlatformPostRecord } from '../posts/schemas/platform-post.schema';

/** A platform post held by this instance, with the scope every later write needs. */
export interface ClaimedPost {
  post: PlatformPostRecord;
  scope: ClaimScope;
  /** The post's group as it was read when the post was claimed (absent when it is not known). */
  group?: PostGroupRecord;
  /**
   * How many platform posts the group had once this post was claimed (absent when not known).
   * It cannot change until they finish (edits need a group the engine has not taken), so a
   * group of one rolls up from this post alone, without reading its siblings.
   */
  groupPostCount?: number;
  /**
   * The `publish_attempted` entry of the call in flight: written with the call's outcome (one
   * insert fewer per call); its id is in the post's marker meanwhile, for a takeover.
   */
  pendingLogs?: ScopedPostLog[];
}

export interface ClaimBatch {
  claimed: ClaimedPost[];
  /** True when some platform filled its share: more may be due, claim again at once. */
  full: boolean;
}

/** The richer error object stored on a failed platform post (reference notes). */
export interface PublishFailure {
  code: string;
  message: string;
  retryable: boolean;
  platformStatusCode?: number;
  platformError?: string | null;
  /** The adapter's category, where it named one (else the code's: error-category.ts). */
  category?: string;
}

export interface PublishSuccess {
  postedId: string;
  /** Absent when the platform gave no http(s) address for the post. */
  publishedUrl?: string;
  threadParts?: PlatformPostRecord['threadParts'];
}

/** Who asked for a retry or an unpublish, as the post log records it. */
export interface RecoveryActor {
  /** The key owner or the session user. */
  userId: string;
  client: string;
  /** The API key's prefix; absent for dashboard sessions. */
  keyPrefix?: string;
}

/** A retried platform post turned out not to be failed any more (another retry took it first). */
export class RetryConflict extends Error {
  constructor(readonly postId: string) {
    super(`Platform post ${postId} is no longer failed`);
  }
}

/** Where the group ended after a terminal transition (null while other posts are open). */
export interface TransitionResult {
  applied: boolean;
  groupStatus: PostGroupStatus | null;
}

/**
 * State transitions of platform posts and their groups for the publishing engine. Terminal
 * transitions, their log entries, the `post.published` / `post.failed` events and the group
 * rollup commit in one transaction. Every write after the claim is conditional on the claim
 * token, so an instance that lost its lease cannot overwrite the new owner's work.
 */
@Injectable()
export class PublicationStateService implements OnModuleInit {
  constructor(
    private readonly repository: PublicationStateRepository,
    private readonly groups: GroupRollupRepository,
    private readonly logs: PostLogsRepository,
    private readonly transactions: Transactions,
    private readonly events: PostEvents,
    private readonly metrics: MetricsService,
  ) {}

  onModuleInit(): void {
    this.metrics.registerGauge('sps_posts_due_unclaimed', 'Platform posts whose time has come and that no instance has claimed yet', () =>
      this.repository.countDue(new Date()),
    );
  }

  /**
   * Claims up to `limit` posts: first leases that expired (crashed instances), then due posts,
   * at most `ceil(limit / platforms)` per platform so one busy platform cannot starve the
   * others. Writes the `processing` log entries (group-level once, then per post).
   */
  async claimDue(options: { owner: string; leaseMs: number; limit: number; now?: Date }): Promise<ClaimBatch> {
    const now = options.now ?? new Date();
    const claim = { owner: options.owner, token: randomUUID(), leaseUntil: new Date(now.getTime() + options.leaseMs) };
    if (options.limit <= 0) return { claimed: [], full: false };

    const expired = await this.repository.findExpiredLeaseIds(now, options.limit);
    const ids = [...expired];
    let full = expired.length >= options.limit;
    const room = options.limit - ids.length;
    if (room > 0) {
      const platforms = await this.repository.duePlatforms(now);
      if (platforms.length) {
        const share = Math.max(1, Math.ceil(room / platforms.length));
        const perPlatform = await Promise.all(platforms.map((p) => this.repository.findDueIds(p, now, share)));
        for (const found of perPlatform) {
          if (found.length >= share) full = true;
          ids.push(...found);
        }
      }
    }
    const posts = await this.repository.claim(ids, claim, now);
    const claimed: ClaimedPost[] = posts.map((post) => ({ post, scope: { userId: String(post.userId), postId: String(post._id), token: claim.token } }));
    const groups = await this.logProcessing(claimed, claim.token);
    const counts = await this.repository.countGroupPosts([...groups.keys()]);
    for (const c of claimed) {
      const group = groups.get(String(c.post.postGroupId));
      if (group && String(group.userId) === c.scope.userId) {
        c.group = group;
        c.groupPostCount = counts.get(String(group._id));
      }
    }
    return { claimed, full };
  }

  /** Writes the `processing` entries (group-level once, then per post); the batch's groups by id. */
  private async logProcessing(claimed: ClaimedPost[], claimToken: string): Promise<Map<string, PostGroupRecord>> {
    const owners = new Map<string, string>();
    for (const { post } of claimed) owners.set(String(post.postGroupId), String(post.userId));
    const { moved, groups } = await this.groups.markGroupsProcessing([...owners.keys()], claimToken);
    const entries: ScopedPostLog[] = [];
    for (const groupId of moved) entries.push({ userId: owners.get(groupId)!, postGroupId: groupId, event: 'processing' });
    for (const { post } of claimed) {
      // Once per platform post: a retry or a takeover is not a new start.
      if ((post.claim?.attempt ?? 1) === 1) {
        entries.push({ userId: String(post.userId), postGroupId: post.postGroupId, postId: post._id, platform: post.platform, event: 'processing' });
      }
    }
    await this.logs.appendScoped(entries);
    // A taken-over call whose instance died before writing its `publish_attempted` entry.
    await this.logs.restore(
      claimed.flatMap(({ post }) => {
        const inFlight = post.attemptInFlight;
        return inFlight?.logId ? [this.attemptLog(post, inFlight.part ?? 0, inFlight.retryCount ?? 0, inFlight.logId, inFlight.startedAt)] : [];
      }),
    );
    return new Map(groups.map((g) => [String(g._id), g]));
  }

  renewLeases(owner: string, tokens: string[], leaseMs: number): Promise<number> {
    return this.repository.renewLeases(owner, tokens, new Date(Date.now() + leaseMs));
  }

  /** When this connection published in the window (advisory posting rates). */
  publishedTimes(userId: string, platformId: string, since: Date): Promise<Date[]> {
    return this.repository.publishedTimes(userId, platformId, since);
  }

  findGroup(userId: string, postGroupId: string): Promise<PostGroupRecord | null> {
    return this.groups.findGroup(userId, postGroupId);
  }

  /**
   * Records the attempt before the platform call: attempt count and in-flight marker (`part` of a
   * reply chain, 0 otherwise). Its `publish_attempted` entry (`retryCount` once > 0) is written
   * with the outcome, by whichever write ends the attempt; the marker carries the entry's id and
   * time, so an instance that takes the post over writes it if this one dies first. False when
   * the claim was lost: the call must not be made.
   */
  async recordAttempt(claimed: ClaimedPost, part: number, retryCount: number): Promise<boolean> {
    const now = new Date();
    const id = new Types.ObjectId();
    if (!(await this.repository.startAttempt(claimed.scope, part, now, { id, retryCount }))) return false;
    claimed.pendingLogs = [...(claimed.pendingLogs ?? []), this.attemptLog(claimed.post, part, retryCount, id, now)];
    return true;
  }

  async saveThreadParts(claimed: ClaimedPost, parts: NonNullable<PlatformPostRecord['threadParts']>): Promise<boolean> {
    const ok = await this.repository.saveThreadParts(claimed.scope, parts);
    if (ok) await this.flushPending(claimed);
    return ok;
  }

  async clearAttempt(claimed: ClaimedPost): Promise<void> {
    if (await this.repository.clearAttempt(claimed.scope)) await this.flushPending(claimed);
  }

  /**
   * A retryable failure with attempts left: the post goes back to the queue until
   * `nextAttemptAt`; the failure is logged (`metadata.retryable: true`).
   */
  async retryLater(
    claimed: ClaimedPost,
    failure: PublishFailure & { httpStatus?: number },
    nextAttemptAt: Date,
    retryCount: number,
    options: { keepInFlight?: boolean; metadata?: Record<string, unknown> } = {},
  ): Promise<boolean> {
    const ok = await this.repository.requeue(claimed.scope, nextAttemptAt, options.keepInFlight ?? false);
    if (ok) {
      this.metrics.publishOutcome(claimed.post.platform, 'retry_scheduled', failure.code);
      await this.logs.appendScoped([
        ...this.takePending(claimed),
        {
          ...this.postLogBase(claimed.post),
          event: 'publish_failed',
          error: failure.message,
          ...(failure.httpStatus !== undefined ? { httpStatus: failure.httpStatus } : {}),
          ...(retryCount > 0 ? { retryCount } : {}),
          metadata: { errorCode: failure.code, retryable: true, nextAttemptAt: nextAttemptAt.toISOString(), ...options.metadata },
        },
      ]);
    }
    return ok;
  }

  /** Back to the queue without a failure (advisory rate, reconciliation not yet possible). */
  async defer(claimed: ClaimedPost, nextAttemptAt: Date, keepInFlight: boolean): Promise<boolean> {
    const ok = await this.repository.requeue(claimed.scope, nextAttemptAt, keepInFlight);
    if (ok) await this.flushPending(claimed);
    return ok;
  }

  async markPublished(claimed: ClaimedPost, success: PublishSuccess, retryCount: number): Promise<TransitionResult> {
    const publishedAt = new Date();
    const result = await this.transactions.run(async () => {
      const applied = await this.repository.finish(claimed.scope, 'published', {
        postedId: success.postedId,
        ...(success.publishedUrl ? { publishedUrl: success.publishedUrl } : {}),
        publishedAt,
        ...(success.threadParts ? { threadParts: success.threadParts } : {}),
      });
      if (!applied) return { applied: false, groupStatus: null };
      const { post } = claimed;
      const logs: ScopedPostLog[] = [
        ...(claimed.pendingLogs ?? []),
        {
          ...this.postLogBase(post),
          event: 'publish_succeeded',
          ...(retryCount > 0 ? { retryCount } : {}),
          metadata: { postedId: success.postedId, ...(success.publishedUrl ? { publishedUrl: success.publishedUrl } : {}) },
        },
        { ...this.postLogBase(post), event: 'status_changed', metadata: { from: 'processing', to: 'published' } },
      ];
      await this.events.postPublished([
        {
          userId: String(post.userId),
          postGroupId: String(post.postGroupId),
          postId: String(post._id),
          platform: post.platform,
          platformId: post.platformId,
          connectionId: String(post.connectionId),
          publishedAt,
          postedId: success.postedId,
          publishedUrl: success.publishedUrl,
        },
      ]);
      const groupStatus = await this.rollup(claimed, { status: 'published' }, logs);
      await this.logs.appendScoped(logs);
      return { applied: true, groupStatus };
    });
    // Counted once the transaction committed, so a retried transaction never counts twice.
    if (result.applied) {
      claimed.pendingLogs = undefined;
      this.metrics.publishOutcome(claimed.post.platform, 'published');
    }
    return result;
  }

  async markFailed(
    claimed: ClaimedPost,
    failure: PublishFailure & { httpStatus?: number },
    retryCount: number,
    extra: { threadParts?: PlatformPostRecord['threadParts']; postedId?: string; publishedUrl?: string } = {},
  ): Promise<TransitionResult> {
    const failedAt = new Date();
    const result = await this.transactions.run(async () => {
      const error = {
        code: failure.code,
        message: failure.message,
        ...(failure.platformStatusCode !== undefined ? { platformStatusCode: failure.platformStatusCode } : {}),
        platformError: failure.platformError ?? null,
        failedAt,
        retryable: failure.retryable,
        category: categorizeError(failure),
      };
      const applied = await this.repository.finish(claimed.scope, 'failed', { error, ...extra });
      if (!applied) return { applied: false, groupStatus: null };
      const { post } = claimed;
      const logs: ScopedPostLog[] = [
        ...(claimed.pendingLogs ?? []),
        {
          ...this.postLogBase(post),
          event: 'publish_failed',
          error: failure.message,
          ...(failure.httpStatus !== undefined ? { httpStatus: failure.httpStatus } : {}),
          ...(retryCount > 0 ? { retryCount } : {}),
          metadata: { errorCode: failure.code, retryable: failure.retryable, errorCategory: error.category },
        },
        { ...this.postLogBase(post), event: 'status_changed', metadata: { from: 'processing', to: 'failed' } },
      ];
      await this.events.postFailed([
        {
          userId: String(post.userId),
          postGroupId: String(post.postGroupId),
          postId: String(post._id),
          platform: post.platform,
          platformId: post.platformId,
          error: { code: failure.code, message: failure.message },
          failedAt,
        },
      ]);
      // (what is stored now: the parts given, else those it had when claimed)
      const parts = extra.threadParts ?? post.threadParts;
      const groupStatus = await this.rollup(claimed, { status: 'failed', partiallyLive: !!parts?.some((t) => t.postedId) }, logs);
      await this.logs.appendScoped(logs);
      return { applied: true, groupStatus };
    });
    if (result.applied) {
      claimed.pendingLogs = undefined;
      this.metrics.publishOutcome(claimed.post.platform, 'failed', failure.code);
    }
    return result;
  }

  /**
   * The connection is gone (disconnected): each of its scheduled platform posts fails at once
   * with `failure`, through the same transition as a failed publish (logs, `post.failed`
   * webhook, group rollup). Returns how many failed.
   */
  async failScheduledOfConnection(userId: string, connectionId: string, failure: PublishFailure): Promise<number> {
    const claim = { owner: 'disconnect', token: randomUUID(), leaseUntil: new Date(Date.now() + 60_000) };
    const posts = await this.repository.claimScheduledOfConnection(userId, connectionId, claim);
    let failed = 0;
    for (const post of posts) {
      const result = await this.markFailed({ post, scope: { userId, postId: String(post._id), token: claim.token } }, failure, 0);
      if (result.applied) failed += 1;
    }
    return failed;
  }

  // ── recovery (docs/recovery.md) ─────────────────────────────────────────────────────────────

  /**
   * Failed platform posts back into the schedule at `scheduledTime`, all or none, in one
   * transaction with their log entries (`scheduled` and `status_changed`, marked as a retry with
   * who asked), the group reopened, `post.retried` events and `commit` (an idempotency key's
   * result). RetryConflict when one of them is no longer failed.
   */
  async retryFailed(input: {
    userId: string;
    postGroupId: string;
    posts: Array<{ post: PlatformPostRecord; forced: boolean }>;
    scheduledTime: Date;
    by: RecoveryActor;
    commit?: () => Promise<void>;
  }): Promise<void> {
    const { userId, postGroupId, scheduledTime, by } = input;
    const retriedAt = new Date();
    await this.transactions.run(async () => {
      const logs: ScopedPostLog[] = [];
      for (const { post, forced } of input.posts) {
        if (!(await this.repository.reopenFailed(userId, post, scheduledTime))) throw new RetryConflict(String(post._id));
        const base = { userId, postGroupId, postId: post._id, platform: post.platform };
        const retry = { retry: true, forced, by, previousError: post.error?.code ?? null };
        logs.push(
          { ...base, event: 'status_changed', metadata: { from: 'failed', to: 'scheduled', ...retry } },
          { ...base, event: 'scheduled', metadata: { scheduledTime: scheduledTime.toISOString(), ...retry } },
        );
      }
      const before = await this.groups.reopen(userId, postGroupId);
      if (!before) throw new RetryConflict(postGroupId);
      if (before.status !== 'scheduled')
        logs.unshift({ userId, postGroupId, event: 'status_changed', metadata: { from: before.status, to: 'scheduled', retry: true, by } });
      await this.logs.appendScoped(logs);
      await this.events.postRetried(
        input.posts.map(({ post, forced }) => ({
          userId,
          postGroupId,
          postId: String(post._id),
          platform: post.platform,
          platformId: post.platformId,
          retriedAt,
          forced,
        })),
      );
      await input.commit?.();
    });
  }

  /** Takes a published post for deletion from its platform (false: not published, or another request holds it). */
  beginUnpublish(userId: string, post: PlatformPostRecord, token: string): Promise<boolean> {
    const now = new Date();
    return this.repository.beginUnpublish(userId, post._id, token, now, new Date(now.getTime() - UNPUBLISH_STALE_MS));
  }

  /** The platform deleted it: `unpublished`, its log entry and `post.unpublished`, in one transaction. */
  async recordUnpublished(userId: string, post: PlatformPostRecord, token: string, by: RecoveryActor): Promise<Date | null> {
    const unpublishedAt = new Date();
    return this.transactions.run(async () => {
      if (!(await this.repository.finishUnpublish(userId, post._id, token, unpublishedAt))) return null;
      await this.logs.appendScoped([
        {
          ...this.postLogBase(post),
          event: 'status_changed',
          metadata: { from: 'published', to: 'unpublished', unpublish: true, by, postedId: post.postedId ?? null },
        },
      ]);
      await this.events.postUnpublished([
        { userId, postGroupId: String(post.postGroupId), postId: String(post._id), platform: post.platform, platformId: post.platformId, unpublishedAt },
      ]);
      return unpublishedAt;
    });
  }

  /** The platform refused (or could not be reached): the post stays published with the reason, and the log says so. */
  async recordUnpublishFailed(
    userId: string,
    post: PlatformPostRecord,
    token: string,
    failure: { code: string; message: string; category: string; httpStatus?: number },
    by: RecoveryActor,
  ): Promise<void> {
    await this.transactions.run(async () => {
      const failedAt = new Date();
      if (
        !(await this.repository.failUnpublish(userId, post._id, token, { code: failure.code, message: failure.message, category: failure.category, failedAt }))
      )
        return;
      await this.logs.appendScoped([
        {
          ...this.postLogBase(post),
          event: 'status_changed',
          error: failure.message,
          ...(failure.httpStatus !== undefined ? { httpStatus: failure.httpStatus } : {}),
          metadata: { from: 'published', to: 'published', unpublish: 'failed', errorCode: failure.code, errorCategory: failure.category, by },
        },
      ]);
    });
  }

  /**
   * Inside the terminal transaction: finalizes the group once no platform post is open; its
   * `status_changed` entry joins `logs`, which the caller writes in one insert.
   *
   * The group document is written whatever the outcome (finalized, or only touched), so two
   * siblings finishing at once conflict on it and one transaction retries: the later one then
   * reads its sibling's final status. Read, then one write, instead of lock, read, write. A group
   * of one (`groupPostCount`) needs no read: `self`, this post's new state, is all there is.
   */
  private async rollup(claimed: ClaimedPost, self: RollupInput, logs: ScopedPostLog[]): Promise<PostGroupStatus | null> {
    const { post } = claimed;
    const userId = String(post.userId);
    const groupId = String(post.postGroupId);
    const siblings = claimed.groupPostCount === 1 ? null : await this.repository.groupPosts(userId, groupId);
    const status = deriveGroupStatus(
      siblings ? siblings.map((p) => ({ status: p.status, partiallyLive: p.status === 'failed' && !!p.threadParts?.some((t) => t.postedId) })) : [self],
    );
    const before = await this.groups.settleGroup(userId, groupId, status);
    if (!before || !status) return null;
    if (before.status !== status) {
      logs.push({ userId, postGroupId: groupId, event: 'status_changed', metadata: { from: before.status, to: status } });
      if (status === 'partially_published' && siblings) await this.events.postPartiallyPublished([partialOutcome(userId, groupId, siblings)]);
    }
    return status;
  }

  private attemptLog(post: PlatformPostRecord, part: number, retryCount: number, id: Types.ObjectId, at: Date): ScopedPostLog {
    return {
      ...this.postLogBase(post),
      event: 'publish_attempted',
      ...(retryCount > 0 ? { retryCount } : {}),
      ...(part > 0 ? { metadata: { threadPart: part + 1 } } : {}),
      id,
      at,
    };
  }

  /** The entries held back for this post, handed to the caller's write (and forgotten here). */
  private takePending(claimed: ClaimedPost): ScopedPostLog[] {
    const pending = claimed.pendingLogs ?? [];
    claimed.pendingLogs = undefined;
    return pending;
  }

  /** Writes the held-back entries once the write that ended their attempt went through. */
  private async flushPending(claimed: ClaimedPost): Promise<void> {
    await this.logs.appendScoped(this.takePending(claimed));
  }

  private postLogBase(post: PlatformPostRecord): ScopedPostLog {
    return { userId: String(post.userId), postGroupId: post.postGroupId, postId: post._id, platform: post.platform, event: 'processing' };
  }
}
