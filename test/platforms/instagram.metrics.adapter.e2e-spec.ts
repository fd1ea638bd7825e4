import type { PlatformCredentials, PublishRequest } from '../../src/platforms/platform-adapter';
import type { PlatformEndpoints } from '../../src/platforms/platform-endpoints';
import { categorizeError } from '../../src/platforms/error-category';
import { failureOf, fakeEndpoints } from './fake-endpoints';
import { InstagramAdapter } from '../../src/platforms/instagram';
import { InstagramFake, fakeVideoBytes, makeImage, mediaItem } from '@test/support/fakes';

describe('InstagramAdapter metrics against the Instagram Graph fake', () => {
  const fake = new InstagramFake();
  let endpoints: PlatformEndpoints;
  let adapter: InstagramAdapter;
  let jpeg: Buffer;
  const creds = (token = 'tok-valid'): PlatformCredentials => ({ externalId: fake.user.id, accessToken: token, username: 'fake.insta' });
  const image = (name = 'a.jpg') => mediaItem(jpeg, { kind: 'image', mimeType: 'image/jpeg', url: fake.hostFile(name, jpeg, 'image/jpeg'), fileName: name });
  const request = (content: string, extra: Partial<PublishRequest> = {}): PublishRequest => ({
    content,
    media: [image()],
    settings: { videoType: 'REELS' },
    idempotencyKey: 'k',
    ...extra,
  });

  beforeAll(async () => {
    const base = await fake.start();
    jpeg = await makeImage('jpeg');
    endpoints = fakeEndpoints(base, { instagramApiUrl: `${base}/v21.0` });
    adapter = new InstagramAdapter(endpoints);
  });
  afterAll(() => fake.stop());
  beforeEach(async () => {
    await fake.settle();
    fake.reset();
    fake.posts.length = 0;
    fake.setToken('tok-valid');
  });

  it('reads like_count and comments_count as likes and replies, and the feed insights under their own names', async () => {
    expect(adapter.metricsBatchSize).toBe(1);
    const { postedId } = await adapter.publish(creds(), request('Metrics post'));
    const { metrics, missing } = await adapter.postMetrics(creds(), [{ postedId }]);
    expect(missing.size).toBe(0);
    const values = metrics.get(postedId)!;
    expect(Object.keys(values).sort()).toEqual(['likes', 'reach', 'replies', 'saved', 'shares', 'total_interactions', 'views']);
    expect(values).not.toHaveProperty('impressions');
    const [insights] = fake.calls(`GET /v21.0/${postedId}/insights`);
    expect(insights.query.get('metric')).toBe('views,reach,saved,shares,total_interactions');
  });

  it('asks a story only for the metrics stories have, and has no likes or replies where Graph gives none', async () => {
    const bytes = fakeVideoBytes();
    const clip = mediaItem(bytes, { kind: 'video', mimeType: 'video/mp4', url: fake.hostFile('s.mp4', bytes, 'video/mp4') });
    const { postedId } = await adapter.publish(creds(), request('', { media: [clip], settings: { videoType: 'STORIES' } }));
    const values = (await adapter.postMetrics(creds(), [{ postedId }])).metrics.get(postedId)!;
    expect(Object.keys(values).sort()).toEqual(['reach', 'shares', 'total_interactions', 'views']);
    expect(fake.calls(`GET /v21.0/${postedId}/insights`)[0].query.get('metric')).toBe('views,reach,shares,total_interactions');
  });

  it('counters grow between two reads', async () => {
    const { postedId } = await adapter.publish(creds(), request('Growing post'));
    const first = (await adapter.postMetrics(creds(), [{ postedId }])).metrics.get(postedId)!;
    const second = (await adapter.postMetrics(creds(), [{ postedId }])).metrics.get(postedId)!;
    for (const name of Object.keys(first)) expect(second[name]).toBeGreaterThan(first[name]);
  });

  it('keeps the counters but leaves the insights out when Meta withholds them for too few viewers (code 10)', async () => {
    const { postedId } = await adapter.publish(creds(), request('Few viewers'));
    fake.tooFewViewers.add(postedId);
    const values = (await adapter.postMetrics(creds(), [{ postedId }])).metrics.get(postedId)!;
    expect(Object.keys(values).sort()).toEqual(['likes', 'replies']);
  });

  it('puts media Instagram no longer has in missing and still reads the others', async () => {
    const kept = await adapter.publish(creds(), request('Kept'));
    const gone = await adapter.publish(creds(), request('Deleted in the app'));
    fake.posts.splice(
      fake.posts.findIndex((m) => m.id === gone.postedId),
      1,
    );
    const { metrics, missing } = await adapter.postMetrics(creds(), [{ postedId: gone.postedId }, { postedId: kept.postedId }]);
    expect(missing.get(gone.postedId)).toMatch(/no longer has/);
    expect(metrics.get(kept.postedId)!.likes).toBeGreaterThan(0);
  });

  it('reads followers_count, follows_count and media_count as followers, following and posts', async () => {
    await adapter.publish(creds(), request('One'));
    const first = await adapter.accountMetrics(creds());
    expect(first).toEqual({ followers: 3201, following: 180, posts: 1 });
    await adapter.publish(creds(), request('Two'));
    const second = await adapter.accountMetrics(creds());
    expect(second.followers).toBeGreaterThan(first.followers);
    expect(second.posts).toBe(2);
  });

  it('names instagram_business_manage_insights when the insights are refused for a permission', async () => {
    const { postedId } = await adapter.publish(creds(), request('No insights permission'));
    fake.refuse(`GET /v21.0/${postedId}/insights`, { code: 10, message: '(#10) Application does not have permission for this action' });
    const err = await failureOf(adapter.postMetrics(creds(), [{ postedId }]));
    expect(categorizeError({ code: err.code, category: err.options.category })).toBe('permission_missing');
    expect(err.message).toMatch(/^Instagram needs the instagram_business_manage_insights permission/);
  });

  it('names the Facebook Login permission for an account connected through a Page', async () => {
    const viaFacebook = new InstagramAdapter({ ...endpoints, instagramApiUrl: 'http://127.0.0.1:9/v21.0', facebookApiUrl: endpoints.instagramApiUrl });
    const { postedId } = await adapter.publish(creds(), request('Via the Page'));
    fake.refuse(`GET /v21.0/${postedId}/insights`, { code: 200, message: '(#200) Requires instagram_manage_insights permission' });
    const err = await failureOf(viaFacebook.postMetrics({ ...creds(), type: 'facebook_login' }, [{ postedId }]));
    expect(err.options.category).toBe('permission_missing');
    expect(err.message).toMatch(/^Instagram needs the instagram_manage_insights permission/);
  });

  it('maps the rate limit (code 4) to RATE_LIMITED with the usage-header wait', async () => {
    const { postedId } = await adapter.publish(creds(), request('Throttled'));
    fake.inject({ kind: 'rate_limit', match: `GET /v21.0/${postedId}`, retryAfterSeconds: 300 });
    const err = await failureOf(adapter.postMetrics(creds(), [{ postedId }]));
    expect(err.code).toBe('RATE_LIMITED');
    expect(err.retryable).toBe(true);
    expect(err.options.retryAfterMs).toBe(300_000);
  });
});
