import { Types } from 'mongoose';
import { createAccount, createConnection, createTestApp, type TestAccount, type TestApp } from '@test/support';
import { login, sessionCookie } from '@test/support/fixtures/accounts';

type Gql = { data?: Record<string, any> | null; errors?: Array<{ message: string; extensions?: { code?: string } }> };

/** Teams: invitations, roles checked on every operation, the account switcher and tenant isolation. */
describe('Teams (GraphQL and the invitation routes)', () => {
  let t: TestApp;
  let owner: TestAccount;
  let platformId: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { MIN_POST_SPACING_SECONDS: '0' } });
    owner = await createAccount(t, { plan: 'pro' });
    platformId = (await createConnection(t, owner.userId, { platform: 'bluesky' })).platformId;
  }, 60_000);
  afterAll(() => t?.close());

  const gql = async (cookie: string, query: string, variables: Record<string, unknown> = {}): Promise<Gql> =>
    (await t.http.post('/graphql').set('content-type', 'application/json').set('Cookie', cookie).send({ query, variables })).body as Gql;
  const data = (res: Gql) => {
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data!;
  };
  const errorOf = (res: Gql) => [res.errors?.[0]?.message, res.errors?.[0]?.extensions?.code];

  const INVITE = `mutation($email: String!, $role: String!) { inviteMember(email: $email, role: $role) { link emailed invite { id email role } } }`;
  const CONTEXT = `{ teamContext { personEmail personIsAdmin accountId accountEmail role accounts { accountId role current } } }`;
  const SWITCH = `mutation($id: ID!) { switchAccount(accountId: $id) { accountId current } }`;
  const tokenOf = (link: string) => link.split('/invite/')[1];

  /** Invites an existing person into `account` with `role`, accepts signed in as them, and returns their cookie acting there. */
  async function join(account: TestAccount, role: string, person?: TestAccount): Promise<TestAccount> {
    const member = person ?? (await createAccount(t, { plan: 'starter' }));
    const { link } = data(await gql(account.cookie, INVITE, { email: member.email, role })).inviteMember;
    const accepted = await t.http
      .post(`/auth/invites/${tokenOf(link)}/accept`)
      .set('Cookie', member.cookie)
      .send({});
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ accountId: account.userId, role });
    return member;
  }

  describe('invitations', () => {
    it('invites by e-mail with a role; the link describes the invitation and makes a new account that acts in the team', async () => {
      const email = `newcomer-${Date.now()}@example.com`;
      const invited = data(await gql(owner.cookie, INVITE, { email: ` ${email.toUpperCase()} `, role: 'editor' })).inviteMember;
      expect(invited).toMatchObject({ emailed: false, invite: { email, role: 'editor' } });
      expect(invited.link).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
      // Only the token's hash is stored.
      const stored = await t.connection.collection('team_invites').findOne({ email });
      expect(JSON.stringify(stored)).not.toContain(tokenOf(invited.link));
      expect(data(await gql(owner.cookie, `{ teamInvites { email role invitedByEmail } }`)).teamInvites).toEqual([
        { email, role: 'editor', invitedByEmail: owner.email },
      ]);

      const token = tokenOf(invited.link);
      const described = await t.http.get(`/auth/invites/${token}`);
      expect(described.status).toBe(200);
      expect(described.body).toEqual({
        email,
        role: 'editor',
        accountEmail: owner.email,
        accountName: null,
        invitedByEmail: owner.email,
        expiresAt: expect.any(String),
        hasAccount: false,
      });

      // No session, no password: nothing is made.
      expect((await t.http.post(`/auth/invites/${token}/accept`).send({})).body).toEqual({ error: 'password is required to create your account' });
      expect((await t.http.post(`/auth/invites/${token}/accept`).send({ password: 'short' })).status).toBe(400);
      const accepted = await t.http.post(`/auth/invites/${token}/accept`).send({ password: 'a-long-enough-password' });
      expect([accepted.status, accepted.body.error]).toEqual([200, undefined]);
      expect(accepted.body).toMatchObject({ accountId: owner.userId, role: 'editor', user: { email } });
      const cookie = sessionCookie(accepted.headers['set-cookie'])!;
      expect(data(await gql(cookie, CONTEXT)).teamContext).toMatchObject({
        personEmail: email,
        personIsAdmin: false,
        accountId: owner.userId,
        accountEmail: owner.email,
        role: 'editor',
      });

      // Used once: the link no longer works, and the member is listed.
      expect((await t.http.post(`/auth/invites/${token}/accept`).send({ password: 'a-long-enough-password' })).body).toEqual({
        error: 'This invitation has already been used',
      });
      const members = data(await gql(owner.cookie, `{ teamMembers { email role } }`)).teamMembers;
      expect(members[0]).toEqual({ email: owner.email, role: 'owner' });
      expect(members).toContainEqual({ email, role: 'editor' });
      expect(data(await gql(owner.cookie, `{ teamInvites { email } }`)).teamInvites).toEqual([]);
    });

    it('refuses bad input, the owner, members, another address, an existing account not signed in, expired and revoked links', async () => {
      for (const [email, role, message] of [
        ['not-an-email', 'editor', 'A valid email is required'],
        ['a@example.com', 'owner', "role must be one of 'admin', 'editor', 'viewer'"],
        [owner.email, 'admin', 'You cannot invite the account owner'],
      ]) {
        expect(errorOf(await gql(owner.cookie, INVITE, { email, role }))).toEqual([message, 'BAD_USER_INPUT']);
      }
      const member = await join(owner, 'viewer');
      expect(errorOf(await gql(owner.cookie, INVITE, { email: member.email, role: 'admin' }))).toEqual([
        `${member.email} is already a member of this account`,
        'CONFLICT',
      ]);

      const someone = await createAccount(t, { plan: 'starter' });
      const stranger = await createAccount(t, { plan: 'starter' });
      const { link } = data(await gql(owner.cookie, INVITE, { email: someone.email, role: 'editor' })).inviteMember;
      const token = tokenOf(link);
      expect((await t.http.post(`/auth/invites/${token}/accept`).set('Cookie', stranger.cookie).send({})).body).toEqual({
        error: `This invitation is for ${someone.email}: sign in with that address to accept it`,
      });
      const anonymous = await t.http.post(`/auth/invites/${token}/accept`).send({ password: 'whatever-password' });
      expect([anonymous.status, anonymous.body]).toEqual([401, { error: `An account exists for ${someone.email}: sign in to accept the invitation` }]);

      await t.connection.collection('team_invites').updateOne({ email: someone.email }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
      const expired = await t.http.post(`/auth/invites/${token}/accept`).set('Cookie', someone.cookie).send({});
      expect([expired.status, expired.body]).toEqual([410, { error: 'This invitation has expired: ask for a new one' }]);

      // A new invitation replaces the old link; revoking it ends the new one.
      const again = data(await gql(owner.cookie, INVITE, { email: someone.email, role: 'editor' })).inviteMember;
      expect((await t.http.get(`/auth/invites/${token}`)).status).toBe(404);
      expect(data(await gql(owner.cookie, `mutation($id: ID!) { revokeTeamInvite(id: $id) }`, { id: again.invite.id })).revokeTeamInvite).toBe(true);
      const revoked = await t.http.get(`/auth/invites/${tokenOf(again.link)}`);
      expect([revoked.status, revoked.body]).toEqual([404, { error: 'Invitation not found' }]);
      expect(await t.connection.collection('memberships').countDocuments({ userId: someone.userId })).toBe(0);
    });
  });

  describe('roles on every operation', () => {
    /** A value of a GraphQL input type that passes validation, built from the schema. */
    type TypeRef = { kind: string; name: string | null; ofType: TypeRef | null };
    type InputField = { name: string; type: TypeRef };
    let types: Map<string, { kind: string; inputFields: InputField[] | null; enumValues: Array<{ name: string }> | null }>;
    let mutations: Array<{ name: string; args: InputField[] }>;

    beforeAll(async () => {
      const schema = data(
        await gql(
          owner.cookie,
          `{ __schema { mutationType { fields { name args { name type { ...T } } } }
             types { name kind enumValues { name } inputFields { name type { ...T } } } } }
           fragment T on __Type { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } }`,
        ),
      ).__schema;
      types = new Map(schema.types.map((x: any) => [x.name, x]));
      mutations = schema.mutationType.fields;
    });

    const ID = '665f1c2b9d3e4a0012345678';
    function valueOf(type: TypeRef, depth = 0): unknown {
      if (type.kind === 'NON_NULL') return valueOf(type.ofType!, depth);
      if (type.kind === 'LIST') return [valueOf(type.ofType!, depth)];
      const named = types.get(type.name!)!;
      if (named.kind === 'ENUM') return named.enumValues![0].name;
      if (named.kind === 'INPUT_OBJECT') {
        const fields = named.inputFields!.filter((f) => f.type.kind === 'NON_NULL');
        return Object.fromEntries(fields.map((f) => [f.name, depth > 4 ? null : valueOf(f.type, depth + 1)]));
      }
      return { ID, String: 'x', Int: 1, Float: 1, Boolean: true, DateTime: new Date(Date.now() + 86_400_000).toISOString(), JSON: {} }[type.name!] ?? 'x';
    }
    const typeString = (type: TypeRef): string =>
      type.kind === 'NON_NULL' ? `${typeString(type.ofType!)}!` : type.kind === 'LIST' ? `[${typeString(type.ofType!)}]` : type.name!;

    /** Calls the mutation with schema-valid arguments; returns its error (message, code) or null. */
    async function attempt(cookie: string, mutation: { name: string; args: InputField[] }) {
      const required = mutation.args.filter((a) => a.type.kind === 'NON_NULL');
      const params = required.map((a) => `$${a.name}: ${typeString(a.type)}`).join(', ');
      const args = required.map((a) => `${a.name}: $${a.name}`).join(', ');
      const vars = Object.fromEntries(required.map((a) => [a.name, valueOf(a.type)]));
      const res = await gql(cookie, `mutation${params ? `(${params})` : ''} { ${mutation.name}${args ? `(${args})` : ''} { __typename } }`, vars);
      // Scalars take no selection: retry without one.
      const retried =
        res.errors?.[0]?.message.includes('must not have a selection') || res.errors?.[0]?.message.includes('subselection')
          ? await gql(cookie, `mutation${params ? `(${params})` : ''} { ${mutation.name}${args ? `(${args})` : ''} }`, vars)
          : res;
      return retried.errors?.[0] ? { message: retried.errors[0].message, code: retried.errors[0].extensions?.code } : null;
    }

    // The operations each role gets beyond reading; anything else is refused before it runs.
    const PERSONAL = ['updateProfile', 'changePassword', 'revokeSession', 'switchAccount', 'leaveAccount'];
    const SITE_ADMIN = ['adminCreateUser', 'adminUpdateUser', 'adminCreateConnection'];
    const EDITOR = [
      'createPost',
      'updatePost',
      'deletePost',
      'createUploadUrl',
      'deleteMedia',
      'setMediaAltText',
      'addToQueue',
      'createReviewLink',
      'revokeReviewLink',
      'bulkCreatePosts',
      'validateBulkPosts',
    ];
    const refusal = (role: string, required: string) => `Your role in this account (${role}) cannot do this: it needs the ${required} role or the owner`;

    it.each([
      ['viewer', [] as string[]],
      ['editor', EDITOR],
      ['admin', 'all'],
    ] as const)(
      'a %s: every mutation of the schema is refused unless the role allows it',
      async (role, allowed) => {
        const member = await join(owner, role);
        data(await gql(member.cookie, SWITCH, { id: owner.userId }));
        expect(mutations.length).toBeGreaterThan(30);
        const wrong: string[] = [];
        for (const mutation of mutations) {
          if (SITE_ADMIN.includes(mutation.name)) continue;
          const error = await attempt(member.cookie, mutation);
          const refused = error?.code === 'FORBIDDEN' && error.message.startsWith(`Your role in this account (${role})`);
          const mayDo = allowed === 'all' || allowed.includes(mutation.name) || PERSONAL.includes(mutation.name);
          if (refused === mayDo) wrong.push(`${mutation.name}: ${JSON.stringify(error)}`);
          // An allowed one must have reached its resolver: not stopped by the query's own validation.
          if (mayDo && error && (error.code === 'GRAPHQL_VALIDATION_FAILED' || /^Variable "\$/.test(error.message)))
            wrong.push(`${mutation.name} not run: ${error.message}`);
          if (refused) expect(error!.message).toBe(refusal(role, EDITOR.includes(mutation.name) ? 'editor' : 'admin'));
        }
        expect(wrong).toEqual([]);
      },
      120_000,
    );

    it('reads are open to every role; the invitations list and REST writes on session routes need an admin', async () => {
      const viewer = await join(owner, 'viewer');
      expect(data(await gql(viewer.cookie, `{ posts(limit: 5) { totalItems } connections { platformId } teamMembers { role } }`)).connections).toEqual([
        { platformId },
      ]);
      expect(errorOf(await gql(viewer.cookie, `{ teamInvites { id } }`))).toEqual([refusal('viewer', 'admin'), 'FORBIDDEN']);
      const keys = await t.http.get('/auth/api-keys').set('Cookie', viewer.cookie);
      expect(keys.status).toBe(200);
      const created = await t.http.post('/auth/api-keys').set('Cookie', viewer.cookie).send({ name: 'nope' });
      expect([created.status, created.body]).toEqual([403, { error: refusal('viewer', 'admin') }]);
    });

    it('a lowered role or a removal applies on the next request', async () => {
      const editor = await join(owner, 'editor');
      const CREATE = `mutation($input: CreatePostInput!) { createPost(input: $input) { id } }`;
      expect(data(await gql(editor.cookie, CREATE, { input: { content: 'by the editor', platforms: [platformId] } })).createPost.id).toBeTruthy();
      data(await gql(owner.cookie, `mutation($u: ID!) { changeMemberRole(userId: $u, role: "viewer") { role } }`, { u: editor.userId }));
      expect(errorOf(await gql(editor.cookie, CREATE, { input: { content: 'again', platforms: [platformId] } }))).toEqual([
        refusal('viewer', 'editor'),
        'FORBIDDEN',
      ]);
      data(await gql(owner.cookie, `mutation($u: ID!) { removeMember(userId: $u) }`, { u: editor.userId }));
      // Back in their own account: the team's posts and connections are out of sight.
      expect(data(await gql(editor.cookie, CONTEXT)).teamContext).toMatchObject({ accountId: editor.userId, role: 'owner' });
      expect(data(await gql(editor.cookie, `{ connections { platformId } }`)).connections).toEqual([]);
      expect(errorOf(await gql(owner.cookie, `mutation($u: ID!) { removeMember(userId: $u) }`, { u: editor.userId }))).toEqual([
        'Member not found',
        'NOT_FOUND',
      ]);
    });
  });

  describe('accounts and isolation', () => {
    it('a person in two teams acts in one at a time; each sees only its own posts and connections', async () => {
      const other = await createAccount(t, { plan: 'pro' });
      const otherConnection = (await createConnection(t, other.userId, { platform: 'mastodon' })).platformId;
      const person = await createAccount(t, { plan: 'starter' });
      await join(owner, 'editor', person);
      await join(other, 'viewer', person);
      // Accepting switched the session to the last team joined.
      const context = data(await gql(person.cookie, CONTEXT)).teamContext;
      expect(context).toMatchObject({ accountId: other.userId, role: 'viewer' });
      expect(context.accounts.map((a: any) => [a.accountId, a.role, a.current])).toEqual([
        [person.userId, 'owner', false],
        [owner.userId, 'editor', false],
        [other.userId, 'viewer', true],
      ]);
      expect(data(await gql(person.cookie, `{ connections { platformId } }`)).connections).toEqual([{ platformId: otherConnection }]);

      data(await gql(person.cookie, SWITCH, { id: owner.userId }));
      const created = data(
        await gql(person.cookie, `mutation($input: CreatePostInput!) { createPost(input: $input) { id } }`, {
          input: { content: 'team post', platforms: [platformId] },
        }),
      ).createPost.id;
      // The post is the team account's: its owner's API key sees it.
      expect((await t.http.get(`/api/v1/get-post/${created}`).set(owner.apiHeaders)).status).toBe(200);
      expect((await t.http.get(`/api/v1/get-post/${created}`).set(other.apiHeaders)).status).toBe(404);

      data(await gql(person.cookie, SWITCH, { id: other.userId }));
      expect(errorOf(await gql(person.cookie, `query($id: ID!) { post(id: $id) { id } }`, { id: created }))[1]).toBe('NOT_FOUND');

      // Not a member: refused, and the session stays where it was.
      expect(errorOf(await gql(person.cookie, SWITCH, { id: '665f1c2b9d3e4a0012345678' }))).toEqual(['You are not a member of that account', 'NOT_FOUND']);
      data(await gql(person.cookie, SWITCH, { id: person.userId }));
      expect(data(await gql(person.cookie, CONTEXT)).teamContext).toMatchObject({ accountId: person.userId, role: 'owner' });
    });

    it('no one changes their own role; a member may leave, after which the account is not theirs to act in', async () => {
      const admin = await join(owner, 'admin');
      expect(errorOf(await gql(admin.cookie, `mutation($u: ID!) { changeMemberRole(userId: $u, role: "viewer") { role } }`, { u: admin.userId }))).toEqual([
        'You cannot change your own role',
        'BAD_USER_INPUT',
      ]);
      expect(data(await gql(admin.cookie, `mutation($a: ID!) { leaveAccount(accountId: $a) }`, { a: owner.userId })).leaveAccount).toBe(true);
      expect(data(await gql(admin.cookie, CONTEXT)).teamContext).toMatchObject({ accountId: admin.userId, role: 'owner' });
      expect(errorOf(await gql(admin.cookie, `mutation($a: ID!) { leaveAccount(accountId: $a) }`, { a: owner.userId }))).toEqual([
        'You are not a member of that account',
        'NOT_FOUND',
      ]);
      expect(errorOf(await gql(admin.cookie, SWITCH, { id: owner.userId }))).toEqual(['You are not a member of that account', 'NOT_FOUND']);
    });

    it("personal settings are the person's own: a member's password change and sessions leave the owner's alone", async () => {
      const admin = await join(owner, 'admin');
      const changed = await gql(admin.cookie, `mutation($c: String!, $n: String!) { changePassword(currentPassword: $c, newPassword: $n) }`, {
        c: admin.password,
        n: 'the-members-new-password',
      });
      expect(data(changed).changePassword).toBe(true);
      await expect(login(t, admin.email, 'the-members-new-password')).resolves.toMatch(/^sps_session=/);
      await expect(login(t, owner.email, owner.password)).resolves.toMatch(/^sps_session=/);
      const ownerSessions = await t.connection.collection('sessions').countDocuments({ userId: new Types.ObjectId(owner.userId) });
      expect(ownerSessions).toBeGreaterThan(0);
      const sessions = data(await gql(admin.cookie, `{ sessions { current } }`)).sessions;
      expect(sessions.filter((s: any) => s.current)).toHaveLength(1);
    });

    it('API keys belong to the account and say which member made them; they act as the account', async () => {
      const admin = await join(owner, 'admin');
      const key = data(await gql(admin.cookie, `mutation { createApiKey(name: "member key") { id rawKey } }`)).createApiKey;
      const listed = data(await gql(owner.cookie, `{ apiKeys { id name createdByEmail } }`)).apiKeys;
      expect(listed).toContainEqual({ id: key.id, name: 'member key', createdByEmail: admin.email });
      const res = await t.http.get('/api/v1/platform-connections').set({ 'x-api-key': key.rawKey });
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).toContain(platformId);
    });
  });
});
