import { ApiError, errorResponse } from '../common/api-error';
import { validateInput } from '../common/validation/validate-input';
import { isObjectIdString } from '../database/object-id';
import { CreatePostDto } from '../posts/dto/create-post.dto';
import { BulkMessages } from './bulk.errors';

/**
 * A bulk import's rows before any database work: each JSON row or CSV record becomes create-post's
 * body, checked by create-post's own rules (the same DTO, so the same first message), plus what
 * only a bulk row has (`queue` as the time, media by URL or id). Pure: unit specs reach it all.
 */

/**
 * Rows per request. A batch runs in one transaction (all or nothing, limits counted across it),
 * which must finish well inside MongoDB's 60 s transaction lifetime and the idempotency lease;
 * 1,000 rows take a few seconds (docs/bulk.md), and are twice the largest plan's monthly posts.
 */
export const MAX_BULK_ROWS = 1000;
/** Media per row: LinkedIn's 20 images, the most any platform takes in one post. */
export const MAX_MEDIA_PER_ROW = 20;
/** Media URLs fetched per request: each download is bounded, their sum must be too. */
export const MAX_MEDIA_URLS = 200;

export const BULK_MODES = ['all', 'partial'] as const;
export type BulkMode = (typeof BULK_MODES)[number];

/** The `scheduledTime` that asks for the next free queue slot instead of a time. */
export const QUEUE_WORD = 'queue';

/** Why a row cannot be created: create-post's answer (its status, message and extra fields), or the bulk row's own. */
export interface RowProblem {
  httpStatus: number;
  error: string;
  /** The rest of create-post's error body (the limit-exceeded fields). */
  details?: Record<string, unknown>;
}

export interface BulkRow {
  /** 1 for the first row (JSON: rows[0]; CSV: the first record after the header). */
  row: number;
  /** CSV: the line its record starts on (a quoted field may span lines). */
  line?: number;
  /** create-post's checked body; absent when `problem` is set. A queued row has no scheduledTime. */
  post?: CreatePostDto;
  queue: boolean;
  mediaUrls: string[];
  mediaIds: string[];
  problem?: RowProblem;
}

/** Where a row came from: CSV cells are text, so empty means absent and lists are separated text. */
export type RowSource = 'json' | 'csv';

/** `mode`: absent → `all`. */
export function parseMode(value: unknown): BulkMode {
  if (value === undefined || value === null || value === '') return 'all';
  if (typeof value === 'string' && (BULK_MODES as readonly string[]).includes(value)) return value as BulkMode;
  throw ApiError.badRequest(BulkMessages.mode);
}

export function assertRowCount(count: number): void {
  if (count > MAX_BULK_ROWS) throw ApiError.badRequest(BulkMessages.tooManyRows(MAX_BULK_ROWS, count));
}

/** The request's media URLs against MAX_MEDIA_URLS (a per-request refusal, before anything is fetched). */
export function assertMediaUrlCount(rows: readonly BulkRow[]): void {
  const count = rows.reduce((n, r) => n + r.mediaUrls.length, 0);
  if (count > MAX_MEDIA_URLS) throw ApiError.badRequest(BulkMessages.tooManyMediaUrls(MAX_MEDIA_URLS, count));
}

