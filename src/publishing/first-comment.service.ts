import { Inject, Injectable, Logger } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import { httpUrlOrNull } from '../common/http-url';
import { ConnectionsService, CredentialsUnreadableError } from '../connections/connections.service';
import { Transactions } from '../database/transactions';
import { PlatformError, type PlatformCredentials } from '../platforms/platform-adapter';
import { PlatformRegistry } from '../platforms/platform-registry';
import { PostEvents } from '../posts/post-events';
import { PostLogsRepository, type ScopedPostLog } from '../posts/post-logs.repository';
import type { PlatformPostRecord } from '../posts/schemas/platform-post.schema';
import { platformLabel } from './content-plan';
import { FirstCommentRepository, type CommentAttempt, type CommentOutcomeWrite } from './first-comment.repository';
import { commentFailureOutcome, commentIdempotencyKey, lostAttemptError, staleAttemptBefore, type StoredCommentError } from './first-comment.rules';
import { PUBLISHING_SETTINGS, type PublishingSettings } from './publishing-settings';

/** How many comments one sweep settles or sends at most (the rest wait for the next). */
const SWEEP_BATCH = 20;

/**
 * Publishes a platform post's first comment once the post is published: right after it in the
 * process that published it, and from the scheduler's sweep for due retries and for attempts an
 * instance left mid-call. Each attempt is claimed atomically (pending → processing), so two
 * instances never both send; its outcome never changes the post's or the group's status. The
 * rules (retry budget, unknown outcomes) are first-comment.rules.ts; docs/rich-posts.md.
 */
@Injectable()
export class FirstCommentService {
  private readonly logger = new Logger(FirstCommentService.name);
  private sweeping = false;

  /** A sweep is running (shutdown waits for its call to end). */
  get busy(): boolean {
    return this.sweeping;
  }

  constructor(
    private readonly repository: FirstCommentRepository,
    private readonly logs: PostLogsRepository,
    private readonly events: PostEvents,
    private readonly transactions: Transactions,
    private readonly registry: PlatformRegistry,
    private readonly connections: ConnectionsService,
    @Inject(PUBLISHING_SETTINGS) private readonly settings: PublishingSettings,
  ) {}

  /** Sends the post's comment if it is due (called once the post is published). Never throws. */
  async publishFor(userId: string, postId: string): Promise<void> {
    try {
      const attempt: CommentAttempt = { owner: this.settings.instanceId, startedAt: new Date() };
      const post = await this.repository.claim(userId, postId, attempt);
      if (post) await this.attempt(post, attempt);
    } catch (err) {
      // Database trouble: a claimed comment is settled by the sweep (as unknown once its lease runs out).
      this.logger.error({ err, postId }, 'Publishing a first comment failed unexpectedly');
    }
  }

