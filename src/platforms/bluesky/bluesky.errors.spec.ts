import { classifyBlueskyError, isExpiredAccessToken } from './bluesky.errors';
import { readJwtClaims } from './bluesky.session';

describe('classifyBlueskyError', () => {
  it('ExpiredToken is recognised as refreshable; InvalidToken is auth expired', () => {
    expect(isExpiredAccessToken(400, { error: 'ExpiredToken' })).toBe(true);
    expect(isExpiredAccessToken(400, { error: 'InvalidRequest' })).toBe(false);
    expect(classifyBlueskyError(400, new Headers(), { error: 'InvalidToken', message: 'bad' }).code).toBe('PLATFORM_AUTH_EXPIRED');
  });
  it('429 uses RateLimit-Reset epoch seconds', () => {
    const reset = String(Math.floor(Date.now() / 1000) + 60);
    const err = classifyBlueskyError(429, new Headers({ 'ratelimit-reset': reset }), { error: 'RateLimitExceeded' });
    expect(err.code).toBe('RATE_LIMITED');
    expect(err.options.retryAfterMs).toBeGreaterThan(50_000);
  });
  it('BlobTooLarge → CONTENT_TOO_LARGE; InvalidRequest → validation error with the message', () => {
    expect(classifyBlueskyError(400, new Headers(), { error: 'BlobTooLarge' }).code).toBe('CONTENT_TOO_LARGE');
    const err = classifyBlueskyError(400, new Headers(), { error: 'InvalidRequest', message: 'Record/text too long' });
    expect(err.code).toBe('PLATFORM_VALIDATION_ERROR');
    expect(err.options.platformError).toBe('InvalidRequest: Record/text too long');
  });
});

describe('readJwtClaims', () => {
  it('reads exp and scope, tolerates garbage', () => {
    const payload = Buffer.from(JSON.stringify({ exp: 1_700_000_000, scope: 'com.atproto.appPass' })).toString('base64url');
    expect(readJwtClaims(`h.${payload}.s`)).toEqual({ expiresAt: new Date(1_700_000_000_000), scope: 'com.atproto.appPass' });
    expect(readJwtClaims('not-a-jwt')).toEqual({ expiresAt: null, scope: null });
  });
});
