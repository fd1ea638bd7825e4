import { createAccount, createTestApp, sessionCookie, type TestAccount, type TestApp } from '@test/support';
import { createHash } from 'node:crypto';

/** Dashboard sessions: register, login, logout, me, the failed-login slow-down. */
describe('dashboard sessions /auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The tests stand for many clients through X-Forwarded-For: believe it from the loopback test client.
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
  });
  afterAll(async () => t?.close());

  let ipCounter = 1;
  /** Each test signs in from its own address (trustProxy), so lockouts do not leak between tests. */
  const freshIp = () => `203.0.113.${ipCounter++}`;

  describe('POST /auth/register', () => {
    it('201, creates a Starter user (email lower-cased) and signs in with a secure-attribute cookie', async () => {
      const res = await t.http.post('/auth/register').send({ email: ' New.User@Example.COM ', password: 'a-good-password' }).expect(201);
      expect(res.body).toEqual({
        user: {
          id: expect.stringMatching(/^[0-9a-f]{24}$/),
          email: 'new.user@example.com',
          plan: 'starter',
          isAdmin: false,
          parentUserId: null,
          workspacesEnabled: false,
          apiAccess: false,
          mcpAccess: false,
          seats: 1,
        },
      });
      const setCookie = ([] as string[]).concat(res.headers['set-cookie']).find((c) => c.startsWith('sps_session='))!;
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
      expect(setCookie).toMatch(/Path=\//);
      expect(setCookie).not.toMatch(/Secure/i); // not production
      const me = await t.http.get('/auth/me').set('Cookie', sessionCookie(res.headers['set-cookie'])!).expect(200);
      expect(me.body.user.email).toBe('new.user@example.com');
    });

    it('409 Email is already registered (case-insensitive)', async () => {
      await t.http.post('/auth/register').send({ email: 'dup@example.com', password: 'password-1' }).expect(201);
      const res = await t.http.post('/auth/register').send({ email: 'DUP@example.com', password: 'password-2' }).expect(409);
      expect(res.body).toEqual({ error: 'Email is already registered' });
    });

    it('400 for a bad email or password', async () => {
      for (const body of [{ password: 'long-enough' }, { email: 'not-an-email', password: 'long-enough' }, { email: 5, password: 'long-enough' }]) {
        expect((await t.http.post('/auth/register').send(body).expect(400)).body).toEqual({ error: 'A valid email is required' });
      }
      for (const password of ['short', 'x'.repeat(129), undefined]) {
        const res = await t.http.post('/auth/register').send({ email: 'pw@example.com', password }).expect(400);
        expect(res.body).toEqual({ error: 'Password must be between 8 and 128 characters' });
      }
    });

    it('never stores the password in clear', async () => {
      await t.http.post('/auth/register').send({ email: 'hash@example.com', password: 'plain-text-secret' }).expect(201);
      const user = await t.connection.collection('users').findOne({ email: 'hash@example.com' });
      expect(user!.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$/);
      expect(JSON.stringify(user)).not.toContain('plain-text-secret');
    });
  });

  describe('POST /auth/login', () => {
    it('200 with the user and a session cookie; the email is case-insensitive', async () => {
      const a = await createAccount(t);
      const res = await t.http.post('/auth/login').set('X-Forwarded-For', freshIp()).send({ email: a.email.toUpperCase(), password: a.password }).expect(200);
      expect(res.body.user).toMatchObject({ id: a.userId, email: a.email, plan: 'pro' });
      expect(sessionCookie(res.headers['set-cookie'])).toMatch(/^sps_session=/);
    });

    it('401 Invalid email or password for a wrong password and for an unknown email', async () => {
      const a = await createAccount(t);
      const ip = freshIp();
      for (const body of [
        { email: a.email, password: 'wrong-password' },
        { email: 'nobody@example.com', password: a.password },
      ]) {
        const res = await t.http.post('/auth/login').set('X-Forwarded-For', ip).send(body).expect(401);
        expect(res.body).toEqual({ error: 'Invalid email or password' });
        expect(res.headers['set-cookie']).toBeUndefined();
      }
    });

    it('400 Email and password are required', async () => {
      for (const body of [{}, { email: 'a@b.co' }, { password: 'x' }, { email: 1, password: 'x' }]) {
        expect((await t.http.post('/auth/login').send(body).expect(400)).body).toEqual({ error: 'Email and password are required' });
      }
    });

    it('takes about as long for an unknown email as for a wrong password (a hash either way)', async () => {
      // A new account per try: five failures would lock one account.
      const known: TestAccount[] = [];
      for (let i = 0; i < 7; i++) known.push(await createAccount(t));
      const time = async (email: string) => {
        const started = process.hrtime.bigint();
        await t.http.post('/auth/login').set('X-Forwarded-For', freshIp()).send({ email, password: 'wrong-password' }).expect(401);
        return Number(process.hrtime.bigint() - started) / 1e6;
      };
      const median = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)];
      const knownTimes: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 7; i++) {
        knownTimes.push(await time(known[i].email));
        unknown.push(await time(`missing-${i}@example.com`));
      }
      const ratio = median(unknown) / median(knownTimes);
      // Without the dummy hash an unknown email would answer ~50x faster; the wide band is for CI noise.
      expect(ratio).toBeGreaterThan(0.33);
      expect(ratio).toBeLessThan(3);
    });

    it('slows repeated failures per account: the 5th failure locks (429, Retry-After), even for the right password, from any address', async () => {
      const a = await createAccount(t);
      const ip = freshIp();
      const attempt = (password: string, from = ip) => t.http.post('/auth/login').set('X-Forwarded-For', from).send({ email: a.email, password });
      for (let i = 0; i < 5; i++) await attempt('wrong-password').expect(401);
      const locked = await attempt(a.password).expect(429);
      expect(locked.body).toEqual({ error: 'Too many failed login attempts. Try again later.' });
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(30);
      // A locked account stays locked from another address; the state is in the database, shared by instances.
      await attempt(a.password, freshIp()).expect(429);
      expect(await t.connection.collection('login_attempts').countDocuments()).toBeGreaterThan(0);
    });

    it('the attempts collection has its expiry and unique-key indexes from start-up', async () => {
      const fresh = await createTestApp();
      try {
        const indexes = await fresh.connection.collection('login_attempts').indexes();
        expect(indexes.find((i) => i.name === 'expire_-1')).toMatchObject({ key: { expire: -1 }, expireAfterSeconds: 0 });
        expect(indexes.find((i) => i.name === 'key_1')).toMatchObject({ key: { key: 1 }, unique: true });
      } finally {
        await fresh.close();
      }
    });

    it('a successful login clears the failures', async () => {
      const a = await createAccount(t);
      const ip = freshIp();
      const attempt = (password: string) => t.http.post('/auth/login').set('X-Forwarded-For', ip).send({ email: a.email, password });
      for (let i = 0; i < 4; i++) await attempt('wrong-password').expect(401);
      await attempt(a.password).expect(200);
      for (let i = 0; i < 4; i++) await attempt('wrong-password').expect(401);
      await attempt(a.password).expect(200);
    });
  });

  describe('GET /auth/me and POST /auth/logout', () => {
    it('401 Authentication required without a session, with a forged or tampered cookie', async () => {
      const a = await createAccount(t);
      expect((await t.http.get('/auth/me').expect(401)).body).toEqual({ error: 'Authentication required' });
      const tampered = a.cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
      for (const cookie of ['sps_session=abc', tampered]) {
        expect((await t.http.get('/auth/me').set('Cookie', cookie).expect(401)).body).toEqual({ error: 'Authentication required' });
      }
      expect((await t.http.get('/auth/me').set(a.apiHeaders).expect(401)).body).toEqual({ error: 'Authentication required' });
    });

    it('stores only a hash of the session token, with a TTL index on expiry (7 days)', async () => {
      const a = await createAccount(t);
      const token = decodeURIComponent(a.cookie.split('=')[1]).split('.')[0];
      const hash = createHash('sha256').update(token).digest('hex');
      const stored = await t.connection.collection('sessions').findOne({ tokenHash: hash });
      expect(stored).not.toBeNull();
      const days = (stored!.expiresAt.getTime() - stored!.createdAt.getTime()) / 86_400_000;
      expect(days).toBeCloseTo(7, 2);
      const indexes = await t.connection.collection('sessions').indexes();
      expect(indexes.find((i) => i.key.expiresAt === 1)?.expireAfterSeconds).toBe(0);
      expect(JSON.stringify(await t.connection.collection('sessions').find().toArray())).not.toContain(token);
    });

    it('an expired session no longer works', async () => {
      const a = await createAccount(t);
      const token = decodeURIComponent(a.cookie.split('=')[1]).split('.')[0];
      await t.connection
        .collection('sessions')
        .updateOne({ tokenHash: createHash('sha256').update(token).digest('hex') }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
      await t.http.get('/auth/me').set('Cookie', a.cookie).expect(401);
    });

    it('logout ends the session server-side and clears the cookie', async () => {
      const a = await createAccount(t);
      await t.http.get('/auth/me').set('Cookie', a.cookie).expect(200);
      const res = await t.http.post('/auth/logout').set('Cookie', a.cookie).expect(200);
      expect(res.body).toEqual({ message: 'Logged out' });
      expect(([] as string[]).concat(res.headers['set-cookie']).some((c) => /^sps_session=;/.test(c))).toBe(true);
      expect((await t.http.get('/auth/me').set('Cookie', a.cookie).expect(401)).body).toEqual({ error: 'Authentication required' });
      await t.http.post('/auth/logout').expect(200); // idempotent without a session
    });
  });
});