/** An ApiError as a row's problem (create-post's status, message and extra fields); null for anything else. */
export function problemOf(err: unknown): RowProblem | null {
  if (!(err instanceof ApiError)) return null;
  const { status, body } = errorResponse(err);
  const { error, ...details } = body;
  return { httpStatus: status, error, ...(Object.keys(details).length ? { details } : {}) };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A CSV cell the export protected against spreadsheet formulas (`'=…`, `'+…`, `'-…`, `'@…`):
 * the quote it added comes off, so an exported file imports as it was.
 */
export function unescapeCell(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

/** A CSV text cell: Windows line ends inside a quoted field become plain line feeds. */
const csvText = (value: string): string => unescapeCell(value.replace(/\r\n/g, '\n'));

/** Compound ids and media ids hold none of these, so any of them separates a CSV list. */
const ID_SEPARATORS = /[\s|;,]+/;
/** URLs may hold `,` and `;` but not a raw `|` or white space (RFC 3986). */
const URL_SEPARATORS = /[\s|]+/;

const splitList = (value: string, separators: RegExp): string[] => value.split(separators).filter((part) => part !== '');

/** CSV: an empty cell is an absent field. */
const given = (value: unknown): unknown => (value === '' ? undefined : value);

/**
 * One row as create-post's body and the bulk fields, with the first problem found: the row's
 * shape, then create-post's rules in their order, then the media fields.
 */
export function toBulkRow(raw: unknown, row: number, source: RowSource, line?: number): BulkRow {
  const base: BulkRow = { row, ...(line !== undefined ? { line } : {}), queue: false, mediaUrls: [], mediaIds: [] };
  if (!isPlainObject(raw)) return { ...base, problem: { httpStatus: 400, error: BulkMessages.rowNotObject } };
  const csv = source === 'csv';
  const cell = (value: unknown) => (csv ? given(value) : value);

  const accountsField = raw.accounts !== undefined ? raw.accounts : raw.platforms;
  let accounts = cell(accountsField);
  // A CSV list of ids, unless the cell is create-post's JSON array text.
  if (csv && typeof accounts === 'string' && !accounts.trimStart().startsWith('[')) accounts = splitList(accounts, ID_SEPARATORS);

  let scheduledTime = cell(raw.scheduledTime);
  if (typeof scheduledTime === 'string' && csv) scheduledTime = given(scheduledTime.trim());
  const queue = typeof scheduledTime === 'string' && scheduledTime.trim().toLowerCase() === QUEUE_WORD;

  const content = csv && typeof raw.content === 'string' ? csvText(raw.content) : raw.content;
  const firstComment = csv && typeof raw.firstComment === 'string' ? given(csvText(raw.firstComment)) : raw.firstComment;
  const body: Record<string, unknown> = {
    content,
    platforms: accounts,
    ...(queue ? {} : { scheduledTime }),
    platformSettings: cell(raw.platformSettings),
    contentOverrides: cell(raw.contentOverrides),
    firstComment,
  };
  let post: CreatePostDto;
  try {
    post = validateInput(CreatePostDto, body);
  } catch (err) {
    return { ...base, queue, problem: problemOf(err)! };
  }

  const media = mediaOf(raw, csv);
  if ('problem' in media) return { ...base, queue, problem: { httpStatus: 400, error: media.problem } };
  return { ...base, post, queue, ...media };
}

function mediaOf(raw: Record<string, unknown>, csv: boolean): { mediaUrls: string[]; mediaIds: string[] } | { problem: string } {
  const urls = listOf(raw.mediaUrls, csv, URL_SEPARATORS);
  if (urls === null) return { problem: BulkMessages.mediaUrlsNotList };
  const badUrl = urls.find((u) => !isHttpUrl(u));
  if (badUrl !== undefined) return { problem: BulkMessages.mediaUrlInvalid(badUrl) };
  const ids = listOf(raw.mediaIds, csv, ID_SEPARATORS);
  if (ids === null) return { problem: BulkMessages.mediaIdsNotList };
  const badId = ids.find((id) => !isObjectIdString(id));
  if (badId !== undefined) return { problem: BulkMessages.mediaIdInvalid(badId) };
  if (urls.length + ids.length > MAX_MEDIA_PER_ROW) return { problem: BulkMessages.tooManyMedia(MAX_MEDIA_PER_ROW) };
  return { mediaUrls: urls, mediaIds: [...new Set(ids)] };
}

/** A list field: absent → [], a JSON array of strings, or (CSV) separated text; null when it is none of these. */
function listOf(value: unknown, csv: boolean, separators: RegExp): string[] | null {
  if (value === undefined || value === null || value === '') return [];
  if (csv && typeof value === 'string') return splitList(value, separators);
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) return null;
  return (value as string[]).map((v) => v.trim()).filter((v) => v !== '');
}

const MAX_URL_LENGTH = 2048;

function isHttpUrl(value: string): boolean {
  if (value.length > MAX_URL_LENGTH) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname && !url.username && !url.password;
  } catch {
    return false;
  }
}
