import { WebhooksRepository } from '../../src/webhooks/webhooks.repository';
import { createAccount, createTestApp, type TestAccount, type TestApp } from '@test/support';
import { Types } from 'mongoose';

const VALID = 'post.scheduled, post.published, post.failed, token.expiring';
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('webhooks CRUD: /api/v1/webhooks (API key) and /webhooks (dashboard)', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;

  beforeAll(async () => {
    // Worker off: these tests are about the routes, not delivery.
    t = await createTestApp({ env: { WEBHOOKS_WORKER_ENABLED: 'false' } });
    [a, b] = await Promise.all([createAccount(t), createAccount(t)]);
  });
  afterAll(() => t.close());

  const api = (account: TestAccount) => ({
    list: () => t.http.get('/api/v1/webhooks').set(account.apiHeaders),
    create: (body: unknown) =>
      t.http
        .post('/api/v1/webhooks')
        .set(account.apiHeaders)
        .send(body as object),
    update: (id: string, body: unknown) =>
      t.http
        .patch(`/api/v1/webhooks/${id}`)
        .set(account.apiHeaders)
        .send(body as object),
    remove: (id: string) => t.http.delete(`/api/v1/webhooks/${id}`).set(account.apiHeaders),
    regenerate: (id: string) => t.http.post(`/api/v1/webhooks/${id}/regenerate-secret`).set(account.apiHeaders),
  });
  const dash = (account: TestAccount) => ({
    list: () => t.http.get('/webhooks').set('Cookie', account.cookie),
    create: (body: unknown) =>
      t.http
        .post('/webhooks')
        .set('Cookie', account.cookie)
        .send(body as object),
    update: (id: string, body: unknown) =>
      t.http
        .patch(`/webhooks/${id}`)
        .set('Cookie', account.cookie)
        .send(body as object),
    remove: (id: string) => t.http.delete(`/webhooks/${id}`).set('Cookie', account.cookie),
    regenerate: (id: string) => t.http.post(`/webhooks/${id}/regenerate-secret`).set('Cookie', account.cookie),
    deliveries: (id: string) => t.http.get(`/webhooks/${id}/deliveries`).set('Cookie', account.cookie),
  });
  const body = (over: Record<string, unknown> = {}) => ({ name: 'Hook', url: 'https://example.com/hook', events: ['post.published'], ...over });
  const webhookDoc = (id: string) => t.connection.collection('webhooks').findOne({ _id: new Types.ObjectId(id) });

  async function createFor(account: TestAccount, over: Record<string, unknown> = {}) {
    const res = await api(account).create(body(over)).expect(201);
    return res.body.webhook as { _id: string; secret: string };
  }

  describe('POST /api/v1/webhooks', () => {
    it('creates: 201 with the secret, shaped exactly', async () => {
      const res = await api(a)
        .create(body({ events: ['post.published', 'post.failed'] }))
        .expect(201);
      expect(res.body).toEqual({
        success: true,
        webhook: {
          _id: expect.stringMatching(/^[0-9a-f]{24}$/),
          name: 'Hook',
          url: 'https://example.com/hook',
          events: ['post.published', 'post.failed'],
          secret: expect.stringMatching(/^whsec_[0-9a-f]{64}$/),
          isActive: true,
          createdAt: expect.stringMatching(ISO),
        },
      });
      // Stored encrypted, never in clear.
      const doc = await webhookDoc(res.body.webhook._id);
      expect(JSON.stringify(doc)).not.toContain(res.body.webhook.secret.slice(6));
      expect(doc!.secretEncrypted).toMatch(/^v1:/);
      await api(a).remove(res.body.webhook._id).expect(200);
    });

    it.each([
      ['nothing', {}],
      ['no name', { name: undefined }],
      ['empty name', { name: '' }],
      ['no url', { url: undefined }],
      ['empty url', { url: '' }],
      ['no events', { events: undefined }],
      ['empty events', { events: [] }],
      ['events not an array', { events: 'post.published' }],
    ])('400 required fields: %s', async (_label, over) => {
      const res = await api(a)
        .create(_label === 'nothing' ? {} : body(over))
        .expect(400);
      expect(res.body).toEqual({ error: 'Name, URL, and at least one event are required' });
    });

    it('400 Invalid URL format', async () => {
      expect(
        (
          await api(a)
            .create(body({ url: 'not a url' }))
            .expect(400)
        ).body,
      ).toEqual({ error: 'Invalid URL format' });
    });

    it('400 Invalid events with both lists, comma+space joined', async () => {
      const res = await api(a)
        .create(body({ events: ['post.published', 'post.deleted', 'foo'] }))
        .expect(400);
      expect(res.body).toEqual({ error: `Invalid events: post.deleted, foo. Valid events: ${VALID}` });
    });

    it.each([
      ['ftp://example.com/x', 'URL must use HTTPS'],
      ['http://localhost:3000/x', 'Localhost URLs are not allowed'],
      ['http://127.0.0.1/x', 'Localhost URLs are not allowed'],
      ['http://10.0.0.5/x', 'Private IP addresses are not allowed'],
      ['http://172.16.0.1/x', 'Private IP addresses are not allowed'],
      ['http://172.31.9.9/x', 'Private IP addresses are not allowed'],
      ['http://192.168.0.1/x', 'Private IP addresses are not allowed'],
      ['http://169.254.10.10/x', 'Link-local addresses are not allowed'],
      ['http://169.254.169.254/latest/meta-data', 'Cloud metadata endpoints are not allowed'],
      ['http://metadata.google.internal/computeMetadata/v1', 'Cloud metadata endpoints are not allowed'],
      ['http://100.100.100.200/x', 'Cloud metadata endpoints are not allowed'],
      ['http://[fd00:ec2::254]/x', 'Cloud metadata endpoints are not allowed'],
    ])('400 destination %s → %s', async (url, message) => {
      expect((await api(a).create(body({ url })).expect(400)).body).toEqual({ error: message });
    });

    it('accepts http and https, and (API only) ::1 and .localhost hosts', async () => {
      for (const url of ['http://example.com/a', 'https://example.com/b', 'http://[::1]:9/c', 'http://hooks.localhost/d']) {
        const w = await createFor(a, { url });
        await api(a).remove(w._id).expect(200);
      }
    });

    it('400 Maximum of 10 webhooks per user (per user, not global)', async () => {
      const c = await createAccount(t);
      const ids: string[] = [];
      for (let i = 0; i < 10; i++) ids.push((await createFor(c, { name: `h${i}` }))._id);
      expect((await api(c).create(body()).expect(400)).body).toEqual({ error: 'Maximum of 10 webhooks per user' });
      expect((await dash(c).create(body()).expect(400)).body).toEqual({ error: 'Maximum of 10 webhooks per user' });
      await createFor(b).then((w) => api(b).remove(w._id).expect(200));
      await api(c).remove(ids[0]).expect(200);
      await api(c).create(body()).expect(201);
    });

    it('401 without a valid key', async () => {
      expect((await t.http.get('/api/v1/webhooks').set('x-api-key', 'sk_nope.nope').expect(401)).body).toEqual({ error: 'Invalid API key' });
      await t.http.post('/api/v1/webhooks').send(body()).expect(401);
    });
  });

  describe('GET /api/v1/webhooks', () => {
    it('lists own webhooks without secret and userId', async () => {
      const w = await createFor(a, { name: 'Listed' });
      const res = await api(a).list().expect(200);
      expect(res.body.success).toBe(true);
      const entry = res.body.webhooks.find((x: { _id: string }) => x._id === w._id);
      expect(entry).toEqual({
        _id: w._id,
        name: 'Listed',
        url: 'https://example.com/hook',
        events: ['post.published'],
        isActive: true,
        failureCount: 0,
        createdAt: expect.stringMatching(ISO),
        updatedAt: expect.stringMatching(ISO),
        __v: 0,
      });
      expect(JSON.stringify(res.body)).not.toMatch(/secret|userId/);
      expect((await api(b).list().expect(200)).body.webhooks.map((x: { _id: string }) => x._id)).not.toContain(w._id);
    });
  });

  describe('PATCH /api/v1/webhooks/:id', () => {
    it('applies name, url, events; answers the update shape', async () => {
      const w = await createFor(a);
      const res = await api(a)
        .update(w._id, { name: 'Renamed', url: 'https://hooks.example.org/x', events: ['token.expiring', 'post.failed'] })
        .expect(200);
      expect(res.body).toEqual({
        success: true,
        webhook: {
          _id: w._id,
          name: 'Renamed',
          url: 'https://hooks.example.org/x',
          events: ['token.expiring', 'post.failed'],
          isActive: true,
          updatedAt: expect.stringMatching(ISO),
        },
      });
    });

    it('ignores empty strings, empty events and non-boolean isActive', async () => {
      const w = await createFor(a);
      const res = await api(a).update(w._id, { name: '', url: '', events: [], isActive: 'false' }).expect(200);
      expect(res.body.webhook).toMatchObject({ name: 'Hook', url: 'https://example.com/hook', events: ['post.published'], isActive: true });
      expect((await api(a).update(w._id, { isActive: 0 }).expect(200)).body.webhook.isActive).toBe(true);
      expect((await api(a).update(w._id, { isActive: false }).expect(200)).body.webhook.isActive).toBe(false);
    });

    it('re-enabling does NOT reset failureCount', async () => {
      const w = await createFor(a);
      await t.connection.collection('webhooks').updateOne({ _id: (await webhookDoc(w._id))!._id }, { $set: { isActive: false, failureCount: 5 } });
      await api(a).update(w._id, { isActive: true }).expect(200);
      expect(await webhookDoc(w._id)).toMatchObject({ isActive: true, failureCount: 5 });
    });

    it('400 Invalid events without the valid list; URL rules apply', async () => {
      const w = await createFor(a);
      expect(
        (
          await api(a)
            .update(w._id, { events: ['post.published', 'bogus', 'x.y'] })
            .expect(400)
        ).body,
      ).toEqual({
        error: 'Invalid events: bogus, x.y',
      });
      expect((await api(a).update(w._id, { url: 'nope' }).expect(400)).body).toEqual({ error: 'Invalid URL format' });
      expect((await api(a).update(w._id, { url: 'gopher://example.com' }).expect(400)).body).toEqual({ error: 'URL must use HTTPS' });
      expect((await api(a).update(w._id, { url: 'http://192.168.1.1' }).expect(400)).body).toEqual({
        error: 'Private IP addresses are not allowed',
      });
      expect((await api(a).update(w._id, { url: 'http://[::1]/' }).expect(200)).body.webhook.url).toBe('http://[::1]/');
    });
  });

  describe('404 Webhook not found (unknown, other user, malformed id)', () => {
    it.each(['000000000000000000000000', 'not-an-id', 'other'])('id %s', async (kind) => {
      const other = kind === 'other' ? (await createFor(b))._id : kind;
      for (const res of [
        await api(a).update(other, { name: 'x' }),
        await api(a).remove(other),
        await api(a).regenerate(other),
        await dash(a).update(other, { name: 'x' }),
        await dash(a).remove(other),
        await dash(a).regenerate(other),
        await dash(a).deliveries(other),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: 'Webhook not found' });
      }
      if (kind === 'other') expect(await webhookDoc(other)).toMatchObject({ name: 'Hook' });
    });
  });

  describe('DELETE and regenerate-secret', () => {
    it('DELETE answers { success: true } and removes it', async () => {
      const w = await createFor(a);
      expect((await api(a).remove(w._id).expect(200)).body).toEqual({ success: true });
      expect(await webhookDoc(w._id)).toBeNull();
      await api(a).remove(w._id).expect(404);
    });

    it('regenerate answers 200 { success, secret } with a new secret, never listed', async () => {
      const w = await createFor(a);
      const res = await api(a).regenerate(w._id).expect(200);
      expect(res.body).toEqual({ success: true, secret: expect.stringMatching(/^whsec_[0-9a-f]{64}$/) });
      expect(res.body.secret).not.toBe(w.secret);
      expect(JSON.stringify((await api(a).list()).body)).not.toContain(res.body.secret);
    });
  });

  describe('dashboard variant /webhooks (session)', () => {
    it('401 without a session', async () => {
      await t.http.get('/webhooks').expect(401);
    });

    it('same CRUD shapes; blocks ::1 and .localhost', async () => {
      const created = await dash(a)
        .create(body({ name: 'Dash' }))
        .expect(201);
      expect(created.body.webhook.secret).toMatch(/^whsec_/);
      const id = created.body.webhook._id;
      expect((await dash(a).list().expect(200)).body.webhooks.some((w: { _id: string }) => w._id === id)).toBe(true);
      expect(
        (
          await dash(a)
            .create(body({ url: 'http://[::1]:8080/' }))
            .expect(400)
        ).body,
      ).toEqual({ error: 'Localhost URLs are not allowed' });
      expect(
        (
          await dash(a)
            .create(body({ url: 'http://x.localhost/' }))
            .expect(400)
        ).body,
      ).toEqual({ error: 'Localhost URLs are not allowed' });
      expect((await dash(a).update(id, { url: 'http://[::1]/' }).expect(400)).body).toEqual({ error: 'Localhost URLs are not allowed' });
      expect(
        (
          await dash(a)
            .create(body({ events: ['nope'] }))
            .expect(400)
        ).body,
      ).toEqual({ error: `Invalid events: nope. Valid events: ${VALID}` });
      expect((await dash(a).regenerate(id).expect(200)).body.secret).toMatch(/^whsec_/);
      expect((await dash(a).deliveries(id).expect(200)).body).toEqual({ success: true, deliveries: [] });
      expect((await dash(a).remove(id).expect(200)).body).toEqual({ success: true });
    });

    it('empty strings: name "" applies; url "" and events [] are refused', async () => {
      const w = await createFor(a);
      expect((await dash(a).update(w._id, { name: '' }).expect(200)).body.webhook.name).toBe('');
      expect((await dash(a).update(w._id, { url: '' }).expect(400)).body).toEqual({ error: 'Invalid URL format' });
      expect((await dash(a).update(w._id, { events: [] }).expect(400)).body).toEqual({ error: 'Name, URL, and at least one event are required' });
      expect(
        (
          await dash(a)
            .update(w._id, { events: ['bogus'] })
            .expect(400)
        ).body,
      ).toEqual({ error: 'Invalid events: bogus' });
    });

    it('re-enabling resets failureCount', async () => {
      const w = await createFor(a);
      await t.connection.collection('webhooks').updateOne({ _id: (await webhookDoc(w._id))!._id }, { $set: { isActive: false, failureCount: 5 } });
      expect((await dash(a).update(w._id, { isActive: true }).expect(200)).body.webhook.isActive).toBe(true);
      expect(await webhookDoc(w._id)).toMatchObject({ isActive: true, failureCount: 0 });
    });
  });

  describe('500s name the operation (cause logged, never sent)', () => {
    afterEach(() => jest.restoreAllMocks());
    const boom = (method: keyof WebhooksRepository) => jest.spyOn(t.app.get(WebhooksRepository), method).mockRejectedValueOnce(new Error('database down'));

    it.each([
      ['listByUser', 'list', 'Failed to list webhooks'],
      ['countByUser', 'create', 'Failed to create webhook'],
      ['findOwned', 'update', 'Failed to update webhook'],
      ['delete', 'remove', 'Failed to delete webhook'],
      ['setSecret', 'regenerate', 'Failed to regenerate secret'],
    ] as const)('%s failing → 500 %s', async (method, route, message) => {
      const w = await createFor(a);
      boom(method);
      const calls = {
        list: () => api(a).list(),
        create: () => api(a).create(body()),
        update: () => api(a).update(w._id, { name: 'x' }),
        remove: () => api(a).remove(w._id),
        regenerate: () => api(a).regenerate(w._id),
      };
      const res = await calls[route]();
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: message });
      await api(a).remove(w._id);
    });
  });
});
