// A CSV file in the browser, as the service's import reads one (docs/bulk.md "CSV"): the same
// header names, delimiter detection, quoting and cell rules, so that what the preview shows is
// what the service would take. The rows then go to the service as JSON `rows`, after the
// person's column mapping and edits.
import type { BulkPostRowInput } from '../../gql/graphql';

/** The fields of an import row, in the documented column order (docs/bulk.md "Rows"). */
export const IMPORT_FIELDS = ['content', 'accounts', 'scheduledTime', 'contentOverrides', 'firstComment', 'platformSettings', 'mediaUrls', 'mediaIds'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Each field as the mapping names it. */
export const FIELD_LABELS: Record<ImportField, string> = {
  content: 'Content',
  accounts: 'Accounts',
  scheduledTime: 'Scheduled time',
  contentOverrides: 'Text per account (contentOverrides)',
  firstComment: 'First comment',
  platformSettings: 'Platform settings',
  mediaUrls: 'Media URLs',
  mediaIds: 'Media ids',
};

/** The fields a row cannot do without: the service refuses a file without these columns. */
export const REQUIRED_FIELDS: readonly ImportField[] = ['content', 'accounts'];

/** At most this many rows per import (`MAX_BULK_ROWS`), and this many bytes per file. */
export const MAX_IMPORT_ROWS = 1000;
export const MAX_CSV_BYTES = 10 * 1024 * 1024;

/** The delimiters the service reads, by the names its `delimiter` parameter takes. */
export const DELIMITERS = { comma: ',', semicolon: ';', tab: '\t' } as const;
export type DelimiterName = keyof typeof DELIMITERS;
export const DELIMITER_LABELS: Record<DelimiterName, string> = { comma: 'Comma (,)', semicolon: 'Semicolon (;)', tab: 'Tab' };

/** A header cell as the field it names (case, spaces, `_` and `-` ignored; `platforms` is `accounts`), or null. */
export function fieldOf(header: string): ImportField | null {
  const key = header.replace(/[\s_-]+/g, '').toLowerCase();
  if (key === 'platforms') return 'accounts';
  return IMPORT_FIELDS.find((f) => f.toLowerCase() === key) ?? null;
}

/** The header line's most frequent of `,` `;` and tab outside quotes (`,` on a tie or none), as the service detects it. */
export function detectDelimiter(text: string): DelimiterName {
  const counts: Record<DelimiterName, number> = { comma: 0, semicolon: 0, tab: 0 };
  let quoted = false;
  for (const ch of text) {
    if (ch === '\n') break;
    if (ch === '"') quoted = !quoted;
    else if (!quoted) {
      if (ch === ',') counts.comma++;
      else if (ch === ';') counts.semicolon++;
      else if (ch === '\t') counts.tab++;
    }
  }
  let best: DelimiterName = 'comma';
  for (const name of ['semicolon', 'tab'] as const) if (counts[name] > counts[best]) best = name;
  return best;
}

export interface CsvRecord {
  /** 1 for the first record after the header: the row number the service would give it. */
  row: number;
  /** The line the record starts on (the header is line 1). */
  line: number;
  cells: string[];
}

export interface ParsedCsv {
  delimiter: DelimiterName;
  header: string[];
  records: CsvRecord[];
}

/** A file the page cannot read, in words that say what to do. */
export class CsvProblem extends Error {}

/** The file's bytes as text: UTF-8 only (with or without a BOM), as the service takes it. */
export function decodeCsv(bytes: Uint8Array): string {
  if (bytes.length > MAX_CSV_BYTES) throw new CsvProblem('The CSV file is larger than 10 MB; split it into several files.');
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    throw new CsvProblem('The CSV file is UTF-16 text: save it as UTF-8 (in Excel: CSV UTF-8) and upload it again.');
  }
  try {
    // The decoder drops a leading BOM.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new CsvProblem('The CSV file is not valid UTF-8 text: save it as UTF-8 (in Excel: CSV UTF-8) and upload it again.');
  }
}

