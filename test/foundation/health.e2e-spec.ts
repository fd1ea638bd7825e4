import { createTestApp, type TestApp } from '@test/support';

describe('GET /health and the error shape', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 200 with the database state', async () => {
    const res = await t.http.get('/health').expect(200);
    expect(res.body).toEqual({
      status: 'ok',
      database: { status: 'up', state: 'connected', embedded: !process.env.MONGODB_URI, pingMs: expect.any(Number) },
    });
  });

  it('answers unknown routes with a JSON error body', async () => {
    const res = await t.http.get('/no-such-route').expect(404);
    expect(res.body).toEqual({ error: 'Cannot GET /no-such-route' });
  });

  it('answers malformed JSON with a 400 JSON error body', async () => {
    const res = await t.http.post('/auth/login').set('content-type', 'application/json').send('{"oops":').expect(400);
    expect(res.body).toEqual({ error: expect.any(String) });
  });
});
