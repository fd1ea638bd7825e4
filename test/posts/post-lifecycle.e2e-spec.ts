import { createAccount, createTestApp, type TestApp } from '@test/support';
import { Types } from 'mongoose';
import type { ConnectionRef } from '../../src/connections/connections.service';
import { MediaCleanupRegistry, type MediaCleanup } from '../../src/posts/media-cleanup';
import { PostEvents, type PostScheduledEvent } from '../../src/posts/post-events';
import { PlatformPost } from '../../src/posts/schemas/platform-post.schema';
import { PostGroup } from '../../src/posts/schemas/post-group.schema';
import { PostLog } from '../../src/posts/schemas/post-log.schema';
import { accountWithConnections, isoIn, seedGroups, type Account } from './posts-helpers';
import { currentSession } from '../../src/database/transactions';

describe('get-post, update-post, delete-post, post-logs', () => {
  let t: TestApp;
  let account: Account;
  let linkedin: ConnectionRef;
  let mastodon: ConnectionRef;
  const scheduledEvents: PostScheduledEvent[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const setup = await accountWithConnections(t, ['linkedin', 'mastodon'], { plan: 'pro' });
    account = setup.account;
    [linkedin, mastodon] = setup.connections;
    t.app.get(PostEvents).subscribe({ postScheduled: async (events) => void scheduledEvents.push(...events) });
  });
  afterAll(() => t.close());

  const api = () => ({
    create: (body: object) => t.http.post('/api/v1/create-post').set(account.apiHeaders).send(body),
    get: (id: string) => t.http.get(`/api/v1/get-post/${id}`).set(account.apiHeaders),
    update: (id: string, body: object) => t.http.put(`/api/v1/update-post/${id}`).set(account.apiHeaders).send(body),
    remove: (id: string) => t.http.delete(`/api/v1/delete-post/${id}`).set(account.apiHeaders),
    logs: (id: string) => t.http.get(`/api/v1/post-logs/${id}`).set(account.apiHeaders),
  });
  const draft = async () => (await api().create({ content: 'x', platforms: [linkedin.platformId, mastodon.platformId] })).body.postGroupId as string;
  const scheduled = async (when = isoIn(120)) =>
    (await api().create({ content: 'x', platforms: [linkedin.platformId, mastodon.platformId], scheduledTime: when })).body.postGroupId as string;
  const missing = new Types.ObjectId().toHexString();

  describe('get-post', () => {
    it('returns the group with raw platform ids and no error on non-failed posts', async () => {
      const id = await scheduled();
      const res = await api().get(id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        postGroupId: id,
        status: 'scheduled',
        content: 'x',
        processingStatus: 'pending',
        scheduledTime: expect.any(String),
        posts: [
          { postId: expect.any(String), platform: 'linkedin', platformId: linkedin.externalId, status: 'scheduled', content: 'x' },
          { postId: expect.any(String), platform: 'mastodon', platformId: mastodon.externalId, status: 'scheduled', content: 'x' },
        ],
      });
    });

    it('failed posts carry the rich error object; published ones postedId and publishedUrl', async () => {
      const [id] = await seedGroups(t, account.userId, [{ status: 'partially_published', scheduledTime: new Date(), connections: [linkedin, mastodon] }]);
      const model = t.connection.model(PlatformPost.name);
      const failedAt = new Date('2030-01-01T00:00:00Z');
      await model.updateOne(
        { postGroupId: id, platform: 'linkedin' },
        {
          $set: {
            status: 'failed',
            error: {
              code: 'PLATFORM_AUTH_EXPIRED',
              message: 'Token expired',
              platformStatusCode: 401,
              platformError: 'invalid_token',
              failedAt,
              retryable: false,
            },
          },
        },
      );
      await model.updateOne(
        { postGroupId: id, platform: 'mastodon' },
        { $set: { status: 'published', postedId: '1234', publishedUrl: 'https://mastodon.social/@u/1234' } },
      );
      const res = await api().get(id);
      expect(res.body.posts).toEqual([
        {
          postId: expect.any(String),
          platform: 'linkedin',
          platformId: linkedin.externalId,
          status: 'failed',
          content: 'seed 0',
          error: {
            code: 'PLATFORM_AUTH_EXPIRED',
            message: 'Token expired',
            retryable: false,
            platformStatusCode: 401,
            platformError: 'invalid_token',
            failedAt: failedAt.toISOString(),
          },
          // Beside the spec's error (docs/recovery.md): a failure stored without a category gets its code's.
          errorCategory: 'auth_expired',
          errorHint: 'Reconnect the account on the Connections page, then retry the post.',
        },
        {
          postId: expect.any(String),
          platform: 'mastodon',
          platformId: mastodon.externalId,
          status: 'published',
          content: 'seed 0',
          postedId: '1234',
          publishedUrl: 'https://mastodon.social/@u/1234',
        },
      ]);
    });

    it("404 for an unknown id or another user's group; 500 for a malformed id", async () => {
      expect((await api().get(missing)).body).toEqual({ error: 'Post group not found' });
      expect((await api().get(missing)).status).toBe(404);
      const other = await createAccount(t, { plan: 'pro' });
      const mine = await draft();
      const foreign = await t.http.get(`/api/v1/get-post/${mine}`).set(other.apiHeaders);
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual({ error: 'Post group not found' });
      const bad = await api().get('not-an-id');
      expect(bad.status).toBe(500);
      expect(bad.body).toEqual({ error: 'Failed to fetch post group' });
    });
  });

  describe('update-post: state table', () => {
    it('draft → scheduled with a body time: all platform posts scheduled, status_changed + scheduled logs, post.scheduled events', async () => {
      const id = await draft();
      const when = isoIn(200);
      scheduledEvents.length = 0;
      const res = await api().update(id, { status: 'scheduled', scheduledTime: when });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: 'Post scheduled successfully', postGroup: { _id: id, status: 'scheduled', scheduledTime: when } });
      const got = await api().get(id);
      expect(got.body.status).toBe('scheduled');
      expect(got.body.posts.map((p: { status: string }) => p.status)).toEqual(['scheduled', 'scheduled']);
      const logs = (await api().logs(id)).body.logs;
      expect(logs.map((l: { event: string }) => l.event)).toEqual(['status_changed', 'scheduled', 'scheduled']);
      expect(logs[0]).toMatchObject({ metadata: { from: 'draft', to: 'scheduled' } });
      expect(logs[0]).not.toHaveProperty('postId');
      expect(logs[0]).not.toHaveProperty('platform');
      expect(logs[1]).toMatchObject({ platform: 'linkedin', postId: got.body.posts[0].postId });
      expect(scheduledEvents.map((e) => [e.postGroupId, e.platform, e.scheduledAt.toISOString()])).toEqual([
        [id, 'linkedin', when],
        [id, 'mastodon', when],
      ]);
    });

    it('draft → scheduled without any time: now', async () => {
      const id = await draft();
      const before = Date.now();
      const res = await api().update(id, { status: 'scheduled' });
      expect(res.body.postGroup.status).toBe('scheduled');
      expect(new Date(res.body.postGroup.scheduledTime).getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(new Date(res.body.postGroup.scheduledTime).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    });

    it('draft → scheduled uses the time stored on the draft', async () => {
      const id = await draft();
      const when = isoIn(300);
      const first = await api().update(id, { scheduledTime: when });
      expect(first.body).toEqual({ success: true, message: 'Scheduled time updated', postGroup: { _id: id, status: 'draft', scheduledTime: when } });
      expect((await api().get(id)).body.posts.map((p: { status: string }) => p.status)).toEqual(['pending', 'pending']);
      const res = await api().update(id, { status: 'scheduled' });
      expect(res.body.postGroup).toEqual({ _id: id, status: 'scheduled', scheduledTime: when });
    });

    it('scheduled → draft keeps the time; platform posts back to pending', async () => {
      const when = isoIn(400);
      const id = await scheduled(when);
      const res = await api().update(id, { status: 'draft' });
      expect(res.body).toEqual({ success: true, message: 'Post moved to draft', postGroup: { _id: id, status: 'draft', scheduledTime: when } });
      const got = await api().get(id);
      expect(got.body.status).toBe('draft');
      expect(got.body.posts.map((p: { status: string }) => p.status)).toEqual(['pending', 'pending']);
      const logs = (await api().logs(id)).body.logs;
      expect(logs.at(-1)).toMatchObject({ event: 'status_changed', metadata: { from: 'scheduled', to: 'draft' } });
    });

    it('a draft without a time stays without one when moved to draft', async () => {
      const id = await draft();
      const res = await api().update(id, { status: 'draft' });
      expect(res.body).toEqual({ success: true, message: 'Post updated successfully', postGroup: { _id: id, status: 'draft' } });
    });

    it('scheduled + scheduledTime: rescheduled; a past time becomes now', async () => {
      const id = await scheduled();
      const when = isoIn(500);
      const res = await api().update(id, { scheduledTime: when });
      expect(res.body).toEqual({ success: true, message: 'Post rescheduled successfully', postGroup: { _id: id, status: 'scheduled', scheduledTime: when } });
      const before = Date.now();
      const past = await api().update(id, { scheduledTime: '2001-01-01T00:00:00.000Z' });
      expect(past.status).toBe(200);
      expect(new Date(past.body.postGroup.scheduledTime).getTime()).toBeGreaterThanOrEqual(before - 1000);
      const posts = await t.connection.model(PlatformPost.name).find({ postGroupId: id }).lean<Array<{ scheduledTime: Date }>>();
      for (const p of posts) expect(p.scheduledTime.toISOString()).toBe(past.body.postGroup.scheduledTime);
    });

    it.each(['published', 'failed', 'partially_published'] as const)('refuses a %s group', async (status) => {
      const [id] = await seedGroups(t, account.userId, [{ status, scheduledTime: new Date(), connections: [linkedin] }]);
      const res = await api().update(id, { status: 'draft' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: `Cannot update post: post is currently in ${status} status` });
    });

    it.each([
      [{}, 'Either status or scheduledTime must be provided'],
      [{ status: '', scheduledTime: '' }, 'Either status or scheduledTime must be provided'],
      [{ status: null, scheduledTime: 0 }, 'Either status or scheduledTime must be provided'],
      [{ status: 'published' }, "Status must be either 'draft' or 'scheduled'"],
      [{ status: 'processing', scheduledTime: '2030-01-01T00:00:00Z' }, "Status must be either 'draft' or 'scheduled'"],
      [{ scheduledTime: '2030-01-01' }, 'Invalid scheduled time format'],
      [{ scheduledTime: '2030-01-01T00:00:00+02:00' }, 'Invalid scheduled time format'],
      [{ status: 'scheduled', scheduledTime: 'soon' }, 'Invalid scheduled time format'],
    ])('400 for %j', async (body, message) => {
      const id = await draft();
      const res = await api().update(id, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: message });
    });

    it('404 for an unknown or foreign id; 500 for a malformed id', async () => {
      const res = await api().update(missing, { status: 'draft' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Post group not found' });
      const other = await createAccount(t, { plan: 'pro' });
      const id = await draft();
      const foreign = await t.http.put(`/api/v1/update-post/${id}`).set(other.apiHeaders).send({ status: 'scheduled' });
      expect(foreign.status).toBe(404);
      const bad = await api().update('12345', { status: 'draft' });
      expect(bad.status).toBe(500);
      expect(bad.body).toEqual({ error: 'Failed to update post' });
    });
  });

  describe('delete-post', () => {
    it('removes the group, its platform posts and logs, any status', async () => {
      const id = await scheduled();
      const [published] = await seedGroups(t, account.userId, [{ status: 'published', scheduledTime: new Date(), connections: [linkedin] }]);
      for (const gid of [id, published]) {
        const res = await api().remove(gid);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ success: true });
        expect((await api().get(gid)).status).toBe(404);
        expect(await t.connection.model(PlatformPost.name).countDocuments({ postGroupId: gid })).toBe(0);
        expect(await t.connection.model(PostLog.name).countDocuments({ postGroupId: gid })).toBe(0);
      }
    });

    it('calls the media cleanup inside the transaction and the file removal after it; a storage failure does not fail', async () => {
      const id = await draft();
      const calls: string[] = [];
      const cleanup: MediaCleanup = {
        deleteForGroup: async ({ postGroupId }) => {
          calls.push(`records:${postGroupId}:${currentSession()?.inTransaction() ?? false}`);
          return [{ mediaId: 'm1', key: 'image/a.jpg' }];
        },
        removeFiles: async (files) => {
          calls.push(`files:${files.map((f) => f.key).join(',')}`);
          throw new Error('storage down');
        },
      };
      const restore = t.app.get(MediaCleanupRegistry).register(cleanup);
      try {
        const res = await api().remove(id);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ success: true });
      } finally {
        restore();
      }
      expect(calls).toEqual([`records:${id}:true`, 'files:image/a.jpg']);
    });

    it('is atomic: a failure mid-way rolls everything back (500)', async () => {
      const id = await scheduled();
      const before = {
        groups: await t.connection.model(PostGroup.name).countDocuments({ _id: id }),
        posts: await t.connection.model(PlatformPost.name).countDocuments({ postGroupId: id }),
        logs: await t.connection.model(PostLog.name).countDocuments({ postGroupId: id }),
      };
      expect(before).toEqual({ groups: 1, posts: 2, logs: 2 });
      const restore = t.app.get(MediaCleanupRegistry).register({
        deleteForGroup: async () => {
          throw new Error('media records unavailable');
        },
        removeFiles: async () => undefined,
      });
      try {
        const res = await api().remove(id);
        expect(res.status).toBe(500);
        expect(res.body).toEqual({ error: 'Failed to delete post group' });
      } finally {
        restore();
      }
      expect({
        groups: await t.connection.model(PostGroup.name).countDocuments({ _id: id }),
        posts: await t.connection.model(PlatformPost.name).countDocuments({ postGroupId: id }),
        logs: await t.connection.model(PostLog.name).countDocuments({ postGroupId: id }),
      }).toEqual(before);
      expect((await api().get(id)).body.posts).toHaveLength(2);
    });

    it('404 unknown or foreign; 500 malformed', async () => {
      const res = await api().remove(missing);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Post group not found' });
      const other = await createAccount(t, { plan: 'pro' });
      const id = await draft();
      const foreign = await t.http.delete(`/api/v1/delete-post/${id}`).set(other.apiHeaders);
      expect(foreign.status).toBe(404);
      expect((await api().get(id)).status).toBe(200);
      const bad = await api().remove('xyz');
      expect(bad.status).toBe(500);
      expect(bad.body).toEqual({ error: 'Failed to delete post group' });
    });
  });

  describe('post-logs', () => {
    it('oldest first, at most 100, optional fields absent', async () => {
      const id = await draft();
      const gid = new Types.ObjectId(id);
      const userId = new Types.ObjectId(account.userId);
      const base = Date.now();
      // Inserted newest first, so the order of the answer comes from the sort, not the insert.
      await t.connection.model(PostLog.name).insertMany(
        Array.from({ length: 105 }, (_, i) => ({
          postGroupId: gid,
          userId,
          event: i % 2 ? 'publish_attempted' : 'processing',
          ...(i === 0 ? { error: 'boom', httpStatus: 503, retryCount: 2, metadata: { errorCode: 'PLATFORM_SERVER_ERROR', retryable: true } } : {}),
          createdAt: new Date(base + i * 1000),
        })).reverse(),
      );
      const res = await api().logs(id);
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.logs).toHaveLength(100);
      const times = res.body.logs.map((l: { createdAt: string }) => new Date(l.createdAt).getTime());
      expect(times[0]).toBe(base);
      expect(times[99]).toBe(base + 99_000);
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      expect(res.body.logs[0]).toMatchObject({
        error: 'boom',
        httpStatus: 503,
        retryCount: 2,
        metadata: { errorCode: 'PLATFORM_SERVER_ERROR', retryable: true },
      });
      expect(Object.keys(res.body.logs[1]).sort()).toEqual(['__v', '_id', 'createdAt', 'event', 'postGroupId', 'updatedAt']);
    });

    it('404 unknown or foreign; 500 malformed', async () => {
      const res = await api().logs(missing);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Post group not found' });
      const other = await createAccount(t, { plan: 'pro' });
      const id = await draft();
      expect((await t.http.get(`/api/v1/post-logs/${id}`).set(other.apiHeaders)).status).toBe(404);
      const bad = await api().logs('nope');
      expect(bad.status).toBe(500);
      expect(bad.body).toEqual({ error: 'Failed to get post logs' });
    });
  });
});