/**
 * RFC 4180 records: a quoted field may hold the delimiter, doubled quotes and line breaks; a quote
 * inside an unquoted field is text; blank lines and rows of empty cells are no rows. The first
 * record is the header.
 */
export function parseCsv(text: string, delimiterName?: DelimiterName): ParsedCsv {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const delimiter = delimiterName ?? detectDelimiter(source);
  const sep = DELIMITERS[delimiter];
  const raw: Array<{ line: number; cells: string[] }> = [];
  let cells: string[] = [];
  let field = '';
  let quoted = false;
  let fieldStarted = false;
  let line = 1;
  let recordLine = 1;
  const endField = () => {
    cells.push(field);
    field = '';
    fieldStarted = false;
  };
  const endRecord = () => {
    endField();
    raw.push({ line: recordLine, cells });
    cells = [];
  };
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (quoted) {
      if (ch === '"') {
        if (source[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        field += ch;
      }
      continue;
    }
    if (ch === '"' && !fieldStarted) {
      quoted = true;
      fieldStarted = true;
    } else if (ch === sep) endField();
    else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && source[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      field += ch;
      fieldStarted = true;
    }
  }
  if (quoted) throw new CsvProblem(`A quoted field that starts on line ${recordLine} is never closed: close its quote and upload the file again.`);
  if (field !== '' || cells.length > 0) endRecord();

  // Blank lines and rows of empty cells (spreadsheets leave them at the end) are no rows.
  const records = raw.filter((r) => r.cells.some((c) => c.trim() !== ''));
  const [head, ...rest] = records;
  if (!head) throw new CsvProblem('The CSV file is empty: it needs a header line and at least one row.');
  if (rest.length === 0) throw new CsvProblem('The CSV file has a header line but no rows.');
  if (rest.length > MAX_IMPORT_ROWS) {
    throw new CsvProblem(`Too many rows: at most ${MAX_IMPORT_ROWS} per import, this file has ${rest.length}; split it into several files.`);
  }
  return {
    delimiter,
    header: head.cells.map((c) => c.trim()),
    records: rest.map((r, i) => ({ row: i + 1, line: r.line, cells: r.cells })),
  };
}

/** Which field each CSV column fills (by column index), or null for a column left out. */
export type ColumnMapping = Array<ImportField | null>;

/** The mapping the header suggests: a column named like a field fills it (the first such column only). */
export function suggestMapping(header: readonly string[]): ColumnMapping {
  const taken = new Set<ImportField>();
  return header.map((name) => {
    const field = fieldOf(name);
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

/** Why the mapping cannot be used yet: a required field without a column, a field chosen twice. */
export function mappingProblems(mapping: ColumnMapping): string[] {
  const problems: string[] = [];
  const missing = REQUIRED_FIELDS.filter((f) => !mapping.includes(f));
  if (missing.length) problems.push(`Choose a column for ${missing.map((f) => FIELD_LABELS[f]).join(' and ')}: every row needs them.`);
  for (const field of IMPORT_FIELDS) {
    if (mapping.filter((m) => m === field).length > 1) problems.push(`${FIELD_LABELS[field]} is chosen for more than one column: choose it once.`);
  }
  return problems;
}

/** A row as the person edits it: the mapped cells as text, by field. */
export interface ImportRow {
  /** The row number in the file (1 = the first record after the header); kept through edits and drops. */
  row: number;
  line: number;
  values: Partial<Record<ImportField, string>>;
  /** More fields than the header has columns: the service would refuse the row as it is. */
  overflow?: string;
}

/** The file's records as rows of fields, by the mapping. */
export function rowsOf(csv: ParsedCsv, mapping: ColumnMapping): ImportRow[] {
  return csv.records.map((record) => {
    const values: Partial<Record<ImportField, string>> = {};
    mapping.forEach((field, i) => {
      if (field) values[field] = record.cells[i] ?? '';
    });
    const overflow =
      record.cells.length > csv.header.length
        ? `This row has ${record.cells.length} fields but the header has ${csv.header.length} columns: quote fields that contain the delimiter, or drop the row.`
        : undefined;
    return { row: record.row, line: record.line, values, ...(overflow ? { overflow } : {}) };
  });
}

/** A cell the export protected against spreadsheet formulas (`'=…`) loses that quote, as on the service. */
const unescapeCell = (value: string): string => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);
const csvText = (value: string): string => unescapeCell(value.replace(/\r\n/g, '\n'));

/** Compound ids and media ids hold none of these; URLs hold no `|` nor white space. */
const ID_SEPARATORS = /[\s|;,]+/;
const URL_SEPARATORS = /[\s|]+/;
const splitList = (value: string, separators: RegExp): string[] => value.split(separators).filter((part) => part !== '');

/** The accounts of a cell: ids separated by `|` (or `;`, `,`, spaces), or a JSON array's text. */
export function accountsOf(cell: string): string[] {
  const text = cell.trim();
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      // Not JSON after all: as a list, so the service names the id it cannot read.
    }
  }
  return splitList(text, ID_SEPARATORS);
}

/** A JSON object cell (contentOverrides, platformSettings): its object, or the text as it is for the service to refuse. */
function objectOf(cell: string): unknown {
  try {
    return JSON.parse(cell);
  } catch {
    return cell;
  }
}

/**
 * A row as the service's JSON `rows` take it: the CSV's cell rules (docs/bulk.md), with an empty
 * cell an absent field; `content` and `accounts` always, so the service names what is missing.
 */
export function toRowInput(values: Partial<Record<ImportField, string>>): BulkPostRowInput {
  const cell = (field: ImportField): string | undefined => {
    const value = values[field];
    return value === undefined || value.trim() === '' ? undefined : value;
  };
  const input: BulkPostRowInput = { content: csvText(values.content ?? ''), accounts: accountsOf(values.accounts ?? '') };
  const scheduledTime = cell('scheduledTime');
  if (scheduledTime) input.scheduledTime = scheduledTime.trim();
  const overrides = cell('contentOverrides');
  if (overrides) input.contentOverrides = objectOf(overrides);
  const firstComment = cell('firstComment');
  if (firstComment) input.firstComment = csvText(firstComment);
  const settings = cell('platformSettings');
  if (settings) input.platformSettings = objectOf(settings);
  const urls = cell('mediaUrls');
  if (urls) input.mediaUrls = splitList(urls, URL_SEPARATORS);
  const ids = cell('mediaIds');
  if (ids) input.mediaIds = splitList(ids, ID_SEPARATORS);
  return input;
}

/** The field a refusal is about, so that its cell is marked; null for the row as a whole (a limit, say). */
export function fieldOfProblem(message: string): 'content' | 'accounts' | 'scheduledTime' | null {
  if (/^content\s/i.test(message)) return 'content';
  if (/scheduled|schedule|queue|horizon|approver/i.test(message)) return 'scheduledTime';
  if (/platform|account|connection/i.test(message)) return 'accounts';
  return null;
}

/** A CSV cell, quoted when it holds the delimiter, a quote or a line break. */
const csvCell = (value: string): string => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/**
 * The template to download: the documented columns and one example draft (on `account`, the
 * person's first connected account, when there is one). UTF-8 with a BOM, so spreadsheets open it
 * as UTF-8 (the import takes it off), and CRLF between records, as the export writes them.
 */
export function templateCsv(account: string | undefined): string {
  const example: Record<ImportField, string> = {
    content: 'Hello from the import! Leave scheduledTime empty for a draft, or write an ISO 8601 time or queue.',
    accounts: account ?? 'mastodon-123456',
    scheduledTime: '',
    contentOverrides: '',
    firstComment: '',
    platformSettings: '',
    mediaUrls: '',
    mediaIds: '',
  };
  return `\uFEFF${IMPORT_FIELDS.join(',')}\r\n${IMPORT_FIELDS.map((f) => csvCell(example[f])).join(',')}\r\n`;
}

/** An Idempotency-Key for one import: a retry of the same rows creates nothing twice. */
export function newImportKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `dashboard-import-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
