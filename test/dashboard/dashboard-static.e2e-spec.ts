import { createTestApp, type TestApp } from '@test/support';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** The app serving a stand-in dashboard build: its files, client routes, and nothing of the service's. */
describe('The dashboard at / (docs/dashboard.md)', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sps-dashboard-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>dashboard</title><script type="module" src="/assets/app-1234.js"></script>');
    writeFileSync(join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
    writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ dashboardDir: dir });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves index.html at / and for client routes, revalidated, under the CSP', async () => {
    for (const path of ['/', '/api-keys', '/posts/abc/edit', '/admin/users', '/api-keysx']) {
      const res = await t.http.get(path).set('accept', HTML).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.text).toContain('<title>dashboard</title>');
    }
  });

  it('serves the hashed assets for a year and other files revalidated', async () => {
    const asset = await t.http.get('/assets/app-1234.js').expect(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.http.get('/favicon.svg').expect(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=0');
  });

  it('answers a missing file, a path outside the folder, or a non-browser client with the JSON 404', async () => {
    expect((await t.http.get('/assets/missing.js').set('accept', HTML).expect(404)).body).toEqual({ error: 'Cannot GET /assets/missing.js' });
    // Nothing outside the build folder is ever served.
    await t.http.get('/..%2f..%2fpackage.json').set('accept', HTML).expect(404);
    await t.http.get('/%2e%2e/package.json').set('accept', HTML).expect(404);
    expect((await t.http.get('/no-such-route').expect(404)).body).toEqual({ error: 'Cannot GET /no-such-route' });
  });

  it("never shadows the service's own paths", async () => {
    for (const path of [
      '/api/v1/nope',
      '/graphql/nope',
      '/auth/nope',
      '/mcp/nope',
      '/media/nope',
      '/connect/nope/more',
      '/health/nope',
      '/metrics',
      '/webhooks/nope/more',
    ]) {
      const res = await t.http.get(path).set('accept', HTML);
      expect([path, res.status, res.headers['content-type']]).toEqual([path, 404, expect.stringMatching(/^application\/json/)]);
    }
    await t.http.get('/health').set('accept', HTML).expect(200);
    expect((await t.http.get('/auth/me').set('accept', HTML).expect(401)).body).toEqual({ error: 'Authentication required' });
    await t.http.get('/webhooks').set('accept', HTML).expect(401);
    await t.http.get('/api/docs').set('accept', HTML).expect(200);
    // A connection link's address is the service's own page (410 for an unknown link), never the app.
    const link = await t.http.get('/connect/nope').set('accept', HTML).expect(410);
    expect(link.text).not.toContain('id="root"');
  });
});
