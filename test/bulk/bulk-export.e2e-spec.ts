import { createTestApp, type TestApp } from '@test/support';
import { parse } from 'csv-parse/sync';
import { Types } from 'mongoose';
import { EXPORT_CSV_COLUMNS } from '../../src/bulk/export-rows';
import { MetricSnapshot } from '../../src/engagement/schemas/metric-snapshot.schema';
import { PlatformPost } from '../../src/posts/schemas/platform-post.schema';
import type { ConnectionRef } from '../../src/connections/connections.service';
import { accountWithConnections, isoIn, seedGroups, type Account } from './bulk-helpers';

/** GET /api/v1/bulk/export-posts: list-posts' filters, streamed CSV or JSON, re-importable (docs/bulk.md). */
describe('bulk export-posts', () => {
  let t: TestApp;
  let account: Account;
  let linkedin: ConnectionRef;
  let mastodon: ConnectionRef;
  let publishedId: string;

  const day = (d: number) => new Date(Date.UTC(2030, 0, d, 12));

  beforeAll(async () => {
    t = await createTestApp();
    const made = await accountWithConnections(t, ['linkedin', 'mastodon']);
    account = made.account;
    [linkedin, mastodon] = made.connections;
    [publishedId] = await seedGroups(t, account.userId, [
      { content: '=HYPERLINK("x") published\non two lines', status: 'published', scheduledTime: day(2), connections: [linkedin, mastodon] },
      { content: 'failed one', status: 'failed', scheduledTime: day(5), connections: [mastodon] },
      { content: 'a draft', status: 'draft', connections: [linkedin] },
      { content: 'scheduled later', status: 'scheduled', scheduledTime: day(20), connections: [linkedin] },
    ]);
    const posts = t.connection.model(PlatformPost.name);
    const published = await posts.find({ postGroupId: new Types.ObjectId(publishedId) }).lean<Array<{ _id: Types.ObjectId; platform: string }>>();
    const onLinkedIn = published.find((p) => p.platform === 'linkedin')!;
    await posts.updateOne(
      { _id: onLinkedIn._id },
      { $set: { postedId: 'urn:li:share:1', publishedUrl: 'https://www.linkedin.com/feed/update/urn:li:share:1', publishedAt: day(2) } },
    );
    await t.connection.model(MetricSnapshot.name).insertMany([
      {
        subject: 'post',
        userId: account.userId,
        connectionId: linkedin.id,
        platform: 'linkedin',
        platformId: linkedin.platformId,
        postId: onLinkedIn._id,
        postGroupId: publishedId,
        takenAt: day(3),
        values: { likes: 1 },
      },
      {
        subject: 'post',
        userId: account.userId,
        connectionId: linkedin.id,
        platform: 'linkedin',
        platformId: linkedin.platformId,
        postId: onLinkedIn._id,
        postGroupId: publishedId,
        takenAt: day(4),
        values: { likes: 7, impressions: 90 },
      },
    ]);
  });
  afterAll(() => t.close());

  const exportOf = (query: string) => t.http.get(`/api/v1/bulk/export-posts${query}`).set(account.apiHeaders);

  it('JSON with a status filter: each account’s status, postedId, URL and latest metrics', async () => {
    const res = await exportOf('?format=json&status=published').expect(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="posts-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.body).toMatchObject({ success: true, count: 1, exportedAt: expect.any(String) });
    const [post] = res.body.posts;
    expect(post).toMatchObject({
      postGroupId: publishedId,
      status: 'published',
      content: '=HYPERLINK("x") published\non two lines',
      accounts: [linkedin.platformId, mastodon.platformId],
      scheduledTime: day(2).toISOString(),
    });
    expect(post.platformPosts).toEqual([
      {
        postId: expect.any(String),
        platformId: linkedin.platformId,
        platform: 'linkedin',
        status: 'published',
        postedId: 'urn:li:share:1',
        publishedUrl: 'https://www.linkedin.com/feed/update/urn:li:share:1',
        publishedAt: day(2).toISOString(),
        metrics: { takenAt: day(4).toISOString(), values: { likes: 7, impressions: 90 } },
      },
      { postId: expect.any(String), platformId: mastodon.platformId, platform: 'mastodon', status: 'published', metrics: null },
    ]);
  });

  it('list-posts’ other filters: platform, fromDate, toDate, and its sort', async () => {
    const contents = async (query: string) => (await exportOf(`?format=json${query}`).expect(200)).body.posts.map((p: { content: string }) => p.content);
    expect(await contents('&platform=mastodon&sortBy=scheduledTime&sortOrder=asc')).toEqual(['=HYPERLINK("x") published\non two lines', 'failed one']);
    expect(await contents(`&fromDate=${day(3).toISOString()}&toDate=${day(30).toISOString()}&sortBy=scheduledTime`)).toEqual(['scheduled later', 'failed one']);
    expect(await contents('&platform=nothing')).toEqual([]);
  });

  it('CSV: a BOM, the columns in order, one row per group, lists with |, formulas protected, line breaks quoted', async () => {
    const res = await exportOf('').expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.text.startsWith('\uFEFFcontent,accounts,scheduledTime,')).toBe(true);
    const records = parse(res.text, { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(Object.keys(records[0])).toEqual([...EXPORT_CSV_COLUMNS]);
    expect(records).toHaveLength(4);
    const published = records.find((r) => r.postGroupId === publishedId)!;
    expect(published).toMatchObject({
      content: `'=HYPERLINK("x") published\non two lines`,
      accounts: `${linkedin.platformId}|${mastodon.platformId}`,
      status: 'published',
      scheduledTime: day(2).toISOString(),
    });
    expect(JSON.parse(published.platformPosts)[0].metrics.values).toEqual({ likes: 7, impressions: 90 });
  });

  it('refusals of list-posts’ filters, and of the format', async () => {
    expect((await exportOf('?status=done').expect(400)).body).toEqual({
      error: 'Invalid status. Must be one of: draft, scheduled, published, failed, partially_published',
    });
    expect((await exportOf('?fromDate=someday').expect(400)).body).toEqual({ error: 'Invalid fromDate format' });
    expect((await exportOf('?format=xml').expect(400)).body).toEqual({ error: "format must be 'csv' or 'json'" });
  });

  it('an exported CSV imports again: the same content, accounts, times, texts per account, first comments and settings', async () => {
    const other = await accountWithConnections(t, ['linkedin', 'mastodon']);
    const [a, b] = other.connections.map((c) => c.platformId);
    const at = isoIn(240);
    const rows = [
      {
        content: 'Line one\nline two, "quoted"',
        accounts: [a, b],
        scheduledTime: at,
        contentOverrides: { [b]: 'Mastodon text' },
        firstComment: '@team thoughts?',
        platformSettings: { youtube: { privacy: 'unlisted' } },
      },
      { content: '-draft starting with a dash', accounts: [a] },
    ];
    await t.http.post('/api/v1/bulk/create-posts').set(other.account.apiHeaders).send({ rows }).expect(200);
    const csv = (await t.http.get('/api/v1/bulk/export-posts?sortOrder=asc').set(other.account.apiHeaders).expect(200)).text;

    const again = await t.http.post('/api/v1/bulk/create-posts').set(other.account.apiHeaders).set('content-type', 'text/csv').send(csv).expect(200);
    expect(again.body).toMatchObject({ total: 2, created: 2 });
    const json = (await t.http.get('/api/v1/bulk/export-posts?format=json&sortOrder=asc').set(other.account.apiHeaders).expect(200)).body;
    const fields = (p: Record<string, unknown>) => ({
      content: p.content,
      accounts: p.accounts,
      contentOverrides: p.contentOverrides,
      firstComment: p.firstComment,
      platformSettings: p.platformSettings,
    });
    const [first, second, firstAgain, secondAgain] = json.posts;
    expect(json.count).toBe(4);
    expect(fields(firstAgain)).toEqual(fields(first));
    expect(fields(secondAgain)).toEqual(fields(second));
    expect(first).toMatchObject({
      content: rows[0].content,
      firstComment: '@team thoughts?',
      contentOverrides: { [b]: 'Mastodon text' },
      platformSettings: { youtube: expect.objectContaining({ privacy: 'unlisted' }) },
    });
    // The same time, kept a minimum spacing (60 s) from the original, which still holds it.
    expect(new Date(firstAgain.scheduledTime).getTime()).toBe(new Date(at).getTime() + 60_000);
    expect(secondAgain.scheduledTime).toBeUndefined();
  });

  it('more groups than one batch: every group once, in order (streamed batch by batch)', async () => {
    const many = await accountWithConnections(t, ['bluesky']);
    const base = Date.UTC(2029, 0, 1);
    await seedGroups(
      t,
      many.account.userId,
      Array.from({ length: 250 }, (_, i) => ({
        content: `n${i}`,
        status: 'draft' as const,
        createdAt: new Date(base + i * 1000),
        connections: many.connections,
      })),
    );
    const res = await t.http.get('/api/v1/bulk/export-posts?format=json').set(many.account.apiHeaders).expect(200);
    expect(res.body.count).toBe(250);
    expect(res.body.posts.map((p: { content: string }) => p.content)).toEqual(Array.from({ length: 250 }, (_, i) => `n${249 - i}`));
    const csv = await t.http.get('/api/v1/bulk/export-posts').set(many.account.apiHeaders).expect(200);
    expect(parse(csv.text, { bom: true, columns: true })).toHaveLength(250);
  });

  it('the dashboard downloads the same export with its session (GET /bulk/export-posts)', async () => {
    const res = await t.http.get('/bulk/export-posts?format=json&status=failed').set('Cookie', account.cookie).expect(200);
    expect(res.body.posts.map((p: { content: string }) => p.content)).toEqual(['failed one']);
    await t.http.get('/bulk/export-posts').expect(401);
  });
});
