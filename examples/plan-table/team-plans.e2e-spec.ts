import { createAccount, createConnection, createTestApp, type TestAccount, type TestApp } from '@test/support';
import { TEAM_PLANS } from './team-plans';

/** A plan table replacing the built-in one: entitlements, limits and usage all read it. */
describe('Example: a custom plan table', () => {
  let t: TestApp;
  let account: TestAccount;
  let platformId: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { MIN_POST_SPACING_SECONDS: '0' }, extensions: { plans: { useValue: TEAM_PLANS } } });
    // No entitlement override: the API key works because the table's Starter has API access.
    account = await createAccount(t, { plan: 'starter' });
    platformId = (await createConnection(t, account.userId, { platform: 'twitter' })).platformId;
  }, 60_000);
  afterAll(() => t?.close());

  const schedule = (content: string) =>
    t.http
      .post('/api/v1/create-post')
      .set(account.apiHeaders)
      .send({ content, platforms: [platformId], scheduledTime: new Date(Date.now() + 3600_000).toISOString() });

  it('lets a Starter user call the API and post to X, which the built-in Starter does not', async () => {
    expect((await schedule('first')).status).toBe(200);
  });

  it("refuses past the table's own limit, naming its plan", async () => {
    expect((await schedule('second')).status).toBe(200);
    const third = await schedule('third');
    expect(third.status).toBe(403);
    expect(third.body).toMatchObject({ code: 'SCHEDULED_POST_LIMIT_REACHED', limit: 2, planName: 'Team Starter' });
  });

  it("reports the table's figures as usage", async () => {
    const usage = await t.http.get('/api/v1/usage').set(account.apiHeaders).expect(200);
    expect(JSON.stringify(usage.body)).toContain('Team Starter');
    expect(usage.body).toMatchObject({ scheduledPosts: { limit: 2, used: 2, remaining: 0 } });
    expect(usage.body.platforms).toContain('twitter');
  });
});
