import { messageOf } from '@test/support/refusals';
import { BulkMessages } from './bulk.errors';
import { assertMediaUrlCount, assertRowCount, MAX_BULK_ROWS, MAX_MEDIA_PER_ROW, MAX_MEDIA_URLS, parseMode, toBulkRow, unescapeCell } from './bulk-rows';
import { protectCell } from './export-rows';

const ok = { content: 'Hello', accounts: ['linkedin-abc'] };

describe('bulk rows (toBulkRow)', () => {
  it('a JSON row becomes create-post’s body: accounts as platforms, a draft without a time', () => {
    const row = toBulkRow(ok, 1, 'json');
    expect(row.problem).toBeUndefined();
    expect(row.post).toMatchObject({ content: 'Hello', platforms: ['linkedin-abc'] });
    expect(row.post!.scheduledTime).toBeUndefined();
    expect(row.queue).toBe(false);
  });

  it('`platforms` is taken as an alias of accounts', () => {
    expect(toBulkRow({ content: 'x', platforms: ['x-1'] }, 1, 'json').post!.platforms).toEqual(['x-1']);
  });

  it('scheduledTime "queue" (any case, spaces) is a queued row with no time', () => {
    for (const word of ['queue', ' Queue ', 'QUEUE']) {
      const row = toBulkRow({ ...ok, scheduledTime: word }, 1, 'json');
      expect([row.queue, row.problem, row.post!.scheduledTime]).toEqual([true, undefined, undefined]);
    }
  });

  it.each([
    [{ accounts: ['linkedin-abc'] }, 'Content is required'],
    [{ content: '   ', accounts: ['linkedin-abc'] }, 'Content is required'],
    [{ content: 'x' }, 'Platforms are required'],
    [{ content: 'x', accounts: [] }, 'At least one platform is required'],
    [{ content: 'x', accounts: ['Bad id'] }, 'Invalid platform ID format: Bad id'],
    [{ content: 'x', accounts: 'not json' }, 'Invalid platforms JSON format'],
    [{ ...ok, scheduledTime: 'tomorrow' }, 'Invalid scheduled time format'],
    [
      { ...ok, contentOverrides: { twitter: 'x' } },
      'contentOverrides key "twitter" is not one of the chosen platforms: use a compound id from platforms or its platform name',
    ],
    [{ ...ok, firstComment: '' }, 'firstComment must be a non-empty string'],
    [{ ...ok, platformSettings: '{' }, 'Invalid platformSettings JSON'],
  ])('create-post’s rules and messages: %j → %s', (raw, message) => {
    expect(toBulkRow(raw, 3, 'json').problem).toEqual({ httpStatus: 400, error: message });
  });

  it('a row that is not an object', () => {
    for (const raw of [null, 'text', 3, [ok]]) expect(toBulkRow(raw, 1, 'json').problem?.error).toBe(BulkMessages.rowNotObject);
  });

  it('media: http(s) URLs and media ids, at most MAX_MEDIA_PER_ROW', () => {
    expect(toBulkRow({ ...ok, mediaUrls: ['https://cdn.example.com/a.jpg'], mediaIds: ['665f1c2b9d3e4a0012345678'] }, 1, 'json')).toMatchObject({
      mediaUrls: ['https://cdn.example.com/a.jpg'],
      mediaIds: ['665f1c2b9d3e4a0012345678'],
    });
    expect(toBulkRow({ ...ok, mediaUrls: ['ftp://x/y'] }, 1, 'json').problem?.error).toBe(BulkMessages.mediaUrlInvalid('ftp://x/y'));
    expect(toBulkRow({ ...ok, mediaUrls: ['https://user:pw@x.example/y'] }, 1, 'json').problem?.error).toBe(
      BulkMessages.mediaUrlInvalid('https://user:pw@x.example/y'),
    );
    expect(toBulkRow({ ...ok, mediaUrls: 'https://x.example/a.jpg' }, 1, 'json').problem?.error).toBe(BulkMessages.mediaUrlsNotList);
    expect(toBulkRow({ ...ok, mediaIds: ['nope'] }, 1, 'json').problem?.error).toBe(BulkMessages.mediaIdInvalid('nope'));
    const many = Array.from({ length: MAX_MEDIA_PER_ROW + 1 }, (_, i) => `https://x.example/${i}.jpg`);
    expect(toBulkRow({ ...ok, mediaUrls: many }, 1, 'json').problem?.error).toBe(BulkMessages.tooManyMedia(MAX_MEDIA_PER_ROW));
  });

  it('create-post’s rules come first, the media fields after them', () => {
    expect(toBulkRow({ accounts: ['linkedin-abc'], mediaIds: ['nope'] }, 1, 'json').problem?.error).toBe('Content is required');
  });

  describe('CSV cells', () => {
    it('empty cells are absent fields: no time is a draft, no first comment is none', () => {
      const row = toBulkRow({ content: 'x', accounts: 'linkedin-abc', scheduledTime: '', firstComment: '', contentOverrides: '', mediaUrls: '' }, 1, 'csv');
      expect(row.problem).toBeUndefined();
      expect(row.post).toMatchObject({ content: 'x', platforms: ['linkedin-abc'] });
      expect(row.post!.firstComment).toBeUndefined();
    });

    it('lists: accounts by | ; , or spaces; media URLs by | or spaces', () => {
      const row = toBulkRow(
        { content: 'x', accounts: 'linkedin-a| mastodon-b;bluesky-c , x-d', mediaUrls: 'https://a.example/1.jpg | https://a.example/2,3.jpg' },
        1,
        'csv',
      );
      expect(row.post!.platforms).toEqual(['linkedin-a', 'mastodon-b', 'bluesky-c', 'x-d']);
      expect(row.mediaUrls).toEqual(['https://a.example/1.jpg', 'https://a.example/2,3.jpg']);
    });

    it('accounts as create-post’s JSON array text, contentOverrides and platformSettings as JSON objects', () => {
      const row = toBulkRow(
        {
          content: 'x',
          accounts: '["linkedin-a","twitter-b"]',
          contentOverrides: '{"twitter":"short"}',
          platformSettings: '{"youtube":{"privacy":"unlisted"}}',
        },
        1,
        'csv',
      );
      expect(row.problem).toBeUndefined();
      expect(row.post).toMatchObject({ platforms: ['linkedin-a', 'twitter-b'], contentOverrides: { twitter: 'short' } });
      expect(toBulkRow({ content: 'x', accounts: 'linkedin-a', contentOverrides: '{nope' }, 1, 'csv').problem?.error).toBe('Invalid contentOverrides JSON');
    });

    it('a time is trimmed; Windows line ends inside a field become line feeds', () => {
      const row = toBulkRow({ content: 'a\r\nb', accounts: 'linkedin-a', scheduledTime: ' 2030-01-01T10:00:00Z ' }, 1, 'csv');
      expect(row.post).toMatchObject({ content: 'a\nb', scheduledTime: '2030-01-01T10:00:00Z' });
    });

    it('a formula-protected cell of the export imports as it was', () => {
      for (const text of ['=SUM(A1)', '+1', '-5 days', '@alice hi', 'plain', "'quoted"]) {
        expect(unescapeCell(protectCell(text))).toBe(text);
        expect(toBulkRow({ content: protectCell(text), accounts: 'linkedin-a' }, 1, 'csv').post!.content).toBe(text);
      }
    });
  });
});

