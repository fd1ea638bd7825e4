import { platformFailure, resetHeaderMs } from './http-failure';

describe('platformFailure', () => {
  const base = { platform: 'Example', platformError: 'boom' };
  it.each([
    [401, 'PLATFORM_AUTH_EXPIRED', false],
    [429, 'RATE_LIMITED', true],
    [500, 'PLATFORM_SERVER_ERROR', true],
    [503, 'PLATFORM_SERVER_ERROR', true],
    [413, 'CONTENT_TOO_LARGE', false],
    [400, 'PLATFORM_VALIDATION_ERROR', false],
    [422, 'PLATFORM_VALIDATION_ERROR', false],
  ])('HTTP %i → %s (retryable %s)', (status, code, retryable) => {
    const err = platformFailure({ ...base, status });
    expect(err.code).toBe(code);
    expect(err.options).toMatchObject({ retryable, httpStatus: status, platformError: 'boom' });
  });

  it('platform signals win over the status', () => {
    expect(platformFailure({ ...base, status: 400, authExpired: true }).code).toBe('PLATFORM_AUTH_EXPIRED');
    expect(platformFailure({ ...base, status: 400, rateLimited: true, retryAfterMs: 5 }).options).toMatchObject({ retryable: true, retryAfterMs: 5 });
    expect(platformFailure({ ...base, status: 403, code: 'RATE_LIMITED' }).options.retryable).toBe(true);
  });
});

describe('resetHeaderMs', () => {
  const now = Date.parse('2024-05-01T12:00:00Z');
  const h = (init: Record<string, string>) => new Headers(init);
  it('reads Retry-After seconds first', () => expect(resetHeaderMs(h({ 'retry-after': '30', 'x-ratelimit-reset': '999' }), now)).toBe(30_000));
  it('reads an ISO X-RateLimit-Reset (Mastodon)', () => expect(resetHeaderMs(h({ 'x-ratelimit-reset': '2024-05-01T12:05:00.000Z' }), now)).toBe(300_000));
  it('reads unix seconds (Bluesky RateLimit-Reset, X)', () => expect(resetHeaderMs(h({ 'ratelimit-reset': String(now / 1000 + 60) }), now)).toBe(60_000));
  it('reads delta seconds', () => expect(resetHeaderMs(h({ 'ratelimit-reset': '42' }), now)).toBe(42_000));
  it('nothing known → undefined', () => expect(resetHeaderMs(h({}), now)).toBeUndefined());
});
