import { createTestApp, type TestApp } from '@test/support';
import type { ConnectionRef } from '../../src/connections/connections.service';
import { accountWithConnections, isoIn, type Account } from './posts-helpers';

/** Text per network over REST: create-post's contentOverrides, how get-post and list-posts show them, update-post's edits, validate-post. */
describe('contentOverrides (REST)', () => {
  let t: TestApp;
  let account: Account;
  let x1: ConnectionRef;
  let x2: ConnectionRef;
  let linkedin: ConnectionRef;

  beforeAll(async () => {
    t = await createTestApp();
    const setup = await accountWithConnections(t, ['twitter', 'twitter', 'linkedin'], { plan: 'pro' });
    account = setup.account;
    [x1, x2, linkedin] = setup.connections;
  });
  afterAll(() => t.close());

  const create = (body: object) => t.http.post('/api/v1/create-post').set(account.apiHeaders).send(body);
  const get = (id: string) => t.http.get(`/api/v1/get-post/${id}`).set(account.apiHeaders);
  const update = (id: string, body: object) => t.http.put(`/api/v1/update-post/${id}`).set(account.apiHeaders).send(body);
  const total = async () => (await t.http.get('/api/v1/list-posts').set(account.apiHeaders)).body.pagination.totalItems as number;
  const all = () => [x1.platformId, x2.platformId, linkedin.platformId];
  const contents = async (id: string) =>
    ((await get(id)).body.posts as Array<{ platform: string; content: string; contentOverridden?: true }>).map((p) => [
      p.content,
      p.contentOverridden ?? false,
    ]);

  it("stores each account's text: its own key over its platform's, else the group content", async () => {
    const res = await create({
      content: 'Group text',
      platforms: all(),
      contentOverrides: { twitter: 'For every X account', [x2.platformId]: 'For the second X account' },
    });
    expect(res.status).toBe(200);
    const got = await get(res.body.postGroupId);
    expect(got.body.content).toBe('Group text');
    expect(got.body.posts).toEqual([
      expect.objectContaining({ platform: 'twitter', content: 'For every X account', contentOverridden: true }),
      expect.objectContaining({ platform: 'twitter', content: 'For the second X account', contentOverridden: true }),
      { postId: expect.any(String), platform: 'linkedin', platformId: linkedin.externalId, status: 'pending', content: 'Group text' },
    ]);
    expect(got.body).not.toHaveProperty('firstComment');

    const listed = await t.http.get('/api/v1/list-posts').set(account.apiHeaders);
    const entry = (listed.body.posts as Array<{ postGroupId: string; platforms: object[] }>).find((p) => p.postGroupId === res.body.postGroupId)!;
    expect(entry.platforms).toEqual([
      { platformId: x1.platformId, platform: 'twitter', status: 'pending', content: 'For every X account', contentOverridden: true },
      { platformId: x2.platformId, platform: 'twitter', status: 'pending', content: 'For the second X account', contentOverridden: true },
      { platformId: linkedin.platformId, platform: 'linkedin', status: 'pending' },
    ]);
  });

  it('takes a JSON string of the object, as platformSettings', async () => {
    const res = await create({ content: 'c', platforms: all(), contentOverrides: JSON.stringify({ linkedin: 'LinkedIn text' }) });
    expect(res.status).toBe(200);
    expect(await contents(res.body.postGroupId)).toEqual([
      ['c', false],
      ['c', false],
      ['LinkedIn text', true],
    ]);
  });

  it.each([
    [{ contentOverrides: '{bad' }, 'Invalid contentOverrides JSON'],
    [{ contentOverrides: ['x'] }, 'contentOverrides must be an object'],
    [{ contentOverrides: 'true' }, 'contentOverrides must be an object'],
    [
      { contentOverrides: { mastodon: 'x' } },
      'contentOverrides key "mastodon" is not one of the chosen platforms: use a compound id from platforms or its platform name',
    ],
    [
      { contentOverrides: { 'twitter-unknown': 'x' } },
      'contentOverrides key "twitter-unknown" is not one of the chosen platforms: use a compound id from platforms or its platform name',
    ],
    [{ contentOverrides: { twitter: '   ' } }, 'contentOverrides "twitter" must be a non-empty string'],
    [{ contentOverrides: { twitter: 12 } }, 'contentOverrides "twitter" must be a non-empty string'],
    [{ contentOverrides: { twitter: 'a'.repeat(100_001) } }, 'contentOverrides "twitter" must be at most 100000 characters'],
    [
      { contentOverrides: { linkedin: 'bad\u0000' } },
      'contentOverrides "linkedin" must not contain control characters other than tab, line feed and carriage return: U+0000 at character 4',
    ],
    [{ contentOverrides: { linkedin: 'x\ud800' } }, 'contentOverrides "linkedin" must be valid Unicode text: an unpaired surrogate U+D800 at character 2'],
  ])('refuses bad contentOverrides (case %#) with its 400 message and creates nothing', async (extra, message) => {
    const before = await total();
    const res = await create({ content: 'c', platforms: all(), scheduledTime: isoIn(60), ...extra });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message });
    expect(await total()).toBe(before);
  });

  it('keeps a body without overrides exactly as before ({} and null are none)', async () => {
    for (const contentOverrides of [{}, null]) {
      const res = await create({ content: 'plain', platforms: [linkedin.platformId], contentOverrides });
      expect(res.status).toBe(200);
      expect((await get(res.body.postGroupId)).body.posts).toEqual([
        { postId: expect.any(String), platform: 'linkedin', platformId: linkedin.externalId, status: 'pending', content: 'plain' },
      ]);
    }
  });

  describe('update-post', () => {
    it('replaces the whole map; {} puts every post back on the group content', async () => {
      const id = (await create({ content: 'Base', platforms: all(), contentOverrides: { twitter: 'X text' } })).body.postGroupId;
      const res = await update(id, { contentOverrides: { linkedin: 'LI text' } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: 'Post updated successfully', postGroup: { _id: id, status: 'draft' } });
      expect(await contents(id)).toEqual([
        ['Base', false],
        ['Base', false],
        ['LI text', true],
      ]);
      expect((await update(id, { contentOverrides: {} })).status).toBe(200);
      expect(await contents(id)).toEqual([
        ['Base', false],
        ['Base', false],
        ['Base', false],
      ]);
    });

    it('schedules and sets overrides in one call', async () => {
      const id = (await create({ content: 'Base', platforms: [x1.platformId, linkedin.platformId] })).body.postGroupId;
      const when = isoIn(90);
      const res = await update(id, { status: 'scheduled', scheduledTime: when, contentOverrides: { [x1.platformId]: 'Mine' } });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Post scheduled successfully');
      const got = await get(id);
      expect(got.body.status).toBe('scheduled');
      expect(got.body.posts.map((p: { status: string; content: string }) => [p.status, p.content])).toEqual([
        ['scheduled', 'Mine'],
        ['scheduled', 'Base'],
      ]);
    });

    it('refuses a key the group does not have, bad text, and a group being published; nothing changes', async () => {
      const id = (await create({ content: 'Base', platforms: [linkedin.platformId], contentOverrides: { linkedin: 'Kept' } })).body.postGroupId;
      const refused: Array<[object, string]> = [
        [
          { contentOverrides: { twitter: 'x' } },
          'contentOverrides key "twitter" is not one of the chosen platforms: use a compound id from platforms or its platform name',
        ],
        [{ contentOverrides: { linkedin: '' } }, 'contentOverrides "linkedin" must be a non-empty string'],
        [{ contentOverrides: 'nope' }, 'Invalid contentOverrides JSON'],
      ];
      for (const [body, message] of refused) {
        const res = await update(id, body);
        expect([res.status, res.body]).toEqual([400, { error: message }]);
      }
      await t.connection.collection('platform_posts').updateMany({ postGroupId: await rawGroupId(id) }, { $set: { status: 'processing' } });
      const started = await update(id, { contentOverrides: {} });
      expect([started.status, started.body]).toEqual([400, { error: 'Cannot edit post: publishing has already started' }]);
      expect(await contents(id)).toEqual([['Kept', true]]);
    });

    it('keeps the spec answer for bodies without the new fields', async () => {
      const id = (await create({ content: 'Base', platforms: [linkedin.platformId] })).body.postGroupId;
      expect((await update(id, {})).body).toEqual({ error: 'Either status or scheduledTime must be provided' });
      expect((await update(id, { status: 'draft' })).body.message).toBe('Post updated successfully');
    });
  });

  it('validate-post checks each override against its own platform, a long X override split by itself', async () => {
    const long = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const res = await t.http
      .post('/api/v1/validate-post')
      .set(account.apiHeaders)
      .send({ content: 'Short', platforms: [x1.platformId, linkedin.platformId], contentOverrides: { twitter: long, linkedin: 'L'.repeat(3001) } });
    expect(res.status).toBe(200);
    expect(res.body.valid).toBe(false);
    const [xVerdict, liVerdict] = res.body.platforms;
    expect(xVerdict).toMatchObject({ platform: 'twitter', ok: true, contentOverridden: true, problems: [] });
    expect(xVerdict.parts).toBeGreaterThan(1);
    expect(liVerdict).toMatchObject({
      platform: 'linkedin',
      ok: false,
      parts: 1,
      contentOverridden: true,
      problems: ["Content exceeds LinkedIn's 3000 character limit (currently 3001)"],
    });

    const plain = await t.http
      .post('/api/v1/validate-post')
      .set(account.apiHeaders)
      .send({ content: 'Short', platforms: [linkedin.platformId] });
    expect(plain.body.platforms[0]).not.toHaveProperty('contentOverridden');
    const bad = await t.http
      .post('/api/v1/validate-post')
      .set(account.apiHeaders)
      .send({ content: 'Short', platforms: [linkedin.platformId], contentOverrides: { bluesky: 'x' } });
    expect(bad.body).toMatchObject({ valid: false, rejection: { status: 400, error: expect.stringMatching(/^contentOverrides key "bluesky"/) } });
  });

  const rawGroupId = async (id: string) => new (await import('mongoose')).Types.ObjectId(id);
});
