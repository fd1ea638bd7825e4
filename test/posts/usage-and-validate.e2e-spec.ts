import { createAccount, createConnection, createTestApp, type TestAccount, type TestApp } from '@test/support';
import { LimitsService } from '../../src/limits/limits.service';
import { bearer, call, mcpClient } from '../mcp/mcp-helpers';

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe('GET /api/v1/usage and POST /api/v1/validate-post', () => {
  let t: TestApp;
  let pro: TestAccount;
  let starter: TestAccount;
  let mastodon: string;
  let bluesky: string;
  let instagram: string;
  let expiring: string;

  beforeAll(async () => {
    t = await createTestApp();
    pro = await createAccount(t, { plan: 'pro', seats: 5 });
    starter = await createAccount(t, { plan: 'starter', apiAccess: true, mcpAccess: true });
    mastodon = (await createConnection(t, pro.userId, { platform: 'mastodon', externalId: 'm1', instanceUrl: 'https://mastodon.example' })).platformId;
    bluesky = (await createConnection(t, pro.userId, { platform: 'bluesky', externalId: 'b1' })).platformId;
    instagram = (await createConnection(t, pro.userId, { platform: 'instagram', externalId: 'i1' })).platformId;
    // Expires in 30 minutes, no refresh token: fine now, dead tomorrow.
    expiring = (await createConnection(t, pro.userId, { platform: 'threads', externalId: 't1', accessTokenExpiresAt: new Date(Date.now() + 30 * 60_000) }))
      .platformId;
  }, 60_000);
  afterAll(async () => t?.close());

  const usage = async (account: TestAccount) => (await t.http.get('/api/v1/usage').set(account.apiHeaders).expect(200)).body;
  const validate = async (body: object, account = pro) => (await t.http.post('/api/v1/validate-post').set(account.apiHeaders).send(body).expect(200)).body;
  const stored = async () => ({
    groups: await t.connection.collection('post_groups').countDocuments(),
    posts: await t.connection.collection('platform_posts').countDocuments(),
    logs: await t.connection.collection('post_logs').countDocuments(),
  });

  it('usage: the plan, the period and what is used and left, per connection on paid plans', async () => {
    const before = await usage(pro);
    expect(before).toMatchObject({
      success: true,
      planName: 'Pro',
      monthlyPosts: { limit: 100, scope: 'connection', used: 0, remaining: null },
      scheduledPosts: { limit: 100, used: 0, remaining: 100 },
      scheduleHorizonDays: null,
      connections: { used: 4 },
    });
    expect(before.monthlyPosts.byConnection).toEqual(
      expect.arrayContaining([
        { platformId: mastodon, used: 0, remaining: 100 },
        { platformId: bluesky, used: 0, remaining: 100 },
      ]),
    );
    expect(new Date(before.periodEnd).getTime()).toBeGreaterThan(Date.now());

    await t.http
      .post('/api/v1/create-post')
      .set(pro.apiHeaders)
      .send({ content: 'counted', platforms: [mastodon, bluesky], scheduledTime: inAnHour() })
      .expect(200);
    const after = await usage(pro);
    expect(after.scheduledPosts).toEqual({ limit: 100, used: 2, remaining: 98 });
    expect(after.monthlyPosts.used).toBe(2);
    expect(after.monthlyPosts.byConnection).toEqual(expect.arrayContaining([{ platformId: mastodon, used: 1, remaining: 99 }]));
  });

  it('usage on an account-scoped plan: one pool with its remaining count, the horizon and the platforms', async () => {
    const body = await usage(starter);
    expect(body).toMatchObject({ planName: 'Starter', monthlyPosts: { limit: 15, scope: 'account', used: 0, remaining: 15 }, scheduleHorizonDays: 7 });
    expect(body.platforms).not.toContain('twitter');
  });

  it('validate-post: a post that would go out, and nothing is written', async () => {
    const before = await stored();
    const at = new Date(Date.now() + 5 * 3_600_000).toISOString();
    const body = await validate({ content: 'Hello', platforms: [mastodon, bluesky], scheduledTime: at });
    expect(body).toMatchObject({ success: true, valid: true, status: 'scheduled', scheduledTime: at, scheduledTimeAdjusted: false, rejection: null });
    expect(body.platforms).toEqual([
      { platformId: mastodon, platform: 'mastodon', ok: true, parts: 1, problems: [], warnings: [] },
      { platformId: bluesky, platform: 'bluesky', ok: true, parts: 1, problems: [], warnings: [] },
    ]);
    expect(await stored()).toEqual(before);
  });

  it('validate-post: the time create-post would store, moved for the minimum spacing beside a scheduled post', async () => {
    const at = new Date(Date.now() + 10 * 3_600_000).toISOString();
    await t.http
      .post('/api/v1/create-post')
      .set(pro.apiHeaders)
      .send({ content: 'first', platforms: [mastodon], scheduledTime: at })
      .expect(200);
    const body = await validate({ content: 'second', platforms: [mastodon], scheduledTime: at });
    expect(body.scheduledTimeAdjusted).toBe(true);
    expect(new Date(body.scheduledTime).getTime()).toBeGreaterThan(new Date(at).getTime());
  });

  it("validate-post: create-post's refusal, as create-post would answer it", async () => {
    expect(await validate({ platforms: [mastodon] })).toMatchObject({
      valid: false,
      status: null,
      rejection: { status: 400, error: 'Content is required' },
      platforms: [],
    });
    expect((await validate({ content: 'x', platforms: ['mastodon-nope'] })).rejection).toEqual({
      status: 400,
      error: 'Platform connection not found: mastodon-nope',
    });
    // The Starter plan schedules at most 7 days ahead: the limit-exceeded body, and no limit e-mail.
    const far = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const sc = await createConnection(t, starter.userId, { platform: 'mastodon', externalId: 'm9', instanceUrl: 'https://mastodon.example' });
    const refused = await validate({ content: 'x', platforms: [sc.platformId], scheduledTime: far }, starter);
    expect(refused.valid).toBe(false);
    expect(refused.rejection.status).toBe(403);
    expect(typeof refused.rejection.error).toBe('string');
    const real = await t.http
      .post('/api/v1/create-post')
      .set(starter.apiHeaders)
      .send({ content: 'x', platforms: [sc.platformId], scheduledTime: far });
    expect(real.status).toBe(403);
    // The same refusal (its dates are computed from the moment of each request).
    const { maxScheduledDate: _a, message: _b, ...same } = real.body;
    expect(refused.rejection).toMatchObject({ status: 403, ...same });
    await t.app.get(LimitsService).whenIdle();
    expect(await t.connection.collection('limit_emails').countDocuments({ code: 'SCHEDULE_HORIZON_REACHED' })).toBe(1);
  });

  it("validate-post: each platform's content rules, threads and media needs", async () => {
    const long = 'word '.repeat(120).trim(); // 599 characters
    const body = await validate({ content: long, platforms: [mastodon, bluesky, instagram] });
    expect(body.status).toBe('draft');
    expect(body.valid).toBe(false);
    const [m, b, i] = body.platforms;
    expect(m).toMatchObject({ ok: false, problems: ["Content exceeds Mastodon's 500 character limit (currently 599)"] });
    expect(b.ok).toBe(false);
    expect(b.problems[0]).toMatch(/Bluesky/);
    expect(i.warnings).toEqual(['Instagram posts need media: attach it (get-upload-url) before the post goes out']);

    const withMedia = await validate({ content: 'Photo time', platforms: [instagram], media: [{ contentType: 'image/jpeg', size: 1000 }] });
    expect(withMedia.platforms[0]).toMatchObject({ ok: true, problems: [], warnings: [] });
    const tooMany = await validate({ content: 'Clips', platforms: [mastodon], media: [{ contentType: 'video/mp4' }, { contentType: 'video/mp4' }] });
    expect(tooMany.platforms[0].ok).toBe(false);
  });

  it('validate-post: a token that is dead by the scheduled time and cannot be refreshed', async () => {
    const now = await validate({ content: 'now', platforms: [expiring], scheduledTime: new Date().toISOString() });
    expect(now.platforms[0].problems).toEqual([]);
    const tomorrow = await validate({ content: 'later', platforms: [expiring], scheduledTime: new Date(Date.now() + 86_400_000).toISOString() });
    expect(tomorrow.valid).toBe(false);
    expect(tomorrow.platforms[0].problems).toEqual([
      expect.stringMatching(/^The Threads access token expires at .* and cannot be refreshed: reconnect the account$/),
    ]);
  });

  it('validate-post refuses a malformed media description with a clear 400', async () => {
    const res = await t.http
      .post('/api/v1/validate-post')
      .set(pro.apiHeaders)
      .send({ content: 'x', platforms: [mastodon], media: [{ contentType: 'text/html' }] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'media must be an array of { contentType, size? } (contentType image/*, video/* or application/pdf, size in bytes)' });
  });

  it('MCP: get_usage and validate_post answer as the REST routes do', async () => {
    const client = await mcpClient(t, bearer(pro.apiKey));
    const u = await call(client, 'get_usage');
    expect(u.json).toEqual(await usage(pro));
    const args = { content: 'Hello', platforms: [mastodon], scheduledTime: inAnHour() };
    const v = await call(client, 'validate_post', args);
    expect(v.json).toEqual(await validate(args));
    await client.close();
  });
});
