import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { ApiError } from '../common/api-error';
import { BulkMessages } from './bulk.errors';
import { columnOf, detectDelimiter, parseDelimiter, readCsv, Utf8Check } from './csv-rows';

/** The file in chunks of `size` bytes, as a request body arrives. */
function chunked(bytes: Buffer, size: number): Buffer[] {
  const out: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected an ApiError');
}

const read = (text: string | Buffer, options: { delimiter?: string; maxRows?: number; maxBytes?: number; chunk?: number } = {}) =>
  readCsv(chunked(Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8'), options.chunk ?? 7), {
    delimiter: options.delimiter,
    maxRows: options.maxRows ?? 1000,
    maxBytes: options.maxBytes,
  });

describe('CSV rows (readCsv)', () => {
  it('quotes, doubled quotes, delimiters and line breaks inside quoted fields; the line each record starts on', async () => {
    const csv = 'content,accounts\r\n"Say ""hi"", then\r\nleave",linkedin-a\r\nplain,"x-1|y-2"\r\n';
    const { records, total } = await read(csv);
    expect(total).toBe(2);
    expect(records).toEqual([
      { line: 2, values: { content: 'Say "hi", then\r\nleave', accounts: 'linkedin-a' } },
      { line: 4, values: { content: 'plain', accounts: 'x-1|y-2' } },
    ]);
  });

  it('a UTF-8 BOM is not part of the first column’s name', async () => {
    const { records } = await read(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('content,accounts\nhé,linkedin-a\n')]), { chunk: 2 });
    expect(records[0].values).toEqual({ content: 'hé', accounts: 'linkedin-a' });
  });

  it('the delimiter is the header line’s (; and tab), or the one given', async () => {
    expect((await read('content;accounts\n"a;b, c";linkedin-a\n')).records[0].values).toEqual({ content: 'a;b, c', accounts: 'linkedin-a' });
    expect((await read('content\taccounts\na, b\tlinkedin-a\n')).delimiter).toBe('\t');
    // A tie (two of each) would be a comma: the one given wins.
    expect((await read('content;accounts;a,b,c\nx,y;linkedin-a;z\n', { delimiter: ';' })).records[0].values).toEqual({
      content: 'x,y',
      accounts: 'linkedin-a',
    });
  });

  it('header names: case, spaces, _ and - ignored; platforms is accounts; other columns are not read', async () => {
    const { records } = await read('Content,Scheduled Time,first_comment,platforms,postGroupId\nx,2030-01-01T00:00:00Z,c,linkedin-a,abc\n');
    expect(records[0].values).toEqual({ content: 'x', scheduledTime: '2030-01-01T00:00:00Z', firstComment: 'c', accounts: 'linkedin-a' });
    expect(columnOf('media-urls')).toBe('mediaUrls');
    expect(columnOf('status')).toBeNull();
  });

  it('rows of empty cells and blank lines are skipped; a short row leaves the last columns empty; a long one is flagged', async () => {
    const { records, total } = await read('content,accounts,firstComment\n\na,linkedin-a\n,,\nb,linkedin-a,c,extra\n');
    expect(total).toBe(2);
    expect(records).toEqual([
      { line: 3, values: { content: 'a', accounts: 'linkedin-a' } },
      { line: 5, values: { content: 'b', accounts: 'linkedin-a', firstComment: 'c' }, overflow: { fields: 4, columns: 3 } },
    ]);
  });

  it('past maxRows the file is counted, not kept', async () => {
    const csv = 'content,accounts\n' + Array.from({ length: 25 }, (_, i) => `post ${i},linkedin-a\n`).join('');
    const { records, total } = await read(csv, { maxRows: 10 });
    expect([records.length, total]).toEqual([10, 25]);
  });

  it('a 9 MB file of 10,000 rows, read with the 1,000-row cap, adds at most 6 MB of live heap (10 MB when every record is kept)', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as (options?: { type: 'minor' | 'major'; execution: 'sync' }) => void;
    const file = Buffer.from('content,accounts\r\n' + Array.from({ length: 10_000 }, (_, i) => `post ${i} ${'x'.repeat(880)},linkedin-a\r\n`).join(''));
    async function* arriving() {
      for (let i = 0; i < file.length; i += 65_536) {
        await new Promise((resolve) => setImmediate(resolve));
        yield file.subarray(i, i + 65_536);
      }
    }
    gc();
    const baseline = process.memoryUsage().heapUsed;
    let peak = baseline;
    // Live memory, not garbage: the young generation is collected before each reading.
    const sample = () => {
      gc({ type: 'minor', execution: 'sync' });
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    };
    const sampler = setInterval(sample, 5);
    const { records, total } = await readCsv(arriving(), { maxRows: 1000 });
    sample();
    clearInterval(sampler);
    expect([records.length, total]).toEqual([1000, 10_000]);
    expect(peak - baseline).toBeLessThan(6 * 1024 * 1024);
  });

  it('a quote a spreadsheet would take as text inside an unquoted field', async () => {
    expect((await read('content,accounts\nHe said "hi",linkedin-a\n')).records[0].values.content).toBe('He said "hi"');
  });

  describe('per-file refusals', () => {
    it('invalid UTF-8 (a Windows-1252 é): the byte, its line and offset', async () => {
      const bytes = Buffer.concat([Buffer.from('content,accounts\nok,linkedin-a\ncaf'), Buffer.from([0xe9]), Buffer.from(',linkedin-a\n')]);
      expect((await refusal(read(bytes))).message).toBe(BulkMessages.csvNotUtf8(0xe9, 3, 34));
    });

    it('a character cut off at the end of the file', async () => {
      const bytes = Buffer.concat([Buffer.from('content,accounts\nx,linkedin-a\n'), Buffer.from([0xe2, 0x82])]);
      expect((await refusal(read(bytes))).message).toBe(BulkMessages.csvTruncatedCharacter(3));
    });

    it('UTF-16', async () => {
      const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('content,accounts\n', 'utf16le')]);
      expect((await refusal(read(bytes))).message).toBe(BulkMessages.csvUtf16);
    });

    it('an unclosed quote names the line its record starts on', async () => {
      expect((await refusal(read('content,accounts\nok,linkedin-a\n"never closed,linkedin-a\nx,y\n'))).message).toBe(
        BulkMessages.csvUnreadable(BulkMessages.csvQuoteNotClosed(3)),
      );
    });

    it('empty, header only, missing or repeated columns', async () => {
      expect((await refusal(read(''))).message).toBe(BulkMessages.csvEmpty);
      expect((await refusal(read('\uFEFF'))).message).toBe(BulkMessages.csvEmpty);
      expect((await refusal(read('content,accounts\n'))).message).toBe(BulkMessages.csvNoRows);
      expect((await refusal(read('text,accounts\nx,y\n'))).message).toBe(BulkMessages.csvMissingColumns(['content']));
      expect((await refusal(read('content\nx\n'))).message).toBe(BulkMessages.csvMissingColumns(['accounts']));
      expect((await refusal(read('content,accounts,Content\nx,y,z\n'))).message).toBe(BulkMessages.csvDuplicateColumn('content'));
    });

    it('larger than maxBytes: 413, nothing more read', async () => {
      const err = await refusal(read('content,accounts\n' + 'x,linkedin-a\n'.repeat(100), { maxBytes: 200 }));
      expect([err.status, err.message]).toEqual([413, BulkMessages.csvTooLarge(0)]);
    });
  });
});

