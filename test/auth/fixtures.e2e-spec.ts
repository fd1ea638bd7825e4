import { createAccount, createTestApp, type TestApp } from '@test/support';
import { PROBE, ProbeModule } from './probe';

describe('account fixture + @ApiKeyAuth() + @Ctx()', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ imports: [ProbeModule] });
  });
  afterAll(async () => t?.close());

  it('a Pro account key reaches a guarded route, and the context names the owner', async () => {
    const account = await createAccount(t);
    const res = await t.http.get(PROBE).set(account.apiHeaders).expect(200);
    expect(res.body).toEqual({
      userId: account.userId,
      ownerId: account.userId,
      ownerEmail: account.email,
      billingOwnerId: account.userId,
      actingUserId: account.userId,
      keyPrefix: account.apiKey.split('.')[0],
      isWorkspace: false,
      client: 'api',
      entitlements: { apiAccess: true, mcpAccess: true },
    });
  });

  it('the cookie is a working dashboard session', async () => {
    const account = await createAccount(t, { plan: 'premium' });
    const res = await t.http.get('/auth/me').set('Cookie', account.cookie).expect(200);
    expect(res.body.user).toMatchObject({ id: account.userId, email: account.email, plan: 'premium' });
  });

  it('a Starter account still gets a key, which answers 403', async () => {
    const account = await createAccount(t, { plan: 'starter' });
    expect(account.apiKey).toMatch(/^sk_/);
    const res = await t.http.get(PROBE).set(account.apiHeaders).expect(403);
    expect(res.body).toEqual({ error: 'API access is not enabled for this account' });
  });

  it('honours the options', async () => {
    const owner = await createAccount(t, { workspacesEnabled: true, email: 'Owner@Example.com', password: 'owner-password' });
    expect(owner.email).toBe('owner@example.com');
    const member = await createAccount(t, { parentUserId: owner.userId, seats: 3, apiAccess: false });
    const me = await t.http.get('/auth/me').set('Cookie', member.cookie).expect(200);
    expect(me.body.user).toMatchObject({ parentUserId: owner.userId, seats: 3, apiAccess: false, mcpAccess: true });
  });
});
