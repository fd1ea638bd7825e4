import { createAccount, createTestApp, type TestAccount, type TestApp } from '@test/support';
import { Types } from 'mongoose';
import { ApiError } from '../../src/common/api-error';
import { ApiKeysService } from '../../src/auth/api-keys.service';
import { PROBE, ProbeModule } from './probe';

const KEY_FORMAT = /^sk_[0-9a-z]+_[0-9a-f]{12}\.[0-9a-f]{48}$/;

/** "API key management" (session only) and its error table. */
describe('API key management /auth/api-keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ imports: [ProbeModule] });
  });
  afterAll(async () => t?.close());

  const as = (a: TestAccount) => ({
    list: () => t.http.get('/auth/api-keys').set('Cookie', a.cookie),
    create: (body?: object) =>
      t.http
        .post('/auth/api-keys')
        .set('Cookie', a.cookie)
        .send(body ?? {}),
    rename: (id: string, body: object) => t.http.patch(`/auth/api-keys/${id}`).set('Cookie', a.cookie).send(body),
    revoke: (id: string) => t.http.delete(`/auth/api-keys/${id}`).set('Cookie', a.cookie),
  });

  describe('POST', () => {
    it('creates a key in the spec format, shown once, that works', async () => {
      const a = await createAccount(t);
      const res = await as(a).create({ name: 'CI' }).expect(201);
      expect(res.body).toEqual({
        message: 'API key created successfully',
        apiKey: {
          _id: expect.stringMatching(/^[0-9a-f]{24}$/),
          name: 'CI',
          keyPrefix: res.body.apiKey.rawKey.split('.')[0],
          createdAt: expect.any(String),
          lastUsedAt: null,
          rawKey: expect.stringMatching(KEY_FORMAT),
        },
      });
      const rawKey: string = res.body.apiKey.rawKey;
      expect(rawKey).toHaveLength(73);
      expect(new Date(res.body.apiKey.createdAt).toISOString()).toBe(res.body.apiKey.createdAt);
      const timestamp = parseInt(rawKey.split('_')[1], 36);
      expect(Math.abs(timestamp - Date.now())).toBeLessThan(60_000);
      await t.http.get(PROBE).set('x-api-key', rawKey).expect(200);
      const list = await as(a).list().expect(200);
      expect(JSON.stringify(list.body)).not.toContain(rawKey);
      expect(list.body.apiKeys.find((k: { _id: string }) => k._id === res.body.apiKey._id)).toEqual({
        _id: res.body.apiKey._id,
        name: 'CI',
        keyPrefix: res.body.apiKey.keyPrefix,
        createdAt: res.body.apiKey.createdAt,
        lastUsedAt: expect.any(String),
      });
    });

    it('names default to Default (absent, null, empty, only tags) and are HTML-sanitised', async () => {
      const a = await createAccount(t);
      for (const body of [{}, { name: null }, { name: '' }, { name: '   ' }, { name: '<b></b>' }]) {
        expect((await as(a).create(body).expect(201)).body.apiKey.name).toBe('Default');
      }
      const res = await as(a).create({ name: '<script>alert(1)</script>Prod <i>key</i> &amp; <<b>x>' }).expect(201);
      expect(res.body.apiKey.name).toBe('alert(1)Prod key &amp;');
    });

    it('400 Name must be a string with maximum 100 characters', async () => {
      const a = await createAccount(t);
      for (const name of ['x'.repeat(101), 42, true, ['a'], { a: 1 }]) {
        expect((await as(a).create({ name }).expect(400)).body).toEqual({
          error: 'Name must be a string with maximum 100 characters',
        });
      }
      expect(
        (
          await as(a)
            .create({ name: 'x'.repeat(100) })
            .expect(201)
        ).body.apiKey.name,
      ).toHaveLength(100);
    });

    it('400 Maximum of 10 active API keys allowed; revoking one frees a slot', async () => {
      const a = await createAccount(t); // the fixture already issued one key
      for (let i = 2; i <= 10; i++)
        await as(a)
          .create({ name: `k${i}` })
          .expect(201);
      expect((await as(a).create({ name: 'k11' }).expect(400)).body).toEqual({ error: 'Maximum of 10 active API keys allowed' });
      const list = await as(a).list().expect(200);
      expect(list.body.apiKeys).toHaveLength(10);
      await as(a).revoke(list.body.apiKeys[0]._id).expect(200);
      await as(a).create({ name: 'k11' }).expect(201);
      await as(a).create({ name: 'k12' }).expect(400);
    });

    it('404 User not found when the user is missing (service: the session ends with its user)', async () => {
      await expect(t.app.get(ApiKeysService).create(new Types.ObjectId().toHexString(), 'x')).rejects.toEqual(ApiError.notFound('User not found'));
      const a = await createAccount(t);
      await t.connection.collection('users').deleteOne({ _id: new Types.ObjectId(a.userId) });
      expect((await as(a).create({ name: 'x' }).expect(401)).body).toEqual({ error: 'Authentication required' });
    });
  });

  describe('GET', () => {
    it('lists only active keys, oldest first, never the hash', async () => {
      const a = await createAccount(t);
      const second = (await as(a).create({ name: 'second' }).expect(201)).body.apiKey;
      const third = (await as(a).create({ name: 'third' }).expect(201)).body.apiKey;
      await as(a).revoke(second._id).expect(200);
      const res = await as(a).list().expect(200);
      expect(Object.keys(res.body)).toEqual(['apiKeys']);
      expect(res.body.apiKeys.map((k: { name: string }) => k.name)).toEqual(['Test key', 'third']);
      expect(Object.keys(res.body.apiKeys[1]).sort()).toEqual(['_id', 'createdAt', 'keyPrefix', 'lastUsedAt', 'name']);
      expect(res.body.apiKeys[1]._id).toBe(third._id);
    });

    it("does not show another user's keys", async () => {
      const a = await createAccount(t);
      const b = await createAccount(t);
      const res = await as(b).list().expect(200);
      expect(res.body.apiKeys).toHaveLength(1);
      expect(res.body.apiKeys[0].keyPrefix).toBe(b.apiKey.split('.')[0]);
      expect(a.apiKey).not.toBe(b.apiKey);
    });
  });

  describe('PATCH', () => {
    it('renames (sanitised) and answers the key without rawKey', async () => {
      const a = await createAccount(t);
      const id = (await as(a).list()).body.apiKeys[0]._id;
      const res = await as(a).rename(id, { name: ' <em>Renamed</em> ' }).expect(200);
      expect(res.body).toEqual({
        message: 'API key updated successfully',
        apiKey: { _id: id, name: 'Renamed', keyPrefix: a.apiKey.split('.')[0], createdAt: expect.any(String), lastUsedAt: null },
      });
    });

    it('400 Name is required for a missing, empty, blank, non-string or tags-only name', async () => {
      const a = await createAccount(t);
      const id = (await as(a).list()).body.apiKeys[0]._id;
      for (const body of [{}, { name: '' }, { name: '   ' }, { name: null }, { name: 5 }, { name: '<p></p>' }]) {
        expect((await as(a).rename(id, body).expect(400)).body).toEqual({ error: 'Name is required' });
      }
    });

    it('400 Name must be maximum 100 characters', async () => {
      const a = await createAccount(t);
      const id = (await as(a).list()).body.apiKeys[0]._id;
      expect(
        (
          await as(a)
            .rename(id, { name: 'y'.repeat(101) })
            .expect(400)
        ).body,
      ).toEqual({
        error: 'Name must be maximum 100 characters',
      });
    });

    it('400 Invalid key ID format (checked before the body)', async () => {
      const a = await createAccount(t);
      for (const id of ['123', 'zzzzzzzzzzzzzzzzzzzzzzzz']) {
        expect((await as(a).rename(id, { name: 'ok' }).expect(400)).body).toEqual({ error: 'Invalid key ID format' });
      }
      expect((await as(a).rename('123', {}).expect(400)).body).toEqual({ error: 'Invalid key ID format' });
    });

    it("404 API key not found for an unknown, revoked or someone else's key", async () => {
      const a = await createAccount(t);
      const b = await createAccount(t);
      const revoked = (await as(a).create({ name: 'r' }).expect(201)).body.apiKey._id;
      await as(a).revoke(revoked).expect(200);
      const bKey = (await as(b).list()).body.apiKeys[0]._id;
      for (const id of [new Types.ObjectId().toHexString(), revoked, bKey]) {
        expect((await as(a).rename(id, { name: 'n' }).expect(404)).body).toEqual({ error: 'API key not found' });
      }
    });
  });

  describe('DELETE', () => {
    it('revokes (soft delete: revokedAt set, record kept)', async () => {
      const a = await createAccount(t);
      const id = (await as(a).list()).body.apiKeys[0]._id;
      expect((await as(a).revoke(id).expect(200)).body).toEqual({ message: 'API key revoked successfully' });
      const stored = await t.connection.collection('api_keys').findOne({ _id: new Types.ObjectId(id) });
      expect(stored!.revokedAt).toBeInstanceOf(Date);
      expect((await as(a).list()).body.apiKeys).toEqual([]);
    });

    it('400 Invalid key ID format and 404 API key not found (unknown, already revoked, not mine)', async () => {
      const a = await createAccount(t);
      const b = await createAccount(t);
      expect((await as(a).revoke('nope').expect(400)).body).toEqual({ error: 'Invalid key ID format' });
      const id = (await as(a).list()).body.apiKeys[0]._id;
      await as(a).revoke(id).expect(200);
      const bKey = (await as(b).list()).body.apiKeys[0]._id;
      for (const other of [id, new Types.ObjectId().toHexString(), bKey]) {
        expect((await as(a).revoke(other).expect(404)).body).toEqual({ error: 'API key not found' });
      }
      await t.http.get(PROBE).set(b.apiHeaders).expect(200);
    });
  });

  describe('access', () => {
    it('401 Authentication required without a session, and an API key does not count as one', async () => {
      const a = await createAccount(t);
      const calls = [
        t.http.get('/auth/api-keys'),
        t.http.post('/auth/api-keys').send({}),
        t.http.patch(`/auth/api-keys/${new Types.ObjectId()}`).send({ name: 'x' }),
        t.http.delete(`/auth/api-keys/${new Types.ObjectId()}`),
      ];
      for (const call of calls) {
        expect((await call.set(a.apiHeaders).expect(401)).body).toEqual({ error: 'Authentication required' });
      }
      expect((await t.http.get('/auth/api-keys').set('Cookie', 'sps_session=forged').expect(401)).body).toEqual({
        error: 'Authentication required',
      });
    });

    it('403 Your current plan does not include API access (Starter) on every route', async () => {
      const s = await createAccount(t, { plan: 'starter' });
      const id = new Types.ObjectId().toHexString();
      for (const call of [as(s).list(), as(s).create({ name: 'x' }), as(s).rename(id, { name: 'x' }), as(s).revoke(id)]) {
        expect((await call.expect(403)).body).toEqual({ error: 'Your current plan does not include API access' });
      }
    });
  });
});
