import { classifyPinterestError } from './pinterest.errors';

describe('classifyPinterestError', () => {
  it('maps status and keeps Pinterest’s code and message', () => {
    const auth = classifyPinterestError(401, new Headers(), { code: 2, message: 'Authentication failed.' });
    expect(auth.code).toBe('PLATFORM_AUTH_EXPIRED');
    expect(auth.options.platformError).toBe('2: Authentication failed.');
    const rate = classifyPinterestError(429, new Headers({ 'retry-after': '5' }), { code: 8, message: 'slow down' });
    expect(rate.options).toMatchObject({ retryable: true, retryAfterMs: 5000 });
    expect(classifyPinterestError(400, new Headers(), { code: 1, message: 'Invalid parameters' }).code).toBe('PLATFORM_VALIDATION_ERROR');
    expect(classifyPinterestError(503, new Headers(), null).options.retryable).toBe(true);
  });
});
