import type { PlatformCredentials, PublishRequest } from '../../src/platforms/platform-adapter';
import { categorizeError } from '../../src/platforms/error-category';
import { failureOf, fakeEndpoints } from './fake-endpoints';
import { YouTubeAdapter } from '../../src/platforms/youtube';
import { FakeYouTubeServer, fakeVideoBytes, mediaItem } from '@test/support/fakes';

describe('YouTubeAdapter.unpublish against the YouTube fake', () => {
  const fake = new FakeYouTubeServer();
  let adapter: YouTubeAdapter;
  const creds = (token = 'ya29.good'): PlatformCredentials => ({ externalId: 'UC_fake_channel', accessToken: token });
  const request = (): PublishRequest => ({
    content: 'A video to delete',
    media: [mediaItem(fakeVideoBytes(300 * 1024), { kind: 'video', mimeType: 'video/mp4' })],
    settings: { privacy: 'unlisted' },
    idempotencyKey: 'k',
  });

  beforeAll(async () => {
    const base = await fake.start();
    adapter = new YouTubeAdapter(fakeEndpoints(base), { chunkBytes: 256 * 1024 });
  });
  afterAll(() => fake.stop());
  beforeEach(async () => {
    await fake.settle();
    fake.reset();
    fake.uploads.clear();
    fake.setToken('ya29.good');
    fake.setToken('ya29.expired', 'expired');
  });

  it('deletes the video with one DELETE /youtube/v3/videos?id= and uploads nothing', async () => {
    const { postedId } = await adapter.publish(creds(), request());
    const uploads = fake.calls(/^(POST|PUT) \/upload/).length;
    await adapter.unpublish(creds(), { postedId });
    expect(fake.videos).toHaveLength(0);
    expect(fake.deletes).toEqual([postedId]);
    const [call] = fake.calls(/^DELETE /);
    expect(call.path).toBe('/youtube/v3/videos');
    expect(call.query.get('id')).toBe(postedId);
    expect(call.headers.authorization).toBe('Bearer ya29.good');
    expect(fake.calls(/^(POST|PUT) \/upload/)).toHaveLength(uploads);
  });

  it('counts a video YouTube no longer has (404 videoNotFound) as deleted', async () => {
    const { postedId } = await adapter.publish(creds(), request());
    await adapter.unpublish(creds(), { postedId });
    await expect(adapter.unpublish(creds(), { postedId })).resolves.toBeUndefined();
    expect(fake.deletes).toEqual([postedId, postedId]);
  });

  it('does not take a 404 that is not Google saying the video is gone for a deletion', async () => {
    fake.inject({ kind: 'respond', match: /^DELETE /, response: { status: 404, body: 'Not Found' } });
    const err = await failureOf(adapter.unpublish(creds(), { postedId: 'vid123' }));
    expect(err.httpStatus).toBe(404);
  });

  it('throws permission_missing when the token has only youtube.upload (403 insufficientPermissions), keeping the video', async () => {
    const { postedId } = await adapter.publish(creds(), request());
    fake.refuse(/^DELETE /, 403, 'insufficientPermissions', 'Request had insufficient authentication scopes.');
    const err = await failureOf(adapter.unpublish(creds(), { postedId }));
    expect(err.code).toBe('PLATFORM_AUTH_EXPIRED');
    expect(err.httpStatus).toBe(403);
    expect(err.options.platformError).toMatch(/^insufficientPermissions/);
    expect(categorizeError({ code: err.code, category: err.options.category })).toBe('permission_missing');
    expect(fake.videos).toHaveLength(1);
  });

  it('reports an expired token and the daily quota on delete in the usual vocabulary', async () => {
    const { postedId } = await adapter.publish(creds(), request());
    const expired = await failureOf(adapter.unpublish(creds('ya29.expired'), { postedId }));
    expect(expired.code).toBe('PLATFORM_AUTH_EXPIRED');
    expect(categorizeError({ code: expired.code, category: expired.options.category })).toBe('auth_expired');
    fake.inject({ kind: 'rate_limit', match: /^DELETE / });
    expect((await failureOf(adapter.unpublish(creds(), { postedId }))).code).toBe('RATE_LIMITED');
    expect(fake.videos).toHaveLength(1);
  });
});
