import { FakePinterestServer, makeImage, mediaItem } from '@test/support/fakes';
import { PinterestAdapter } from '../../src/platforms/pinterest';
import type { PlatformCredentials, PostMetricsRequest } from '../../src/platforms/platform-adapter';
import { categorizeError } from '../../src/platforms/error-category';
import { failureOf, fakeEndpoints } from './fake-endpoints';

describe('PinterestAdapter metrics against a fake API v5', () => {
  const fake = new FakePinterestServer();
  let adapter: PinterestAdapter;
  let png: Buffer;
  const creds: PlatformCredentials = { externalId: 'alicepins', accessToken: 'pina_good', refreshToken: 'pinr_good' };
  const publish = async (content: string): Promise<PostMetricsRequest> => {
    const media = [mediaItem(png, { kind: 'image', mimeType: 'image/png', url: fake.hostFile('a.png', png, 'image/png') })];
    const posted = await adapter.publish(creds, { content, media, settings: {}, idempotencyKey: 'k' });
    return { ...posted, publishedAt: new Date() };
  };
  const pinReads = () => fake.calls(/^GET \/v5\/pins\/\d+$/);

  beforeAll(async () => {
    png = await makeImage('png');
    adapter = new PinterestAdapter(fakeEndpoints(await fake.start()));
  });
  beforeEach(async () => {
    await fake.settle();
    fake.reset();
    fake.pins.length = 0;
    fake.setToken('pina_good');
  });
  afterAll(() => fake.stop());

  it('reads a pin’s lifetime counters under the shared names, Pinterest’s others kept, the 90 days apart', async () => {
    const pin = await publish('metrics pin');

    const answer = await adapter.postMetrics(creds, [pin]);

    expect(adapter.metricsBatchSize).toBe(1);
    expect(pinReads()).toHaveLength(1);
    expect(pinReads()[0].query.get('pin_metrics')).toBe('true');
    expect(pinReads()[0].headers.authorization).toBe('Bearer pina_good');
    const values = answer.metrics.get(pin.postedId)!;
    expect(Object.keys(values).sort()).toEqual([
      'clickthrough',
      'clickthrough_90d',
      'impression_90d',
      'impressions',
      'likes',
      'pin_click',
      'pin_click_90d',
      'replies',
      'save',
      'save_90d',
    ]);
    expect(values).not.toHaveProperty('views');
    expect(answer.missing.size).toBe(0);
  });

  it('a pin without lifetime metrics (an image pin older than the lifetime counters) has only its 90-day counters', async () => {
    const pin = await publish('old pin');
    fake.pins[0].created_at = '2022-11-02T10:00:00';
    const values = (await adapter.postMetrics(creds, [pin])).metrics.get(pin.postedId)!;
    expect(Object.keys(values).sort()).toEqual(['clickthrough_90d', 'impression_90d', 'pin_click_90d', 'save_90d']);
  });

  it('counters grow between two reads', async () => {
    const pin = await publish('growing');
    const first = (await adapter.postMetrics(creds, [pin])).metrics.get(pin.postedId)!;
    const second = (await adapter.postMetrics(creds, [pin])).metrics.get(pin.postedId)!;
    expect(fake.metricReads.get(pin.postedId)).toBe(2);
    for (const name of ['impressions', 'likes', 'replies', 'save', 'pin_click']) expect(second[name]).toBeGreaterThan(first[name]);
  });

  it('a deleted pin lands in missing and the others are still read, one call each', async () => {
    const kept = await publish('kept');
    const gone = await publish('gone');
    await adapter.unpublish(creds, { postedId: gone.postedId });

    const answer = await adapter.postMetrics(creds, [gone, kept]);

    expect(pinReads()).toHaveLength(2);
    expect([...answer.metrics.keys()]).toEqual([kept.postedId]);
    expect(answer.missing.get(gone.postedId)).toMatch(/not found on Pinterest/);
  });

  it('reads the account’s followers, following, pins as posts, and Pinterest’s own counts', async () => {
    await publish('counted');
    const first = await adapter.accountMetrics(creds);
    const second = await adapter.accountMetrics(creds);
    expect(first).toEqual({ followers: expect.any(Number), following: expect.any(Number), posts: 1, board_count: 2, monthly_views: expect.any(Number) });
    expect(second.followers).toBeGreaterThan(first.followers);
  });

  it('a token without the read scopes: PlatformError, permission_missing, naming the scope', async () => {
    const pin = await publish('scoped');
    fake.refuseMissingScope('GET /v5/pins/');
    const err = await failureOf(adapter.postMetrics(creds, [pin]));
    expect(categorizeError({ code: err.code, category: err.options.category })).toBe('permission_missing');
    expect(err.message).toMatch(/pins:read/);
    expect(err.options).toMatchObject({ httpStatus: 401, retryable: false });

    fake.refuseMissingScope('GET /v5/user_account');
    const account = await failureOf(adapter.accountMetrics(creds));
    expect(account.options.category).toBe('permission_missing');
    expect(account.message).toMatch(/user_accounts:read/);
  });

  it('a revoked token stays auth_expired, not a missing permission', async () => {
    const pin = await publish('revoked');
    fake.setToken('pina_good', 'revoked');
    const err = await failureOf(adapter.postMetrics(creds, [pin]));
    expect(categorizeError({ code: err.code, category: err.options.category })).toBe('auth_expired');
  });

  it('429 → RATE_LIMITED with the wait from Retry-After', async () => {
    const pin = await publish('limited');
    fake.inject({ kind: 'rate_limit', match: 'GET /v5/pins/', retryAfterSeconds: 75 });
    const err = await failureOf(adapter.postMetrics(creds, [pin]));
    expect(err.code).toBe('RATE_LIMITED');
    expect(err.retryable).toBe(true);
    expect(err.options.retryAfterMs).toBe(75_000);
  });
});
