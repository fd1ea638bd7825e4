import { Types } from 'mongoose';
import { createAccount, createConnection, createTestApp, type TestApp } from '@test/support';
import { FakeMastodonServer } from '@test/support/fakes';
import { FAST_ENGINE_ENV, waitFor } from './publishing-helpers';

describe('Shutdown of the publishing engine: the running publish finishes, claims not started are released', () => {
  const mastodon = new FakeMastodonServer();
  let base: TestApp;
  let t: TestApp;
  afterAll(async () => {
    await base?.close();
    await mastodon.stop();
  });

  it('leaves no post in processing: finished or back to scheduled, due at once', async () => {
    await mastodon.start();
    // `base` holds the database (no scheduler); `t` is the instance that stops.
    base = await createTestApp();
    t = await createTestApp({ env: { ...FAST_ENGINE_ENV, PUBLISH_CONCURRENCY: '1', PUBLISH_CLAIM_BATCH: '5' }, databaseUri: base.databaseUri });
    const account = await createAccount(t, { plan: 'premium', seats: 10 });
    mastodon.setToken('md-token');
    const md = await createConnection(t, account.userId, {
      platform: 'mastodon',
      externalId: mastodon.account.id,
      username: 'alice',
      accessToken: 'md-token',
      instanceUrl: mastodon.baseUrl,
    });
    // The first status takes 1.5 s: one post is being published while another waits, claimed.
    mastodon.inject({ kind: 'slow', match: 'POST /api/v1/statuses', delayMs: 1500 });
    for (const n of [1, 2, 3]) {
      await t.http
        .post('/api/v1/create-post')
        .set(account.apiHeaders)
        .send({ content: `shutdown ${n} ${Date.now()}`, platforms: [md.platformId], scheduledTime: new Date().toISOString() })
        .expect(200);
    }
    const posts = t.connection.collection('platform_posts');
    // One post is at the platform (its answer takes 1.5 s), another claimed behind it.
    await waitFor(async () => mastodon.calls('POST /api/v1/statuses').length === 1 && (await posts.countDocuments({ status: 'processing' })) === 2, 10_000, 20);
    await t.close();

    const after = await base.connection.collection('platform_posts').find({}).toArray();
    expect(after.filter((p) => p.status === 'processing')).toEqual([]);
    expect(after.filter((p) => p.status === 'published')).toHaveLength(1);
    const waiting = after.filter((p) => p.status === 'scheduled');
    expect(waiting).toHaveLength(2);
    // Released, not left to a lease that runs for minutes: due now for the next instance.
    for (const p of waiting) {
      if (p.claim) expect(new Date(p.claim.leaseUntil).getTime()).toBeLessThanOrEqual(Date.now());
      expect(p.nextAttemptAt == null || new Date(p.nextAttemptAt).getTime() <= Date.now()).toBe(true);
    }
    expect(mastodon.posts).toHaveLength(1);
  }, 60_000);

  it('releases a taken-over post with its in-flight marker, so the next instance reconciles before any resend', async () => {
    const owner = await createTestApp({ env: { ...FAST_ENGINE_ENV, PUBLISH_CONCURRENCY: '1', PUBLISH_CLAIM_BATCH: '5' }, databaseUri: base.databaseUri });
    const account = await createAccount(owner, { plan: 'premium', seats: 10 });
    const md = await createConnection(owner, account.userId, {
      platform: 'mastodon',
      externalId: mastodon.account.id,
      username: 'bob',
      accessToken: 'md-token',
      instanceUrl: mastodon.baseUrl,
    });
    mastodon.inject({ kind: 'slow', match: 'POST /api/v1/statuses', delayMs: 1500 });
    const create = async (scheduledTime: Date) =>
      (
        await owner.http
          .post('/api/v1/create-post')
          .set(account.apiHeaders)
          .send({ content: `takeover ${Date.now()} ${Math.random()}`, platforms: [md.platformId], scheduledTime: scheduledTime.toISOString() })
          .expect(200)
      ).body.postGroupId as string;
    const calls = mastodon.calls('POST /api/v1/statuses').length;
    await create(new Date());
    const orphanGroup = await create(new Date(Date.now() + 3_600_000));
    const posts = owner.connection.collection('platform_posts');
    await waitFor(async () => mastodon.calls('POST /api/v1/statuses').length === calls + 1, 10_000, 20);
    // An instance died mid-call on the second post (outcome unknown); it comes due again now and
    // this instance claims it behind the running publish.
    const orphanMarker = { startedAt: new Date(Date.now() - 10 * 60_000), part: 0 };
    await posts.updateOne(
      { postGroupId: new Types.ObjectId(orphanGroup) },
      { $set: { attemptInFlight: orphanMarker, attemptCount: 1, scheduledTime: new Date(Date.now() - 1000) } },
    );
    await waitFor(async () => (await posts.countDocuments({ postGroupId: new Types.ObjectId(orphanGroup), status: 'processing' })) === 1, 10_000, 20);
    await owner.close();

    const released = await base.connection.collection('platform_posts').findOne({ postGroupId: new Types.ObjectId(orphanGroup) });
    expect(released).toMatchObject({ status: 'scheduled', attemptInFlight: orphanMarker });
    expect(mastodon.calls('POST /api/v1/statuses')).toHaveLength(calls + 1);
  }, 60_000);
});
