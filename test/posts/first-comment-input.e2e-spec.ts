import { createTestApp, type TestApp } from '@test/support';
import type { ConnectionRef } from '../../src/connections/connections.service';
import { accountWithConnections, isoIn, type Account } from './posts-helpers';

/** The first comment's input side over REST: create-post's refusals, what is stored and shown, update-post's edits. */
describe('firstComment (REST input)', () => {
  let t: TestApp;
  let account: Account;
  let x: ConnectionRef;
  let linkedin: ConnectionRef;
  let tiktok: ConnectionRef;
  let pinterest: ConnectionRef;
  let telegram: ConnectionRef;
  let bluesky: ConnectionRef;

  beforeAll(async () => {
    t = await createTestApp();
    const setup = await accountWithConnections(t, ['twitter', 'linkedin', 'tiktok', 'pinterest', 'telegram', 'bluesky'], { plan: 'pro' });
    account = setup.account;
    [x, linkedin, tiktok, pinterest, telegram, bluesky] = setup.connections;
  });
  afterAll(() => t.close());

  const create = (body: object) => t.http.post('/api/v1/create-post').set(account.apiHeaders).send(body);
  const get = (id: string) => t.http.get(`/api/v1/get-post/${id}`).set(account.apiHeaders);
  const update = (id: string, body: object) => t.http.put(`/api/v1/update-post/${id}`).set(account.apiHeaders).send(body);
  const total = async () => (await t.http.get('/api/v1/list-posts').set(account.apiHeaders)).body.pagination.totalItems as number;

  it('stores the comment on the group and a pending copy on each platform post, shown by get-post and list-posts', async () => {
    const res = await create({ content: 'Post', platforms: [x.platformId, linkedin.platformId], firstComment: 'Link: https://example.com' });
    expect(res.status).toBe(200);
    const got = await get(res.body.postGroupId);
    expect(got.body.firstComment).toBe('Link: https://example.com');
    for (const post of got.body.posts) expect(post.firstComment).toEqual({ content: 'Link: https://example.com', status: 'pending' });
    const listed = await t.http.get('/api/v1/list-posts').set(account.apiHeaders);
    const entry = listed.body.posts.find((p: { postGroupId: string }) => p.postGroupId === res.body.postGroupId);
    expect(entry.platforms[1]).toEqual({
      platformId: linkedin.platformId,
      platform: 'linkedin',
      status: 'pending',
      firstComment: { content: 'Link: https://example.com', status: 'pending' },
    });
    const raw = await t.connection.collection('platform_posts').findOne({ platformId: x.platformId, 'firstComment.content': 'Link: https://example.com' });
    expect(raw?.firstComment).toEqual({ content: 'Link: https://example.com', status: 'pending', attemptCount: 0 });
  });

  it('leaves a post without a comment as it was', async () => {
    const res = await create({ content: 'Post', platforms: [tiktok.platformId], firstComment: null });
    const got = await get(res.body.postGroupId);
    expect(got.body).not.toHaveProperty('firstComment');
    expect(got.body.posts[0]).not.toHaveProperty('firstComment');
  });

  it.each([
    [{ firstComment: '  ' }, 'firstComment must be a non-empty string'],
    [{ firstComment: '' }, 'firstComment must be a non-empty string'],
    [{ firstComment: 42 }, 'firstComment must be a non-empty string'],
    [{ firstComment: 'a'.repeat(10_001) }, 'firstComment must be at most 10000 characters'],
    [{ firstComment: 'a\u001b[31m' }, 'firstComment must not contain control characters other than tab, line feed and carriage return: U+001B at character 2'],
    [
      { platforms: ['tiktok', 'linkedin', 'pinterest', 'telegram'], firstComment: 'hi' },
      'firstComment is not supported on TikTok, Pinterest, Telegram: remove the first comment or those platforms',
    ],
    [
      { platforms: ['twitter', 'bluesky', 'linkedin'], firstComment: 'a'.repeat(300) },
      'firstComment exceeds the character limit on Twitter/X (280, currently 300): shorten it',
    ],
  ])('refuses case %# with its 400 message and creates nothing', async (extra, message) => {
    const byName: Record<string, ConnectionRef> = { twitter: x, linkedin, tiktok, pinterest, telegram, bluesky };
    const { platforms, ...rest } = extra as { platforms?: string[] };
    const before = await total();
    const res = await create({
      content: 'c',
      platforms: (platforms ?? ['linkedin']).map((p) => byName[p].platformId),
      scheduledTime: isoIn(60),
      ...rest,
    });
    expect([res.status, res.body]).toEqual([400, { error: message }]);
    expect(await total()).toBe(before);
  });

  describe('update-post', () => {
    it('sets, replaces and removes the comment (null or ""), on every post that takes one', async () => {
      const id = (await create({ content: 'Post', platforms: [x.platformId, linkedin.platformId], scheduledTime: isoIn(120) })).body.postGroupId;
      const set = await update(id, { firstComment: 'First' });
      expect(set.status).toBe(200);
      expect(set.body).toMatchObject({ success: true, message: 'Post updated successfully', postGroup: { _id: id, status: 'scheduled' } });
      let got = await get(id);
      expect(got.body.firstComment).toBe('First');
      expect(got.body.posts.map((p: { firstComment?: object }) => p.firstComment)).toEqual([
        { content: 'First', status: 'pending' },
        { content: 'First', status: 'pending' },
      ]);
      await update(id, { firstComment: 'Second' });
      expect((await get(id)).body.posts[0].firstComment).toEqual({ content: 'Second', status: 'pending' });
      for (const removal of [null, '']) {
        await update(id, { firstComment: 'Again' });
        expect((await update(id, { firstComment: removal })).status).toBe(200);
        got = await get(id);
        expect(got.body).not.toHaveProperty('firstComment');
        for (const post of got.body.posts) expect(post).not.toHaveProperty('firstComment');
      }
    });

    it("refuses a comment the group's platforms cannot take, or too long for one; nothing changes", async () => {
      const id = (await create({ content: 'Post', platforms: [tiktok.platformId, x.platformId] })).body.postGroupId;
      const refused = await update(id, { firstComment: 'hi' });
      expect([refused.status, refused.body]).toEqual([400, { error: 'firstComment is not supported on TikTok: remove the first comment or those platforms' }]);
      const xOnly = (await create({ content: 'Post', platforms: [x.platformId], firstComment: 'ok' })).body.postGroupId;
      const long = await update(xOnly, { firstComment: 'b'.repeat(281) });
      expect(long.body).toEqual({ error: 'firstComment exceeds the character limit on Twitter/X (280, currently 281): shorten it' });
      expect((await get(xOnly)).body.firstComment).toBe('ok');
      expect((await get(id)).body).not.toHaveProperty('firstComment');
    });

    it('refuses once publishing started or the post is published', async () => {
      const id = (await create({ content: 'Post', platforms: [x.platformId], firstComment: 'kept' })).body.postGroupId;
      await t.connection.collection('platform_posts').updateOne({ platformId: x.platformId, 'firstComment.content': 'kept' }, { $set: { attemptCount: 1 } });
      expect((await update(id, { firstComment: 'new' })).body).toEqual({ error: 'Cannot edit post: publishing has already started' });
      await t.connection.collection('post_groups').updateOne({ firstComment: 'kept' }, { $set: { status: 'published' } });
      expect((await update(id, { firstComment: null })).body).toEqual({ error: 'Cannot update post: post is currently in published status' });
      expect((await get(id)).body.firstComment).toBe('kept');
    });
  });
});
