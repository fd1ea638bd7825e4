import { createTestApp, type TestApp } from '@test/support';
import { Types } from 'mongoose';
import { BulkMessages } from '../../src/bulk/bulk.errors';
import { LimitsService } from '../../src/limits/limits.service';
import { BUILT_IN_PLANS, type PlanTable } from '../../src/limits/plans';
import { accountWithConnections, groupCount, isoIn, seedGroups } from './bulk-helpers';

/**
 * Plan limits counted across the rows of one import: each row is checked against everything the
 * rows before it created, as if each were its own create-post. Small limits so a few rows reach them.
 */
const PLANS: PlanTable = {
  ...BUILT_IN_PLANS,
  // One monthly pool of 13 platform posts for the account: row 14 is one too many.
  pro: { ...BUILT_IN_PLANS.pro, monthlyPosts: 13, monthlyScope: 'account', scheduledPosts: 100 },
  // 3 scheduled posts at a time.
  premium: { ...BUILT_IN_PLANS.premium, scheduledPosts: 3 },
};

describe('bulk create-posts: limits across the rows', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ extensions: { plans: { useValue: PLANS } } });
  });
  afterAll(() => t.close());

  const emailsOf = (ownerId: string) =>
    t.connection
      .collection('limit_emails')
      .find({ ownerId: new Types.ObjectId(ownerId) })
      .toArray();

  it('row 14 is refused when rows 1–13 use up the month (all or nothing: 400, nothing created)', async () => {
    const { account, connections } = await accountWithConnections(t, ['linkedin'], { plan: 'pro' });
    const rows = Array.from({ length: 14 }, (_, i) => ({ content: `post ${i + 1}`, accounts: [connections[0].platformId], scheduledTime: isoIn(60 + 2 * i) }));
    const res = await t.http.post('/api/v1/bulk/create-posts').set(account.apiHeaders).send({ rows }).expect(400);
    expect(res.body.error).toBe(BulkMessages.notCreated(1, 14));
    expect(res.body.errors).toEqual([
      {
        row: 14,
        httpStatus: 403,
        error: 'Post limit reached',
        details: expect.objectContaining({
          code: 'POST_LIMIT_REACHED',
          message: 'Monthly post limit reached. Your Pro plan allows 13 platform posts per month.',
          limit: 13,
          used: 13,
          requested: 1,
          remaining: 0,
          scope: 'account',
        }),
      },
    ]);
    expect(await groupCount(t, account.userId)).toBe(0);
    // The refusal reached a limit: the month's e-mail goes out, although the import was rolled back.
    await t.app.get(LimitsService).whenIdle();
    expect(await emailsOf(account.userId)).toHaveLength(1);
  });

  it('mode partial: rows 1–13 are created, row 14 is refused; a draft after it is still created', async () => {
    const { account, connections } = await accountWithConnections(t, ['linkedin'], { plan: 'pro' });
    const id = connections[0].platformId;
    const rows = [
      ...Array.from({ length: 14 }, (_, i) => ({ content: `post ${i + 1}`, accounts: [id], scheduledTime: isoIn(60 + 2 * i) })),
      { content: 'a draft is not counted', accounts: [id] },
    ];
    const res = await t.http.post('/api/v1/bulk/create-posts').set(account.apiHeaders).send({ rows, mode: 'partial' }).expect(200);
    expect(res.body).toMatchObject({ total: 15, created: 14, failed: 1 });
    expect(res.body.results[13]).toMatchObject({
      row: 14,
      success: false,
      httpStatus: 403,
      error: 'Post limit reached',
      details: { code: 'POST_LIMIT_REACHED' },
    });
    expect(res.body.results[14]).toMatchObject({ row: 15, success: true, status: 'draft' });
    expect(await groupCount(t, account.userId)).toBe(14);
  });

  it('posts created before the import count too: with 12 already this month, row 2 is the 14th', async () => {
    const { account, connections } = await accountWithConnections(t, ['linkedin'], { plan: 'pro' });
    await seedGroups(
      t,
      account.userId,
      Array.from({ length: 12 }, () => ({ status: 'published' as const, scheduledTime: new Date(), connections })),
    );
    const rows = [1, 2].map((n) => ({ content: `n${n}`, accounts: [connections[0].platformId], scheduledTime: isoIn(60 + n) }));
    const res = await t.http.post('/api/v1/bulk/create-posts').set(account.apiHeaders).send({ rows, mode: 'partial' }).expect(200);
    expect(res.body.results.map((r: { success: boolean; error?: string }) => r.error ?? 'created')).toEqual(['created', 'Post limit reached']);
  });

  it('the scheduled-post limit (3 at a time): rows 4 and 5 are refused; a row refused for another reason takes none of it', async () => {
    const { account, connections } = await accountWithConnections(t, ['linkedin', 'mastodon'], { plan: 'premium' });
    const [a, b] = connections.map((c) => c.platformId);
    const rows = [
      { content: 'one', accounts: [a], scheduledTime: isoIn(60) },
      { content: 'bad', accounts: ['linkedin-nobody'], scheduledTime: isoIn(61) },
      { content: 'two and three', accounts: [a, b], scheduledTime: isoIn(62) },
      { content: 'four', accounts: [b], scheduledTime: isoIn(63) },
      { content: 'five', accounts: [a], scheduledTime: isoIn(64) },
    ];
    const res = await t.http.post('/api/v1/bulk/create-posts').set(account.apiHeaders).send({ rows, mode: 'partial' }).expect(200);
    expect(res.body.results.map((r: { success: boolean; details?: { code: string } }) => (r.success ? 'created' : (r.details?.code ?? 'refused')))).toEqual([
      'created',
      'refused',
      'created',
      'SCHEDULED_POST_LIMIT_REACHED',
      'SCHEDULED_POST_LIMIT_REACHED',
    ]);
    expect(res.body.results[3].details).toMatchObject({ limit: 3, used: 3, requested: 1, remaining: 0 });
  });

  it('the dry run counts the same way and sends no limit e-mail', async () => {
    const { account, connections } = await accountWithConnections(t, ['linkedin'], { plan: 'pro' });
    const rows = Array.from({ length: 14 }, (_, i) => ({ content: `post ${i + 1}`, accounts: [connections[0].platformId], scheduledTime: isoIn(60 + 2 * i) }));
    const res = await t.http.post('/api/v1/bulk/validate-posts').set(account.apiHeaders).send({ rows }).expect(200);
    expect(res.body).toMatchObject({ valid: false, accepted: 13, refused: 1 });
    expect(res.body.results[13]).toMatchObject({ row: 14, success: false, httpStatus: 403, error: 'Post limit reached' });
    await t.app.get(LimitsService).whenIdle();
    expect(await emailsOf(account.userId)).toHaveLength(0);
    expect(await groupCount(t, account.userId)).toBe(0);
  });
});
