import { categorizeError } from '../platforms/error-category';
import { backoffDelay } from './backoff';

/** What a failed comment call tells the rules (a PlatformError's facts). */
export interface CommentFailureFacts {
  code: string;
  message: string;
  retryable: boolean;
  /** The request may have reached the platform (a timeout after sending, an id-less answer). */
  outcomeUnknown?: boolean;
  retryAfterMs?: number;
  /** The adapter's category, where it named one. */
  category?: string;
}

/** The engine's retry settings a first comment shares with posts. */
export interface CommentRetrySettings {
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
}

export interface StoredCommentError {
  code: string;
  message: string;
  category: string;
  retryable: boolean;
}

/** What becomes of a comment after a failed attempt. */
export type CommentFailureOutcome = { kind: 'retry'; nextAttemptAt: Date; error: StoredCommentError } | { kind: 'failed'; error: StoredCommentError };

/**
 * After the `attempts`-th attempt failed (counted with this one): an unknown outcome fails at once
 * as PUBLISH_OUTCOME_UNKNOWN and is never resent (a second comment is worse than none); a
 * retryable failure waits its backoff while attempts are left (the posts' budget and backoff);
 * anything else fails.
 */
export function commentFailureOutcome(failure: CommentFailureFacts, attempts: number, settings: CommentRetrySettings, now: Date): CommentFailureOutcome {
  if (failure.outcomeUnknown || failure.code === 'PUBLISH_OUTCOME_UNKNOWN') {
    const error = {
      code: 'PUBLISH_OUTCOME_UNKNOWN',
      message: `First comment outcome unknown (${failure.message}); not resent, so the comment is never published twice`,
      retryable: false,
    };
    return { kind: 'failed', error: { ...error, category: categorizeError(error) } };
  }
  const error = { code: failure.code, message: failure.message, retryable: failure.retryable };
  const stored = { ...error, category: categorizeError({ code: failure.code, category: failure.category }) };
  if (failure.retryable && attempts < settings.maxAttempts) {
    const delay = backoffDelay(attempts, { baseMs: settings.retryBaseMs, maxMs: settings.retryMaxMs }, failure.retryAfterMs);
    return { kind: 'retry', nextAttemptAt: new Date(now.getTime() + delay), error: stored };
  }
  return { kind: 'failed', error: { ...stored, retryable: false } };
}

/**
 * How long a comment may stay `processing` before its attempt counts as lost with its instance:
 * the engine's lease, and at least two request timeouts (one call, and the answer's read).
 */
export function commentLeaseMs(settings: { leaseMs: number; reconcileDelayMs: number }): number {
  return Math.max(settings.leaseMs, 2 * settings.reconcileDelayMs);
}

/** Started before this time: the attempt died with its instance (the sweep settles it as unknown). */
export function staleAttemptBefore(now: Date, settings: { leaseMs: number; reconcileDelayMs: number }): Date {
  return new Date(now.getTime() - commentLeaseMs(settings));
}

/** The failure stored for an attempt that died mid-call: never resent, the platform may have it. */
export function lostAttemptError(): StoredCommentError {
  return {
    code: 'PUBLISH_OUTCOME_UNKNOWN',
    message:
      'First comment outcome unknown: the attempt was interrupted (the instance stopped during the call); not resent, so the comment is never published twice',
    category: 'outcome_unknown',
    retryable: false,
  };
}

/** A comment that should be sent now: pending, its wait (if any) over, under a published post. */
export function isCommentDue(post: { status: string; firstComment?: { status: string; nextAttemptAt?: Date | null } | null }, now: Date): boolean {
  const comment = post.firstComment;
  if (post.status !== 'published' || !comment || comment.status !== 'pending') return false;
  return !comment.nextAttemptAt || new Date(comment.nextAttemptAt).getTime() <= now.getTime();
}

/** The key a platform that dedupes (Mastodon's Idempotency-Key) sees on every attempt of one comment. */
export function commentIdempotencyKey(postId: string): string {
  return `${postId}:first-comment`;
}
