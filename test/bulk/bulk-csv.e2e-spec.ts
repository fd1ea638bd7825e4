import { createTestApp, type TestApp } from '@test/support';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { BulkMessages } from '../../src/bulk/bulk.errors';
import { MAX_BULK_ROWS } from '../../src/bulk/bulk-rows';
import { everyDay } from '../queue/queue-helpers';
import { accountWithConnections, csvOf, groupCount, isoIn, type Account } from './bulk-helpers';

/**
 * The live heap a 9 MB, 10,000-row file may add while it is read (docs/bulk.md, "Memory"): the
 * first 1,000 records are kept (about 1 MB here), the rest only counted; the file held whole would
 * be 9 MB more as text, and as parsed records several times that.
 */
const HEAP_BOUND_BYTES = 16 * 1024 * 1024;

/** POST /api/v1/bulk/create-posts with a CSV file: a text/csv body or a multipart upload (docs/bulk.md). */
describe('bulk create-posts (CSV)', () => {
  let t: TestApp;
  let account: Account;
  let linkedin: string;
  let mastodon: string;

  beforeAll(async () => {
    t = await createTestApp();
    const made = await accountWithConnections(t, ['linkedin', 'mastodon']);
    account = made.account;
    [linkedin, mastodon] = made.connections.map((c) => c.platformId);
    await t.http
      .put(`/api/v1/queue/schedules/${mastodon}`)
      .set(account.apiHeaders)
      .send({ timeZone: 'UTC', slots: everyDay('07:30') })
      .expect(200);
  });
  afterAll(() => t.close());

  const sendCsv = (body: string | Buffer, query = '') =>
    t.http.post(`/api/v1/bulk/create-posts${query}`).set(account.apiHeaders).set('content-type', 'text/csv').send(body);
  const contentOf = async (postGroupId: string) => (await t.http.get(`/api/v1/get-post/${postGroupId}`).set(account.apiHeaders).expect(200)).body;

  it('quotes, doubled quotes, a line break inside a quoted field, a BOM, | between accounts, JSON overrides, queue and empty times', async () => {
    const at = isoIn(90);
    const csv =
      '\uFEFF' +
      csvOf([
        ['content', 'accounts', 'scheduledTime', 'contentOverrides', 'firstComment'],
        ['She said "go", then\r\nwe went', `${linkedin}|${mastodon}`, at, JSON.stringify({ mastodon: 'Toot, "quoted"' }), 'See, here'],
        ['A draft', linkedin, '', '', ''],
        ['Next free slot', mastodon, 'queue', '', ''],
      ]);
    const res = await sendCsv(csv).expect(200);
    expect(res.body).toMatchObject({ mode: 'all', total: 3, created: 3 });
    expect(res.body.results.map((r: { row: number; line: number; status: string }) => [r.row, r.line, r.status])).toEqual([
      [1, 2, 'scheduled'],
      [2, 4, 'draft'],
      [3, 5, 'scheduled'],
    ]);
    const first = await contentOf(res.body.results[0].postGroupId);
    // The line break inside the field arrives as the person typed it (CRLF from a spreadsheet becomes a line feed).
    expect(first).toMatchObject({ content: 'She said "go", then\nwe went', firstComment: 'See, here', scheduledTime: new Date(at).toISOString() });
    expect(first.posts.find((p: { platform: string }) => p.platform === 'mastodon').content).toBe('Toot, "quoted"');
    expect(res.body.results[2].scheduledTime).toMatch(/T07:30:00\.000Z$/);
  });

  it('a ; file (a spreadsheet in many locales) is read by its header line; tab when asked with delimiter=tab', async () => {
    const semicolon = await sendCsv(
      csvOf(
        [
          ['content', 'accounts'],
          ['Commas, kept; and semicolons quoted', linkedin],
        ],
        { delimiter: ';' },
      ),
    ).expect(200);
    expect((await contentOf(semicolon.body.results[0].postGroupId)).content).toBe('Commas, kept; and semicolons quoted');
    const tab = await sendCsv(`content\taccounts\nA, b; c\t${linkedin}\n`, '?delimiter=tab').expect(200);
    expect((await contentOf(tab.body.results[0].postGroupId)).content).toBe('A, b; c');
    const bad = await sendCsv('content,accounts\nx,y\n', '?delimiter=pipe').expect(400);
    expect(bad.body).toEqual({ error: BulkMessages.delimiter });
  });

  it('a multipart upload (mode before the file); rows refused with create-post’s messages, by row and line', async () => {
    const before = await groupCount(t, account.userId);
    const csv = csvOf([
      ['content', 'accounts', 'scheduledTime'],
      ['fine', linkedin, ''],
      ['', linkedin, ''],
      ['when?', linkedin, 'tomorrow'],
    ]);
    const res = await t.http
      .post('/api/v1/bulk/create-posts')
      .set(account.apiHeaders)
      .field('mode', 'partial')
      .attach('file', Buffer.from(csv), { filename: 'posts.csv', contentType: 'text/csv' })
      .expect(200);
    expect(res.body).toMatchObject({ mode: 'partial', created: 1, failed: 2 });
    expect(res.body.results.slice(1)).toEqual([
      { row: 2, line: 3, success: false, httpStatus: 400, error: 'Content is required' },
      { row: 3, line: 4, success: false, httpStatus: 400, error: 'Invalid scheduled time format' },
    ]);
    expect(await groupCount(t, account.userId)).toBe(before + 1);
  });

  it('a row with more fields than the header is refused by itself (an unquoted delimiter)', async () => {
    const res = await sendCsv(`content,accounts\nHello, world,${linkedin}\nfine,${linkedin}\n`, '?mode=partial').expect(200);
    expect(res.body.results[0]).toEqual({ row: 1, line: 2, success: false, httpStatus: 400, error: BulkMessages.csvTooManyFields(3, 2) });
    expect(res.body.results[1]).toMatchObject({ row: 2, success: true });
  });

  describe('the file itself', () => {
    it('invalid UTF-8 (a Windows-1252 file): 400 naming the byte and line; nothing created', async () => {
      const before = await groupCount(t, account.userId);
      const body = Buffer.concat([Buffer.from(`content,accounts\nok,${linkedin}\nCaf`), Buffer.from([0xe9]), Buffer.from(` au lait,${linkedin}\n`)]);
      const res = await sendCsv(body).expect(400);
      const offset = Buffer.byteLength(`content,accounts\nok,${linkedin}\nCaf`);
      expect(res.body).toEqual({ error: BulkMessages.csvNotUtf8(0xe9, 3, offset) });
      expect(res.body.error).toMatch(/^The CSV file is not valid UTF-8 text: byte 0xE9 on line 3 \(byte offset \d+\); save it as UTF-8/);
      expect(await groupCount(t, account.userId)).toBe(before);
    });

    it.each([
      ['UTF-16', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('content,accounts\n', 'utf16le')]), BulkMessages.csvUtf16],
      ['no columns to read', Buffer.from('text,to\nx,y\n'), BulkMessages.csvMissingColumns(['content', 'accounts'])],
      ['a header and nothing else', Buffer.from('content,accounts\r\n'), BulkMessages.csvNoRows],
      ['an empty file', Buffer.from(''), BulkMessages.csvEmpty],
      [
        'a quote never closed',
        Buffer.from('content,accounts\nok,linkedin-a\n"open,linkedin-a\nmore,linkedin-a\n'),
        BulkMessages.csvUnreadable(BulkMessages.csvQuoteNotClosed(3)),
      ],
    ])('%s: 400', async (_name, body, message) => {
      const res = await sendCsv(body).expect(400);
      expect(res.body).toEqual({ error: message });
    });

    it(`10,000 rows: refused naming the count (at most ${MAX_BULK_ROWS}), read as a stream within a bounded heap, nothing created`, async () => {
      // About 9 MB: 10,000 rows of 900 characters, under the 10 MB file cap.
      const csv = csvOf([['content', 'accounts'], ...Array.from({ length: 10_000 }, (_, i) => [`post ${i} ${'x'.repeat(880)}`, linkedin])]);
      expect(csv.length).toBeGreaterThan(9_000_000);
      const before = await groupCount(t, account.userId);
      setFlagsFromString('--expose-gc');
      const gc = runInNewContext('gc') as (options?: { type: 'minor' | 'major'; execution: 'sync' }) => void;
      gc();
      const baseline = process.memoryUsage().heapUsed;
      let peak = baseline;
      // What the request holds, not what it has let go of: the young generation (where a read's
      // chunks and the records past the cap die) is collected before each reading.
      const sampler = setInterval(() => {
        gc({ type: 'minor', execution: 'sync' });
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      }, 10);
      const res = await sendCsv(csv).expect(400);
      clearInterval(sampler);
      expect(res.body).toEqual({ error: `Too many rows: at most ${MAX_BULK_ROWS} per request, this one has 10000; split the import into several requests` });
      // The test's own copy of the file (about 18 MB as a string) was made before the baseline.
      const growth = peak - baseline;
      process.stdout.write(`bulk CSV, 10,000 rows (${(csv.length / 1e6).toFixed(1)} MB): peak live heap growth ${(growth / 1024 / 1024).toFixed(1)} MB\n`);
      expect(growth).toBeLessThan(HEAP_BOUND_BYTES);
      expect(await groupCount(t, account.userId)).toBe(before);
    }, 60_000);

    it('larger than 10 MB: 413, and the connection is closed rather than the rest read', async () => {
      const csv = csvOf([['content', 'accounts'], ...Array.from({ length: 12_000 }, () => ['y'.repeat(900), linkedin])]);
      const res = await sendCsv(csv);
      expect([res.status, res.body]).toEqual([413, { error: BulkMessages.csvTooLarge(10) }]);
      expect(res.headers.connection).toBe('close');
    }, 60_000);
  });
});
