import type { PlatformCredentials, PublishRequest } from '../../src/platforms/platform-adapter';
import { categorizeError } from '../../src/platforms/error-category';
import { failureOf, fakeEndpoints } from './fake-endpoints';
import { FacebookAdapter } from '../../src/platforms/facebook';
import { FacebookFake, fakeVideoBytes, mediaItem } from '@test/support/fakes';

describe('FacebookAdapter metrics against the Facebook Pages fake', () => {
  const fake = new FacebookFake();
  let adapter: FacebookAdapter;
  const creds = (token = 'page-tok'): PlatformCredentials => ({ externalId: fake.page.id, accessToken: token });
  const request = (content: string, extra: Partial<PublishRequest> = {}): PublishRequest => ({
    content,
    media: [],
    settings: {},
    idempotencyKey: 'k',
    ...extra,
  });

  beforeAll(async () => {
    const base = await fake.start();
    adapter = new FacebookAdapter(fakeEndpoints(base, { facebookApiUrl: `${base}/v21.0` }));
  });
  afterAll(() => fake.stop());
  beforeEach(async () => {
    await fake.settle();
    fake.reset();
    fake.posts.length = 0;
    fake.setToken('page-tok');
  });

  it('reads reactions, comments and unique viewers of a feed post; shares stay absent while there are none', async () => {
    expect(adapter.metricsBatchSize).toBe(1);
    const { postedId } = await adapter.publish(creds(), request('Metrics post'));
    const { metrics, missing } = await adapter.postMetrics(creds(), [{ postedId }]);
    expect(missing.size).toBe(0);
    const values = metrics.get(postedId)!;
    expect(Object.keys(values).sort()).toEqual(['likes', 'post_total_media_view_unique', 'replies']);
    expect(values).not.toHaveProperty('reposts');
    expect(values).not.toHaveProperty('impressions');
    const [fields] = fake.calls(`GET /v21.0/${postedId}`);
    expect(fields.query.get('fields')).toBe('reactions.summary(total_count).limit(0),comments.summary(true).limit(0),shares');
    const [insights] = fake.calls(`GET /v21.0/${postedId}/insights`);
    expect(insights.query.get('metric')).toBe('post_total_media_view_unique');
  });

  it('counters grow between two reads, and shares appear once there are some', async () => {
    const { postedId } = await adapter.publish(creds(), request('Growing post'));
    const first = (await adapter.postMetrics(creds(), [{ postedId }])).metrics.get(postedId)!;
    const second = (await adapter.postMetrics(creds(), [{ postedId }])).metrics.get(postedId)!;
    for (const name of Object.keys(first)) expect(second[name]).toBeGreaterThan(first[name]);
    expect(second.reposts).toBe(1);
  });

  it('leaves insights out when Meta answers its empty set (a Page under 100 likes)', async () => {
    const { postedId } = await adapter.publish(creds(), request('Small page'));
    fake.pageStats.fans = 40;
    const values = (await adapter.postMetrics(creds(), [{ postedId }])).metrics.get(postedId)!;
    expect(values).not.toHaveProperty('post_total_media_view_unique');
    expect(values.likes).toBeGreaterThan(0);
  });

  it('reads a video post without failing on the insights Graph refuses for videos', async () => {
    const bytes = fakeVideoBytes();
    const video = mediaItem(bytes, { kind: 'video', mimeType: 'video/mp4', url: fake.hostFile('v.mp4', bytes, 'video/mp4') });
    const { postedId } = await adapter.publish(creds(), request('A video', { media: [video] }));
    const values = (await adapter.postMetrics(creds(), [{ postedId }])).metrics.get(postedId)!;
    expect(Object.keys(values).sort()).toEqual(['likes', 'replies']);
  });

  it('puts a deleted post in missing and still reads the others', async () => {
    const kept = await adapter.publish(creds(), request('Kept'));
    const gone = await adapter.publish(creds(), request('Deleted'));
    await adapter.unpublish(creds(), { postedId: gone.postedId });
    const { metrics, missing } = await adapter.postMetrics(creds(), [{ postedId: gone.postedId }, { postedId: kept.postedId }]);
    expect(missing.get(gone.postedId)).toMatch(/no longer has/);
    expect(metrics.has(gone.postedId)).toBe(false);
    expect(metrics.get(kept.postedId)!.likes).toBeGreaterThan(0);
  });

  it("reads the Page's followers_count as followers and keeps fan_count", async () => {
    const first = await adapter.accountMetrics(creds());
    const second = await adapter.accountMetrics(creds());
    expect(first).toEqual({ followers: 1521, fan_count: 1491 });
    expect(second.followers).toBeGreaterThan(first.followers);
    expect(fake.calls(`GET /v21.0/${fake.page.id}`)[0].query.get('fields')).toBe('followers_count,fan_count');
  });

  it('names pages_read_engagement when Graph refuses the post fields with code 10', async () => {
    const { postedId } = await adapter.publish(creds(), request('No permission'));
    fake.refuse(`GET /v21.0/${postedId}`, {
      code: 10,
      message: "(#10) This endpoint requires the 'pages_read_engagement' permission or the 'Page Public Content Access' feature.",
    });
    const err = await failureOf(adapter.postMetrics(creds(), [{ postedId }]));
    expect(categorizeError({ code: err.code, category: err.options.category })).toBe('permission_missing');
    expect(err.message).toMatch(/^Facebook needs the pages_read_engagement permission/);
  });

  it('names read_insights when only the insights are refused for a permission', async () => {
    const { postedId } = await adapter.publish(creds(), request('No insights permission'));
    fake.refuse(`GET /v21.0/${postedId}/insights`, { code: 200, message: '(#200) Requires read_insights permission' });
    const err = await failureOf(adapter.postMetrics(creds(), [{ postedId }]));
    expect(err.options.category).toBe('permission_missing');
    expect(err.message).toMatch(/^Facebook needs the read_insights permission/);
  });

  it('maps the Page rate limit (code 32) to RATE_LIMITED with the usage-header wait', async () => {
    const { postedId } = await adapter.publish(creds(), request('Throttled'));
    fake.inject({ kind: 'rate_limit', match: `GET /v21.0/${postedId}`, retryAfterSeconds: 600 });
    const err = await failureOf(adapter.postMetrics(creds(), [{ postedId }]));
    expect(err.code).toBe('RATE_LIMITED');
    expect(err.options.retryAfterMs).toBe(600_000);
    fake.inject({ kind: 'rate_limit', match: `GET /v21.0/${fake.page.id}`, retryAfterSeconds: 120 });
    const account = await failureOf(adapter.accountMetrics(creds()));
    expect(account.code).toBe('RATE_LIMITED');
    expect(account.options.retryAfterMs).toBe(120_000);
  });
});
