import { commentFailureOutcome, commentIdempotencyKey, commentLeaseMs, isCommentDue, lostAttemptError, staleAttemptBefore } from './first-comment.rules';

const settings = { maxAttempts: 3, retryBaseMs: 1000, retryMaxMs: 60_000 };
const now = new Date('2026-05-01T10:00:00.000Z');

describe('first comment rules', () => {
  describe('commentFailureOutcome', () => {
    it('retries a retryable failure with the posts backoff while attempts are left', () => {
      const first = commentFailureOutcome({ code: 'RATE_LIMITED', message: 'slow down', retryable: true }, 1, settings, now);
      expect(first).toEqual({
        kind: 'retry',
        nextAttemptAt: new Date(now.getTime() + 1000),
        error: { code: 'RATE_LIMITED', message: 'slow down', retryable: true, category: 'rate_limited' },
      });
      const second = commentFailureOutcome({ code: 'PLATFORM_SERVER_ERROR', message: '503', retryable: true }, 2, settings, now);
      expect(second).toMatchObject({ kind: 'retry', nextAttemptAt: new Date(now.getTime() + 2000), error: { category: 'platform_unavailable' } });
    });

    it('waits at least as long as the platform asked', () => {
      const outcome = commentFailureOutcome({ code: 'RATE_LIMITED', message: 'slow down', retryable: true, retryAfterMs: 30_000 }, 1, settings, now);
      expect(outcome).toMatchObject({ kind: 'retry', nextAttemptAt: new Date(now.getTime() + 30_000) });
    });

    it('fails once the attempt budget is spent', () => {
      const outcome = commentFailureOutcome({ code: 'NETWORK_ERROR', message: 'refused', retryable: true }, 3, settings, now);
      expect(outcome).toEqual({ kind: 'failed', error: { code: 'NETWORK_ERROR', message: 'refused', retryable: false, category: 'network' } });
    });

    it('fails a non-retryable failure at once, keeping the adapter category', () => {
      const outcome = commentFailureOutcome(
        { code: 'PLATFORM_AUTH_EXPIRED', message: 'missing scope', retryable: false, category: 'permission_missing' },
        1,
        settings,
        now,
      );
      expect(outcome).toEqual({
        kind: 'failed',
        error: { code: 'PLATFORM_AUTH_EXPIRED', message: 'missing scope', retryable: false, category: 'permission_missing' },
      });
    });

    it('never resends an unknown outcome, retryable or not, attempts left or not', () => {
      for (const failure of [
        { code: 'TIMEOUT_ERROR', message: 'timed out', retryable: true, outcomeUnknown: true },
        { code: 'PUBLISH_OUTCOME_UNKNOWN', message: 'no id', retryable: false },
      ]) {
        const outcome = commentFailureOutcome(failure, 1, settings, now);
        expect(outcome.kind).toBe('failed');
        expect(outcome.error).toMatchObject({ code: 'PUBLISH_OUTCOME_UNKNOWN', category: 'outcome_unknown', retryable: false });
        expect(outcome.error.message).toContain(failure.message);
      }
    });
  });

  it('lease: the engine lease, at least two request timeouts', () => {
    expect(commentLeaseMs({ leaseMs: 60_000, reconcileDelayMs: 30_000 })).toBe(60_000);
    expect(commentLeaseMs({ leaseMs: 10_000, reconcileDelayMs: 30_000 })).toBe(60_000);
    expect(staleAttemptBefore(now, { leaseMs: 60_000, reconcileDelayMs: 1000 })).toEqual(new Date(now.getTime() - 60_000));
  });

  it('a lost attempt is an unknown outcome', () => {
    expect(lostAttemptError()).toMatchObject({ code: 'PUBLISH_OUTCOME_UNKNOWN', category: 'outcome_unknown', retryable: false });
  });

  it('due: pending under a published post, its wait over', () => {
    const pending = { status: 'pending' };
    expect(isCommentDue({ status: 'published', firstComment: pending }, now)).toBe(true);
    expect(isCommentDue({ status: 'published', firstComment: { ...pending, nextAttemptAt: new Date(now.getTime() - 1) } }, now)).toBe(true);
    expect(isCommentDue({ status: 'published', firstComment: { ...pending, nextAttemptAt: new Date(now.getTime() + 1) } }, now)).toBe(false);
    expect(isCommentDue({ status: 'scheduled', firstComment: pending }, now)).toBe(false);
    expect(isCommentDue({ status: 'failed', firstComment: pending }, now)).toBe(false);
    expect(isCommentDue({ status: 'published', firstComment: { status: 'processing' } }, now)).toBe(false);
    expect(isCommentDue({ status: 'published', firstComment: { status: 'failed' } }, now)).toBe(false);
    expect(isCommentDue({ status: 'published' }, now)).toBe(false);
  });

  it('one idempotency key per comment, apart from the post', () => {
    expect(commentIdempotencyKey('abc')).toBe('abc:first-comment');
  });
});