describe('bulk request rules', () => {
  it('mode: all by default, partial, nothing else', () => {
    expect([parseMode(undefined), parseMode(''), parseMode('all'), parseMode('partial')]).toEqual(['all', 'all', 'all', 'partial']);
    expect(messageOf(() => parseMode('some'))).toBe(BulkMessages.mode);
    expect(messageOf(() => parseMode(true))).toBe(BulkMessages.mode);
  });

  it('rows: at most MAX_BULK_ROWS, the refusal names the count', () => {
    expect(() => assertRowCount(MAX_BULK_ROWS)).not.toThrow();
    expect(messageOf(() => assertRowCount(10_000))).toBe(
      `Too many rows: at most ${MAX_BULK_ROWS} per request, this one has 10000; split the import into several requests`,
    );
  });

  it('media URLs: at most MAX_MEDIA_URLS per request', () => {
    const row = (n: number) => ({ row: 1, queue: false, mediaIds: [], mediaUrls: Array.from({ length: n }, () => 'https://x.example/a.jpg') });
    expect(() => assertMediaUrlCount([row(MAX_MEDIA_URLS)])).not.toThrow();
    expect(messageOf(() => assertMediaUrlCount([row(MAX_MEDIA_URLS), row(1)]))).toBe(BulkMessages.tooManyMediaUrls(MAX_MEDIA_URLS, MAX_MEDIA_URLS + 1));
  });
});