describe('CSV parameters', () => {
  it('delimiter by name or character', () => {
    expect([
      parseDelimiter(undefined),
      parseDelimiter('comma'),
      parseDelimiter('Semicolon'),
      parseDelimiter('tab'),
      parseDelimiter('\\t'),
      parseDelimiter(';'),
    ]).toEqual([undefined, ',', ';', '\t', '\t', ';']);
    expect(() => parseDelimiter('|')).toThrow(BulkMessages.delimiter);
  });

  it('detection counts outside quotes and prefers the comma on a tie', () => {
    expect(detectDelimiter('"a;b;c",d')).toBe(',');
    expect(detectDelimiter('a;b;c,d')).toBe(';');
    expect(detectDelimiter('content')).toBe(',');
  });
});

describe('Utf8Check', () => {
  it('takes every well-formed character, also split across chunks', () => {
    const text = 'aé€😀z';
    const check = new Utf8Check();
    const bytes = Buffer.from(text);
    let out = '';
    for (const b of bytes) out += check.push(Uint8Array.of(b));
    expect(out + check.end()).toBe(text);
  });

  it.each([
    ['an overlong form', [0xc0, 0xaf]],
    ['a surrogate', [0xed, 0xa0, 0x80]],
    ['past U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
    ['a lone continuation byte', [0x80]],
  ])('refuses %s', (_name, bytes) => {
    expect(() => new Utf8Check().push(Uint8Array.from([0x41, ...bytes]))).toThrow(/is not valid UTF-8 text/);
  });
});
