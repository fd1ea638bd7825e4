import { classifyLinkedInError, msUntilUtcMidnight } from './linkedin.errors';

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => ({ status, body, headers: new Headers(headers) });

describe('classifyLinkedInError', () => {
  it.each([65600, 65601, 65602])('treats serviceErrorCode %i as auth expired', (code) => {
    const err = classifyLinkedInError(answer(401, { status: 401, serviceErrorCode: code, message: 'The token used in the request has expired' }));
    expect(err.code).toBe('PLATFORM_AUTH_EXPIRED');
    expect(err.retryable).toBe(false);
    expect(err.options.platformError).toBe('The token used in the request has expired');
  });

  it('waits for Retry-After, else until midnight UTC, on 429', () => {
    const now = Date.UTC(2026, 0, 1, 23, 0, 0);
    expect(classifyLinkedInError(answer(429, { status: 429 }, { 'retry-after': '30' }), now).options.retryAfterMs).toBe(30_000);
    const daily = classifyLinkedInError(answer(429, { status: 429, message: 'Throttled' }), now);
    expect(daily.code).toBe('RATE_LIMITED');
    expect(daily.retryable).toBe(true);
    expect(daily.options.retryAfterMs).toBe(3600_000);
    expect(msUntilUtcMidnight(now)).toBe(3600_000);
  });

  it('maps 5xx to a retryable server error and 422 to invalid content', () => {
    expect(classifyLinkedInError(answer(500, {})).code).toBe('PLATFORM_SERVER_ERROR');
    const dup = classifyLinkedInError(answer(422, { status: 422, message: 'Content is a duplicate of urn:li:share:1' }));
    expect(dup.code).toBe('INVALID_CONTENT');
    expect(dup.retryable).toBe(false);
    expect(dup.message).toContain('duplicate');
  });

  it('maps 403 to a permanent permission problem', () => {
    const err = classifyLinkedInError(answer(403, { status: 403, message: 'Not enough permissions to access: posts.CREATE' }));
    expect(err.code).toBe('PLATFORM_VALIDATION_ERROR');
    expect(err.retryable).toBe(false);
  });
});
