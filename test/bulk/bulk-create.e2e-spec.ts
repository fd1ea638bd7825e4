import { createAccount, createTestApp, type TestApp } from '@test/support';
import { BulkMessages } from '../../src/bulk/bulk.errors';
import { MAX_BULK_ROWS } from '../../src/bulk/bulk-rows';
import { everyDay } from '../queue/queue-helpers';
import { accountWithConnections, groupCount, isoIn, type Account } from './bulk-helpers';

/** POST /api/v1/bulk/create-posts with JSON rows, and its dry run (docs/bulk.md). */
describe('bulk create-posts (JSON rows)', () => {
  let t: TestApp;
  let account: Account;
  let linkedin: string;
  let mastodon: string;
  let telegram: string;

  beforeAll(async () => {
    t = await createTestApp();
    const made = await accountWithConnections(t, ['linkedin', 'mastodon', 'telegram']);
    account = made.account;
    [linkedin, mastodon, telegram] = made.connections.map((c) => c.platformId);
  });
  afterAll(() => t.close());

  const importRows = (body: object, headers: Record<string, string> = {}) =>
    t.http.post('/api/v1/bulk/create-posts').set(account.apiHeaders).set(headers).send(body);

  it('creates every row: a draft, a scheduled post, a queued one; one result per row in order: 200 { row, success, postGroupId }', async () => {
    await t.http
      .put(`/api/v1/queue/schedules/${mastodon}`)
      .set(account.apiHeaders)
      .send({ timeZone: 'UTC', slots: everyDay('06:00', '18:00') })
      .expect(200);
    const at = isoIn(120);
    const before = await groupCount(t, account.userId);
    const res = await importRows({
      rows: [
        { content: 'A draft', accounts: [linkedin] },
        { content: 'Scheduled', accounts: [linkedin, mastodon], scheduledTime: at, contentOverrides: { mastodon: 'Own text' }, firstComment: 'More below' },
        { content: 'Queued', accounts: [mastodon], scheduledTime: 'queue' },
      ],
    }).expect(200);
    expect(res.body).toEqual({
      success: true,
      mode: 'all',
      total: 3,
      created: 3,
      failed: 0,
      results: [
        { row: 1, success: true, postGroupId: expect.any(String), status: 'draft' },
        { row: 2, success: true, postGroupId: expect.any(String), status: 'scheduled', scheduledTime: new Date(at).toISOString() },
        { row: 3, success: true, postGroupId: expect.any(String), status: 'scheduled', scheduledTime: expect.stringMatching(/T(06|18):00:00\.000Z$/) },
      ],
    });
    expect(await groupCount(t, account.userId)).toBe(before + 3);
    const scheduled = await t.http.get(`/api/v1/get-post/${res.body.results[1].postGroupId}`).set(account.apiHeaders).expect(200);
    expect(scheduled.body).toMatchObject({ content: 'Scheduled', firstComment: 'More below' });
    expect(scheduled.body.posts.find((p: { platform: string }) => p.platform === 'mastodon')).toMatchObject({ content: 'Own text', contentOverridden: true });
    const queued = await t.http.get(`/api/v1/get-post/${res.body.results[2].postGroupId}`).set(account.apiHeaders).expect(200);
    expect(queued.body.fromQueue).toBe(true);
  });

  describe('every row is checked with create-post’s rules and messages', () => {
    const badRows = () => [
      { content: 'fine', accounts: [linkedin] },
      { content: '', accounts: [linkedin] },
      { content: 'x' },
      { content: 'x', accounts: ['Not An Id'] },
      { content: 'x', accounts: ['linkedin-nobody'] },
      { content: 'x', accounts: [linkedin], scheduledTime: 'next tuesday' },
      { content: 'x', accounts: [linkedin], contentOverrides: { twitter: 'no such account' } },
      { content: 'x', accounts: [telegram], firstComment: 'comments?' },
      { content: 'x', accounts: [linkedin], mediaIds: ['not-a-media-id'] },
      { content: 'x', accounts: [linkedin], mediaIds: ['665f1c2b9d3e4a0012345678'] },
      'not an object',
    ];
    const expectedErrors = () => [
      { row: 2, httpStatus: 400, error: 'Content is required' },
      { row: 3, httpStatus: 400, error: 'Platforms are required' },
      { row: 4, httpStatus: 400, error: 'Invalid platform ID format: Not An Id' },
      { row: 5, httpStatus: 400, error: 'Platform connection not found: linkedin-nobody' },
      { row: 6, httpStatus: 400, error: 'Invalid scheduled time format' },
      {
        row: 7,
        httpStatus: 400,
        error: 'contentOverrides key "twitter" is not one of the chosen platforms: use a compound id from platforms or its platform name',
      },
      { row: 8, httpStatus: 400, error: 'firstComment is not supported on Telegram: remove the first comment or those platforms' },
      { row: 9, httpStatus: 400, error: BulkMessages.mediaIdInvalid('not-a-media-id') },
      { row: 10, httpStatus: 400, error: 'Media file not found: 665f1c2b9d3e4a0012345678' },
      { row: 11, httpStatus: 400, error: BulkMessages.rowNotObject },
    ];

    it('all or nothing (the default): 400 naming every refused row, and nothing is created', async () => {
      const before = await groupCount(t, account.userId);
      const res = await importRows({ rows: badRows() }).expect(400);
      expect(res.body).toEqual({ error: BulkMessages.notCreated(10, 11), total: 11, errors: expectedErrors() });
      expect(res.body.error).toBe(
        "No posts were created: 10 of 11 rows have problems (see errors); fix or remove them, or send mode 'partial' to create the others",
      );
      expect(await groupCount(t, account.userId)).toBe(before);
    });

    it('mode partial: the valid rows are created, each row answers { row, success, postGroupId | error }', async () => {
      const before = await groupCount(t, account.userId);
      const res = await importRows({ rows: badRows(), mode: 'partial' }).expect(200);
      expect(res.body).toMatchObject({ success: true, mode: 'partial', total: 11, created: 1, failed: 10 });
      expect(res.body.results[0]).toEqual({ row: 1, success: true, postGroupId: expect.any(String), status: 'draft' });
      expect(res.body.results.slice(1)).toEqual(expectedErrors().map((e) => ({ ...e, success: false })));
      expect(await groupCount(t, account.userId)).toBe(before + 1);
    });

    it('one media id used by two rows: the second is refused as create-post refuses an attached file', async () => {
      const upload = await t.http
        .post('/graphql')
        .set('Cookie', account.cookie)
        .send({ query: 'mutation { createUploadUrl(input: { fileName: "a.png", contentType: "image/png", type: "image" }) { mediaId } }' })
        .expect(200);
      const mediaId = upload.body.data.createUploadUrl.mediaId as string;
      const res = await importRows({
        rows: [
          { content: 'first', accounts: [linkedin], mediaIds: [mediaId] },
          { content: 'second', accounts: [linkedin], mediaIds: [mediaId] },
        ],
        mode: 'partial',
      }).expect(200);
      expect(res.body.results.map((r: { success: boolean }) => r.success)).toEqual([true, false]);
      expect(res.body.results[1].error).toBe(`Media file already belongs to a post: ${mediaId}`);
      const first = await t.http.get(`/api/v1/list-posts?limit=1`).set(account.apiHeaders).expect(200);
      expect(first.body.posts[0]).toMatchObject({ content: 'first', mediaUrls: [expect.stringContaining('a.png')] });
    });
  });

  describe('Idempotency-Key', () => {
    it('a retried import creates nothing twice and answers as the first time', async () => {
      const rows = [
        { content: 'once', accounts: [linkedin] },
        { content: 'only once', accounts: [mastodon], scheduledTime: isoIn(300) },
        { content: '', accounts: [mastodon] },
      ];
      const before = await groupCount(t, account.userId);
      const first = await importRows({ rows, mode: 'partial' }, { 'Idempotency-Key': 'import-1' }).expect(200);
      const again = await importRows({ rows, mode: 'partial' }, { 'Idempotency-Key': 'import-1' }).expect(200);
      expect(again.body).toEqual(first.body);
      expect(first.body.created).toBe(2);
      expect(await groupCount(t, account.userId)).toBe(before + 2);
    });

    it('the same key with other rows: 409; a refused import frees its key (nothing was created)', async () => {
      await importRows({ rows: [{ content: 'a', accounts: [linkedin] }] }, { 'Idempotency-Key': 'import-2' }).expect(200);
      const other = await importRows({ rows: [{ content: 'b', accounts: [linkedin] }] }, { 'Idempotency-Key': 'import-2' }).expect(409);
      expect(other.body).toEqual({ error: 'Idempotency-Key reused with a different request body' });

      const refused = [{ content: '', accounts: [linkedin] }];
      await importRows({ rows: refused }, { 'Idempotency-Key': 'import-3' }).expect(400);
      const fixed = await importRows({ rows: [{ content: 'fixed', accounts: [linkedin] }] }, { 'Idempotency-Key': 'import-3' });
      // A refusal is not kept: the key now belongs to the corrected request.
      expect(fixed.status).toBe(200);
    });

    it('an invalid key: 400 Invalid Idempotency-Key header', async () => {
      const res = await importRows({ rows: [{ content: 'a', accounts: [linkedin] }] }, { 'Idempotency-Key': 'bad key with spaces é' }).expect(400);
      expect(res.body).toEqual({ error: 'Invalid Idempotency-Key header' });
    });
  });

  describe('the request itself', () => {
    it.each([
      [{}, BulkMessages.bodyRequired],
      [{ rows: 'content,accounts' }, BulkMessages.rowsNotArray],
      [{ rows: [] }, BulkMessages.noRows],
      [{ rows: [{ content: 'a', accounts: ['x-1'] }], mode: 'some' }, BulkMessages.mode],
    ])('%j → 400 %s', async (body, message) => {
      const res = await importRows(body).expect(400);
      expect(res.body).toEqual({ error: message });
    });

    it(`more than ${MAX_BULK_ROWS} rows: 400 naming the count, nothing created`, async () => {
      const rows = Array.from({ length: MAX_BULK_ROWS + 1 }, (_, i) => ({ content: `p${i}`, accounts: [linkedin] }));
      const before = await groupCount(t, account.userId);
      const res = await importRows({ rows }).expect(400);
      expect(res.body).toEqual({
        error: `Too many rows: at most ${MAX_BULK_ROWS} per request, this one has ${MAX_BULK_ROWS + 1}; split the import into several requests`,
      });
      expect(await groupCount(t, account.userId)).toBe(before);
    });

    it('the API key and entitlements of every /api/v1 route', async () => {
      const none = await t.http.post('/api/v1/bulk/create-posts').send({ rows: [] }).expect(401);
      expect(none.body).toEqual({ error: 'API key is required' });
      const starter = await createAccount(t, { plan: 'starter' });
      const refused = await t.http.post('/api/v1/bulk/create-posts').set(starter.apiHeaders).send({ rows: [] }).expect(403);
      expect(refused.body).toEqual({ error: 'API access is not enabled for this account' });
    });

    it('a text/csv body elsewhere is still refused with 415', async () => {
      const { default: request } = await import('supertest');
      const res = await request(t.baseUrl).post('/api/v1/create-post').set(account.apiHeaders).set('content-type', 'text/csv').send('content,accounts\n');
      expect(res.status).toBe(415);
    });
  });

  describe('POST /api/v1/bulk/validate-posts (dry run)', () => {
    it('each row’s answer in this batch, with validate-post’s verdict per account; nothing is created', async () => {
      const before = await groupCount(t, account.userId);
      const at = isoIn(600);
      const res = await t.http
        .post('/api/v1/bulk/validate-posts')
        .set(account.apiHeaders)
        .send({
          rows: [
            { content: 'ok', accounts: [linkedin], scheduledTime: at },
            // The same account and time: the minimum spacing moves it, as create-post would.
            { content: 'same time', accounts: [linkedin], scheduledTime: at },
            { content: 'x'.repeat(600), accounts: [mastodon] },
            { content: 'x', accounts: ['linkedin-nobody'] },
          ],
        })
        .expect(200);
      expect(res.body).toMatchObject({ success: true, valid: false, total: 4, accepted: 3, refused: 1 });
      const [first, second, long, missing] = res.body.results;
      expect(first).toMatchObject({ row: 1, success: true, valid: true, status: 'scheduled', scheduledTime: new Date(at).toISOString() });
      expect(first.platforms).toEqual([{ platformId: linkedin, platform: 'linkedin', ok: true, parts: 1, problems: [], warnings: [] }]);
      expect(new Date(second.scheduledTime).getTime()).toBe(new Date(at).getTime() + 60_000);
      expect(long).toMatchObject({ row: 3, success: true, valid: false, status: 'draft' });
      expect(long.platforms[0].problems[0]).toMatch(/Mastodon/);
      expect(missing).toEqual({ row: 4, success: false, valid: false, httpStatus: 400, error: 'Platform connection not found: linkedin-nobody' });
      expect(await groupCount(t, account.userId)).toBe(before);
    });
  });
});
