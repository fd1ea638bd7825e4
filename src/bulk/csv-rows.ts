import { parse, CsvError, type Options } from 'csv-parse';
import { Readable } from 'node:stream';
import { ApiError } from '../common/api-error';
import { BulkMessages } from './bulk.errors';

/**
 * A CSV file as bulk rows, read as a stream: UTF-8 checked byte by byte (the exact byte and line
 * of a bad one), the delimiter taken from the header line (or given), csv-parse for quotes and
 * fields spanning lines. Memory holds at most `maxRows` records: past it the file is still read
 * to count its rows for the refusal, but nothing more is kept, and reading stops at `maxBytes`.
 */

/** The columns a bulk row reads (docs/bulk.md), by their names with case, spaces, `_` and `-` ignored. */
export const CSV_COLUMNS = ['content', 'accounts', 'scheduledTime', 'contentOverrides', 'firstComment', 'platformSettings', 'mediaUrls', 'mediaIds'] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];
const ALIASES: Record<string, CsvColumn> = { platforms: 'accounts' };

/** The bytes a CSV upload may have: the app's JSON body limit, so either form of an import is bounded alike. */
export const MAX_CSV_BYTES = 10 * 1024 * 1024;
/** One record (a row with all its fields): a post's 100,000 characters of content, in UTF-8, with room for the rest. */
const MAX_RECORD_BYTES = 1024 * 1024;

export const DELIMITERS = { comma: ',', semicolon: ';', tab: '\t' } as const;

export interface CsvRecord {
  /** The line the record starts on (the header is line 1). */
  line: number;
  values: Partial<Record<CsvColumn, string>>;
  /** More fields than the header has columns (a field with the delimiter, unquoted). */
  overflow?: { fields: number; columns: number };
}

export interface CsvRows {
  records: CsvRecord[];
  /** Records in the file after the header (all of them, also past `maxRows`). */
  total: number;
  delimiter: string;
}

/** `delimiter` as a request gives it: a name or the character; absent → detected. */
export function parseDelimiter(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const text = String(value);
  const named = DELIMITERS[text.toLowerCase() as keyof typeof DELIMITERS];
  if (named) return named;
  if (text === '\\t') return '\t';
  if ((Object.values(DELIMITERS) as string[]).includes(text)) return text;
  throw ApiError.badRequest(BulkMessages.delimiter);
}

/** The delimiter of a header line: the most frequent of `,` `;` tab outside quotes (`,` on a tie or none). */
export function detectDelimiter(headerLine: string): string {
  const counts = new Map<string, number>(Object.values(DELIMITERS).map((d) => [d, 0]));
  let quoted = false;
  for (const ch of headerLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ',';
  for (const [d, n] of counts) if (n > counts.get(best)!) best = d;
  return best;
}

/** A header cell as its column, or null for a column the import does not read (the export's others). */
export function columnOf(name: string): CsvColumn | null {
  const key = name.replace(/[\s_-]+/g, '').toLowerCase();
  if (ALIASES[key]) return ALIASES[key];
  return CSV_COLUMNS.find((c) => c.toLowerCase() === key) ?? null;
}

/**
 * UTF-8 checked as it arrives, chunk by chunk (a character may span chunks), with the WHATWG
 * rules: no overlong forms, no surrogates, nothing past U+10FFFF. A bad byte is a 400 naming it,
 * its line and offset.
 */
export class Utf8Check {
  private offset = 0;
  private line = 1;
  private needed = 0;
  private lower = 0x80;
  private upper = 0xbf;
  private leadByte = 0;
  private sequenceStart = 0;
  private readonly decoder = new TextDecoder('utf-8');

  /** The chunk's text (a character cut by the chunk's end comes with the next one); throws on a bad byte. */
  push(chunk: Uint8Array): string {
    if (this.offset === 0 && chunk.length >= 2 && ((chunk[0] === 0xff && chunk[1] === 0xfe) || (chunk[0] === 0xfe && chunk[1] === 0xff))) {
      throw ApiError.badRequest(BulkMessages.csvUtf16);
    }
    for (let i = 0; i < chunk.length; i++, this.offset++) {
      const byte = chunk[i];
      if (this.needed === 0) {
        if (byte <= 0x7f) {
          if (byte === 0x0a) this.line++;
          continue;
        }
        this.leadByte = byte;
        this.sequenceStart = this.offset;
        if (byte >= 0xc2 && byte <= 0xdf) this.needed = 1;
        else if (byte >= 0xe0 && byte <= 0xef) {
          if (byte === 0xe0) this.lower = 0xa0;
          if (byte === 0xed) this.upper = 0x9f;
          this.needed = 2;
        } else if (byte >= 0xf0 && byte <= 0xf4) {
          if (byte === 0xf0) this.lower = 0x90;
          if (byte === 0xf4) this.upper = 0x8f;
          this.needed = 3;
        } else throw ApiError.badRequest(BulkMessages.csvNotUtf8(byte, this.line, this.offset));
        continue;
      }
      // The character's first byte is what the person can find (a Windows-1252 é is 0xE9).
      if (byte < this.lower || byte > this.upper) throw ApiError.badRequest(BulkMessages.csvNotUtf8(this.leadByte, this.line, this.sequenceStart));
      this.lower = 0x80;
      this.upper = 0xbf;
      this.needed--;
    }
    // The BOM, if any, is left out by the decoder (its default).
    return this.decoder.decode(chunk, { stream: true });
  }

  /** At the end of the file: a character left unfinished is a 400. */
  end(): string {
    if (this.needed > 0) throw ApiError.badRequest(BulkMessages.csvTruncatedCharacter(this.line));
    return this.decoder.decode();
  }

  get bytes(): number {
    return this.offset;
  }
}

/** The file's text, checked, as it arrives; a 413 past `maxBytes` (nothing more is read). */
async function* textOf(source: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>, maxBytes: number): AsyncGenerator<string> {
  const check = new Utf8Check();
  for await (const chunk of source) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    if (check.bytes + bytes.length > maxBytes) throw new ApiError(413, BulkMessages.csvTooLarge(Math.round(maxBytes / 1024 / 1024)));
    const text = check.push(bytes);
    if (text) yield text;
  }
  const rest = check.end();
  if (rest) yield rest;
}

