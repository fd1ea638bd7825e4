import type { PlatformCredentials, PublishRequest } from '../../src/platforms/platform-adapter';
import { categorizeError } from '../../src/platforms/error-category';
import { failureOf, fakeEndpoints } from './fake-endpoints';
import { YouTubeAdapter } from '../../src/platforms/youtube';
import { FakeYouTubeServer, fakeVideoBytes, mediaItem } from '@test/support/fakes';

describe('YouTubeAdapter metrics against the YouTube fake', () => {
  const fake = new FakeYouTubeServer();
  let adapter: YouTubeAdapter;
  const creds = (token = 'ya29.good'): PlatformCredentials => ({ externalId: 'UC_fake_channel', accessToken: token });
  const request = (title: string): PublishRequest => ({
    content: `About ${title}`,
    media: [mediaItem(fakeVideoBytes(300 * 1024), { kind: 'video', mimeType: 'video/mp4' })],
    settings: { privacy: 'unlisted', title },
    idempotencyKey: title,
  });
  const publish = async (title: string) => (await adapter.publish(creds(), request(title))).postedId;
  const statisticsCalls = () => fake.calls('GET /youtube/v3/videos');

  beforeAll(async () => {
    adapter = new YouTubeAdapter(fakeEndpoints(await fake.start()), { chunkBytes: 256 * 1024 });
  });
  afterAll(() => fake.stop());
  beforeEach(async () => {
    await fake.settle();
    fake.reset();
    fake.uploads.clear();
    fake.setToken('ya29.good');
  });

  it('reads several videos in one videos.list call, under the shared names, favoriteCount kept as YouTube names it', async () => {
    expect(adapter.metricsBatchSize).toBe(50);
    const ids = [await publish('one'), await publish('two'), await publish('three')];
    const { metrics, missing } = await adapter.postMetrics(
      creds(),
      ids.map((postedId) => ({ postedId })),
    );
    expect(missing.size).toBe(0);
    expect(statisticsCalls()).toHaveLength(1);
    const [call] = statisticsCalls();
    expect(call.query.get('part')).toBe('statistics');
    expect(call.query.get('id')).toBe(ids.join(','));
    for (const id of ids) {
      const values = metrics.get(id)!;
      expect(Object.keys(values).sort()).toEqual(['favoriteCount', 'likes', 'replies', 'views']);
      expect(typeof values.views).toBe('number');
      expect(values.favoriteCount).toBe(0);
    }
  });

  it('counters grow between two reads', async () => {
    const id = await publish('growing');
    const first = (await adapter.postMetrics(creds(), [{ postedId: id }])).metrics.get(id)!;
    const second = (await adapter.postMetrics(creds(), [{ postedId: id }])).metrics.get(id)!;
    for (const name of ['views', 'likes', 'replies']) expect(second[name]).toBeGreaterThan(first[name]);
  });

  it('leaves out the counters YouTube does not give (comments off, likes hidden) instead of reporting 0', async () => {
    const id = await publish('quiet');
    fake.commentsOff.add(id);
    fake.likesHidden.add(id);
    const values = (await adapter.postMetrics(creds(), [{ postedId: id }])).metrics.get(id)!;
    expect(Object.keys(values).sort()).toEqual(['favoriteCount', 'views']);
  });

  it('puts a deleted video in missing and still reads the others in the same call', async () => {
    const kept = await publish('kept');
    const gone = await publish('gone');
    await adapter.unpublish(creds(), { postedId: gone });
    const { metrics, missing } = await adapter.postMetrics(creds(), [{ postedId: gone }, { postedId: kept }]);
    expect(missing.get(gone)).toMatch(/no longer has/);
    expect(metrics.get(kept)!.views).toBeGreaterThan(0);
    expect(statisticsCalls()).toHaveLength(1);
  });

  it('never asks the fake for more than 50 ids in a call, which YouTube refuses', async () => {
    const id = await publish('many');
    const refused = await fetch(`${fake.baseUrl}/youtube/v3/videos?part=statistics&id=${Array.from({ length: 51 }, (_, i) => `v${i}`).join(',')}`, {
      headers: { authorization: 'Bearer ya29.good' },
    });
    expect(refused.status).toBe(400);
    fake.requests.length = 0;
    const posts = [...Array.from({ length: 50 }, (_, i) => ({ postedId: `unknown${i}` })), { postedId: id }];
    const { metrics, missing } = await adapter.postMetrics(creds(), posts);
    expect(statisticsCalls().map((c) => c.query.get('id')!.split(',').length)).toEqual([50, 1]);
    expect(missing.size).toBe(50);
    expect(metrics.has(id)).toBe(true);
  });

  it('reads the channel statistics: subscribers as followers, videos as posts, viewCount kept', async () => {
    await publish('channel');
    const first = await adapter.accountMetrics(creds());
    expect(first).toEqual({ followers: 4101, posts: 1, viewCount: expect.any(Number) });
    const second = await adapter.accountMetrics(creds());
    expect(second.followers).toBeGreaterThan(first.followers);
    const [call] = fake.calls('GET /youtube/v3/channels');
    expect(call.query.get('part')).toBe('statistics');
    expect(call.query.get('mine')).toBe('true');
    fake.hideSubscribers = true;
    expect(await adapter.accountMetrics(creds())).not.toHaveProperty('followers');
  });

  it('names youtube.readonly when the token has only youtube.upload (403 insufficientPermissions)', async () => {
    const id = await publish('scoped');
    fake.refuse('GET /youtube/v3/videos', 403, 'insufficientPermissions', 'Request had insufficient authentication scopes.');
    const err = await failureOf(adapter.postMetrics(creds(), [{ postedId: id }]));
    expect(categorizeError({ code: err.code, category: err.options.category })).toBe('permission_missing');
    expect(err.message).toMatch(/^YouTube needs the https:\/\/www\.googleapis\.com\/auth\/youtube\.readonly permission/);
    fake.refuse('GET /youtube/v3/channels', 403, 'insufficientPermissions', 'Request had insufficient authentication scopes.');
    expect((await failureOf(adapter.accountMetrics(creds()))).options.category).toBe('permission_missing');
  });

  it('maps quotaExceeded to RATE_LIMITED until the quota resets, and a 429 with its Retry-After', async () => {
    const id = await publish('quota');
    fake.inject({ kind: 'rate_limit', match: 'GET /youtube/v3/videos' });
    const quota = await failureOf(adapter.postMetrics(creds(), [{ postedId: id }]));
    expect(quota.code).toBe('RATE_LIMITED');
    expect(quota.options.retryAfterMs).toBeGreaterThan(0);
    expect(quota.options.retryAfterMs).toBeLessThanOrEqual(24 * 3600_000);
    fake.inject({
      kind: 'respond',
      match: 'GET /youtube/v3/videos',
      response: {
        status: 429,
        headers: { 'retry-after': '30' },
        body: { error: { code: 429, message: 'Too many requests', errors: [{ reason: 'rateLimitExceeded', message: 'Too many requests' }] } },
      },
    });
    const burst = await failureOf(adapter.postMetrics(creds(), [{ postedId: id }]));
    expect(burst.code).toBe('RATE_LIMITED');
    expect(burst.options.retryAfterMs).toBe(30_000);
  });
});
