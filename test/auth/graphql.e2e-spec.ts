import { createAccount, createTestApp, login, type TestAccount, type TestApp } from '@test/support';
import { Types } from 'mongoose';
import { PROBE, ProbeModule } from './probe';

/** The dashboard GraphQL endpoint: session-only, CSRF prevention, key management, the admin layer. */
describe('GraphQL /graphql', () => {
  let t: TestApp;
  let admin: TestAccount;
  let user: TestAccount;
  beforeAll(async () => {
    t = await createTestApp({ imports: [ProbeModule] });
    admin = await createAccount(t, { isAdmin: true, plan: 'premium' });
    user = await createAccount(t);
  });
  afterAll(async () => t?.close());

  const gql = (query: string, variables: Record<string, unknown> = {}, cookie?: string) => {
    const req = t.http.post('/graphql').set('content-type', 'application/json');
    if (cookie) req.set('Cookie', cookie);
    return req.send({ query, variables });
  };
  const codes = (body: { errors?: { extensions?: { code?: string } }[] }) => body.errors?.map((e) => e.extensions?.code);

  describe('session and CSRF', () => {
    it('me answers for a session; UNAUTHENTICATED without one', async () => {
      const ok = await gql('{ me { id email plan isAdmin apiAccess } }', {}, user.cookie).expect(200);
      expect(ok.body.data.me).toEqual({ id: user.userId, email: user.email, plan: 'pro', isAdmin: false, apiAccess: true });
      const anon = await gql('{ me { id } }');
      expect(anon.body.errors[0]).toMatchObject({ message: 'Authentication required', extensions: { code: 'UNAUTHENTICATED' } });
      const withKey = await t.http.post('/graphql').set(user.apiHeaders).send({ query: '{ me { id } }' });
      expect(codes(withKey.body)).toEqual(['UNAUTHENTICATED']);
    });

    it('refuses a text/plain POST without apollo-require-preflight (CSRF prevention)', async () => {
      const res = await t.http
        .post('/graphql')
        .set('Cookie', user.cookie)
        .set('content-type', 'text/plain')
        .send(JSON.stringify({ query: '{ me { id } }' }));
      expect(res.status).toBe(400);
      expect(res.text).toMatch(/Cross-Site Request Forgery/);
    });

    it('a GET query without a preflight header is refused too', async () => {
      const res = await t.http.get('/graphql').query({ query: '{ me { id } }' }).set('Cookie', user.cookie);
      expect(res.status).toBe(400);
      const allowed = await t.http.get('/graphql').query({ query: '{ me { id } }' }).set('Cookie', user.cookie).set('apollo-require-preflight', 'true');
      expect(allowed.body.data.me.id).toBe(user.userId);
    });

    it('introspection is available outside production', async () => {
      const res = await gql('{ __schema { queryType { name } } }').expect(200);
      expect(res.body.data.__schema.queryType.name).toBe('Query');
    });
  });

  describe('API keys (same service and messages as REST)', () => {
    it('createApiKey, apiKeys, renameApiKey, revokeApiKey', async () => {
      const a = await createAccount(t);
      const created = await gql(
        'mutation($n: String) { createApiKey(name: $n) { id name keyPrefix lastUsedAt rawKey } }',
        { n: '<b>GQL</b>' },
        a.cookie,
      ).expect(200);
      const key = created.body.data.createApiKey;
      expect(key).toMatchObject({ name: 'GQL', lastUsedAt: null, rawKey: expect.stringMatching(/^sk_[0-9a-z]+_[0-9a-f]{12}\.[0-9a-f]{48}$/) });
      await t.http.get(PROBE).set('x-api-key', key.rawKey).expect(200);
      const listed = await gql('{ apiKeys { id name keyPrefix createdAt lastUsedAt } }', {}, a.cookie).expect(200);
      expect(listed.body.data.apiKeys.map((k: { name: string }) => k.name)).toEqual(['Test key', 'GQL']);
      expect(listed.body.data.apiKeys[1].lastUsedAt).not.toBeNull();
      const renamed = await gql('mutation($id: ID!) { renameApiKey(id: $id, name: "New") { id name } }', { id: key.id }, a.cookie);
      expect(renamed.body.data.renameApiKey).toEqual({ id: key.id, name: 'New' });
      const revoked = await gql('mutation($id: ID!) { revokeApiKey(id: $id) }', { id: key.id }, a.cookie);
      expect(revoked.body.data.revokeApiKey).toBe(true);
      await t.http.get(PROBE).set('x-api-key', key.rawKey).expect(401);
    });

    it('maps the REST errors: BAD_USER_INPUT, NOT_FOUND, FORBIDDEN', async () => {
      const a = await createAccount(t);
      const blank = await gql('mutation { renameApiKey(id: "000000000000000000000000", name: " ") { id } }', {}, a.cookie);
      expect(blank.body.errors[0]).toMatchObject({ message: 'Name is required', extensions: { code: 'BAD_USER_INPUT' } });
      const badId = await gql('mutation { revokeApiKey(id: "nope") }', {}, a.cookie);
      expect(badId.body.errors[0]).toMatchObject({ message: 'Invalid key ID format', extensions: { code: 'BAD_USER_INPUT' } });
      const missing = await gql(`mutation { revokeApiKey(id: "${new Types.ObjectId()}") }`, {}, a.cookie);
      expect(missing.body.errors[0]).toMatchObject({ message: 'API key not found', extensions: { code: 'NOT_FOUND' } });
      const long = await gql('mutation($n: String) { createApiKey(name: $n) { id } }', { n: 'z'.repeat(101) }, a.cookie);
      expect(long.body.errors[0]).toMatchObject({ message: 'Name must be a string with maximum 100 characters', extensions: { code: 'BAD_USER_INPUT' } });
      const starter = await createAccount(t, { plan: 'starter' });
      const denied = await gql('{ apiKeys { id } }', {}, starter.cookie);
      expect(denied.body.errors[0]).toMatchObject({ message: 'Your current plan does not include API access', extensions: { code: 'FORBIDDEN' } });
    });
  });

  describe('admin layer', () => {
    const CREATE = `mutation($input: AdminCreateUserInput!) { adminCreateUser(input: $input) {
      id email plan isAdmin parentUserId workspacesEnabled apiAccess mcpAccess createdAt } }`;
    const UPDATE = `mutation($id: ID!, $input: AdminUpdateUserInput!) { adminUpdateUser(id: $id, input: $input) {
      id plan isAdmin parentUserId workspacesEnabled apiAccess mcpAccess } }`;
    const LIST = 'query($page: Int, $limit: Int) { adminUsers(page: $page, limit: $limit) { page limit total items { id email } } }';

    it('adminCreateUser creates an account that can sign in', async () => {
      const res = await gql(
        CREATE,
        { input: { email: 'Made@Example.com', password: 'made-password', plan: 'pro', workspacesEnabled: true } },
        admin.cookie,
      ).expect(200);
      expect(res.body.data.adminCreateUser).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        email: 'made@example.com',
        plan: 'pro',
        isAdmin: false,
        parentUserId: null,
        workspacesEnabled: true,
        apiAccess: true,
        mcpAccess: true,
        createdAt: expect.any(String),
      });
      expect(await login(t, 'made@example.com', 'made-password')).toMatch(/^sps_session=/);
    });

    it('adminCreateUser with a parent, overrides and defaults (starter)', async () => {
      const res = await gql(
        CREATE,
        { input: { email: 'child@example.com', password: 'child-password', parentUserId: admin.userId, apiAccess: true, isAdmin: true } },
        admin.cookie,
      );
      expect(res.body.data.adminCreateUser).toMatchObject({ plan: 'starter', parentUserId: admin.userId, apiAccess: true, mcpAccess: false, isAdmin: true });
    });

    it('adminCreateUser errors: bad plan, bad email, short password, unknown parent, duplicate email', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ email: 'p@example.com', password: 'password-1', plan: 'gold' }, 'Invalid plan. Must be one of: starter, pro, premium', 'BAD_USER_INPUT'],
        [{ email: 'nope', password: 'password-1' }, 'A valid email is required', 'BAD_USER_INPUT'],
        [{ email: 'p@example.com', password: 'short' }, 'Password must be between 8 and 128 characters', 'BAD_USER_INPUT'],
        [{ email: 'p@example.com', password: 'password-1', parentUserId: new Types.ObjectId().toHexString() }, 'Parent user not found', 'BAD_USER_INPUT'],
        [{ email: user.email, password: 'password-1' }, 'Email is already registered', 'CONFLICT'],
      ];
      for (const [input, message, code] of cases) {
        const res = await gql(CREATE, { input }, admin.cookie);
        expect(res.body.errors[0]).toMatchObject({ message, extensions: { code } });
      }
    });

    it('adminUpdateUser changes plan, admin flag, parent, workspaces and entitlements; the guard sees it at once', async () => {
      const target = await createAccount(t, { plan: 'starter' });
      await t.http.get(PROBE).set(target.apiHeaders).expect(403);
      const res = await gql(
        UPDATE,
        { id: target.userId, input: { plan: 'premium', isAdmin: true, parentUserId: admin.userId, workspacesEnabled: true, mcpAccess: false } },
        admin.cookie,
      );
      expect(res.body.data.adminUpdateUser).toEqual({
        id: target.userId,
        plan: 'premium',
        isAdmin: true,
        parentUserId: admin.userId,
        workspacesEnabled: true,
        apiAccess: true,
        mcpAccess: false,
      });
      await t.http.get(PROBE).set(target.apiHeaders).expect(200);
      await t.http.get(PROBE).set(target.apiHeaders).set('x-service-client', 'mcp').expect(403);
      const reset = await gql(UPDATE, { id: target.userId, input: { parentUserId: null, mcpAccess: null } }, admin.cookie);
      expect(reset.body.data.adminUpdateUser).toMatchObject({ parentUserId: null, mcpAccess: true, plan: 'premium' });
    });

    it('adminUsers and adminUpdateUser show the overrides apart from the plan (null: the plan decides)', async () => {
      const target = await createAccount(t, { plan: 'pro' });
      const OVERRIDES = `mutation($id: ID!, $input: AdminUpdateUserInput!) { adminUpdateUser(id: $id, input: $input) {
        apiAccess mcpAccess apiAccessOverride mcpAccessOverride } }`;
      const listed = async () => {
        const res = await gql(
          'query($s: String) { adminUsers(search: $s) { items { apiAccessOverride mcpAccessOverride } } }',
          { s: target.email },
          admin.cookie,
        );
        return res.body.data.adminUsers.items[0];
      };
      expect(await listed()).toEqual({ apiAccessOverride: null, mcpAccessOverride: null });
      const off = await gql(OVERRIDES, { id: target.userId, input: { mcpAccess: false, apiAccess: true } }, admin.cookie);
      expect(off.body.data.adminUpdateUser).toEqual({ apiAccess: true, mcpAccess: false, apiAccessOverride: true, mcpAccessOverride: false });
      expect(await listed()).toEqual({ apiAccessOverride: true, mcpAccessOverride: false });
      const reset = await gql(OVERRIDES, { id: target.userId, input: { mcpAccess: null } }, admin.cookie);
      expect(reset.body.data.adminUpdateUser).toEqual({ apiAccess: true, mcpAccess: true, apiAccessOverride: true, mcpAccessOverride: null });
    });

    it('adminUpdateUser errors: unknown user NOT_FOUND, bad plan BAD_USER_INPUT', async () => {
      const missing = await gql(UPDATE, { id: new Types.ObjectId().toHexString(), input: { plan: 'pro' } }, admin.cookie);
      expect(missing.body.errors[0]).toMatchObject({ message: 'User not found', extensions: { code: 'NOT_FOUND' } });
      const badPlan = await gql(UPDATE, { id: user.userId, input: { plan: 'PRO' } }, admin.cookie);
      expect(badPlan.body.errors[0]).toMatchObject({ message: 'Invalid plan. Must be one of: starter, pro, premium', extensions: { code: 'BAD_USER_INPUT' } });
    });

    it('adminUsers pages through all users', async () => {
      const all = await gql(LIST, {}, admin.cookie).expect(200);
      const page = all.body.data.adminUsers;
      expect(page).toMatchObject({ page: 1, limit: 20 });
      expect(page.total).toBeGreaterThanOrEqual(4);
      expect(page.items.map((u: { id: string }) => u.id)).toEqual(expect.arrayContaining([admin.userId, user.userId]));
      const second = await gql(LIST, { page: 2, limit: 1 }, admin.cookie);
      expect(second.body.data.adminUsers).toMatchObject({ page: 2, limit: 1, total: page.total });
      expect(second.body.data.adminUsers.items).toEqual([page.items[1]]);
      const clamped = await gql(LIST, { page: 0, limit: 1000 }, admin.cookie);
      expect(clamped.body.data.adminUsers).toMatchObject({ page: 1, limit: 100 });
    });

    it('adminUsers searches email and display name (case-insensitive, literally), filters by plan, counts pages', async () => {
      const SEARCH =
        'query($search: String, $plan: String, $limit: Int) { adminUsers(search: $search, plan: $plan, limit: $limit) { total totalPages items { email plan } } }';
      const tag = `find-${Date.now()}`;
      await createAccount(t, { email: `${tag}.a@example.com`, plan: 'pro' });
      await createAccount(t, { email: `${tag}.b@example.com`, plan: 'premium' });
      await createAccount(t, { email: `other-${tag.toUpperCase()}@example.com`, plan: 'pro' });
      const found = (await gql(SEARCH, { search: ` ${tag.toUpperCase()} `, limit: 2 }, admin.cookie)).body.data.adminUsers;
      expect(found).toMatchObject({ total: 3, totalPages: 2 });
      expect(found.items.map((u: { email: string }) => u.email)).toEqual([`${tag}.a@example.com`, `${tag}.b@example.com`]);
      const pro = (await gql(SEARCH, { search: tag, plan: 'pro' }, admin.cookie)).body.data.adminUsers;
      expect(pro.items.map((u: { plan: string }) => u.plan)).toEqual(['pro', 'pro']);
      // Pattern characters are text: "." matches a dot only, ".*" matches nothing here.
      expect((await gql(SEARCH, { search: `${tag}.*` }, admin.cookie)).body.data.adminUsers.total).toBe(0);
      const badPlan = await gql(SEARCH, { plan: 'gold' }, admin.cookie);
      expect(badPlan.body.errors[0]).toMatchObject({ message: 'Invalid plan. Must be one of: starter, pro, premium', extensions: { code: 'BAD_USER_INPUT' } });
      const long = await gql(SEARCH, { search: 'x'.repeat(101) }, admin.cookie);
      expect(long.body.errors[0].message).toBe('search must be at most 100 characters');
    });

    it('adminUpdateUser sets seats, which the connection allowance follows at once', async () => {
      const SEATS = 'mutation($id: ID!, $seats: Int) { adminUpdateUser(id: $id, input: { seats: $seats }) { seats } }';
      const target = await createAccount(t, { plan: 'pro', seats: 1 });
      expect((await gql(SEATS, { id: target.userId, seats: 4 }, admin.cookie)).body.data.adminUpdateUser).toEqual({ seats: 4 });
      const usage = await t.http.get('/api/v1/usage').set(target.apiHeaders).expect(200);
      expect(usage.body.connections).toEqual({ limit: 4, used: 0, remaining: 4 });
      const bad = await gql(SEATS, { id: target.userId, seats: -1 }, admin.cookie);
      expect(bad.body.errors[0]).toMatchObject({ message: 'Seats must be a whole number of at least 0', extensions: { code: 'BAD_USER_INPUT' } });
    });

    it('FORBIDDEN for a non-admin, UNAUTHENTICATED without a session', async () => {
      for (const [query, variables] of [
        [LIST, {}],
        [CREATE, { input: { email: 'x@example.com', password: 'password-1' } }],
        [UPDATE, { id: user.userId, input: { isAdmin: true } }],
      ] as const) {
        const forbidden = await gql(query, variables, user.cookie);
        expect(forbidden.body.errors[0]).toMatchObject({ message: 'Admin access required', extensions: { code: 'FORBIDDEN' } });
        const anon = await gql(query, variables);
        expect(anon.body.errors[0]).toMatchObject({ message: 'Authentication required', extensions: { code: 'UNAUTHENTICATED' } });
      }
      const me = await gql('{ me { isAdmin } }', {}, user.cookie);
      expect(me.body.data.me.isAdmin).toBe(false);
    });
  });
});
