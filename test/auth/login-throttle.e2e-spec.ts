import { createAccount, createTestApp, type TestAccount, type TestApp } from '@test/support';

let n = 0;
const nextIp = () => `203.0.113.${(++n % 250) + 1}`;

describe('Login throttle: per account and per client address, X-Forwarded-For only from trusted proxies', () => {
  describe('TRUST_PROXY unset (the default): the socket address counts, whatever the headers say', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    }, 60_000);
    afterAll(async () => t?.close());

    const login = (email: string, password: string, xff = nextIp()) => t.http.post('/auth/login').set('X-Forwarded-For', xff).send({ email, password });

    it('a locked account stays locked with a new X-Forwarded-For on every try', async () => {
      const a = await createAccount(t);
      for (let i = 0; i < 5; i++) await login(a.email, 'wrong-password').expect(401);
      const locked = await login(a.email, a.password);
      expect(locked.status).toBe(429);
      expect(locked.body).toEqual({ error: 'Too many failed login attempts. Try again later.' });
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('25 wrong passwords from one client, spread over accounts and header values, lock that client', async () => {
      const accounts: TestAccount[] = [];
      for (let i = 0; i < 7; i++) accounts.push(await createAccount(t));
      // (createAccount signs in from this client too: every account is made before the lock.)
      const fresh = await createAccount(t);
      // 4 failures per account stay under the account limit; the address collects them all.
      // (The 5 of the test above, from the same address, count too: the lock comes on or before the 25th.)
      let locked = 0;
      for (let i = 0; i < 25; i++) {
        const res = await login(accounts[Math.floor(i / 4)].email, 'wrong-password');
        if (res.status === 429) locked++;
        else expect(res.status).toBe(401);
      }
      expect(locked).toBeGreaterThan(0);
      // The right password of an untouched account is refused too, from this client.
      expect((await login(fresh.email, fresh.password)).status).toBe(429);
    });
  });

  describe('TRUST_PROXY=loopback: the address the proxy reports counts', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
    }, 60_000);
    afterAll(async () => t?.close());

    const login = (email: string, password: string, xff: string) => t.http.post('/auth/login').set('X-Forwarded-For', xff).send({ email, password });

    it('clients behind the proxy are told apart: one locked address does not lock out another', async () => {
      const accounts: TestAccount[] = [];
      for (let i = 0; i < 7; i++) accounts.push(await createAccount(t));
      const bystander = await createAccount(t);
      const attacker = '198.51.100.7';
      const statuses: number[] = [];
      for (let i = 0; i < 26; i++) statuses.push((await login(accounts[Math.floor(i / 4)].email, 'wrong-password', attacker)).status);
      expect(statuses.at(-1)).toBe(429);
      expect((await login(bystander.email, bystander.password, '198.51.100.8')).status).toBe(200);
      expect((await login(bystander.email, bystander.password, attacker)).status).toBe(429);
    });

    it('60 wrong passwords sent at once: only the free ones and the one that locks are checked; the right one after them is refused', async () => {
      const a = await createAccount(t);
      const from = '198.51.100.20';
      const storm = await Promise.all(Array.from({ length: 60 }, () => login(a.email, 'wrong-password', from)));
      const statuses = storm.map((res) => res.status);
      // 4 free failures, then the 5th takes the 30 s lock: nothing else reaches the password check.
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
      expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
      for (const res of storm.filter((r) => r.status === 429)) {
        expect(res.body).toEqual({ error: 'Too many failed login attempts. Try again later.' });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      const right = await login(a.email, a.password, from);
      expect(right.status).toBe(429);
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
      expect(right.headers['set-cookie']).toBeUndefined();
    });

    it('60 wrong passwords at once over many accounts: one address gets its 24 free failures and the one that locks', async () => {
      const accounts: TestAccount[] = [];
      for (let i = 0; i < 15; i++) accounts.push(await createAccount(t));
      const bystander = await createAccount(t);
      const from = '198.51.100.21';
      // 4 per account: no account lock, only the address's counter can stop them.
      const storm = await Promise.all(accounts.flatMap((account) => Array.from({ length: 4 }, () => login(account.email, 'wrong-password', from))));
      const statuses = storm.map((res) => res.status);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(25);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(35);
      expect((await login(bystander.email, bystander.password, from)).status).toBe(429);
    });

    it('the account lock holds whatever address the proxy reports', async () => {
      const a = await createAccount(t);
      for (let i = 0; i < 5; i++) await login(a.email, 'wrong-password', nextIp()).expect(401);
      expect((await login(a.email, a.password, nextIp())).status).toBe(429);
    });
  });

  it('refuses to start on a TRUST_PROXY it cannot read, naming the variable', async () => {
    await expect(createTestApp({ env: { TRUST_PROXY: 'the-proxy' } })).rejects.toThrow(/TRUST_PROXY: "the-proxy" is not false, true, a hop count/);
  });
});
