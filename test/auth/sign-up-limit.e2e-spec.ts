import { createTestApp, type TestApp } from '@test/support';

/**
 * Sign-ups per client address (docs/auth.md): a few an hour, counted in the database so that
 * instances share them, whatever each attempt's answer.
 */
describe('POST /auth/register: the sign-up limit per client address', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    // The tests stand for several clients through X-Forwarded-For: believe it from the loopback test client.
    first = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
    // A second instance on the same database.
    second = await createTestApp({ env: { TRUST_PROXY: 'loopback' }, databaseUri: first.databaseUri });
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  let n = 0;
  const register = (t: TestApp, from: string, email = `signup-${++n}@example.com`) =>
    t.http.post('/auth/register').set('X-Forwarded-For', from).send({ email, password: 'a-good-password' });

  it('5 sign-ups an hour per address, over every instance, 201 and 409 alike; then 429 with Retry-After', async () => {
    const from = '198.51.100.30';
    await register(first, from, 'taken@example.com').expect(201);
    // Enumerating emails costs sign-ups too: a 409 counts.
    expect((await register(second, from, 'taken@example.com').expect(409)).body).toEqual({ error: 'Email is already registered' });
    await register(first, from).expect(201);
    await register(second, from).expect(201);
    await register(first, from).expect(201);
    for (const t of [first, second]) {
      const refused = await register(t, from).expect(429);
      expect(refused.body).toEqual({ error: 'Too many sign-ups from this address. Try again later.' });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(3500);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(refused.headers['set-cookie']).toBeUndefined();
    }
    // The refused email was not registered.
    expect(await first.connection.collection('users').countDocuments({ email: `signup-${n}@example.com` })).toBe(0);
    // Another address is not affected.
    await register(second, '198.51.100.31').expect(201);
  });

  it('an invalid body is answered 400 and does not count', async () => {
    const from = '198.51.100.32';
    for (let i = 0; i < 6; i++)
      await first.http.post('/auth/register').set('X-Forwarded-For', from).send({ email: 'not-an-email', password: 'a-good-password' }).expect(400);
    await register(first, from).expect(201);
  });

  it('SIGNUP_LIMIT_PER_HOUR sets the allowance; 0 turns the limit off', async () => {
    for (const [limit, allowed] of [
      ['2', 2],
      ['0', 8],
    ] as const) {
      const t = await createTestApp({ env: { SIGNUP_LIMIT_PER_HOUR: limit } });
      try {
        for (let i = 0; i < allowed; i++) await register(t, '127.0.0.1').expect(201);
        if (limit !== '0') await register(t, '127.0.0.1').expect(429);
      } finally {
        await t.close();
      }
    }
  });
});
