import type { PlatformCredentials, PublishRequest } from '../../src/platforms/platform-adapter';
import { categorizeError } from '../../src/platforms/error-category';
import { failureOf, fakeEndpoints } from './fake-endpoints';
import { FacebookAdapter } from '../../src/platforms/facebook';
import { FacebookFake, fakeVideoBytes, mediaItem } from '@test/support/fakes';

describe('FacebookAdapter.unpublish against the Facebook Pages fake', () => {
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
    fake.setToken('tok-expired', 'expired');
  });

  it('deletes a feed post with one DELETE carrying the Page token, and publishes nothing', async () => {
    const { postedId } = await adapter.publish(creds(), request('to be deleted'));
    const published = fake.calls(/^POST /).length;
    await adapter.unpublish(creds(), { postedId });
    expect(fake.posts.find((p) => p.id === postedId)).toBeUndefined();
    expect(fake.deletes).toEqual([postedId]);
    const [call] = fake.calls(/^DELETE /);
    expect(call.path).toBe(`/v21.0/${postedId}`);
    expect(call.query.get('access_token')).toBe('page-tok');
    expect(fake.calls(/^POST /)).toHaveLength(published);
  });

  it('deletes a video post by its id', async () => {
    const bytes = fakeVideoBytes();
    const video = mediaItem(bytes, { kind: 'video', mimeType: 'video/mp4', url: fake.hostFile('v.mp4', bytes, 'video/mp4') });
    const { postedId } = await adapter.publish(creds(), request('clip', { media: [video] }));
    await adapter.unpublish(creds(), { postedId });
    expect(fake.posts).toHaveLength(0);
  });

  it('counts a post Facebook no longer has as deleted, so asking twice succeeds', async () => {
    const { postedId } = await adapter.publish(creds(), request('twice'));
    await adapter.unpublish(creds(), { postedId });
    await expect(adapter.unpublish(creds(), { postedId })).resolves.toBeUndefined();
    expect(fake.deletes).toEqual([postedId, postedId]);
  });

  it("does not take a 404 without the platform's error body (a wrong API address) for a deletion", async () => {
    fake.inject({ kind: 'respond', match: /^DELETE /, response: { status: 404, body: 'Not Found' } });
    const err = await failureOf(adapter.unpublish(creds(), { postedId: 'p1' }));
    expect(err.httpStatus).toBe(404);
  });

  it('throws a permission error when the Page refuses the delete, and keeps the post', async () => {
    const { postedId } = await adapter.publish(creds(), request('kept'));
    fake.refuse(/^DELETE /, { status: 403, code: 200, message: '(#200) The user does not have permission to delete this post (pages_manage_posts)' });
    const err = await failureOf(adapter.unpublish(creds(), { postedId }));
    expect(err.code).toBe('PLATFORM_VALIDATION_ERROR');
    expect(err.retryable).toBe(false);
    expect(err.httpStatus).toBe(403);
    expect(err.options.platformError).toContain('code 200');
    expect(categorizeError({ code: err.code, category: err.options.category })).toBe('permission_missing');
    expect(fake.posts.some((p) => p.id === postedId)).toBe(true);
  });

  it('reports an expired token and a rate limit on delete in the usual vocabulary', async () => {
    const { postedId } = await adapter.publish(creds(), request('limits'));
    const expired = await failureOf(adapter.unpublish(creds('tok-expired'), { postedId }));
    expect(expired.code).toBe('PLATFORM_AUTH_EXPIRED');
    fake.inject({ kind: 'rate_limit', match: /^DELETE /, retryAfterSeconds: 120 });
    const limited = await failureOf(adapter.unpublish(creds(), { postedId }));
    expect(limited.code).toBe('RATE_LIMITED');
    expect(limited.retryable).toBe(true);
    expect(fake.posts.some((p) => p.id === postedId)).toBe(true);
  });
});
