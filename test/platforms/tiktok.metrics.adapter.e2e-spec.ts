import type { PlatformCredentials, PublishRequest } from '../../src/platforms/platform-adapter';
import { categorizeError } from '../../src/platforms/error-category';
import { failureOf, fakeEndpoints } from './fake-endpoints';
import { TikTokAdapter } from '../../src/platforms/tiktok';
import { FakeTikTokServer, fakeVideoBytes, mediaItem } from '@test/support/fakes';

describe('TikTokAdapter metrics against the TikTok fake', () => {
  const fake = new FakeTikTokServer();
  let adapter: TikTokAdapter;
  const creds: PlatformCredentials = { externalId: 'open-123', accessToken: 'tt-access', username: 'alice.tt' };
  const request = (settings: Record<string, unknown> = {}): PublishRequest => ({
    content: 'My video #fyp',
    media: [mediaItem(fakeVideoBytes(64 * 1024), { kind: 'video', mimeType: 'video/mp4', frameRate: 30, durationSeconds: 12 })],
    settings,
    idempotencyKey: 'k',
  });
  const publish = async (settings: Record<string, unknown> = {}) => (await adapter.publish(creds, request(settings))).postedId;
  const queryCalls = () => fake.calls('POST /v2/video/query/');

  beforeAll(async () => {
    adapter = new TikTokAdapter(fakeEndpoints(await fake.start()));
  });
  afterAll(() => fake.stop());
  beforeEach(async () => {
    await fake.settle();
    fake.reset();
    fake.publishes.clear();
    fake.setToken('tt-access');
  });

  it('reads several videos in one video/query call, under the shared names, share_count kept as TikTok names it', async () => {
    expect(adapter.metricsBatchSize).toBe(20);
    const ids = [await publish(), await publish(), await publish()];
    expect(new Set(ids).size).toBe(3);
    const { metrics, missing } = await adapter.postMetrics(
      creds,
      ids.map((postedId) => ({ postedId })),
    );
    expect(missing.size).toBe(0);
    expect(queryCalls()).toHaveLength(1);
    const [call] = queryCalls();
    expect(call.query.get('fields')).toBe('id,view_count,like_count,comment_count,share_count');
    expect(call.body).toEqual({ filters: { video_ids: ids } });
    for (const id of ids) expect(Object.keys(metrics.get(id)!).sort()).toEqual(['likes', 'replies', 'share_count', 'views']);
  });

  it('counters grow between two reads', async () => {
    const id = await publish();
    const first = (await adapter.postMetrics(creds, [{ postedId: id }])).metrics.get(id)!;
    const second = (await adapter.postMetrics(creds, [{ postedId: id }])).metrics.get(id)!;
    for (const name of Object.keys(first)) expect(second[name]).toBeGreaterThan(first[name]);
  });

  it('puts a video TikTok no longer has in missing, and a private post (publish id only) without asking for it', async () => {
    const kept = await publish();
    const gone = await publish();
    const privately = await publish({ viewerSetting: 'SELF_ONLY' });
    expect(privately).toMatch(/^v_pub_file/);
    fake.publishes.delete([...fake.publishes.values()].find((p) => p.postId === gone)!.publishId);
    const { metrics, missing } = await adapter.postMetrics(creds, [{ postedId: gone }, { postedId: privately }, { postedId: kept }]);
    expect(missing.get(gone)).toMatch(/no longer has/);
    expect(missing.get(privately)).toMatch(/no public video id/);
    expect(metrics.get(kept)!.views).toBeGreaterThan(0);
    expect(queryCalls()).toHaveLength(1);
    expect((queryCalls()[0].body as { filters: { video_ids: string[] } }).filters.video_ids).toEqual([gone, kept]);
  });

  it('splits more than 20 ids into calls of at most 20, which the fake enforces as TikTok does', async () => {
    const id = await publish();
    const refused = await fetch(`${fake.baseUrl}/v2/video/query/?fields=id`, {
      method: 'POST',
      headers: { authorization: 'Bearer tt-access', 'content-type': 'application/json' },
      body: JSON.stringify({ filters: { video_ids: Array.from({ length: 21 }, (_, i) => String(i)) } }),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('invalid_params');
    fake.requests.length = 0;
    const posts = [...Array.from({ length: 20 }, (_, i) => ({ postedId: String(100 + i) })), { postedId: id }];
    const { metrics, missing } = await adapter.postMetrics(creds, posts);
    expect(queryCalls().map((c) => (c.body as { filters: { video_ids: string[] } }).filters.video_ids.length)).toEqual([20, 1]);
    expect(missing.size).toBe(20);
    expect(metrics.has(id)).toBe(true);
  });

  it('reads the stats fields of user/info only: followers, following, videos as posts, likes_count kept', async () => {
    await publish();
    const first = await adapter.accountMetrics(creds);
    expect(first).toEqual({ followers: 2501, following: 75, posts: 1, likes_count: expect.any(Number) });
    const second = await adapter.accountMetrics(creds);
    expect(second.followers).toBeGreaterThan(first.followers);
    const calls = fake.calls('GET /v2/user/info/');
    expect(calls.at(-1)!.query.get('fields')).toBe('follower_count,following_count,likes_count,video_count');
  });

  it('names video.list and user.info.stats when TikTok says the scope was not granted', async () => {
    const id = await publish();
    fake.refuse('POST /v2/video/query/', 401, 'scope_not_authorized', 'The user did not authorize the scope required for completing this request.');
    const err = await failureOf(adapter.postMetrics(creds, [{ postedId: id }]));
    expect(categorizeError({ code: err.code, category: err.options.category })).toBe('permission_missing');
    expect(err.message).toMatch(/^TikTok needs the video\.list permission/);
    fake.refuse('GET /v2/user/info/', 401, 'scope_not_authorized', 'The user did not authorize the scope required for completing this request.');
    const account = await failureOf(adapter.accountMetrics(creds));
    expect(account.options.category).toBe('permission_missing');
    expect(account.message).toMatch(/^TikTok needs the user\.info\.stats permission/);
  });

  it('maps 429 rate_limit_exceeded to RATE_LIMITED with a wait', async () => {
    const id = await publish();
    fake.inject({ kind: 'rate_limit', match: 'POST /v2/video/query/' });
    const err = await failureOf(adapter.postMetrics(creds, [{ postedId: id }]));
    expect(err.code).toBe('RATE_LIMITED');
    expect(err.retryable).toBe(true);
    expect(err.options.retryAfterMs).toBe(60_000);
  });
});
