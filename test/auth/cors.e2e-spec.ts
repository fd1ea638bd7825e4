import { createTestApp, type TestApp } from '@test/support';

const ORIGIN = 'https://dashboard.example.com';

/** The API-key headers are not CORS-allowed: browsers cannot send them cross-origin. */
describe('CORS preflight', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CORS_ORIGINS: `${ORIGIN}, https://other.example.com` } });
  });
  afterAll(async () => t?.close());

  const allowed = (value: string | undefined) => (value ?? '').split(',').map((h) => h.trim().toLowerCase());

  for (const header of ['x-api-key', 'x-service-user-id', 'x-service-client']) {
    it(`does not allow ${header} from a configured origin`, async () => {
      const res = await t.http
        .options('/api/v1/list-posts')
        .set('Origin', ORIGIN)
        .set('Access-Control-Request-Method', 'GET')
        .set('Access-Control-Request-Headers', header);
      expect(allowed(res.headers['access-control-allow-headers'])).not.toContain(header);
    });
  }

  it('allows content-type with credentials from a configured origin', async () => {
    const res = await t.http
      .options('/auth/api-keys')
      .set('Origin', ORIGIN)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type');
    expect(res.status).toBeLessThan(300);
    expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(allowed(res.headers['access-control-allow-headers'])).toContain('content-type');
  });

  it('does not answer other origins', async () => {
    const res = await t.http
      .options('/auth/api-keys')
      .set('Origin', 'https://evil.example.com')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
