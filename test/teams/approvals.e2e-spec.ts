import { createAccount, createConnection, createTestApp, type TestAccount, type TestApp } from '@test/support';
import { FakeMastodonServer } from '@test/support/fakes';
import type { OutgoingMail } from '../../src/limits/mail-transport';
import { FAST_ENGINE_ENV, waitFor, waitForGroup } from '../publishing/publishing-helpers';
import { everyDay } from '../queue/queue-helpers';
import { startReceiver, type Receiver } from '../webhooks/receiver';

type Gql = { data?: Record<string, any> | null; errors?: Array<{ message: string; extensions?: { code?: string } }> };

/** Approval before publishing: an editor's post waits as a draft until an approver schedules it or sends it back. */
describe('Teams: approval before publishing (engine and the Mastodon fake)', () => {
  const mastodon = new FakeMastodonServer();
  let t: TestApp;
  let owner: TestAccount;
  let editor: TestAccount;
  let admin: TestAccount;
  let receiver: Receiver;
  let md: string;
  let n = 0;
  const mails: OutgoingMail[] = [];

  const gql = async (cookie: string, query: string, variables: Record<string, unknown> = {}): Promise<Gql> =>
    (await t.http.post('/graphql').set('content-type', 'application/json').set('Cookie', cookie).send({ query, variables })).body as Gql;
  const data = (res: Gql) => {
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data!;
  };
  const errorOf = (res: Gql) => [res.errors?.[0]?.message, res.errors?.[0]?.extensions?.code];
  const unique = (text: string) => `${text} ${++n}-${Date.now()}`;

  const APPROVAL = `approval { state requestedByEmail scheduledTime queue decidedByEmail comment }`;
  const CREATE = `mutation($input: CreatePostInput!) { createPost(input: $input) { id status scheduledTime ${APPROVAL} } }`;
  const APPROVE = `mutation($id: ID!) { approvePost(id: $id) { id status scheduledTime ${APPROVAL} } }`;
  const REJECT = `mutation($id: ID!, $c: String) { rejectPost(id: $id, comment: $c) { id status ${APPROVAL} } }`;

  async function join(role: string): Promise<TestAccount> {
    const member = await createAccount(t, { plan: 'starter' });
    const { link } = data(
      await gql(owner.cookie, `mutation($e: String!, $r: String!) { inviteMember(email: $e, role: $r) { link } }`, { e: member.email, r: role }),
    ).inviteMember;
    const accepted = await t.http
      .post(`/auth/invites/${link.split('/invite/')[1]}/accept`)
      .set('Cookie', member.cookie)
      .send({});
    expect(accepted.status).toBe(200);
    return member;
  }

  beforeAll(async () => {
    await mastodon.start();
    mastodon.setToken('md-token');
    receiver = await startReceiver();
    t = await createTestApp({
      env: {
        ...FAST_ENGINE_ENV,
        WEBHOOKS_WORKER_ENABLED: 'true',
        WEBHOOKS_WORKER_INTERVAL_MS: '50',
        WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true',
      },
      extensions: { mail: { useValue: { send: async (mail: OutgoingMail) => void mails.push(mail) } } },
    });
    owner = await createAccount(t, { plan: 'pro' });
    md = (
      await createConnection(t, owner.userId, {
        platform: 'mastodon',
        externalId: mastodon.account.id,
        username: 'alice',
        accessToken: 'md-token',
        instanceUrl: mastodon.baseUrl,
      })
    ).platformId;
    editor = await join('editor');
    admin = await join('admin');
    const hook = await t.http
      .post('/api/v1/webhooks')
      .set(owner.apiHeaders)
      .send({ name: 'approvals', url: receiver.url, events: ['post.approval_requested', 'post.approval_decided', 'post.published'] });
    expect(hook.status).toBe(201);
    expect(data(await gql(owner.cookie, `mutation { setRequireApproval(requireApproval: true) }`)).setRequireApproval).toBe(true);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    await mastodon.stop();
  });

  it("an editor's post waits as a draft; the owner approves it and it publishes once, with both events", async () => {
    const content = unique('Needs a yes');
    const created = data(await gql(editor.cookie, CREATE, { input: { content, platforms: [md], scheduledTime: new Date().toISOString() } })).createPost;
    expect(created).toMatchObject({ status: 'draft', approval: { state: 'pending', requestedByEmail: editor.email, queue: false, decidedByEmail: null } });
    // The spec's views are unchanged: a draft, no approval field.
    const rest = await t.http.get(`/api/v1/get-post/${created.id}`).set(owner.apiHeaders);
    expect(rest.body.status).toBe('draft');
    expect(rest.body).not.toHaveProperty('approval');
    await new Promise((r) => setTimeout(r, 500));
    expect(mastodon.posts.filter((p) => p.text === content)).toEqual([]);

    // The editor cannot approve; the owner sees it waiting.
    expect(errorOf(await gql(editor.cookie, APPROVE, { id: created.id }))).toEqual([
      'Your role in this account (editor) cannot do this: it needs the admin role or the owner',
      'FORBIDDEN',
    ]);
    const waiting = data(await gql(owner.cookie, `{ postsAwaitingApproval { id content } }`)).postsAwaitingApproval;
    expect(waiting).toContainEqual({ id: created.id, content });

    const approved = data(await gql(owner.cookie, APPROVE, { id: created.id })).approvePost;
    expect(approved).toMatchObject({ status: 'scheduled', approval: { state: 'approved', decidedByEmail: owner.email } });
    const group = await waitForGroup(t, owner.apiHeaders, created.id);
    expect(group.status).toBe('published');
    expect(mastodon.posts.filter((p) => p.text === content)).toHaveLength(1);
    expect(data(await gql(owner.cookie, `{ postsAwaitingApproval { id } }`)).postsAwaitingApproval).not.toContainEqual({ id: created.id });

    const events = await waitFor(async () => {
      const mine = receiver.requests.filter((r) => r.body.data.postGroupId === created.id).map((r) => r.body);
      return mine.length >= 3 ? mine : null;
    });
    expect(events.find((e) => e.event === 'post.approval_requested')!.data).toEqual({
      postGroupId: created.id,
      requestedBy: editor.email,
      scheduledTime: expect.any(String),
      queue: false,
      requestedAt: expect.any(String),
    });
    expect(events.find((e) => e.event === 'post.approval_decided')!.data).toEqual({
      postGroupId: created.id,
      decision: 'approved',
      decidedBy: owner.email,
      comment: null,
      decidedAt: expect.any(String),
    });
    expect(events.map((e) => e.event)).toContain('post.published');

    // The audit log names who asked, who approved, and the service for the publish.
    const audit = await waitFor(async () => {
      const res = await t.http.get('/api/v1/audit-log').query({ limit: '100' }).set(owner.apiHeaders);
      const mine = (res.body.entries as Array<{ action: string; actor: { type: string; email?: string }; target: { id: string } | null }>).filter(
        (e) => e.target?.id === created.id,
      );
      return mine.some((e) => e.action === 'post.published') ? mine : null;
    });
    const actorOf = (action: string) => audit.find((e) => e.action === action)?.actor;
    expect(actorOf('post.created')).toMatchObject({ type: 'member', email: editor.email });
    expect(actorOf('post.approval_requested')).toMatchObject({ type: 'member', email: editor.email });
    expect(actorOf('post.approved')).toMatchObject({ type: 'owner', email: owner.email });
    expect(actorOf('post.published')).toEqual({ type: 'system' });
  });

  it('e-mails: the invitation with its link, each approver when a post asks, the editor when it is decided', async () => {
    const invitedTo = mails.find((m) => m.to === editor.email && /invited you/.test(m.subject));
    expect(invitedTo?.text).toMatch(/\/invite\/[A-Za-z0-9_-]{43}/);
    const content = unique('Mail me');
    const id = data(await gql(editor.cookie, CREATE, { input: { content, platforms: [md], scheduledTime: new Date(Date.now() + 3_600_000).toISOString() } }))
      .createPost.id;
    const asked = await waitFor(async () => {
      const found = mails.filter((m) => m.text.includes(id) && /asks you to approve/.test(m.subject));
      return found.length >= 2 ? found : null;
    });
    expect(asked.map((m) => m.to).sort()).toEqual([owner.email, admin.email].sort());
    expect(asked[0].subject).toBe(`${editor.email} asks you to approve a post`);
    data(await gql(owner.cookie, REJECT, { id, c: 'Add the date' }));
    const told = await waitFor(async () => mails.find((m) => m.to === editor.email && m.text.includes(id)));
    expect(told.subject).toBe('Your post was sent back');
    expect(told.text).toContain('Add the date');
  });

  it('a rejection keeps it a draft with the comment; a second decision is refused', async () => {
    const content = unique('Not like this');
    const id = data(await gql(editor.cookie, CREATE, { input: { content, platforms: [md], scheduledTime: new Date(Date.now() + 3_600_000).toISOString() } }))
      .createPost.id;
    const rejected = data(await gql(admin.cookie, REJECT, { id, c: '  Please add the link  ' })).rejectPost;
    expect(rejected).toMatchObject({ status: 'draft', approval: { state: 'rejected', decidedByEmail: admin.email, comment: 'Please add the link' } });
    expect(errorOf(await gql(owner.cookie, APPROVE, { id }))).toEqual(['This post is not awaiting approval', 'BAD_USER_INPUT']);
    expect(errorOf(await gql(owner.cookie, REJECT, { id, c: 'no' }))).toEqual(['This post is not awaiting approval', 'BAD_USER_INPUT']);

    // Asking again (scheduling the draft) is a new request.
    const again = data(
      await gql(editor.cookie, `mutation($id: ID!) { updatePost(id: $id, input: { status: "scheduled" }) { status ${APPROVAL} } }`, { id }),
    ).updatePost;
    expect(again).toMatchObject({ status: 'draft', approval: { state: 'pending', comment: null } });
    expect(errorOf(await gql(owner.cookie, REJECT, { id, c: 'x'.repeat(2001) }))).toEqual(['comment must be at most 2000 characters', 'BAD_USER_INPUT']);
  });

  it('editing an approved post that has not gone out sends it back for approval; approval keeps the asked time', async () => {
    const later = new Date(Date.now() + 86_400_000);
    const id = data(await gql(editor.cookie, CREATE, { input: { content: unique('Tomorrow'), platforms: [md], scheduledTime: later.toISOString() } }))
      .createPost.id;
    const approved = data(await gql(owner.cookie, APPROVE, { id })).approvePost;
    expect([approved.status, approved.scheduledTime]).toEqual(['scheduled', later.toISOString()]);

    const edited = data(
      await gql(editor.cookie, `mutation($id: ID!) { updatePost(id: $id, input: { content: "Tomorrow, reworded" }) { status content ${APPROVAL} } }`, { id }),
    ).updatePost;
    expect(edited).toMatchObject({ status: 'draft', content: 'Tomorrow, reworded', approval: { state: 'pending', scheduledTime: later.toISOString() } });
    // An admin's own edits need no approval.
    const byAdmin = data(await gql(admin.cookie, APPROVE, { id })).approvePost;
    expect(byAdmin.status).toBe('scheduled');
    const adminEdit = data(
      await gql(admin.cookie, `mutation($id: ID!) { updatePost(id: $id, input: { content: "Admin wording" }) { status } }`, { id }),
    ).updatePost;
    expect(adminEdit.status).toBe('scheduled');
  });

  it('add to queue waits for approval and takes the next free slot once approved', async () => {
    expect(
      (
        await gql(owner.cookie, `mutation($id: String!, $input: QueueScheduleInput!) { setQueueSchedule(platformId: $id, input: $input) { configured } }`, {
          id: md,
          input: { timeZone: 'UTC', slots: everyDay('09:00', '21:00') },
        })
      ).errors,
    ).toBeUndefined();
    const added = data(
      await gql(editor.cookie, `mutation($input: AddToQueueInput!) { addToQueue(input: $input) { postGroupId scheduledTime awaitingApproval } }`, {
        input: { content: unique('Queued once approved'), platforms: [md] },
      }),
    ).addToQueue;
    expect(added).toEqual({ postGroupId: expect.any(String), scheduledTime: null, awaitingApproval: true });
    const next = data(await gql(owner.cookie, `query($ids: [String!]!) { nextQueueSlots(platformIds: $ids, count: 1) }`, { ids: [md] })).nextQueueSlots[0];
    const approved = data(
      await gql(owner.cookie, `mutation($id: ID!) { approvePost(id: $id) { status scheduledTime fromQueue } }`, { id: added.postGroupId }),
    ).approvePost;
    expect(approved).toEqual({ status: 'scheduled', scheduledTime: next, fromQueue: true });
  });

  it('an approval racing a delete: the post is gone and nothing is published', async () => {
    const content = unique('Deleted while approved');
    const id = data(await gql(editor.cookie, CREATE, { input: { content, platforms: [md], scheduledTime: new Date().toISOString() } })).createPost.id;
    const [approval, deletion] = await Promise.all([gql(owner.cookie, APPROVE, { id }), t.http.delete(`/api/v1/delete-post/${id}`).set(owner.apiHeaders)]);
    expect(deletion.status).toBe(200);
    await new Promise((r) => setTimeout(r, 800));
    expect((await t.http.get(`/api/v1/get-post/${id}`).set(owner.apiHeaders)).status).toBe(404);
    expect(mastodon.posts.filter((p) => p.text === content)).toEqual([]);
    if (approval.errors) expect(approval.errors[0].extensions?.code).toMatch(/NOT_FOUND|BAD_USER_INPUT/);
  });

  it('REST for integrators: the waiting list, reject with a comment, approve; the same refusals', async () => {
    const content = unique('Over REST');
    const later = new Date(Date.now() + 7_200_000).toISOString();
    const id = data(await gql(editor.cookie, CREATE, { input: { content, platforms: [md], scheduledTime: later } })).createPost.id;
    const list = await t.http.get('/api/v1/approvals').set(owner.apiHeaders);
    expect(list.status).toBe(200);
    expect(list.body.posts).toContainEqual({
      postGroupId: id,
      content,
      platforms: ['mastodon'],
      requestedBy: editor.userId,
      requestedAt: expect.any(String),
      scheduledTime: later,
      queue: false,
    });
    const rejected = await t.http.post(`/api/v1/approvals/${id}/reject`).set(owner.apiHeaders).send({ comment: 'Shorter, please' });
    expect([rejected.status, rejected.body]).toEqual([200, { success: true, postGroupId: id, state: 'rejected', status: 'draft' }]);
    const again = await t.http.post(`/api/v1/approvals/${id}/approve`).set(owner.apiHeaders).send({});
    expect([again.status, again.body]).toEqual([400, { error: 'This post is not awaiting approval' }]);
    data(await gql(editor.cookie, `mutation($id: ID!) { updatePost(id: $id, input: { status: "scheduled" }) { status } }`, { id }));
    const approved = await t.http.post(`/api/v1/approvals/${id}/approve`).set(owner.apiHeaders).send({});
    expect([approved.status, approved.body]).toEqual([200, { success: true, postGroupId: id, state: 'approved', status: 'scheduled' }]);
    expect((await t.http.get(`/api/v1/get-post/${id}`).set(owner.apiHeaders)).body).toMatchObject({ status: 'scheduled', scheduledTime: later });
    const unknown = await t.http.post('/api/v1/approvals/665f1c2b9d3e4a0012345678/approve').set(owner.apiHeaders).send({});
    expect([unknown.status, unknown.body]).toEqual([404, { error: 'Post group not found' }]);
  });

  it('without the setting, or for the API, nothing waits', async () => {
    const viaKey = await t.http
      .post('/api/v1/create-post')
      .set(owner.apiHeaders)
      .send({ content: unique('By key'), platforms: [md], scheduledTime: new Date(Date.now() + 3_600_000).toISOString() });
    expect(viaKey.status).toBe(200);
    expect((await t.http.get(`/api/v1/get-post/${viaKey.body.postGroupId}`).set(owner.apiHeaders)).body.status).toBe('scheduled');
    data(await gql(owner.cookie, `mutation { setRequireApproval(requireApproval: false) }`));
    const direct = data(
      await gql(editor.cookie, CREATE, { input: { content: unique('Free'), platforms: [md], scheduledTime: new Date(Date.now() + 3_600_000).toISOString() } }),
    ).createPost;
    expect(direct).toMatchObject({ status: 'scheduled', approval: null });
    expect(errorOf(await gql(editor.cookie, `mutation { setRequireApproval(requireApproval: true) }`))[1]).toBe('FORBIDDEN');
    data(await gql(owner.cookie, `mutation { setRequireApproval(requireApproval: true) }`));
  });
});
