import { Types } from 'mongoose';
import { createAccount, createConnection, createTestApp, type TestAccount, type TestApp } from '@test/support';
import { AuditService } from '../../src/audit/audit.service';
import { waitFor } from '../publishing/publishing-helpers';

type Gql = { data?: Record<string, any> | null; errors?: Array<{ message: string; extensions?: { code?: string } }> };
type Entry = { action: string; actor: Record<string, unknown>; target: { type: string; id: string } | null; details: Record<string, unknown> | null };

/** The audit log: who did what in an account, by whom (owner, member, API key, MCP, system), never a secret. */
describe('Audit log (REST, GraphQL)', () => {
  let t: TestApp;
  let owner: TestAccount;
  let platformId: string;
  let member: TestAccount;
  const secrets: string[] = [];

  const gql = async (cookie: string, query: string, variables: Record<string, unknown> = {}): Promise<Gql> =>
    (await t.http.post('/graphql').set('content-type', 'application/json').set('Cookie', cookie).send({ query, variables })).body as Gql;
  const data = (res: Gql) => {
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data!;
  };
  const log = async (query: Record<string, string> = {}): Promise<Entry[]> => {
    const res = await t.http
      .get('/api/v1/audit-log')
      .query({ limit: '100', ...query })
      .set(owner.apiHeaders);
    expect(res.status).toBe(200);
    return res.body.entries;
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { MIN_POST_SPACING_SECONDS: '0' } });
    owner = await createAccount(t, { plan: 'pro' });
    platformId = (await createConnection(t, owner.userId, { platform: 'bluesky' })).platformId;
    member = await createAccount(t, { plan: 'starter' });
    const invited = data(
      await gql(owner.cookie, `mutation($e: String!) { inviteMember(email: $e, role: "admin") { link } }`, { e: member.email }),
    ).inviteMember;
    secrets.push(invited.link.split('/invite/')[1]);
    expect(
      (
        await t.http
          .post(`/auth/invites/${invited.link.split('/invite/')[1]}/accept`)
          .set('Cookie', member.cookie)
          .send({})
      ).status,
    ).toBe(200);
  }, 60_000);
  afterAll(() => t?.close());

  it('records each change with its actor: the owner, a team member, an API key, an MCP client and the service', async () => {
    const byMember = data(
      await gql(member.cookie, `mutation($input: CreatePostInput!) { createPost(input: $input) { id } }`, {
        input: { content: 'by the member', platforms: [platformId] },
      }),
    ).createPost.id;
    const byKey = (
      await t.http
        .post('/api/v1/create-post')
        .set(owner.apiHeaders)
        .send({ content: 'by the key', platforms: [platformId] })
    ).body.postGroupId;
    const byMcp = (
      await t.http
        .post('/api/v1/create-post')
        .set({ ...owner.apiHeaders, 'x-service-client': 'mcp' })
        .send({ content: 'by the assistant', platforms: [platformId] })
    ).body.postGroupId;
    expect(
      (
        await t.http
          .put(`/api/v1/update-post/${byKey}`)
          .set(owner.apiHeaders)
          .send({ status: 'scheduled', scheduledTime: new Date(Date.now() + 3_600_000).toISOString() })
      ).status,
    ).toBe(200);
    expect((await t.http.delete(`/api/v1/delete-post/${byMcp}`).set(owner.apiHeaders)).status).toBe(200);

    const key = await t.http.post('/auth/api-keys').set('Cookie', owner.cookie).send({ name: 'audited' });
    expect(key.status).toBe(201);
    expect(key.body.apiKey.rawKey).toEqual(expect.any(String));
    secrets.push(key.body.apiKey.rawKey);
    const hook = await t.http
      .post('/api/v1/webhooks')
      .set(owner.apiHeaders)
      .send({ name: 'audit', url: 'https://example.com/hook', events: ['post.published'] });
    expect(hook.status).toBe(201);
    secrets.push(hook.body.webhook.secret);
    expect((await t.http.delete(`/api/v1/webhooks/${hook.body.webhook._id}`).set(owner.apiHeaders)).status).toBe(200);

    const entries = await log();
    const find = (action: string, targetId?: string) => entries.find((e) => e.action === action && (!targetId || e.target?.id === targetId));
    expect(find('post.created', byMember)).toMatchObject({
      actor: { type: 'member', userId: member.userId, email: member.email, role: 'admin' },
      target: { type: 'post_group', id: byMember },
    });
    expect(find('post.created', byKey)!.actor).toEqual({ type: 'api_key', keyPrefix: expect.any(String) });
    expect(owner.apiKey.startsWith(String(find('post.created', byKey)!.actor.keyPrefix))).toBe(true);
    expect(find('post.created', byMcp)!.actor.type).toBe('mcp');
    expect(find('post.updated', byKey)!.details).toMatchObject({ fields: expect.arrayContaining(['status', 'scheduledTime']), status: 'scheduled' });
    expect(find('post.deleted', byMcp)).toBeTruthy();
    expect(find('api_key.created')!.actor).toEqual({ type: 'owner', userId: owner.userId, email: owner.email });
    expect(find('webhook.created', hook.body.webhook._id)!.details).toEqual({ url: 'https://example.com/hook', events: ['post.published'] });
    expect(find('webhook.deleted', hook.body.webhook._id)).toBeTruthy();
    expect(find('team.invite_sent')!.details).toEqual({ email: member.email, role: 'admin' });
    expect(find('team.invite_accepted')!.actor).toMatchObject({ type: 'member', email: member.email });
    expect(find('connection.created', platformId)!.actor).toEqual({ type: 'system' });
    expect(find('auth.signed_in')!.actor).toMatchObject({ type: 'owner', email: owner.email });

    // Nothing secret is ever written: no API key, webhook secret or invitation token.
    const everything = JSON.stringify(await t.connection.collection('audit_log').find({}).toArray());
    for (const secret of secrets) expect(everything).not.toContain(secret);
  });

  it('pages and filters over REST; refuses bad filters with a clear message', async () => {
    const created = await log({ action: 'post.created' });
    expect(created.length).toBeGreaterThanOrEqual(3);
    expect(created.every((e) => e.action === 'post.created')).toBe(true);
    expect((await log({ actorType: 'member' })).every((e) => e.actor.type === 'member')).toBe(true);
    const first = await t.http.get('/api/v1/audit-log').query({ limit: '2', page: '1' }).set(owner.apiHeaders);
    const second = await t.http.get('/api/v1/audit-log').query({ limit: '2', page: '2' }).set(owner.apiHeaders);
    expect(first.body).toMatchObject({ success: true, page: 1, limit: 2, total: expect.any(Number) });
    expect(first.body.entries).toHaveLength(2);
    expect(second.body.entries[0].id).not.toBe(first.body.entries[1].id);
    // Newest first.
    expect(Date.parse(first.body.entries[0].at)).toBeGreaterThanOrEqual(Date.parse(first.body.entries[1].at));
    expect(await log({ from: new Date(Date.now() + 60_000).toISOString() })).toEqual([]);

    for (const [query, message] of [
      [{ page: '0' }, 'page must be a positive integer'],
      [{ limit: '101' }, 'limit must be an integer from 1 to 100'],
      [{ actorType: 'robot' }, 'actorType must be one of owner, member, api_key, mcp, review_link, system'],
      [{ from: 'yesterday' }, 'from must be an ISO 8601 date'],
    ] as const) {
      const res = await t.http.get('/api/v1/audit-log').query(query).set(owner.apiHeaders);
      expect([res.status, res.body]).toEqual([400, { error: message }]);
    }
    // Another account sees none of it.
    const stranger = await createAccount(t, { plan: 'pro' });
    const theirs = await t.http.get('/api/v1/audit-log').query({ action: 'post.created' }).set(stranger.apiHeaders);
    expect(theirs.body.entries).toEqual([]);
  });

  it('GraphQL: owners and admins read it, editors and viewers are refused', async () => {
    const QUERY = `{ auditLog(limit: 5, action: "post.created") { total entries { action actor { type email role } target } } }`;
    const page = data(await gql(member.cookie, QUERY)).auditLog;
    expect(page.entries.length).toBeGreaterThan(0);
    expect(page.entries.every((e: Entry) => e.action === 'post.created')).toBe(true);
    data(await gql(owner.cookie, `mutation($u: ID!) { changeMemberRole(userId: $u, role: "editor") { role } }`, { u: member.userId }));
    const refused = await gql(member.cookie, QUERY);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const roleChange = (await log({ action: 'team.role_changed' }))[0];
    expect(roleChange).toMatchObject({ actor: { type: 'owner' }, target: { type: 'member', id: member.userId }, details: { role: 'editor' } });
  });

  it('keeps entries AUDIT_RETENTION_DAYS: older ones are deleted', async () => {
    await t.connection.collection('audit_log').insertOne({
      accountId: new Types.ObjectId(owner.userId),
      at: new Date(Date.now() - 400 * 86_400_000),
      action: 'post.created',
      actor: { type: 'system' },
      target: null,
      details: { old: true },
    });
    expect(await t.connection.collection('audit_log').countDocuments({ 'details.old': true })).toBe(1);
    expect(await t.app.get(AuditService).deleteExpired()).toBeGreaterThanOrEqual(1);
    await waitFor(async () => (await t.connection.collection('audit_log').countDocuments({ 'details.old': true })) === 0);
    expect((await log({ action: 'post.created' })).length).toBeGreaterThan(0);
  });
});
