import { createConnection, createTestApp, type TestApp } from '@test/support';
import { Types } from 'mongoose';
import { PlatformPost } from '../../src/posts/schemas/platform-post.schema';
import { LimitsService } from '../../src/limits/limits.service';
import { PostGroup } from '../../src/posts/schemas/post-group.schema';
import { accountWithConnections, inDays, isoIn, seedGroups } from './posts-helpers';

/** Limit checks reached through create-post and update-post (the rules are the limits module's). */
describe('create-post / update-post limits (403 limit-exceeded body)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const limitBody = {
    error: expect.any(String),
    code: expect.any(String),
    metric: expect.any(String),
    message: expect.any(String),
    limit: expect.any(Number),
    periodStart: expect.any(String),
    periodEnd: expect.any(String),
    planName: expect.any(String),
  };

  async function groupsOf(userId: string): Promise<number> {
    return t.connection.model(PostGroup.name).countDocuments({ userId });
  }

  describe('PLATFORM_NOT_AVAILABLE (twitter on Starter)', () => {
    it('refuses create-post for every post, drafts included, and writes nothing', async () => {
      const { account, connections } = await accountWithConnections(t, ['twitter', 'linkedin'], { plan: 'starter', apiAccess: true });
      const [twitter, linkedin] = connections;
      for (const scheduledTime of [undefined, isoIn(60)]) {
        const res = await t.http
          .post('/api/v1/create-post')
          .set(account.apiHeaders)
          .send({ content: 'x', platforms: [linkedin.platformId, twitter.platformId], ...(scheduledTime ? { scheduledTime } : {}) });
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({
          ...limitBody,
          error: 'Platform not available',
          code: 'PLATFORM_NOT_AVAILABLE',
          metric: 'posts.platform_monthly',
          planName: 'Starter',
          disallowedPlatforms: ['twitter'],
        });
        expect(res.body.allowedPlatforms).not.toContain('twitter');
      }
      expect(await groupsOf(account.userId)).toBe(0);
      const ok = await t.http
        .post('/api/v1/create-post')
        .set(account.apiHeaders)
        .send({ content: 'x', platforms: [linkedin.platformId] });
      expect(ok.status).toBe(200);
    });

    it('refuses update-post to scheduled for a group with a twitter post', async () => {
      const { account, connections } = await accountWithConnections(t, ['twitter'], { plan: 'starter', apiAccess: true });
      const [id] = await seedGroups(t, account.userId, [{ status: 'draft', connections }]);
      const res = await t.http.put(`/api/v1/update-post/${id}`).set(account.apiHeaders).send({ status: 'scheduled' });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'PLATFORM_NOT_AVAILABLE', error: 'Platform not available', disallowedPlatforms: ['twitter'] });
      expect((await t.http.get(`/api/v1/get-post/${id}`).set(account.apiHeaders)).body.status).toBe('draft');
    });
  });

  describe('SCHEDULE_HORIZON_REACHED (7 days on Starter)', () => {
    it('create-post and update-post beyond the horizon', async () => {
      const { account, connections } = await accountWithConnections(t, ['linkedin'], { plan: 'starter', apiAccess: true });
      const far = isoIn(8 * 24 * 60);
      const res = await t.http
        .post('/api/v1/create-post')
        .set(account.apiHeaders)
        .send({ content: 'x', platforms: [connections[0].platformId], scheduledTime: far });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        ...limitBody,
        error: 'Schedule horizon reached',
        code: 'SCHEDULE_HORIZON_REACHED',
        metric: 'posts.schedule_horizon_days',
        limit: 7,
        used: null,
        requested: null,
        remaining: null,
        scheduledTime: far,
      });
      const draft = await t.http
        .post('/api/v1/create-post')
        .set(account.apiHeaders)
        .send({ content: 'x', platforms: [connections[0].platformId] });
      const upd = await t.http.put(`/api/v1/update-post/${draft.body.postGroupId}`).set(account.apiHeaders).send({ status: 'scheduled', scheduledTime: far });
      expect(upd.status).toBe(403);
      expect(upd.body).toMatchObject({ code: 'SCHEDULE_HORIZON_REACHED' });
      // Within the horizon it passes.
      const near = await t.http
        .put(`/api/v1/update-post/${draft.body.postGroupId}`)
        .set(account.apiHeaders)
        .send({ status: 'scheduled', scheduledTime: isoIn(6 * 24 * 60) });
      expect(near.status).toBe(200);
    });
  });

  describe('SCHEDULED_POST_LIMIT_REACHED (3 pending on Starter)', () => {
    it('the fourth scheduled platform post is refused; moving one back to draft frees a slot', async () => {
      const { account, connections } = await accountWithConnections(t, ['linkedin'], { plan: 'starter', apiAccess: true });
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await t.http
          .post('/api/v1/create-post')
          .set(account.apiHeaders)
          .send({ content: `p${i}`, platforms: [connections[0].platformId], scheduledTime: isoIn(60 + i) });
        expect(res.status).toBe(200);
        ids.push(res.body.postGroupId);
      }
      const fourth = await t.http
        .post('/api/v1/create-post')
        .set(account.apiHeaders)
        .send({ content: 'p4', platforms: [connections[0].platformId], scheduledTime: isoIn(90) });
      expect(fourth.status).toBe(403);
      expect(fourth.body).toMatchObject({
        ...limitBody,
        error: 'Scheduled post limit reached',
        code: 'SCHEDULED_POST_LIMIT_REACHED',
        metric: 'posts.scheduled_active',
        limit: 3,
        used: 3,
        scope: 'account',
      });
      // Rescheduling a group already counted does not count it twice.
      const again = await t.http
        .put(`/api/v1/update-post/${ids[0]}`)
        .set(account.apiHeaders)
        .send({ scheduledTime: isoIn(120) });
      expect(again.status).toBe(200);
      await t.http.put(`/api/v1/update-post/${ids[0]}`).set(account.apiHeaders).send({ status: 'draft' }).expect(200);
      const now = await t.http
        .post('/api/v1/create-post')
        .set(account.apiHeaders)
        .send({ content: 'p5', platforms: [connections[0].platformId], scheduledTime: isoIn(95) });
      expect(now.status).toBe(200);
    });
  });

  describe('POST_LIMIT_REACHED', () => {
    it('Starter: one account-wide pool of 15 platform posts a month', async () => {
      const { account, connections } = await accountWithConnections(t, ['linkedin', 'threads'], { plan: 'starter', apiAccess: true });
      await seedGroups(
        t,
        account.userId,
        Array.from({ length: 14 }, () => ({ status: 'published' as const, scheduledTime: new Date(), connections: [connections[0]] })),
      );
      // 14 used + 2 requested (one group on two connections) > 15.
      const res = await t.http
        .post('/api/v1/create-post')
        .set(account.apiHeaders)
        .send({ content: 'x', platforms: connections.map((c) => c.platformId), scheduledTime: isoIn(60) });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        ...limitBody,
        error: 'Post limit reached',
        code: 'POST_LIMIT_REACHED',
        metric: 'posts.platform_monthly',
        limit: 15,
        used: 14,
        requested: 2,
        remaining: 1,
        scope: 'account',
        planName: 'Starter',
      });
      // One platform post still fits.
      const one = await t.http
        .post('/api/v1/create-post')
        .set(account.apiHeaders)
        .send({ content: 'x', platforms: [connections[1].platformId], scheduledTime: isoIn(60) });
      expect(one.status).toBe(200);
    });

    it('Pro: a pool per connection, blocked connections listed', async () => {
      const { account, connections } = await accountWithConnections(t, ['linkedin', 'mastodon'], { plan: 'pro' });
      const [full, free] = connections;
      await seedGroups(
        t,
        account.userId,
        Array.from({ length: 100 }, () => ({ status: 'published' as const, scheduledTime: new Date(), connections: [full] })),
      );
      // Failed posts never attempted do not count.
      await seedGroups(t, account.userId, [{ status: 'failed', scheduledTime: new Date(), connections: [free], attemptCount: 0 }]);
      const res = await t.http
        .post('/api/v1/create-post')
        .set(account.apiHeaders)
        .send({ content: 'x', platforms: [full.platformId, free.platformId], scheduledTime: isoIn(60) });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        ...limitBody,
        error: 'Post limit reached',
        code: 'POST_LIMIT_REACHED',
        metric: 'posts.platform_monthly',
        limit: 100,
        used: null,
        remaining: null,
        scope: 'connection',
        planName: 'Pro',
      });
      expect(res.body.blockedPlatforms).toEqual([expect.objectContaining({ platformSelection: full.platformId, used: 100, remaining: 0 })]);
      const ok = await t.http
        .post('/api/v1/create-post')
        .set(account.apiHeaders)
        .send({ content: 'x', platforms: [free.platformId], scheduledTime: isoIn(60) });
      expect(ok.status).toBe(200);
      // A draft is not counted (drafts are not checked against the monthly pool).
      const draft = await t.http
        .post('/api/v1/create-post')
        .set(account.apiHeaders)
        .send({ content: 'x', platforms: [full.platformId] });
      expect(draft.status).toBe(200);
      const upd = await t.http.put(`/api/v1/update-post/${draft.body.postGroupId}`).set(account.apiHeaders).send({ status: 'scheduled' });
      expect(upd.status).toBe(403);
      expect(upd.body.code).toBe('POST_LIMIT_REACHED');
      expect(await t.connection.model(PlatformPost.name).countDocuments({ postGroupId: draft.body.postGroupId, status: 'pending' })).toBe(1);
    });
  });

  describe('CONNECTIONS_OVER_LIMIT', () => {
    it('Starter with 4 connections cannot schedule (drafts still allowed)', async () => {
      const { account, connections } = await accountWithConnections(t, ['linkedin', 'threads', 'mastodon'], { plan: 'starter', apiAccess: true });
      await createConnection(t, account.userId, { platform: 'bluesky' });
      const draft = await t.http
        .post('/api/v1/create-post')
        .set(account.apiHeaders)
        .send({ content: 'x', platforms: [connections[0].platformId] });
      expect(draft.status).toBe(200);
      const res = await t.http
        .post('/api/v1/create-post')
        .set(account.apiHeaders)
        .send({ content: 'x', platforms: [connections[0].platformId], scheduledTime: isoIn(60) });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        ...limitBody,
        error: 'Account over channel limit',
        code: 'CONNECTIONS_OVER_LIMIT',
        metric: 'connections.total',
        limit: 3,
        used: 4,
        overLimitBy: 1,
      });
      const upd = await t.http.put(`/api/v1/update-post/${draft.body.postGroupId}`).set(account.apiHeaders).send({ status: 'scheduled' });
      expect(upd.status).toBe(403);
      expect(upd.body.code).toBe('CONNECTIONS_OVER_LIMIT');
    });
  });

  describe('limit-reached e-mail', () => {
    it('the first refusal of the month leaves one outbox entry for the billing owner; later refusals add none', async () => {
      const { account, connections } = await accountWithConnections(t, ['linkedin'], { plan: 'starter', apiAccess: true });
      const emails = () =>
        t.connection
          .collection('limit_emails')
          .find({ ownerId: new Types.ObjectId(account.userId) })
          .toArray();
      const far = isoIn(30 * 24 * 60);
      const first = await t.http
        .post('/api/v1/create-post')
        .set(account.apiHeaders)
        .send({ content: 'x', platforms: [connections[0].platformId], scheduledTime: far });
      expect(first.status).toBe(403);
      await t.app.get(LimitsService).whenIdle();
      const after = await emails();
      expect(after).toHaveLength(1);
      expect(after[0]).toMatchObject({ to: account.email, code: 'SCHEDULE_HORIZON_REACHED', status: 'stored' });
      const draft = await t.http
        .post('/api/v1/create-post')
        .set(account.apiHeaders)
        .send({ content: 'x', platforms: [connections[0].platformId] });
      const second = await t.http
        .put(`/api/v1/update-post/${draft.body.postGroupId}`)
        .set(account.apiHeaders)
        .send({ status: 'scheduled', scheduledTime: far });
      expect(second.status).toBe(403);
      await t.app.get(LimitsService).whenIdle();
      expect(await emails()).toHaveLength(1);
    });

    it('a refusal for platform availability sends no e-mail (usage limits only)', async () => {
      const { account, connections } = await accountWithConnections(t, ['twitter'], { plan: 'starter', apiAccess: true });
      const res = await t.http
        .post('/api/v1/create-post')
        .set(account.apiHeaders)
        .send({ content: 'x', platforms: [connections[0].platformId] });
      expect(res.status).toBe(403);
      await t.app.get(LimitsService).whenIdle();
      const count = await t.connection.collection('limit_emails').countDocuments({ ownerId: new Types.ObjectId(account.userId) });
      expect(count).toBe(0);
    });
  });

  describe("workspace: a managed user counts against the owner's plan", () => {
    it("uses the billing owner's pool", async () => {
      const owner = await accountWithConnections(t, ['linkedin'], { plan: 'starter', apiAccess: true, workspacesEnabled: true });
      const managed = await accountWithConnections(t, ['threads'], { plan: 'starter', parentUserId: owner.account.userId });
      await seedGroups(
        t,
        owner.account.userId,
        Array.from({ length: 3 }, (_, i) => ({ status: 'scheduled' as const, scheduledTime: inDays(1 + i / 10), connections: owner.connections })),
      );
      const res = await t.http
        .post('/api/v1/create-post')
        .set({ ...owner.account.apiHeaders, 'x-service-user-id': managed.account.userId })
        .send({ content: 'x', platforms: [managed.connections[0].platformId], scheduledTime: isoIn(60) });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('SCHEDULED_POST_LIMIT_REACHED');
    });
  });
});
