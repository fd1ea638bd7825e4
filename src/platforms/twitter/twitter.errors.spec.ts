import { classifyTwitterError } from './twitter.errors';

const now = 1_700_000_000_000;
const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  status,
  body,
  headers: new Headers(headers),
});

describe('classifyTwitterError', () => {
  it('treats 401 as an expired token, not retryable', () => {
    const err = classifyTwitterError(answer(401, { title: 'Unauthorized', detail: 'Unauthorized', status: 401 }));
    expect(err.code).toBe('PLATFORM_AUTH_EXPIRED');
    expect(err.retryable).toBe(false);
    expect(err.httpStatus).toBe(401);
    expect(err.options.platformError).toBe('Unauthorized');
  });

  it('treats 429 as rate limited with the wait from x-rate-limit-reset', () => {
    const err = classifyTwitterError(answer(429, { title: 'Too Many Requests' }, { 'x-rate-limit-reset': String(now / 1000 + 90) }), now);
    expect(err.code).toBe('RATE_LIMITED');
    expect(err.retryable).toBe(true);
    expect(err.options.retryAfterMs).toBe(90_000);
  });

  it('recognises the v1.1 code 88 even without a 429', () => {
    const err = classifyTwitterError(answer(420, { errors: [{ code: 88, message: 'Rate limit exceeded' }] }), now);
    expect(err.code).toBe('RATE_LIMITED');
    expect(err.options.platformError).toBe('Rate limit exceeded');
  });

  it('treats 5xx as retryable server trouble', () => {
    const err = classifyTwitterError(answer(503, { title: 'Service Unavailable' }));
    expect(err.code).toBe('PLATFORM_SERVER_ERROR');
    expect(err.retryable).toBe(true);
  });

  it('keeps X wording for a duplicate-content 403', () => {
    const detail = 'You are not allowed to create a Tweet with duplicate content.';
    const err = classifyTwitterError(answer(403, { title: 'Forbidden', detail, status: 403 }));
    expect(err.code).toBe('INVALID_CONTENT');
    expect(err.retryable).toBe(false);
    expect(err.message).toContain(detail);
  });

  it('prefers Retry-After over the reset header', () => {
    const wait = (headers: Record<string, string>) => classifyTwitterError(answer(429, {}, headers), now).options.retryAfterMs;
    expect(wait({ 'retry-after': '5', 'x-rate-limit-reset': '1' })).toBe(5000);
    expect(wait({})).toBeUndefined();
  });
});
