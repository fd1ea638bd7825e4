import { rateLimitHeaders, rateLimitMessage } from './rate-limit-headers';

describe('rateLimitHeaders', () => {
  it('announces the policy and what is left; Retry-After only on a refusal', () => {
    expect(rateLimitHeaders({ allowed: true, limit: 60, remaining: 59, resetSeconds: 42, points: 1 }, 60)).toEqual({
      'RateLimit-Policy': '60;w=60',
      RateLimit: 'limit=60, remaining=59, reset=42',
    });
    expect(rateLimitHeaders({ allowed: false, limit: 5, remaining: 0, resetSeconds: 7, points: 1 }, 60)).toEqual({
      'RateLimit-Policy': '5;w=60',
      RateLimit: 'limit=5, remaining=0, reset=7',
      'Retry-After': '7',
    });
  });

  it('sends no Retry-After for a batch larger than the whole limit (waiting never lets it through)', () => {
    expect(rateLimitHeaders({ allowed: false, limit: 5, remaining: 5, resetSeconds: 60, points: 6 }, 60)).not.toHaveProperty('Retry-After');
    expect(rateLimitHeaders({ allowed: false, limit: 5, remaining: 2, resetSeconds: 9, points: 3 }, 60)).toHaveProperty('Retry-After', '9');
  });
});

describe('rateLimitMessage', () => {
  it('says what the limit is and when to come back', () => {
    expect(rateLimitMessage({ allowed: false, limit: 5, remaining: 0, resetSeconds: 7, points: 1 })).toBe(
      'Rate limit exceeded: at most 5 requests per minute for this API key; retry in 7 seconds',
    );
  });

  it('for a batch, says how many it holds and how many are left, or that it must be split', () => {
    expect(rateLimitMessage({ allowed: false, limit: 5, remaining: 2, resetSeconds: 7, points: 3 })).toBe(
      'Rate limit exceeded: this batch holds 3 requests and 2 of the 5 per minute for this API key are left; retry in 7 seconds',
    );
    expect(rateLimitMessage({ allowed: false, limit: 5, remaining: 5, resetSeconds: 60, points: 6 })).toBe(
      'Rate limit exceeded: this batch holds 6 requests, more than the 5 per minute allowed for this API key; send at most 5 per batch',
    );
  });
});
