import { createAccount, createTestApp, sessionCookie, type TestAccount, type TestApp } from '@test/support';
import { accountWithDraft } from '../media/media-helpers';

const PUBLIC = 'https://app.example.com';
const DASHBOARD_DEV = 'https://dashboard.example.com';
const EVIL = 'https://evil.example.net';
const CROSS_SITE = { error: 'Cross-site requests are not allowed' };
const JSON_ONLY = { error: 'Content-Type must be application/json' };

/**
 * Session routes (docs/auth.md, "Session routes: content types and origins"): a page on another
 * site can neither sign a browser in (login CSRF) nor act with its session, because these routes
 * take JSON bodies only (which a cross-site page cannot send without a CORS preflight we refuse)
 * and refuse requests that a browser marks as coming from another site.
 */
describe('session routes: JSON bodies only, requests from other sites refused', () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_BASE_URL: PUBLIC, CORS_ORIGINS: DASHBOARD_DEV } });
    a = await createAccount(t);
  });
  afterAll(async () => t?.close());

  const credentials = () => ({ email: a.email, password: a.password });

  describe('POST /auth/login and /auth/register', () => {
    it('an HTML form post (urlencoded) or text/plain is refused with 415, signs nobody in and makes no account', async () => {
      const form = await t.http.post('/auth/login').type('form').send(credentials());
      expect([form.status, form.body]).toEqual([415, JSON_ONLY]);
      expect(sessionCookie(form.headers['set-cookie'])).toBeNull();
      const text = await t.http.post('/auth/login').set('content-type', 'text/plain').send(JSON.stringify(credentials()));
      expect([text.status, text.body]).toEqual([415, JSON_ONLY]);
      const multipart = await t.http.post('/auth/login').field('email', a.email).field('password', a.password);
      expect([multipart.status, multipart.body]).toEqual([415, JSON_ONLY]);

      const email = 'form-signup@example.com';
      for (const res of [
        await t.http.post('/auth/register').type('form').send({ email, password: 'a-good-password' }),
        await t.http
          .post('/auth/register')
          .set('content-type', 'text/plain;charset=UTF-8')
          .send(JSON.stringify({ email, password: 'a-good-password' })),
      ]) {
        expect([res.status, res.body]).toEqual([415, JSON_ONLY]);
      }
      expect(await t.connection.collection('users').countDocuments({ email })).toBe(0);
    });

    it('a cross-site request is refused with 403 before anything else, JSON or not', async () => {
      for (const headers of [
        { Origin: EVIL },
        { Origin: 'null' },
        { Origin: 'https://app.example.com.evil.example.net' },
        { 'Sec-Fetch-Site': 'cross-site' },
      ]) {
        const res = await t.http.post('/auth/login').set(headers).send(credentials());
        expect([res.status, res.body]).toEqual([403, CROSS_SITE]);
        expect(sessionCookie(res.headers['set-cookie'])).toBeNull();
        const form = await t.http.post('/auth/login').set(headers).type('form').send(credentials());
        expect([form.status, form.body]).toEqual([403, CROSS_SITE]);
      }
      const signUp = await t.http.post('/auth/register').set('Origin', EVIL).send({ email: 'evil-signup@example.com', password: 'a-good-password' });
      expect([signUp.status, signUp.body]).toEqual([403, CROSS_SITE]);
    });

    it('JSON from the service’s own origin, PUBLIC_BASE_URL’s, an allowed CORS origin, or from no browser at all signs in', async () => {
      const own = t.baseUrl;
      for (const headers of [
        { Origin: own, 'Sec-Fetch-Site': 'same-origin' },
        { Origin: PUBLIC, 'Sec-Fetch-Site': 'same-origin' },
        // The dashboard's development server on another site, allowed by CORS_ORIGINS.
        { Origin: DASHBOARD_DEV, 'Sec-Fetch-Site': 'cross-site' },
        { 'Sec-Fetch-Site': 'same-origin' },
        { 'Sec-Fetch-Site': 'none' },
        {},
      ]) {
        const res = await t.http.post('/auth/login').set(headers).set('content-type', 'application/json; charset=utf-8').send(JSON.stringify(credentials()));
        expect([res.status, JSON.stringify(headers)]).toEqual([200, JSON.stringify(headers)]);
      }
    });
  });

  describe('routes behind the session', () => {
    it('/auth/api-keys: JSON bodies; a DELETE without a body works; cross-site is refused', async () => {
      const form = await t.http.post('/auth/api-keys').set('Cookie', a.cookie).type('form').send({ name: 'Form key' });
      expect([form.status, form.body]).toEqual([415, JSON_ONLY]);
      const rename = await t.http
        .patch('/auth/api-keys/000000000000000000000000')
        .set('Cookie', a.cookie)
        .set('content-type', 'text/plain')
        .send('{"name":"x"}');
      expect([rename.status, rename.body]).toEqual([415, JSON_ONLY]);
      const created = await t.http.post('/auth/api-keys').set('Cookie', a.cookie).set('Origin', t.baseUrl).send({ name: 'Same site' }).expect(201);
      const id = created.body.apiKey._id as string;
      const crossSite = await t.http.delete(`/auth/api-keys/${id}`).set('Cookie', a.cookie).set('Origin', EVIL);
      expect([crossSite.status, crossSite.body]).toEqual([403, CROSS_SITE]);
      await t.http.delete(`/auth/api-keys/${id}`).set('Cookie', a.cookie).expect(200);
      const read = await t.http.get('/auth/api-keys').set('Cookie', a.cookie).set('Sec-Fetch-Site', 'cross-site');
      expect([read.status, read.body]).toEqual([403, CROSS_SITE]);
    });

    it('/webhooks (dashboard): JSON bodies; bodiless POST and DELETE work from the same site only', async () => {
      const hook = { name: 'Hook', url: 'https://example.com/hook', events: ['post.published'] };
      const text = await t.http.post('/webhooks').set('Cookie', a.cookie).set('content-type', 'text/plain').send(JSON.stringify(hook));
      expect([text.status, text.body]).toEqual([415, JSON_ONLY]);
      const id = (await t.http.post('/webhooks').set('Cookie', a.cookie).send(hook).expect(201)).body.webhook._id as string;
      const form = await t.http.patch(`/webhooks/${id}`).set('Cookie', a.cookie).type('form').send({ name: 'Renamed' });
      expect([form.status, form.body]).toEqual([415, JSON_ONLY]);
      const crossSite = await t.http.post(`/webhooks/${id}/regenerate-secret`).set('Cookie', a.cookie).set('Origin', EVIL);
      expect([crossSite.status, crossSite.body]).toEqual([403, CROSS_SITE]);
      await t.http.post(`/webhooks/${id}/regenerate-secret`).set('Cookie', a.cookie).set('Origin', t.baseUrl).expect(200);
      await t.http.delete(`/webhooks/${id}`).set('Cookie', a.cookie).expect(200);
    });

    it('/media: process-video stays multipart (from the same site); generate-upload-url takes JSON; cross-site refused', async () => {
      const { account, postGroupId } = await accountWithDraft(t);
      const crossSite = await t.http
        .post('/media/process-video')
        .set('Cookie', account.cookie)
        .set('Origin', EVIL)
        .field('postGroupId', postGroupId)
        .attach('video', Buffer.from('x'), { filename: 'a.mp4', contentType: 'video/mp4' });
      expect([crossSite.status, crossSite.body]).toEqual([403, CROSS_SITE]);
      // Same site, multipart: past the guard to the route's own checks (no video part: the spec's 400).
      const noVideo = await t.http.post('/media/process-video').set('Cookie', account.cookie).set('Origin', t.baseUrl).field('postGroupId', postGroupId);
      expect([noVideo.status, noVideo.body]).toEqual([400, { error: 'No video file uploaded' }]);
      const form = await t.http
        .post('/media/generate-upload-url')
        .set('Cookie', account.cookie)
        .type('form')
        .send({ fileName: 'a.png', contentType: 'image/png' });
      expect([form.status, form.body]).toEqual([415, JSON_ONLY]);
      const del = await t.http.delete('/media/post/media/000000000000000000000000').set('Cookie', account.cookie).set('Sec-Fetch-Site', 'cross-site');
      expect([del.status, del.body]).toEqual([403, CROSS_SITE]);
      await t.http.delete('/media/post/media/000000000000000000000000').set('Cookie', account.cookie).expect(404);
    });

    it('without a session, a same-site JSON request still gets 401', async () => {
      expect((await t.http.get('/auth/me').set('Origin', t.baseUrl).expect(401)).body).toEqual({ error: 'Authentication required' });
    });
  });

  it('the hosted connection page’s forms keep their form bodies but refuse other sites', async () => {
    const crossSite = await t.http
      .post('/connect/link/credentials/bluesky')
      .set('Origin', EVIL)
      .type('form')
      .send({ identifier: 'a.bsky.social', secret: 'x' });
    expect([crossSite.status, crossSite.body]).toEqual([403, CROSS_SITE]);
    const pending = await t.http.post('/connect/link/pending/abc').set('Sec-Fetch-Site', 'cross-site').type('form').send({ externalIds: 'x' });
    expect([pending.status, pending.body]).toEqual([403, CROSS_SITE]);
    // From the page itself, a form post reaches the route (here: no link cookie, so the page says the link is gone).
    await t.http.post('/connect/link/credentials/bluesky').set('Origin', t.baseUrl).type('form').send({ identifier: 'a.bsky.social', secret: 'x' }).expect(410);
  });

  it('the REST API under /api/v1 is unchanged: API keys, any Origin', async () => {
    const res = await t.http.get('/api/v1/webhooks').set(a.apiHeaders).set('Origin', EVIL).set('Sec-Fetch-Site', 'cross-site');
    expect(res.status).toBe(200);
  });
});
