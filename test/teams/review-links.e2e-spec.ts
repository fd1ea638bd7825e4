import { planThreadParts, PLATFORM_CONTENT_RULES } from '@app/rules';
import { createAccount, createConnection, createTestApp, type TestAccount, type TestApp } from '@test/support';

type Gql = { data?: Record<string, any> | null; errors?: Array<{ message: string; extensions?: { code?: string } }> };

/** Review links: a post's preview per network for someone outside the team, who approves or comments without an account. */
describe('Teams: review links', () => {
  let t: TestApp;
  let owner: TestAccount;
  let x: string;
  let bluesky: string;

  const gql = async (cookie: string, query: string, variables: Record<string, unknown> = {}): Promise<Gql> =>
    (await t.http.post('/graphql').set('content-type', 'application/json').set('Cookie', cookie).send({ query, variables })).body as Gql;
  const data = (res: Gql) => {
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data!;
  };
  const CREATE_LINK = `mutation($id: ID!, $h: Int) { createReviewLink(postGroupId: $id, expiresInHours: $h) { url reviewLink { id active expiresAt } } }`;
  const long = Array.from({ length: 10 }, (_, i) => `Sentence ${i + 1} of the launch notes, long enough to need a thread on X.`).join(' ');

  async function draft(content = long): Promise<string> {
    const res = await t.http
      .post('/api/v1/create-post')
      .set(owner.apiHeaders)
      .send({ content, platforms: [x, bluesky], firstComment: 'Details at https://example.com' });
    expect(res.status).toBe(200);
    return res.body.postGroupId;
  }
  /** Opens the link as a browser would: the token goes into a cookie, the page is fetched with it. */
  async function open(url: string): Promise<{ cookie: string; status: number; html: string }> {
    const first = await t.http.get(new URL(url).pathname);
    if (first.status !== 303) return { cookie: '', status: first.status, html: first.text };
    expect(first.headers.location).toBe('/review/post');
    const setCookie = ([] as string[]).concat(first.headers['set-cookie'] ?? []).find((c) => c.startsWith('sps_review='))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Path=\/review/);
    const cookie = setCookie.split(';')[0];
    const page = await t.http.get('/review/post').set('Cookie', cookie);
    return { cookie, status: page.status, html: page.text };
  }
  const decide = (cookie: string, form: Record<string, string>, origin?: string) => {
    const req = t.http.post('/review/post/decision').set('Cookie', cookie).type('form');
    return (origin ? req.set('Origin', origin) : req).send(form);
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createAccount(t, { plan: 'pro' });
    x = (await createConnection(t, owner.userId, { platform: 'twitter' })).platformId;
    bluesky = (await createConnection(t, owner.userId, { platform: 'bluesky' })).platformId;
  }, 60_000);
  afterAll(() => t?.close());

  it('shows each network as publishing plans it; the reviewer approves and comments, kept on the link and in the audit log', async () => {
    const id = await draft();
    const { url, reviewLink } = data(await gql(owner.cookie, CREATE_LINK, { id })).createReviewLink;
    expect(url).toMatch(/\/review\/[A-Za-z0-9_-]{43}$/);
    expect(reviewLink.active).toBe(true);
    // Only the hash is stored.
    expect(JSON.stringify(await t.connection.collection('review_links').find({}).toArray())).not.toContain(url.split('/review/')[1]);

    const { cookie, status, html } = await open(url);
    expect(status).toBe(200);
    const parts = planThreadParts(PLATFORM_CONTENT_RULES.twitter, long);
    expect(parts.length).toBeGreaterThan(1);
    expect(html).toContain('aria-label="Posts of the reply chain on Twitter/X"');
    for (const part of parts) expect(html).toContain(`<li>${part}</li>`);
    expect(html).toContain(`aria-label="Preview on Bluesky (${bluesky})"`);
    expect(html).toContain('First comment: Details at https://example.com');
    expect(html).not.toContain('<script');

    const approved = await decide(cookie, { decision: 'approved', name: 'Client Carla', comment: 'Looks good' });
    expect([approved.status, approved.headers.location]).toEqual([303, '/review/post?done=approved']);
    expect((await decide(cookie, { decision: 'commented', comment: '' })).headers.location).toBe(
      `/review/post?${new URLSearchParams({ error: 'Write a comment to send' })}`,
    );
    await decide(cookie, { decision: 'commented', comment: 'Maybe a <b>bolder</b> opening?' });
    const after = await t.http.get('/review/post?done=commented').set('Cookie', cookie);
    expect(after.text).toContain('Thank you: your comment was sent to the team.');
    expect(after.text).toContain('Maybe a &lt;b&gt;bolder&lt;/b&gt; opening?');
    expect(after.text).toContain('Client Carla approved');

    const links = data(
      await gql(owner.cookie, `query($id: ID!) { reviewLinks(postGroupId: $id) { id decisions { decision comment name } } }`, { id }),
    ).reviewLinks;
    expect(links[0].decisions).toEqual([
      { decision: 'commented', comment: 'Maybe a <b>bolder</b> opening?', name: null },
      { decision: 'approved', comment: 'Looks good', name: 'Client Carla' },
    ]);
    // A reviewer's word never schedules the post: it is still a draft.
    expect((await t.http.get(`/api/v1/get-post/${id}`).set(owner.apiHeaders)).body.status).toBe('draft');
    const audit = (await t.http.get('/api/v1/audit-log').query({ action: 'post.review_approved' }).set(owner.apiHeaders)).body.entries;
    expect(audit[0]).toMatchObject({
      actor: { type: 'review_link', linkId: reviewLink.id, name: 'Client Carla' },
      target: { id },
      details: { comment: 'Looks good' },
    });

    // Another site cannot post the form with the cookie.
    expect((await decide(cookie, { decision: 'approved' }, 'https://evil.example')).status).toBe(403);
  });

  it('410 once revoked, expired, or its post deleted; bad input to create is refused', async () => {
    const id = await draft('A short one');
    const revoked = data(await gql(owner.cookie, CREATE_LINK, { id })).createReviewLink;
    const opened = await open(revoked.url);
    expect(data(await gql(owner.cookie, `mutation($id: ID!) { revokeReviewLink(id: $id) }`, { id: revoked.reviewLink.id })).revokeReviewLink).toBe(true);
    expect((await t.http.get('/review/post').set('Cookie', opened.cookie)).status).toBe(410);
    expect((await decide(opened.cookie, { decision: 'approved' })).status).toBe(410);
    const gone = await open(revoked.url);
    expect(gone.status).toBe(410);
    expect(gone.html).toContain('This review link has expired or was revoked. Ask for a new one.');

    const expiring = data(await gql(owner.cookie, CREATE_LINK, { id, h: 1 })).createReviewLink;
    await t.connection
      .collection('review_links')
      .updateOne({ expiresAt: new Date(expiring.reviewLink.expiresAt) }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await open(expiring.url)).status).toBe(410);

    const live = data(await gql(owner.cookie, CREATE_LINK, { id })).createReviewLink;
    expect((await open(live.url)).status).toBe(200);
    await t.http.delete(`/api/v1/delete-post/${id}`).set(owner.apiHeaders).expect(200);
    expect((await open(live.url)).status).toBe(410);

    for (const h of [0, 721]) {
      const res = await gql(owner.cookie, CREATE_LINK, { id: await draft('x'), h });
      expect([res.errors?.[0]?.message, res.errors?.[0]?.extensions?.code]).toEqual(['expiresInHours must be an integer from 1 to 720', 'BAD_USER_INPUT']);
    }
    const unknown = await gql(owner.cookie, CREATE_LINK, { id: '665f1c2b9d3e4a0012345678' });
    expect(unknown.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await t.http.get('/review/not-a-real-token')).status).toBe(410);
  });
});
