import { Inject, Injectable, Logger } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import { httpUrlOrNull } from '../common/http-url';
import { ConnectionsService, CredentialsUnreadableError } from '../connections/connections.service';
import { PlatformError, type PlatformAdapter, type PlatformCredentials, type PublishRequest, type PublishResult } from '../platforms/platform-adapter';
import { PlatformRegistry } from '../platforms/platform-registry';
import { PostChecks } from '../posts/post-checks';
import { PublicationStateService, type ClaimedPost, type PlatformPostRecord, type PublishFailure } from './publication-state.service';
import { FirstCommentService } from './first-comment.service';
import { ADVISORY_RATES, nextAdvisorySlot } from './advisory-rates';
import { backoffDelay } from './backoff';
import { checkParts, planParts, platformLabel } from './content-plan';
import { PUBLISHING_SETTINGS, type PublishingSettings } from './publishing-settings';
import { PublishingMedia } from './publishing-media';

type ThreadPart = NonNullable<PlatformPostRecord['threadParts']>[number];

/** Any failure as a PlatformError; an unexpected exception may have happened after sending. */
function asPlatformError(err: unknown): PlatformError {
  if (err instanceof PlatformError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new PlatformError('UNKNOWN_ERROR', message || 'Unknown error', { retryable: true, outcomeUnknown: true });
}

function failureOf(err: PlatformError, message = err.message): PublishFailure & { httpStatus?: number } {
  return {
    code: err.code,
    message,
    retryable: err.retryable,
    ...(err.httpStatus !== undefined ? { httpStatus: err.httpStatus, platformStatusCode: err.httpStatus } : {}),
    platformError: err.options.platformError ?? null,
    ...(err.options.category ? { category: err.options.category } : {}),
  };
}

/**
 * Publishes one claimed platform post: content checks, credentials, advisory spacing, the
 * platform call(s) with their attempt records, and the outcome (published, retry later, failed).
 * See docs/publishing.md for the at-most-once rules.
 */
@Injectable()
export class PublisherService {
  private readonly logger = new Logger(PublisherService.name);
  /** Publishes in flight per connection in this process (advisory spacing counts them as "now"). */
  private readonly inFlightByConnection = new Map<string, number>();

  constructor(
    private readonly state: PublicationStateService,
    private readonly registry: PlatformRegistry,
    private readonly connections: ConnectionsService,
    private readonly media: PublishingMedia,
    @Inject(PUBLISHING_SETTINGS) private readonly settings: PublishingSettings,
    private readonly postChecks: PostChecks,
    private readonly firstComments: FirstCommentService,
  ) {}

  async publish(claimed: ClaimedPost): Promise<void> {
    const key = String(claimed.post.connectionId);
    this.inFlightByConnection.set(key, (this.inFlightByConnection.get(key) ?? 0) + 1);
    try {
      await this.run(claimed);
    } catch (err) {
      // Database trouble mid-way: the claim stays; its lease expires and the post is taken over
      // (and reconciled if a call was in flight).
      this.logger.error({ err, postId: claimed.scope.postId }, 'Publishing a platform post failed unexpectedly');
    } finally {
      const n = (this.inFlightByConnection.get(key) ?? 1) - 1;
      if (n > 0) this.inFlightByConnection.set(key, n);
      else this.inFlightByConnection.delete(key);
    }
  }

  private async run(claimed: ClaimedPost): Promise<void> {
    const { post } = claimed;
    const userId = claimed.scope.userId;
    const adapter = this.registry.get(post.platform);
    if (!adapter) {
      await this.fail(claimed, { code: 'PLATFORM_NOT_SUPPORTED', message: `Publishing to ${post.platform} is not supported`, retryable: false });
      return;
    }
    // Read with the claim; a group deleted since takes its platform posts along, and the attempt
    // record below then finds no claim, so nothing is sent.
    const group = claimed.group ?? (await this.state.findGroup(userId, String(post.postGroupId)));
    if (!group) return; // deleted meanwhile, with its platform posts
    const settings = (group.platformSettings?.[post.platform] ?? {}) as Record<string, unknown>;

    // Most posts carry no media: no lookup for them.
    const media = group.mediaIds?.length ? await this.media.forPost(userId, String(post.postGroupId), adapter.rules) : [];
    if (group.mediaIds?.length && !media.length) {
      await this.fail(claimed, { code: 'MEDIA_UNAVAILABLE', message: 'The media attached to this post could not be loaded', retryable: false });
      return;
    }

    // Parts: a stored chain is resumed as stored; otherwise long X/Threads content is split.
    const parts: ThreadPart[] = post.threadParts?.length
      ? post.threadParts.map((p) => ({ ...p }))
      : planParts(adapter, post.content).map((content) => ({ content }));
    const invalid = checkParts(adapter, parts, media, settings);
    if (invalid) {
      await this.fail(claimed, { code: 'INVALID_CONTENT', message: invalid, retryable: false });
      return;
    }
    // The embedding app's checks again: a rule may have changed since the post was scheduled.
    const refused = await this.postChecks.refusal({
      stage: 'publish',
      userId,
      postGroupId: String(post.postGroupId),
      content: post.content,
      platforms: [post.platform],
      platformIds: [post.platformId],
      mediaUrls: group.mediaUrls ?? [],
    });
    if (refused) {
      await this.fail(claimed, { code: 'REFUSED_BY_CHECK', message: refused, retryable: false });
      return;
    }

    let credentials: PlatformCredentials;
    try {
      credentials = await this.connections.getCredentials(userId, String(post.connectionId));
    } catch (err) {
      if (err instanceof CredentialsUnreadableError) {
        this.logger.error({ connectionId: err.connectionId }, `${err.message}: was ENCRYPTION_KEY changed? Restore it or reconnect the account`);
        await this.fail(claimed, {
          code: 'CREDENTIALS_UNREADABLE',
          message: 'The stored credentials of this connection cannot be read with the current ENCRYPTION_KEY; reconnect the account',
          retryable: false,
        });
        return;
      }
      if (err instanceof ApiError && err.status === 404) {
        await this.fail(claimed, { code: 'CONNECTION_NOT_FOUND', message: 'Platform connection not found', retryable: false });
        return;
      }
      // A passing database error: the claim stays and its lease runs out, then the post is
      // claimed and tried again (publish's own catch).
      throw err;
    }

    const requestFor = (i: number): PublishRequest => ({
      content: parts[i].content,
      media: i === 0 ? media : [],
      settings,
      // Stable across attempts of one platform post (Mastodon's Idempotency-Key dedupes on it).
      idempotencyKey: i === 0 ? String(post._id) : `${String(post._id)}:${i}`,
      ...(i > 0 && parts[i - 1].postedId ? { replyToId: parts[i - 1].postedId } : {}),
    });

    // An attempt whose outcome was never recorded (crash, timeout): look before sending again.
    if (post.attemptInFlight) {
      const settled = await this.reconcile(claimed, adapter, credentials, parts, requestFor);
      if (settled === 'stop') return;
    }

    if (this.settings.advisoryRates && !parts.some((p) => p.postedId)) {
      const slot = await this.advisorySlot(post);
      if (slot) {
        await this.state.defer(claimed, slot, false);
        return;
      }
    }

    if (parts.length > 1 && !post.threadParts?.length) {
      if (!(await this.state.saveThreadParts(claimed, parts))) return;
    }

    let attemptCount = post.attemptCount ?? 0;
    let refreshed = false;
    for (let i = parts.findIndex((p) => !p.postedId); i >= 0 && i < parts.length;) {
      const retryCount = Math.max(0, attemptCount - parts.filter((p) => p.postedId).length);
      if (!(await this.state.recordAttempt(claimed, parts.length > 1 ? i : 0, retryCount))) return; // lease lost: the new owner carries on
      attemptCount += 1; // as stored: only the claim's holder counts attempts
      let result: PublishResult;
      try {
        result = await adapter.publish(credentials, requestFor(i));
      } catch (err) {
        const error = asPlatformError(err);
        if (error.code === 'PLATFORM_AUTH_EXPIRED' && adapter.refresh && !refreshed) {
          refreshed = true;
          const renewed = await this.refreshTokens(adapter, credentials);
          if (renewed) {
            credentials = renewed;
            await this.state.clearAttempt(claimed); // an auth rejection created nothing
            continue;
          }
        }
        await this.onFailure(claimed, error, parts, i, attemptCount, retryCount);
        return;
      }
      parts[i] = { ...parts[i], postedId: result.postedId, url: httpUrlOrNull(result.publishedUrl) ?? undefined };
      if (parts.length > 1 && i < parts.length - 1) {
        if (!(await this.state.saveThreadParts(claimed, parts))) return;
      }
      i += 1;
    }
    await this.succeed(claimed, parts, Math.max(0, attemptCount - parts.length));
  }

  /**
   * Settles an attempt with unknown outcome: where the platform lets us look (`findPublished`),
   * a found post counts as published; nothing found clears the attempt and publishing goes on.
   * Without `findPublished` the post fails with PUBLISH_OUTCOME_UNKNOWN and is never resent.
   */
  private async reconcile(
    claimed: ClaimedPost,
    adapter: PlatformAdapter,
    credentials: PlatformCredentials,
    parts: ThreadPart[],
    requestFor: (i: number) => PublishRequest,
  ): Promise<'continue' | 'stop'> {
    const inFlight = claimed.post.attemptInFlight!;
    const startedAt = new Date(inFlight.startedAt);
    const part = Math.min(inFlight.part ?? 0, parts.length - 1);
    const name = platformLabel(claimed.post.platform);
    if (!adapter.findPublished) {
      await this.fail(
        claimed,
        {
          code: 'PUBLISH_OUTCOME_UNKNOWN',
          message: `Publishing outcome unknown: the request to ${name} may have been received, and ${name} offers no way to check; not retried to avoid a duplicate post`,
          retryable: false,
        },
        parts,
      );
      return 'stop';
    }
    const readyAt = startedAt.getTime() + this.settings.reconcileDelayMs;
    if (Date.now() < readyAt) {
      await this.state.defer(claimed, new Date(readyAt), true);
      return 'stop';
    }
    let found: PublishResult | null;
    try {
      // A minute of slack for clock differences between us and the platform.
      found = await adapter.findPublished(credentials, requestFor(part), new Date(startedAt.getTime() - 60_000));
    } catch (err) {
      const error = asPlatformError(err);
      const failed = Math.max(0, (claimed.post.attemptCount ?? 0) - parts.filter((p) => p.postedId).length);
      if (error.retryable && failed < this.settings.maxAttempts) {
        const delay = backoffDelay(failed, this.backoffOptions(), error.options.retryAfterMs);
        await this.state.defer(claimed, new Date(Date.now() + delay), true);
      } else {
        await this.fail(
          claimed,
          {
            code: 'PUBLISH_OUTCOME_UNKNOWN',
            message: `Publishing outcome unknown: ${name} could not be checked for the post (${error.message}); not retried to avoid a duplicate post`,
            retryable: false,
          },
          parts,
        );
      }
      return 'stop';
    }
    if (found) {
      parts[part] = { ...parts[part], postedId: found.postedId, url: httpUrlOrNull(found.publishedUrl) ?? undefined };
      if (part === parts.length - 1) {
        await this.succeed(claimed, parts, Math.max(0, (claimed.post.attemptCount ?? 0) - parts.length));
        return 'stop';
      }
      if (!(await this.state.saveThreadParts(claimed, parts))) return 'stop';
      return 'continue';
    }
    await this.state.clearAttempt(claimed);
    return 'continue';
  }

  private async advisorySlot(post: PlatformPostRecord): Promise<Date | null> {
    const rate = ADVISORY_RATES[post.platform as keyof typeof ADVISORY_RATES];
    if (!rate) return null;
    const now = new Date();
    const published = await this.state.publishedTimes(String(post.userId), post.platformId, new Date(now.getTime() - 24 * 60 * 60_000));
    // Other publishes of this connection running here right now count as just published.
    const running = Math.max(0, (this.inFlightByConnection.get(String(post.connectionId)) ?? 1) - 1);
    for (let i = 0; i < running; i++) published.push(now);
    return nextAdvisorySlot(published, rate, now);
  }

  private async refreshTokens(adapter: PlatformAdapter, credentials: PlatformCredentials): Promise<PlatformCredentials | null> {
    try {
      const tokens = await adapter.refresh!(credentials);
      // Persisted (encrypted) through ConnectionsService's callback before anything else.
      await credentials.onTokensRefreshed?.(tokens);
      return {
        ...credentials,
        accessToken: tokens.accessToken,
        ...(tokens.refreshToken !== undefined ? { refreshToken: tokens.refreshToken } : {}),
        ...(tokens.accessTokenExpiresAt !== undefined ? { accessTokenExpiresAt: tokens.accessTokenExpiresAt } : {}),
      };
    } catch (err) {
      this.logger.warn({ platform: adapter.platform, reason: (err as Error).message }, 'Token refresh failed');
      return null;
    }
  }

  private async onFailure(
    claimed: ClaimedPost,
    error: PlatformError,
    parts: ThreadPart[],
    part: number,
    attemptCount: number,
    retryCount: number,
  ): Promise<void> {
    const live = parts.filter((p) => p.postedId).length;
    // A retry by hand starts a new automatic budget.
    const failedAttempts = Math.max(0, attemptCount - live - (claimed.post.retriedAttempts ?? 0));
    if (error.options.outcomeUnknown) {
      // Sent, no answer: never resent blindly. Reconciled after the delay (attempt kept in flight).
      await this.state.retryLater(claimed, failureOf(error), new Date(Date.now() + this.settings.reconcileDelayMs), retryCount, {
        keepInFlight: true,
        metadata: { outcomeUnknown: true },
      });
      return;
    }
    if (error.retryable && failedAttempts < this.settings.maxAttempts) {
      const delay = backoffDelay(failedAttempts, this.backoffOptions(), error.options.retryAfterMs);
      await this.state.retryLater(claimed, failureOf(error), new Date(Date.now() + delay), retryCount);
      return;
    }
    if (error.code === 'PLATFORM_AUTH_EXPIRED') {
      await this.connections.recordError(claimed.scope.userId, String(claimed.post.connectionId), error.message).catch(() => undefined);
    }
    const failure = failureOf(error);
    if (part > 0 || live > 0) {
      failure.message = `${platformLabel(claimed.post.platform)} thread partially published (${live}/${parts.length}): ${error.message}`;
    }
    await this.fail(claimed, failure, parts, retryCount);
  }

  private async fail(claimed: ClaimedPost, failure: PublishFailure & { httpStatus?: number }, parts?: ThreadPart[], retryCount = 0): Promise<void> {
    const live = parts?.filter((p) => p.postedId) ?? [];
    const head = live[0];
    const extra =
      parts && parts.length > 1 ? { threadParts: parts, ...(head ? { postedId: head.postedId, ...(head.url ? { publishedUrl: head.url } : {}) } : {}) } : {};
    await this.state.markFailed(claimed, failure, retryCount, extra);
  }

  private async succeed(claimed: ClaimedPost, parts: ThreadPart[], retryCount: number): Promise<void> {
    const head = parts[0];
    const result = await this.state.markPublished(
      claimed,
      { postedId: head.postedId!, ...(head.url ? { publishedUrl: head.url } : {}), ...(parts.length > 1 ? { threadParts: parts } : {}) },
      retryCount,
    );
    if (!result.applied) return;
    this.connections.recordSuccessfulPost(claimed.scope.userId, String(claimed.post.connectionId));
    // Right after the post, in its publishing slot; its outcome never touches the post's.
    if (claimed.post.firstComment?.status === 'pending') await this.firstComments.publishFor(claimed.scope.userId, claimed.scope.postId);
  }

  /** Writes the held lastSuccessfulPost stamps (shutdown, after the last publish). */
  flushSuccessStamps(): Promise<void> {
    return this.connections.flushSuccessfulPosts();
  }

  private backoffOptions() {
    return { baseMs: this.settings.retryBaseMs, maxMs: this.settings.retryMaxMs };
  }
}
