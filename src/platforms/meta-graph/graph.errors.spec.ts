import { classifyGraphError, graphRetryAfterMs } from './graph.errors';

const answer = (status: number, error: Record<string, unknown>, headers: Record<string, string> = {}) => ({
  status,
  body: { error },
  headers: new Headers(headers),
});

describe('classifyGraphError', () => {
  it('treats code 190 as an expired token', () => {
    const err = classifyGraphError(
      'Instagram',
      answer(400, { message: 'Error validating access token: Session has expired', type: 'OAuthException', code: 190, error_subcode: 463 }),
    );
    expect(err.code).toBe('PLATFORM_AUTH_EXPIRED');
    expect(err.retryable).toBe(false);
    expect(err.options.platformError).toContain('Session has expired');
    expect(err.options.platformError).toContain('code 190/463');
  });

  it.each([4, 17, 32, 613, 80002])('treats code %i as a rate limit with the usage header wait', (code) => {
    const usage = JSON.stringify({ '1784': [{ type: 'instagram', call_count: 100, estimated_time_to_regain_access: 7 }] });
    const err = classifyGraphError('Facebook', answer(400, { message: 'limit', code }, { 'x-business-use-case-usage': usage }));
    expect(err.code).toBe('RATE_LIMITED');
    expect(err.retryable).toBe(true);
    expect(err.options.retryAfterMs).toBe(7 * 60_000);
  });

  it('backs off on a 368 temporary block and on the Instagram publishing cap', () => {
    expect(classifyGraphError('Facebook', answer(400, { message: 'blocked', code: 368 })).options.retryAfterMs).toBe(3600_000);
    const cap = classifyGraphError('Instagram', answer(400, { message: 'limit', code: 9, error_subcode: 2207042 }));
    expect(cap.code).toBe('RATE_LIMITED');
    expect(cap.options.retryAfterMs).toBe(24 * 3600_000);
  });

  it('treats 506 as a permanent duplicate and other 400s as invalid content with Meta wording', () => {
    const dup = classifyGraphError('Facebook', answer(400, { message: 'Duplicate status message', code: 506 }));
    expect(dup.code).toBe('INVALID_CONTENT');
    expect(dup.retryable).toBe(false);
    const bad = classifyGraphError('Threads', answer(400, { message: 'Invalid parameter', code: 100, error_user_msg: 'The text is too long.' }));
    expect(bad.code).toBe('INVALID_CONTENT');
    expect(bad.message).toBe('Threads rejected the post: The text is too long.');
  });

  it('treats 5xx and transient errors as retryable server errors', () => {
    expect(classifyGraphError('Threads', answer(500, { message: 'oops', code: 2, is_transient: true })).code).toBe('PLATFORM_SERVER_ERROR');
    expect(classifyGraphError('Threads', answer(400, { message: 'oops', code: 1 })).retryable).toBe(true);
  });

  it('prefers Retry-After and ignores a malformed usage header', () => {
    expect(graphRetryAfterMs(new Headers({ 'retry-after': '3' }))).toBe(3000);
    expect(graphRetryAfterMs(new Headers({ 'x-business-use-case-usage': 'nope' }))).toBeUndefined();
  });
});
