import { createAccount, createConnection, createTestApp, type TestApp } from '@test/support';
import { ActiveSessions } from '../../src/database/active-sessions';

/**
 * The app's MongoDB client registers its sessions in ActiveSessions (see active-sessions.ts),
 * and every session an API request opens, implicit or explicit, is gone from it after.
 */
describe("the app's MongoDB client", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const registry = () => (t.connection.getClient() as unknown as { s: { activeSessions: { size: number } } }).s.activeSessions;

  it('registers its sessions in ActiveSessions and leaves none behind after requests', async () => {
    expect(registry()).toBeInstanceOf(ActiveSessions);
    const account = await createAccount(t);
    const connection = await createConnection(t, account.userId, { platform: 'linkedin' });
    const headers = { ...(account.apiHeaders as Record<string, string>), 'content-type': 'application/json' };
    const requests = Array.from({ length: 8 }, (_, i) =>
      i % 2
        ? t.fetch(`${t.baseUrl}/api/v1/list-posts?limit=5`, { headers })
        : t.fetch(`${t.baseUrl}/api/v1/create-post`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ content: `draft ${i}`, platforms: [connection.platformId] }),
          }),
    );
    expect((await Promise.all(requests)).map((r) => r.status)).toEqual(Array(8).fill(200));
    // The app's background loops (publishing, outbox) run commands of their own now and then: the
    // registry is empty once those in flight end, not necessarily at this very instant.
    for (let i = 0; i < 200 && registry().size > 0; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(registry().size).toBe(0);
  });
});
