import { rateLimitHeaders, rateLimitMessage } from './rate-limit-headers';

describe('rateLimitHeaders', () => {
  it('announces the policy and what is left; Retry-After only on a refusal', () => {
    expect(rateLimitHeaders({ allowed: true, limit: 60, remaining: 59, resetSeconds: 42 }, 60)).toEqual({
      'RateLimit-Policy': '60;w=60',
      RateLimit: 'limit=60, remaining=59, reset=42',
    });
    expect(rateLimitHeaders({ allowed: false, limit: 5, remaining: 0, resetSeconds: 7 }, 60)).toEqual({
      'RateLimit-Policy': '5;w=60',
      RateLimit: 'limit=5, remaining=0, reset=7',
      'Retry-After': '7',
    });
  });

  it('says what the limit is and when to come back', () => {
    expect(rateLimitMessage(5, 7)).toBe('Rate limit exceeded: at most 5 requests per minute for this API key; retry in 7 seconds');
  });
});
