import { categorizeError, ERROR_CATEGORIES, ERROR_HINTS } from './error-category';

describe('categorizeError', () => {
  it.each([
    ['PLATFORM_AUTH_EXPIRED', 'auth_expired'],
    ['RATE_LIMITED', 'rate_limited'],
    ['INVALID_CONTENT', 'content_rejected'],
    ['CONTENT_TOO_LARGE', 'media_rejected'],
    ['MEDIA_UNAVAILABLE', 'media_rejected'],
    ['PLATFORM_SERVER_ERROR', 'platform_unavailable'],
    ['TIMEOUT_ERROR', 'network'],
    ['PUBLISH_OUTCOME_UNKNOWN', 'outcome_unknown'],
    ['CREDENTIALS_UNREADABLE', 'configuration'],
    ['SOMETHING_NEW', 'unknown'],
  ])('%s → %s', (code, category) => {
    expect(categorizeError({ code })).toBe(category);
  });
  it("prefers the adapter's category, and ignores one that is not a category", () => {
    expect(categorizeError({ code: 'PLATFORM_AUTH_EXPIRED', category: 'permission_missing' })).toBe('permission_missing');
    expect(categorizeError({ code: 'PLATFORM_AUTH_EXPIRED', category: 'nonsense' })).toBe('auth_expired');
  });
  it('has a hint for every category', () => {
    for (const category of ERROR_CATEGORIES) expect(ERROR_HINTS[category]).toMatch(/\.$/);
  });
});
