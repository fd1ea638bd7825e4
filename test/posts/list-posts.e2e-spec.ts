import { createAccount, createTestApp, type TestApp } from '@test/support';
import type { ConnectionRef } from '../../src/connections/connections.service';
import { accountWithConnections, inDays, seedGroups, type Account } from './posts-helpers';

describe('GET /api/v1/list-posts', () => {
  let t: TestApp;
  let account: Account;
  let linkedin: ConnectionRef, twitter: ConnectionRef, bluesky: ConnectionRef, telegram: ConnectionRef;
  const ids: Record<string, string> = {};
  const now = new Date();
  const FILLERS = 20;

  beforeAll(async () => {
    t = await createTestApp();
    const setup = await accountWithConnections(t, ['linkedin', 'twitter', 'bluesky', 'telegram'], { plan: 'pro' });
    account = setup.account;
    [linkedin, twitter, bluesky, telegram] = setup.connections;
    const [a, b, c, d, e] = await seedGroups(t, account.userId, [
      {
        content: 'A',
        status: 'published',
        scheduledTime: new Date('2030-01-10T00:00:00Z'),
        createdAt: inDays(-5, now),
        updatedAt: inDays(-0.1, now),
        connections: [linkedin, twitter],
      },
      {
        content: 'B',
        status: 'partially_published',
        scheduledTime: new Date('2030-01-20T00:00:00Z'),
        createdAt: inDays(-4, now),
        updatedAt: inDays(-0.5, now),
        connections: [linkedin],
      },
      {
        content: 'C',
        status: 'failed',
        scheduledTime: new Date('2030-01-30T00:00:00Z'),
        createdAt: inDays(-3, now),
        updatedAt: inDays(-0.4, now),
        connections: [telegram],
      },
      {
        content: 'D',
        status: 'scheduled',
        scheduledTime: new Date('2030-02-10T00:00:00Z'),
        createdAt: inDays(-2, now),
        updatedAt: inDays(-0.3, now),
        connections: [bluesky],
      },
      { content: 'E', status: 'draft', createdAt: inDays(-1, now), updatedAt: inDays(-0.2, now), connections: [linkedin] },
    ]);
    Object.assign(ids, { A: a, B: b, C: c, D: d, E: e });
    await seedGroups(
      t,
      account.userId,
      Array.from({ length: FILLERS }, (_, i) => ({
        content: `filler ${i}`,
        status: 'draft' as const,
        createdAt: inDays(-10 - i, now),
        updatedAt: inDays(-10 - i, now),
        connections: [twitter],
      })),
    );
    // Another user's posts never show.
    const other = await accountWithConnections(t, ['linkedin'], { plan: 'pro' });
    await seedGroups(t, other.account.userId, [{ status: 'published', scheduledTime: new Date('2030-01-15T00:00:00Z'), connections: other.connections }]);
  });
  afterAll(() => t.close());

  const list = (query: Record<string, string> = {}) => t.http.get('/api/v1/list-posts').query(query).set(account.apiHeaders);
  const contents = (res: { body: { posts: Array<{ content: string }> } }) => res.body.posts.map((p) => p.content);

  it('defaults: page 1, 20 per page, newest created first, full pagination', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.posts).toHaveLength(20);
    expect(contents(res).slice(0, 5)).toEqual(['E', 'D', 'C', 'B', 'A']);
    expect(res.body.pagination).toEqual({ page: 1, limit: 20, totalItems: 25, totalPages: 2, hasNextPage: true, hasPrevPage: false });
  });

  it('each post carries the list-posts fields; compound platformIds; scheduledTime absent for drafts', async () => {
    const res = await list({ limit: '5' });
    const a = res.body.posts.find((p: { content: string }) => p.content === 'A');
    expect(a).toEqual({
      postGroupId: ids.A,
      content: 'A',
      status: 'published',
      scheduledTime: '2030-01-10T00:00:00.000Z',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      platforms: [
        { platformId: linkedin.platformId, platform: 'linkedin', status: 'published' },
        { platformId: twitter.platformId, platform: 'twitter', status: 'published' },
      ],
      mediaUrls: [],
    });
    const e = res.body.posts.find((p: { content: string }) => p.content === 'E');
    expect(e).not.toHaveProperty('scheduledTime');
  });

  it('page 2 and a page past the end', async () => {
    const res = await list({ page: '2' });
    expect(res.body.posts).toHaveLength(5);
    expect(res.body.pagination).toMatchObject({ page: 2, hasNextPage: false, hasPrevPage: true });
    const past = await list({ page: '9' });
    expect(past.body.posts).toEqual([]);
    expect(past.body.pagination).toMatchObject({ page: 9, totalItems: 25, totalPages: 2, hasNextPage: false, hasPrevPage: true });
    // Far past any collection (a skip beyond 64 bits, which MongoDB refuses): still an empty page.
    const far = await list({ page: '1e20', limit: '100' });
    expect([far.status, far.body.posts]).toEqual([200, []]);
    expect(far.body.pagination).toMatchObject({ page: 1e20, totalItems: 25, hasNextPage: false, hasPrevPage: true });
  });

  it.each([
    ['0', 1],
    ['-4', 1],
    ['abc', 1],
  ])('page=%s → %d', async (page, expected) => {
    const res = await list({ page });
    expect(res.status).toBe(200);
    expect(res.body.pagination.page).toBe(expected);
  });

  it.each([
    ['0', 20],
    ['', 20],
    ['NaN', 20],
    ['-3', 1],
    ['1', 1],
    ['7', 7],
    ['101', 100],
    ['5000', 100],
  ])('limit=%p → %d', async (limit, expected) => {
    const res = await list({ limit });
    expect(res.status).toBe(200);
    expect(res.body.pagination.limit).toBe(expected);
    expect(res.body.posts).toHaveLength(Math.min(expected, 25));
  });

  it.each([
    ['draft', ['E', ...Array.from({ length: 15 }, (_, i) => `filler ${i}`)]],
    ['scheduled', ['D']],
    ['published', ['A']],
    ['failed', ['C']],
    ['partially_published', ['B']],
  ])('status=%s is an exact match (published excludes partially_published)', async (status, expected) => {
    const res = await list({ status, limit: '16' });
    expect(contents(res)).toEqual(expected);
  });

  it.each(['pending', 'processing', 'Published', 'all'])('status=%s → 400', async (status) => {
    const res = await list({ status });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Invalid status. Must be one of: draft, scheduled, published, failed, partially_published' });
  });

  it('platform: bare name, case-insensitive', async () => {
    expect(contents(await list({ platform: 'linkedin' }))).toEqual(['E', 'B', 'A']);
    expect(contents(await list({ platform: 'LINKEDIN' }))).toEqual(['E', 'B', 'A']);
    expect(contents(await list({ platform: 'Bluesky' }))).toEqual(['D']);
    expect(contents(await list({ platform: 'telegram' }))).toEqual(['C']);
    const tw = await list({ platform: 'twitter', limit: '100' });
    expect(tw.body.pagination.totalItems).toBe(FILLERS + 1);
  });

  it('platform: unknown names and full compound ids give an empty list', async () => {
    for (const platform of ['myspace', linkedin.platformId, 'link', 'pinterest']) {
      const res = await list({ platform });
      expect(res.status).toBe(200);
      expect(res.body.posts).toEqual([]);
      expect(res.body.pagination).toEqual({ page: 1, limit: 20, totalItems: 0, totalPages: 0, hasNextPage: false, hasPrevPage: false });
    }
  });

  it('sortBy scheduledTime asc / desc; sortOrder other than asc is desc', async () => {
    const asc = await list({ sortBy: 'scheduledTime', sortOrder: 'asc', status: 'published' });
    expect(contents(asc)).toEqual(['A']);
    const timed = await list({ sortBy: 'scheduledTime', sortOrder: 'asc', fromDate: '2000-01-01' });
    expect(contents(timed)).toEqual(['A', 'B', 'C', 'D']);
    const desc = await list({ sortBy: 'scheduledTime', sortOrder: 'DESCENDING', fromDate: '2000-01-01' });
    expect(contents(desc)).toEqual(['D', 'C', 'B', 'A']);
  });

  it('sortBy updatedAt', async () => {
    expect(contents(await list({ sortBy: 'updatedAt', limit: '5' }))).toEqual(['A', 'E', 'D', 'C', 'B']);
    expect(contents(await list({ sortBy: 'createdAt', sortOrder: 'asc', limit: '1' }))).toEqual([`filler ${FILLERS - 1}`]);
  });

  it('invalid sortBy → 400', async () => {
    const res = await list({ sortBy: 'content' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Invalid sortBy. Must be one of: createdAt, updatedAt, scheduledTime' });
  });

  it('fromDate/toDate: inclusive bounds on scheduledTime; drafts without a time excluded', async () => {
    expect(contents(await list({ fromDate: '2030-01-20T00:00:00.000Z', toDate: '2030-01-30T00:00:00.000Z' }))).toEqual(['C', 'B']);
    expect(contents(await list({ fromDate: 'Jan 30 2030 00:00:00 GMT' }))).toEqual(['D', 'C']);
    expect(contents(await list({ toDate: '2030-01-10' }))).toEqual(['A']);
  });

  it('invalid dates → 400', async () => {
    const from = await list({ fromDate: 'not a date' });
    expect(from.status).toBe(400);
    expect(from.body).toEqual({ error: 'Invalid fromDate format' });
    const to = await list({ toDate: '2030-02-31T99:00:00Z' });
    expect(to.status).toBe(400);
    expect(to.body).toEqual({ error: 'Invalid toDate format' });
  });

  it('filters combine', async () => {
    expect(contents(await list({ platform: 'linkedin', status: 'partially_published' }))).toEqual(['B']);
    expect(contents(await list({ platform: 'linkedin', fromDate: '2030-01-15' }))).toEqual(['B']);
  });

  it('an account with no posts gets an empty page', async () => {
    const empty = await createAccount(t, { plan: 'pro' });
    const res = await t.http.get('/api/v1/list-posts').set(empty.apiHeaders);
    expect(res.body).toEqual({
      success: true,
      posts: [],
      pagination: { page: 1, limit: 20, totalItems: 0, totalPages: 0, hasNextPage: false, hasPrevPage: false },
    });
  });
});
