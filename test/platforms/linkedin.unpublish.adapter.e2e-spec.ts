import type { PlatformCredentials, PublishRequest } from '../../src/platforms/platform-adapter';
import { categorizeError } from '../../src/platforms/error-category';
import { failureOf, fakeEndpoints } from './fake-endpoints';
import { LinkedInAdapter } from '../../src/platforms/linkedin';
import { LinkedInFake } from '@test/support/fakes';

describe('LinkedInAdapter.unpublish against the LinkedIn fake', () => {
  const fake = new LinkedInFake();
  let adapter: LinkedInAdapter;
  let version: string;
  const creds = (token = 'tok-valid'): PlatformCredentials => ({ externalId: 'abc123', accessToken: token });
  const request = (content: string): PublishRequest => ({ content, media: [], settings: {}, idempotencyKey: 'k' });

  beforeAll(async () => {
    const base = await fake.start();
    const endpoints = fakeEndpoints(base);
    version = endpoints.linkedinVersion;
    adapter = new LinkedInAdapter(endpoints);
  });
  afterAll(() => fake.stop());
  beforeEach(async () => {
    await fake.settle();
    fake.reset();
    fake.posts.length = 0;
    fake.setToken('tok-valid');
    fake.setToken('tok-expired', 'expired');
  });

  it('deletes the post by its URL-encoded URN with the versioned headers, and publishes nothing', async () => {
    const { postedId } = await adapter.publish(creds(), request('to be deleted'));
    await adapter.unpublish(creds(), { postedId });
    expect(fake.posts).toHaveLength(0);
    expect(fake.deletes).toEqual([postedId]);
    const [call] = fake.calls(/^DELETE /);
    expect(call.path).toBe(`/rest/posts/${encodeURIComponent(postedId)}`);
    expect(call.headers['linkedin-version']).toBe(version);
    expect(call.headers['x-restli-protocol-version']).toBe('2.0.0');
    expect(call.headers.authorization).toBe('Bearer tok-valid');
    expect(fake.calls('POST /rest/posts')).toHaveLength(1);
  });

  it('counts a post LinkedIn no longer has (404) as deleted', async () => {
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

  it('throws permission_missing on 403 ACCESS_DENIED and keeps the post', async () => {
    const { postedId } = await adapter.publish(creds(), request('kept'));
    fake.refuse(/^DELETE /, 403, 'ACCESS_DENIED', 'Not enough permissions to access: partnerApiPostsExternal.DELETE.20260901', 100);
    const err = await failureOf(adapter.unpublish(creds(), { postedId }));
    expect(err.code).toBe('PLATFORM_VALIDATION_ERROR');
    expect(err.httpStatus).toBe(403);
    expect(err.retryable).toBe(false);
    expect(err.options.platformError).toMatch(/Not enough permissions/);
    expect(categorizeError({ code: err.code, category: err.options.category })).toBe('permission_missing');
    expect(fake.posts).toHaveLength(1);
  });

  it('reports an expired token and a 5xx on delete in the usual vocabulary', async () => {
    const { postedId } = await adapter.publish(creds(), request('errors'));
    expect((await failureOf(adapter.unpublish(creds('tok-expired'), { postedId }))).code).toBe('PLATFORM_AUTH_EXPIRED');
    fake.inject({ kind: 'server_error', match: /^DELETE / });
    const down = await failureOf(adapter.unpublish(creds(), { postedId }));
    expect(down.code).toBe('PLATFORM_SERVER_ERROR');
    expect(down.retryable).toBe(true);
    expect(fake.posts).toHaveLength(1);
  });
});
