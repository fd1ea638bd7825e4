import { createAccount, createConnection, createTestApp, openTestDatabase, type TestApp } from '@test/support';
import type { DatabaseServer } from '../../src/database/database-server';
import { everyDay } from './queue-helpers';

/**
 * Two app instances on one database (e2e-external only): adds sent to both at once still never
 * share a slot, because the claim is a unique index in the database, not a lock in one process.
 */
describe('the queue on two instances', () => {
  let db: DatabaseServer;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    db = await openTestDatabase();
    const env = { SESSION_SECRET: 's'.repeat(40), SCHEDULER_ENABLED: 'false', MIN_POST_SPACING_SECONDS: '0' };
    a = await createTestApp({ databaseUri: db.uri, env });
    b = await createTestApp({ databaseUri: db.uri, env });
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await db?.stop();
  });

  it('gives twelve adds split over both instances twelve different slots, the first free ones', async () => {
    const account = await createAccount(a, { plan: 'pro' });
    const { platformId } = await createConnection(a, account.userId, { platform: 'linkedin' });
    await a.http
      .put(`/api/v1/queue/schedules/${platformId}`)
      .set(account.apiHeaders)
      .send({ timeZone: 'Europe/Berlin', slots: everyDay('09:00', '13:00', '18:00') })
      .expect(200);
    const expected = (await b.http.get(`/api/v1/queue/next-slots?platforms=${platformId}&count=12`).set(account.apiHeaders).expect(200)).body.slots;
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? b : a).http
          .post('/api/v1/queue/add')
          .set(account.apiHeaders)
          .send({ content: `instance post ${i}`, platforms: [platformId] }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(results.map((r) => r.body.scheduledTime).sort()).toEqual(expected);
    const queue = (await b.http.get(`/api/v1/queue/posts/${platformId}`).set(account.apiHeaders).expect(200)).body.queue;
    expect(queue.posts.map((p: { scheduledTime: string }) => p.scheduledTime)).toEqual(expected);
  });
});