/** csv-parse's refusals of the file, in words that say where (`recordLine`: where the record it was reading starts). */
function unreadable(err: CsvError, recordLine: number): ApiError {
  const line = Number((err as CsvError & { lines?: number }).lines) || 1;
  if (err.code === 'CSV_QUOTE_NOT_CLOSED') return ApiError.badRequest(BulkMessages.csvUnreadable(BulkMessages.csvQuoteNotClosed(recordLine)));
  if (err.code === 'CSV_INVALID_CLOSING_QUOTE') return ApiError.badRequest(BulkMessages.csvUnreadable(BulkMessages.csvBadClosingQuote(line)));
  if (err.code === 'CSV_MAX_RECORD_SIZE')
    return ApiError.badRequest(BulkMessages.csvUnreadable(BulkMessages.csvRecordTooLong(recordLine, MAX_RECORD_BYTES / 1024 / 1024)));
  return ApiError.badRequest(BulkMessages.csvUnreadable(err.message));
}

/**
 * The CSV's header and records (at most `maxRows` kept). Per-file problems (encoding, size, an
 * unclosed quote, no header, a missing column) are a 400 (413 for the size); a row's own problems
 * are left to the row.
 */
export async function readCsv(
  source: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
  options: { delimiter?: string; maxRows: number; maxBytes?: number },
): Promise<CsvRows> {
  const chunks = textOf(source, options.maxBytes ?? MAX_CSV_BYTES)[Symbol.asyncIterator]();
  // The header line decides the delimiter: read until it is complete (or 64 KB of it).
  let head = '';
  let ended = false;
  while (!head.includes('\n') && head.length < 65_536) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    head += next.value;
  }
  const delimiter = options.delimiter ?? detectDelimiter(head.split('\n', 1)[0]);
  async function* all(): AsyncGenerator<string> {
    if (head) yield head;
    if (ended) return;
    for (;;) {
      const next = await chunks.next();
      if (next.done) return;
      yield next.value;
    }
  }

  // Lines counted here, not by csv-parse (which counts a CRLF inside a quoted field twice): a
  // record takes one line plus the line breaks inside its fields, blank lines between records one each.
  let nextLine = 1;
  let emptySeen = 0;
  const breaks = (record: string[]) => record.reduce((n, field) => n + (field.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
  const parserOptions: Options<{ record: string[]; line: number }, string[]> = {
    delimiter,
    bom: true,
    relax_column_count: true,
    // A quote inside an unquoted field is text (`He said "hi"`), as spreadsheets read it.
    relax_quotes: true,
    skip_empty_lines: true,
    max_record_size: MAX_RECORD_BYTES,
    on_record: (record, context) => {
      const line = nextLine + (context.empty_lines - emptySeen);
      emptySeen = context.empty_lines;
      nextLine = line + 1 + breaks(record);
      return { record, line };
    },
  };
  // The typings take one record type for both sides of on_record; it changes the record's shape here.
  const parser = parse(parserOptions as unknown as Options);
  const input = Readable.from(all());
  let inputError: unknown = null;
  input.on('error', (err) => {
    inputError = err;
    parser.destroy(err);
  });
  input.pipe(parser);

  let header: Array<CsvColumn | null> | null = null;
  const records: CsvRecord[] = [];
  let total = 0;
  try {
    for await (const { record, line } of parser as AsyncIterable<{ record: string[]; line: number }>) {
      if (!header) {
        header = headerOf(record);
        continue;
      }
      // A row of empty cells (spreadsheets leave them at the end) is no row.
      if (record.every((v) => v.trim() === '')) continue;
      total++;
      if (records.length >= options.maxRows) continue;
      const values: Partial<Record<CsvColumn, string>> = {};
      header.forEach((column, i) => {
        if (column && record[i] !== undefined) values[column] = record[i];
      });
      records.push({ line, values, ...(record.length > header.length ? { overflow: { fields: record.length, columns: header.length } } : {}) });
    }
  } catch (err) {
    if (inputError instanceof ApiError) throw inputError;
    if (err instanceof ApiError) throw err;
    if (err instanceof CsvError) throw unreadable(err, nextLine + ((err as CsvError & { empty_lines?: number }).empty_lines ?? emptySeen) - emptySeen);
    throw err;
  } finally {
    input.destroy();
  }
  if (inputError) throw inputError;
  if (!header) throw ApiError.badRequest(BulkMessages.csvEmpty);
  if (total === 0) throw ApiError.badRequest(BulkMessages.csvNoRows);
  return { records, total, delimiter };
}

function headerOf(cells: string[]): Array<CsvColumn | null> {
  const columns = cells.map((c) => columnOf(c));
  const seen = new Set<CsvColumn>();
  for (const column of columns) {
    if (!column) continue;
    if (seen.has(column)) throw ApiError.badRequest(BulkMessages.csvDuplicateColumn(column));
    seen.add(column);
  }
  const missing = (['content', 'accounts'] as const).filter((c) => !seen.has(c));
  if (missing.length) throw ApiError.badRequest(BulkMessages.csvMissingColumns(missing));
  return columns;
}
