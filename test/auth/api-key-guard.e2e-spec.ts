import { createAccount, createTestApp, type TestApp } from '@test/support';
import { MongoClient } from 'mongodb';
import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import { ApiKeysService } from '../../src/auth/api-keys.service';
import { UsersService } from '../../src/auth/users.service';
import { PROBE, ProbeModule } from './probe';

/** "Errors / Shared by all API-key endpoints", in the guard's order of checks. */
describe('API-key guard (shared errors, MCP, workspaces, lastUsedAt)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ imports: [ProbeModule] });
  });
  afterAll(async () => t?.close());

  const keys = () => t.connection.collection('api_keys');

  describe('the key itself', () => {
    it('401 API key is required without x-api-key (and with an empty one)', async () => {
      expect((await t.http.get(PROBE).expect(401)).body).toEqual({ error: 'API key is required' });
      expect((await t.http.get(PROBE).set('x-api-key', '').expect(401)).body).toEqual({ error: 'API key is required' });
    });

    it('401 Invalid API key for an unknown prefix, a wrong secret and a legacy-looking unknown key', async () => {
      const { apiKey } = await createAccount(t);
      const [prefix, secret] = apiKey.split('.');
      const wrongSecret = `${prefix}.${secret.slice(0, -1)}${secret.endsWith('0') ? '1' : '0'}`;
      for (const key of ['sk_nope_123.abc', wrongSecret, 'no-dot-at-all', `${prefix}`]) {
        expect((await t.http.get(PROBE).set('x-api-key', key).expect(401)).body).toEqual({ error: 'Invalid API key' });
      }
    });

    it('revocation takes effect on the very next request', async () => {
      const account = await createAccount(t);
      await t.http.get(PROBE).set(account.apiHeaders).expect(200);
      const list = await t.http.get('/auth/api-keys').set('Cookie', account.cookie).expect(200);
      await t.http.delete(`/auth/api-keys/${list.body.apiKeys[0]._id}`).set('Cookie', account.cookie).expect(200);
      expect((await t.http.get(PROBE).set(account.apiHeaders).expect(401)).body).toEqual({ error: 'Invalid API key' });
    });

    it('a key revoked straight in the database (mongosh) is refused on the very next request too', async () => {
      const account = await createAccount(t);
      await t.http.get(PROBE).set(account.apiHeaders).expect(200);
      await t.http.get(PROBE).set(account.apiHeaders).expect(200);
      // Not through the app: its cache learns of this write from the embedded database's write counter.
      const outside = await MongoClient.connect(t.databaseUri);
      try {
        await outside
          .db()
          .collection('api_keys')
          .updateOne({ userId: new Types.ObjectId(account.userId) }, { $set: { revokedAt: new Date() } });
      } finally {
        await outside.close();
      }
      expect((await t.http.get(PROBE).set(account.apiHeaders).expect(401)).body).toEqual({ error: 'Invalid API key' });
    });

    it('does not enforce the sk_ prefix: a legacy key without a dot works under the prefix "legacy"', async () => {
      const account = await createAccount(t);
      const other = await createAccount(t);
      const legacyKey = `oldkey${createHash('sha256').update(account.userId).digest('hex')}`;
      await t.app.get(ApiKeysService).importLegacyKey(other.userId, `another${legacyKey}`);
      const view = await t.app.get(ApiKeysService).importLegacyKey(account.userId, legacyKey, 'Old');
      expect(view.keyPrefix).toBe('legacy');
      const res = await t.http.get(PROBE).set('x-api-key', legacyKey).expect(200);
      expect(res.body).toMatchObject({ userId: account.userId, keyPrefix: 'legacy' });
      await t.http.get(PROBE).set('x-api-key', `${legacyKey}x`).expect(401);
    });

    it('stores only a SHA-256 of the key', async () => {
      const account = await createAccount(t);
      const stored = await keys().findOne({ userId: new Types.ObjectId(account.userId) });
      expect(stored!.keyHash).toBe(createHash('sha256').update(account.apiKey).digest('hex'));
      expect(JSON.stringify(stored)).not.toContain(account.apiKey.split('.')[1]);
    });
  });

  describe('the owner', () => {
    it('401 Invalid API key owner when the owner no longer exists', async () => {
      const account = await createAccount(t);
      await t.connection.collection('users').deleteOne({ _id: new Types.ObjectId(account.userId) });
      expect((await t.http.get(PROBE).set(account.apiHeaders).expect(401)).body).toEqual({ error: 'Invalid API key owner' });
    });

    it('403 API access is not enabled for this account (Starter plan, or the override off)', async () => {
      const starter = await createAccount(t, { plan: 'starter' });
      expect((await t.http.get(PROBE).set(starter.apiHeaders).expect(403)).body).toEqual({
        error: 'API access is not enabled for this account',
      });
      const off = await createAccount(t, { plan: 'premium', apiAccess: false });
      expect((await t.http.get(PROBE).set(off.apiHeaders).expect(403)).body).toEqual({
        error: 'API access is not enabled for this account',
      });
      const on = await createAccount(t, { plan: 'starter', apiAccess: true });
      await t.http.get(PROBE).set(on.apiHeaders).expect(200);
    });

    it('the plan change applies on the next request', async () => {
      const account = await createAccount(t);
      await t.http.get(PROBE).set(account.apiHeaders).expect(200);
      await t.app.get(UsersService).update(account.userId, { plan: 'starter' });
      await t.http.get(PROBE).set(account.apiHeaders).expect(403);
    });

    it('500 Internal server error when authentication fails unexpectedly (corrupt key record)', async () => {
      const raw = 'sk_corrupt_000000000000.0123456789abcdef';
      await keys().insertOne({
        name: 'corrupt',
        keyPrefix: 'sk_corrupt_000000000000',
        lookupKey: 'sk_corrupt_000000000000',
        keyHash: createHash('sha256').update(raw).digest('hex'),
        userId: 'not-an-object-id',
        lastUsedAt: null,
        revokedAt: null,
        createdAt: new Date(),
      });
      expect((await t.http.get(PROBE).set('x-api-key', raw).expect(500)).body).toEqual({ error: 'Internal server error' });
    });
  });

  describe('MCP gating (x-service-client)', () => {
    it('records the client: api by default, mcp when sent', async () => {
      const account = await createAccount(t);
      expect((await t.http.get(PROBE).set(account.apiHeaders).expect(200)).body.client).toBe('api');
      expect((await t.http.get(PROBE).set(account.apiHeaders).set('x-service-client', 'mcp').expect(200)).body.client).toBe('mcp');
      expect((await t.http.get(PROBE).set(account.apiHeaders).set('x-service-client', 'other').expect(200)).body.client).toBe('api');
    });

    it('403 MCP access is not enabled for this account when mcpAccess is off', async () => {
      const account = await createAccount(t, { plan: 'pro', mcpAccess: false });
      await t.http.get(PROBE).set(account.apiHeaders).expect(200);
      const res = await t.http.get(PROBE).set(account.apiHeaders).set('x-service-client', 'mcp').expect(403);
      expect(res.body).toEqual({ error: 'MCP access is not enabled for this account' });
    });

    it('checks API access before MCP access', async () => {
      const account = await createAccount(t, { plan: 'starter' });
      const res = await t.http.get(PROBE).set(account.apiHeaders).set('x-service-client', 'mcp').expect(403);
      expect(res.body).toEqual({ error: 'API access is not enabled for this account' });
    });
  });

  describe('workspace mode (x-service-user-id)', () => {
    it('acts as a managed user; the owner stays the billing owner', async () => {
      const owner = await createAccount(t, { workspacesEnabled: true });
      const member = await createAccount(t, { parentUserId: owner.userId, plan: 'starter' });
      const res = await t.http.get(PROBE).set(owner.apiHeaders).set('x-service-user-id', member.userId).expect(200);
      expect(res.body).toMatchObject({
        userId: member.userId,
        ownerId: owner.userId,
        billingOwnerId: owner.userId,
        actingUserId: member.userId,
        isWorkspace: true,
        entitlements: { apiAccess: true, mcpAccess: true },
      });
    });

    it("the owner's own id is a no-op (even without workspace permission)", async () => {
      const owner = await createAccount(t);
      const res = await t.http.get(PROBE).set(owner.apiHeaders).set('x-service-user-id', owner.userId).expect(200);
      expect(res.body).toMatchObject({ userId: owner.userId, isWorkspace: false });
    });

    it('400 Invalid x-postpost-user-id for a value that is not a 24-hex id', async () => {
      const owner = await createAccount(t, { workspacesEnabled: true });
      for (const value of ['abc', '1234567890abcdef1234567g', '1234567890abcdef123456789']) {
        const res = await t.http.get(PROBE).set(owner.apiHeaders).set('x-service-user-id', value).expect(400);
        expect(res.body).toEqual({ error: 'Invalid x-postpost-user-id' });
      }
    });

    it('403 Workspace access is not enabled for this key without workspacesEnabled', async () => {
      const owner = await createAccount(t);
      const member = await createAccount(t, { parentUserId: owner.userId });
      const res = await t.http.get(PROBE).set(owner.apiHeaders).set('x-service-user-id', member.userId).expect(403);
      expect(res.body).toEqual({ error: 'Workspace access is not enabled for this key' });
    });

    it('admins bypass the workspacesEnabled check', async () => {
      const admin = await createAccount(t, { isAdmin: true });
      const member = await createAccount(t, { parentUserId: admin.userId });
      const res = await t.http.get(PROBE).set(admin.apiHeaders).set('x-service-user-id', member.userId).expect(200);
      expect(res.body).toMatchObject({ userId: member.userId, isWorkspace: true });
    });

    it('admins still need the target to be managed by them', async () => {
      const admin = await createAccount(t, { isAdmin: true });
      const stranger = await createAccount(t);
      const res = await t.http.get(PROBE).set(admin.apiHeaders).set('x-service-user-id', stranger.userId).expect(403);
      expect(res.body).toEqual({ error: 'User is not managed by key' });
    });

    it("403 User is not managed by key for someone else's user and for a missing user", async () => {
      const owner = await createAccount(t, { workspacesEnabled: true });
      const otherOwner = await createAccount(t, { workspacesEnabled: true });
      const notMine = await createAccount(t, { parentUserId: otherOwner.userId });
      for (const id of [notMine.userId, new Types.ObjectId().toHexString(), otherOwner.userId]) {
        const res = await t.http.get(PROBE).set(owner.apiHeaders).set('x-service-user-id', id).expect(403);
        expect(res.body).toEqual({ error: 'User is not managed by key' });
      }
    });

    it('order: MCP before the workspace id format, format before permission', async () => {
      const owner = await createAccount(t, { mcpAccess: false });
      const mcp = await t.http.get(PROBE).set(owner.apiHeaders).set('x-service-client', 'mcp').set('x-service-user-id', 'bad').expect(403);
      expect(mcp.body).toEqual({ error: 'MCP access is not enabled for this account' });
      const format = await t.http.get(PROBE).set(owner.apiHeaders).set('x-service-user-id', 'bad').expect(400);
      expect(format.body).toEqual({ error: 'Invalid x-postpost-user-id' });
    });
  });

  describe('lastUsedAt', () => {
    it('is null until used, then set, and not rewritten within a minute', async () => {
      const account = await createAccount(t);
      const list = async () => (await t.http.get('/auth/api-keys').set('Cookie', account.cookie).expect(200)).body.apiKeys[0];
      expect((await list()).lastUsedAt).toBeNull();
      const before = Date.now();
      await t.http.get(PROBE).set(account.apiHeaders).expect(200);
      const first = (await list()).lastUsedAt;
      expect(first).not.toBeNull();
      expect(new Date(first).getTime()).toBeGreaterThanOrEqual(before - 1000);
      await new Promise((r) => setTimeout(r, 20));
      await t.http.get(PROBE).set(account.apiHeaders).expect(200);
      expect((await list()).lastUsedAt).toBe(first);
    });

    it('is rewritten once it is more than a minute old', async () => {
      const account = await createAccount(t);
      const old = new Date(Date.now() - 2 * 60_000);
      await keys().updateOne({ userId: new Types.ObjectId(account.userId) }, { $set: { lastUsedAt: old } });
      await t.http.get(PROBE).set(account.apiHeaders).expect(200);
      const stored = await keys().findOne({ userId: new Types.ObjectId(account.userId) });
      expect(stored!.lastUsedAt.getTime()).toBeGreaterThan(old.getTime() + 60_000);
    });
  });
});