  /**
   * One sweep: attempts an instance left `processing` past their lease fail as
   * PUBLISH_OUTCOME_UNKNOWN (never resent blindly), then due comments are sent. Not re-entered.
   */
  async sweep(now = new Date()): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      for (const post of await this.repository.findStale(staleAttemptBefore(now, this.settings), SWEEP_BATCH)) {
        const inFlight = post.firstComment?.attemptInFlight;
        if (!inFlight) continue;
        await this.store(
          post,
          { owner: inFlight.owner, startedAt: inFlight.startedAt },
          { status: 'failed', error: { ...lostAttemptError(), failedAt: new Date() } },
        );
      }
      for (const due of await this.repository.findDue(now, SWEEP_BATCH)) {
        await this.publishFor(String(due.userId), String(due._id));
      }
    } catch (err) {
      this.logger.error({ err }, 'First comment sweep failed');
    } finally {
      this.sweeping = false;
    }
  }

  private async attempt(post: PlatformPostRecord, attempt: CommentAttempt): Promise<void> {
    const comment = post.firstComment!;
    const attempts = comment.attemptCount ?? 1;
    await this.logs.appendScoped([{ ...this.logBase(post), event: 'first_comment_attempted', ...(attempts > 1 ? { retryCount: attempts - 1 } : {}) }]);

    const adapter = this.registry.get(post.platform);
    if (!adapter?.publishComment || !post.postedId) {
      const message = `First comments are not supported on ${platformLabel(post.platform)}`;
      await this.failed(post, attempt, { code: 'PLATFORM_NOT_SUPPORTED', message, retryable: false }, attempts);
      return;
    }
    let credentials: PlatformCredentials;
    try {
      credentials = await this.connections.getCredentials(String(post.userId), String(post.connectionId));
    } catch (err) {
      if (err instanceof CredentialsUnreadableError) {
        const message = 'The stored credentials of this connection cannot be read with the current ENCRYPTION_KEY; reconnect the account';
        await this.failed(post, attempt, { code: 'CREDENTIALS_UNREADABLE', message, retryable: false }, attempts);
      } else if (err instanceof ApiError && err.status === 404) {
        await this.failed(post, attempt, { code: 'CONNECTION_NOT_FOUND', message: 'Platform connection not found', retryable: false }, attempts);
      } else {
        // A passing database error: nothing was sent, so the comment waits and is tried again.
        await this.failed(
          post,
          attempt,
          { code: 'UNKNOWN_ERROR', message: (err as Error).message || 'Credentials could not be read', retryable: true },
          attempts,
        );
      }
      return;
    }

    let result: { postedId: string; publishedUrl: string };
    try {
      result = await adapter.publishComment(credentials, {
        content: comment.content,
        parent: { postedId: post.postedId, publishedUrl: post.publishedUrl ?? null },
        idempotencyKey: commentIdempotencyKey(String(post._id)),
      });
    } catch (err) {
      const error =
        err instanceof PlatformError
          ? err
          : // An unexpected exception may have come after sending: never resent.
            new PlatformError('UNKNOWN_ERROR', err instanceof Error ? err.message : String(err), { retryable: false, outcomeUnknown: true });
      await this.failed(
        post,
        attempt,
        {
          code: error.code,
          message: error.message,
          retryable: error.retryable,
          outcomeUnknown: error.options.outcomeUnknown,
          retryAfterMs: error.options.retryAfterMs,
          category: error.options.category,
          httpStatus: error.httpStatus,
        },
        attempts,
      );
      return;
    }
    const publishedUrl = httpUrlOrNull(result.publishedUrl) ?? undefined;
    await this.store(post, attempt, { status: 'published', postedId: result.postedId, publishedAt: new Date(), ...(publishedUrl ? { publishedUrl } : {}) });
  }

  private async failed(
    post: PlatformPostRecord,
    attempt: CommentAttempt,
    failure: Parameters<typeof commentFailureOutcome>[0] & { httpStatus?: number },
    attempts: number,
  ): Promise<void> {
    const now = new Date();
    const outcome = commentFailureOutcome(failure, attempts, this.settings, now);
    const error = { ...outcome.error, failedAt: now };
    await this.store(
      post,
      attempt,
      outcome.kind === 'retry' ? { status: 'pending', nextAttemptAt: outcome.nextAttemptAt, error } : { status: 'failed', error },
      failure.httpStatus,
    );
  }

  /** The outcome, its log entry and (when final) its event, in one transaction; nothing when the attempt lost its hold. */
  private async store(post: PlatformPostRecord, attempt: CommentAttempt, outcome: CommentOutcomeWrite, httpStatus?: number): Promise<void> {
    const base = this.logBase(post);
    const event = {
      userId: String(post.userId),
      postGroupId: String(post.postGroupId),
      postId: String(post._id),
      platform: post.platform,
      platformId: post.platformId,
    };
    const applied = await this.transactions.run(async () => {
      if (!(await this.repository.finish(post, attempt, outcome))) return false;
      if (outcome.status === 'published') {
        await this.logs.appendScoped([
          { ...base, event: 'first_comment_published', metadata: { commentId: outcome.postedId, url: outcome.publishedUrl ?? null } },
        ]);
        await this.events.postFirstCommentPublished([
          { ...event, commentId: outcome.postedId, ...(outcome.publishedUrl ? { url: outcome.publishedUrl } : {}), publishedAt: outcome.publishedAt },
        ]);
        return true;
      }
      await this.logs.appendScoped([this.failureLog(base, outcome, httpStatus)]);
      if (outcome.status === 'failed') {
        const { code, message, category } = outcome.error;
        await this.events.postFirstCommentFailed([{ ...event, error: { code, message, category }, failedAt: outcome.error.failedAt }]);
      }
      return true;
    });
    if (!applied) this.logger.warn({ postId: String(post._id) }, 'A first comment outcome was not stored: its attempt had been settled meanwhile');
  }

  private failureLog(base: ScopedPostLog, outcome: Exclude<CommentOutcomeWrite, { status: 'published' }>, httpStatus?: number): ScopedPostLog {
    const error: StoredCommentError = outcome.error;
    return {
      ...base,
      event: 'first_comment_failed',
      error: error.message,
      ...(httpStatus !== undefined ? { httpStatus } : {}),
      metadata: {
        errorCode: error.code,
        errorCategory: error.category,
        retryable: outcome.status === 'pending',
        ...(outcome.status === 'pending' ? { nextAttemptAt: outcome.nextAttemptAt.toISOString() } : {}),
      },
    };
  }

  private logBase(post: PlatformPostRecord): ScopedPostLog {
    return { userId: String(post.userId), postGroupId: post.postGroupId, postId: post._id, platform: post.platform, event: 'first_comment_attempted' };
  }
}
