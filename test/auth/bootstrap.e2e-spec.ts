import { AccountsBootstrapService } from '../../src/auth/accounts-bootstrap.service';
import { createTestApp, login, type TestApp } from '@test/support';
import { Logger } from '@nestjs/common';
import { UsersService } from '../../src/auth/users.service';
import { PROBE, ProbeModule } from './probe';

/** Start-up accounts: the bootstrap admin and the first-run demo account. */
describe('start-up accounts', () => {
  describe('BOOTSTRAP_ADMIN_EMAIL / BOOTSTRAP_ADMIN_PASSWORD', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        env: { BOOTSTRAP_ADMIN_EMAIL: 'Ops@Example.com', BOOTSTRAP_ADMIN_PASSWORD: 'ops-password-1', DEMO_ACCOUNT: 'true' },
      });
    });
    afterAll(async () => t?.close());

    it('creates the admin, who can sign in and use the admin layer', async () => {
      const cookie = await login(t, 'ops@example.com', 'ops-password-1');
      const me = await t.http.get('/auth/me').set('Cookie', cookie).expect(200);
      expect(me.body.user).toMatchObject({ email: 'ops@example.com', isAdmin: true, plan: 'starter' });
      const res = await t.http.post('/graphql').set('Cookie', cookie).send({ query: '{ adminUsers { total items { email isAdmin } } }' }).expect(200);
      expect(res.body.data.adminUsers).toEqual({ total: 1, items: [{ email: 'ops@example.com', isAdmin: true }] });
    });

    it('no demo account when a bootstrap admin is configured', async () => {
      expect(await t.app.get(UsersService).findSummaryByEmail('demo@example.com')).toBeNull();
    });

    it('an existing user is made admin and keeps its password (what a restart does)', async () => {
      const users = t.app.get(UsersService);
      const created = await users.create({ email: 'existing@example.com', password: 'original-password' });
      const result = await users.ensureAdmin('EXISTING@example.com', 'different-password');
      expect(result).toMatchObject({ created: false, user: { id: created.id, isAdmin: true } });
      await login(t, 'existing@example.com', 'original-password');
      await t.http.post('/auth/login').send({ email: 'existing@example.com', password: 'different-password' }).expect(401);
      const again = await users.ensureAdmin('ops@example.com', 'ops-password-1');
      expect(again.created).toBe(false);
    });
  });

  // Made only on an empty embedded database the app started itself: an external database
  // (MONGODB_URI) gets none (the last case below).
  const onEmbedded = process.env.MONGODB_URI ? describe.skip : describe;
  const onExternal = process.env.MONGODB_URI ? it : it.skip;

  onEmbedded('demo account (embedded database, empty, DEMO_ACCOUNT=true, not production)', () => {
    let t: TestApp;
    let banner: string;
    let logged: string[];
    beforeAll(async () => {
      const warn = jest.spyOn(Logger.prototype, 'warn');
      t = await createTestApp({ env: { DEMO_ACCOUNT: 'true' }, imports: [ProbeModule] });
      logged = warn.mock.calls.map((c) => String(c[0]));
      warn.mockRestore();
      banner = t.app.get(AccountsBootstrapService).firstRunBanner(t.baseUrl)!;
    });
    afterAll(async () => t?.close());

    it('prints one plain multi-line banner with the email, password, raw key and the listening address, once', () => {
      expect(banner).toBeDefined();
      expect(banner.split('\n').length).toBeGreaterThan(5);
      expect(banner).toMatch(/Dashboard login : demo@example\.com/);
      expect(banner).toMatch(/Password\s+: \S+/);
      expect(banner).toMatch(/API key\s+: sk_[0-9a-z]+_[0-9a-f]{12}\.[0-9a-f]{48}/);
      expect(banner).toContain(`${t.baseUrl}/api/v1/platform-connections`);
      expect(t.app.get(AccountsBootstrapService).firstRunBanner(t.baseUrl)).toBeNull();
    });

    it('the log says a demo account was created, without its password or key', () => {
      const line = logged.find((m) => m.includes('Demo account demo@example.com created'))!;
      expect(line).toBeDefined();
      expect(line).not.toContain(/Password\s+: (\S+)/.exec(banner)![1]);
      expect(line).not.toMatch(/sk_/);
    });

    it('the printed credentials work: dashboard login (admin, Pro) and the API key', async () => {
      const password = /Password\s+: (\S+)/.exec(banner)![1];
      const apiKey = /API key\s+: (\S+)/.exec(banner)![1];
      const cookie = await login(t, 'demo@example.com', password);
      const me = await t.http.get('/auth/me').set('Cookie', cookie).expect(200);
      expect(me.body.user).toMatchObject({ email: 'demo@example.com', plan: 'pro', isAdmin: true });
      const res = await t.http.get(PROBE).set('x-api-key', apiKey).expect(200);
      expect(res.body.userId).toBe(me.body.user.id);
      expect(await t.connection.collection('users').countDocuments()).toBe(1);
    });
  });

  describe('no demo account', () => {
    it('when DEMO_ACCOUNT is false (the test default)', async () => {
      const t = await createTestApp();
      try {
        expect(await t.connection.collection('users').countDocuments()).toBe(0);
      } finally {
        await t.close();
      }
    });

    it('in production, even with DEMO_ACCOUNT=true', async () => {
      const t = await createTestApp({
        env: {
          NODE_ENV: 'production',
          DEMO_ACCOUNT: 'true',
          SESSION_SECRET: 'p'.repeat(40),
          ENCRYPTION_KEY: 'ab'.repeat(32),
        },
      });
      try {
        expect(await t.connection.collection('users').countDocuments()).toBe(0);
      } finally {
        await t.close();
      }
    });

    onExternal('on an external database (MONGODB_URI), even empty and with DEMO_ACCOUNT=true', async () => {
      const t = await createTestApp({ env: { DEMO_ACCOUNT: 'true' } });
      try {
        expect(await t.connection.collection('users').countDocuments()).toBe(0);
      } finally {
        await t.close();
      }
    });
  });
});
