import { Injectable, Logger } from '@nestjs/common';
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { RequestContext } from '../auth/request-context';
import { ApiError } from '../common/api-error';
import { Transactions } from '../database/transactions';
import { EngagementService } from '../engagement/engagement.service';
import { IdempotencyService, type CommitResult } from '../idempotency/idempotency.service';
import { MediaUrlImportService } from '../media/media-url-import.service';
import { MediaService } from '../media/media.service';
import type { CreatePostDto } from '../posts/dto/create-post.dto';
import type { ListPostsQueryDto } from '../posts/dto/list-posts.query.dto';
import { CREATE_POST_IDEMPOTENCY } from '../posts/posts.errors';
import { PostApprovalsService } from '../posts/post-approvals.service';
import { PostsService } from '../posts/posts.service';
import { PostValidationService, type PlatformVerdict } from '../publishing/post-validation.service';
import { QueueService } from '../queue/queue.service';
import { BulkMessages } from './bulk.errors';
import { assertMediaUrlCount, assertRowCount, MAX_BULK_ROWS, problemOf, toBulkRow, type BulkMode, type BulkRow, type RowProblem } from './bulk-rows';
import { readCsv } from './csv-rows';
import { EXPORT_CSV_COLUMNS, toCsvRow, toExportedPost, type ExportedPost } from './export-rows';

/** Rows as read, with what an Idempotency-Key compares (the rows as sent, or the CSV's cells). */
export interface BulkInput {
  rows: BulkRow[];
  /** The request's rows before any checks (a repeat must send the same). */
  sent: unknown[];
}

export interface RowCreated {
  row: number;
  line?: number;
  success: true;
  postGroupId: string;
  status: string;
  scheduledTime?: string;
}

export interface RowRefused extends RowProblem {
  row: number;
  line?: number;
  success: false;
}

export type RowResult = RowCreated | RowRefused;

/** bulk/create-posts' answer (all created, or in `partial` mode the valid ones). */
export interface BulkCreateResult {
  success: true;
  mode: BulkMode;
  total: number;
  created: number;
  failed: number;
  results: RowResult[];
}

/** One row of a dry run: what create-post would answer, and validate-post's verdict per account. */
export interface RowPreview {
  row: number;
  line?: number;
  /** create-post would create it (in this batch, after the rows before it). */
  success: boolean;
  /** And every account would publish it (validate-post's `valid`). */
  valid: boolean;
  status?: string;
  scheduledTime?: string;
  httpStatus?: number;
  error?: string;
  details?: Record<string, unknown>;
  platforms?: PlatformVerdict[];
}

export interface BulkValidation {
  success: true;
  /** Every row would be created and published as it is. */
  valid: boolean;
  total: number;
  accepted: number;
  refused: number;
  results: RowPreview[];
}

export type ExportFormat = 'csv' | 'json';

/** list-posts' filters and sort; an export has no pages. */
export type ExportFilters = Omit<ListPostsQueryDto, 'page' | 'limit'>;

/** A batch pass that did not commit: what it found, everything it wrote rolled back. */
class RolledBack extends Error {
  constructor(readonly outcome: PassOutcome) {
    super('bulk pass rolled back');
  }
}

interface PassOutcome {
  created: Map<number, RowCreated>;
  failed: Map<number, RowProblem>;
  previews: Map<number, PlatformVerdict[] | undefined>;
  valid: Map<number, boolean>;
}

/** Passes of a partial import before it answers that the account keeps changing under it. */
const MAX_PASSES = 4;
/** Media URLs fetched at once. */
const FETCH_CONCURRENCY = 4;
/** Groups read per export batch (one query each for groups, platform posts and metrics). */
const EXPORT_BATCH = 100;

const MEDIA_TYPES_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  pdf: 'application/pdf',
};

/**
 * Bulk import and export (docs/bulk.md). An import's rows go through create-post (or the queue's
 * add) one after another inside one transaction, so each row is checked with create-post's rules
 * and limits against everything the rows before it created: all or nothing commits only a clean
 * pass; `partial` drops the refused rows and runs the rest again (a refused row may have written
 * part of itself before its refusal, which only a rollback undoes); a dry run always rolls back.
 */
@Injectable()
export class BulkService {
  private readonly logger = new Logger(BulkService.name);

  constructor(
    private readonly posts: PostsService,
    private readonly approvals: PostApprovalsService,
    private readonly queue: QueueService,
    private readonly validation: PostValidationService,
    private readonly media: MediaService,
    private readonly mediaImport: MediaUrlImportService,
    private readonly engagement: EngagementService,
    private readonly idempotency: IdempotencyService,
    private readonly transactions: Transactions,
  ) {}

  // ── reading rows ──────────────────────────────────────────────────────────────────────────

  /** JSON rows (`rows` of the body, or the GraphQL and MCP input), each checked alone. */
  rowsFromJson(rows: unknown): BulkInput {
    if (rows === undefined || rows === null) throw ApiError.badRequest(BulkMessages.bodyRequired);
    if (!Array.isArray(rows)) throw ApiError.badRequest(BulkMessages.rowsNotArray);
    if (!rows.length) throw ApiError.badRequest(BulkMessages.noRows);
    assertRowCount(rows.length);
    return { rows: rows.map((raw, i) => toBulkRow(raw, i + 1, 'json')), sent: rows };
  }

  /** A CSV file, read as it arrives (csv-rows.ts); past MAX_BULK_ROWS the refusal names the file's row count. */
  async rowsFromCsv(source: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>, delimiter?: string): Promise<BulkInput> {
    const csv = await readCsv(source, { delimiter, maxRows: MAX_BULK_ROWS });
    assertRowCount(csv.total);
    const rows = csv.records.map((record, i): BulkRow => {
      // Fields out of place explain every other problem of the row: that is its answer.
      if (record.overflow)
        return {
          row: i + 1,
          line: record.line,
          queue: false,
          mediaUrls: [],
          mediaIds: [],
          problem: { httpStatus: 400, error: BulkMessages.csvTooManyFields(record.overflow.fields, record.overflow.columns) },
        };
      return toBulkRow(record.values, i + 1, 'csv', record.line);
    });
    return { rows, sent: csv.records.map((r) => r.values) };
  }

  // ── import ────────────────────────────────────────────────────────────────────────────────

  /**
   * bulk/create-posts. With an Idempotency-Key a repeat gets the first answer (committed with the
   * posts it reports); a refused import frees its key, having created nothing.
   */
  async create(ctx: RequestContext, input: BulkInput, mode: BulkMode, idempotencyKey?: string): Promise<BulkCreateResult> {
    assertMediaUrlCount(input.rows);
    const rows = await this.withApprovalRefusals(ctx, input.rows);
    if (!idempotencyKey) return this.run(ctx, rows, mode);
    return this.idempotency.run<BulkCreateResult>(
      { userId: ctx.userId, scope: 'bulk-create-posts', key: idempotencyKey, input: { mode, rows: input.sent }, messages: CREATE_POST_IDEMPOTENCY },
      (commit) => this.run(ctx, rows, mode, commit),
    );
  }

  /**
   * A team editor whose posts need approval (docs/teams.md) imports drafts only: a row asking for
   * a time or the queue is refused, so an import never schedules around the approvers (nor
   * sends them one request per row).
   */
  private async withApprovalRefusals(ctx: RequestContext, rows: BulkRow[]): Promise<BulkRow[]> {
    const asks = (r: BulkRow) => !r.problem && (r.queue || !!r.post?.scheduledTime);
    if (!rows.some(asks) || !(await this.approvals.needsApproval(ctx))) return rows;
    return rows.map((r) => (asks(r) ? { ...r, post: undefined, problem: { httpStatus: 403, error: BulkMessages.approvalNeeded } } : r));
  }

  private async run(ctx: RequestContext, rows: BulkRow[], mode: BulkMode, commit?: CommitResult<BulkCreateResult>): Promise<BulkCreateResult> {
    const failures = new Map<number, RowProblem>();
    for (const r of rows) if (r.problem) failures.set(r.row, r.problem);
    let candidates = rows.filter((r) => !r.problem);
    // Refused already: every other row's problems are found without fetching anything.
    if (mode === 'all' && failures.size) return this.refuse(ctx, rows, candidates, failures, new Map());

    const imported = await this.importMedia(ctx, candidates, failures);
    try {
      candidates = candidates.filter((r) => !failures.has(r.row));
      if (mode === 'all' && failures.size) return await this.refuse(ctx, rows, candidates, failures, imported);
      for (let pass = 1; ; pass++) {
        // The answer (and an Idempotency-Key's record of it) commits in the transaction that creates the posts.
        const outcome = await this.pass(ctx, candidates, imported, { persist: true, notify: true, preview: false }, async (created) => {
          const result = resultOf(rows, mode, failures, created);
          await commit?.(result);
          return result;
        });
        if ('result' in outcome) return outcome.result;
        for (const [row, problem] of outcome.failed) failures.set(row, problem);
        if (mode === 'all') throw refusal(rows, failures);
        candidates = candidates.filter((r) => !outcome.failed.has(r.row));
        if (pass >= MAX_PASSES) throw ApiError.conflict(BulkMessages.busy);
      }
    } finally {
      // What no post took (a refused import, a refused row) goes; attached files are kept.
      const ids = [...imported.values()].flat();
      if (ids.length) await this.mediaImport.discard(ctx.userId, ids).catch((err: unknown) => this.logger.warn({ err }, 'Imported media not discarded'));
    }
  }

  /** All or nothing, refused: the other rows' own problems too (a rolled-back pass), then the 400. */
  private async refuse(
    ctx: RequestContext,
    rows: BulkRow[],
    candidates: BulkRow[],
    failures: Map<number, RowProblem>,
    imported: Map<number, string[]>,
  ): Promise<never> {
    const outcome = await this.pass(ctx, candidates, imported, { persist: false, notify: false, preview: false });
    if (!('result' in outcome)) for (const [row, problem] of outcome.failed) failures.set(row, problem);
    throw refusal(rows, failures);
  }

  /**
   * The rows in order inside one transaction, each refusal recorded; it commits only when
   * `persist` and no row was refused (then `finish` builds the answer, committed with it).
   */
  private async pass(
    ctx: RequestContext,
    rows: BulkRow[],
    imported: Map<number, string[]>,
    options: { persist: boolean; notify: boolean; preview: boolean },
    finish?: (created: Map<number, RowCreated>) => Promise<BulkCreateResult>,
  ): Promise<{ result: BulkCreateResult } | PassOutcome> {
    const mediaRecords = options.preview ? await this.plannedMediaRecords(ctx, rows) : new Map<string, { contentType: string; size: number }>();
    try {
      return await this.transactions.run(async () => {
        // Built afresh on each attempt: the driver may run this again after a transient error.
        const outcome: PassOutcome = { created: new Map(), failed: new Map(), previews: new Map(), valid: new Map() };
        for (const r of rows) {
          try {
            if (options.preview) {
              const verdict = await this.preview(ctx, r, mediaRecords);
              outcome.previews.set(r.row, verdict.platforms);
              outcome.valid.set(r.row, verdict.valid);
            }
            outcome.created.set(r.row, await this.createRow(ctx, r, imported.get(r.row) ?? [], options.notify));
          } catch (err) {
            const problem = problemOf(err);
            if (!problem) throw err;
            outcome.failed.set(r.row, problem);
          }
        }
        if (!options.persist || outcome.failed.size || !finish) throw new RolledBack(outcome);
        return { result: await finish(outcome.created) };
      });
    } catch (err) {
      if (err instanceof RolledBack) return err.outcome;
      throw err;
    }
  }

  /** One row through create-post (or the queue's add), then what it stored. */
  private async createRow(ctx: RequestContext, r: BulkRow, importedIds: string[], notify: boolean): Promise<RowCreated> {
    const mediaIds = [...r.mediaIds, ...importedIds];
    const options = { ...(mediaIds.length ? { mediaIds } : {}), notifyLimits: notify };
    const { postGroupId } = r.queue
      ? await this.queue.add(ctx, fieldsOf(r.post!), undefined, options)
      : await this.posts.create(ctx, r.post!, undefined, options);
    const { group } = await this.posts.get(ctx, postGroupId);
    return {
      row: r.row,
      ...(r.line !== undefined ? { line: r.line } : {}),
      success: true,
      postGroupId,
      status: group.status,
      ...(group.scheduledTime ? { scheduledTime: group.scheduledTime.toISOString() } : {}),
    };
  }

  /**
   * Media URLs fetched (a few at a time) into unattached media records; a row whose URL fails is
   * refused with that URL's problem. Returns the imported ids by row.
   */
  private async importMedia(ctx: RequestContext, rows: BulkRow[], failures: Map<number, RowProblem>): Promise<Map<number, string[]>> {
    const imported = new Map<number, string[]>();
    const jobs = rows.flatMap((r) => r.mediaUrls.map((url, index) => ({ r, url, index })));
    const ids = new Map<number, string[]>();
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const job = jobs[next++];
        if (failures.has(job.r.row)) continue;
        try {
          const media = await this.mediaImport.importFromUrl(ctx, job.url);
          const list = ids.get(job.r.row) ?? new Array<string>(job.r.mediaUrls.length);
          list[job.index] = media.mediaId;
          ids.set(job.r.row, list);
        } catch (err) {
          const problem = problemOf(err);
          if (!problem) throw err;
          failures.set(job.r.row, problem);
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(FETCH_CONCURRENCY, jobs.length) }, worker));
    } catch (err) {
      await this.mediaImport.discard(ctx.userId, [...ids.values()].flat().filter(Boolean)).catch(() => undefined);
      throw err;
    }
    // In the order the row lists them; a refused row keeps what it fetched only to be discarded.
    for (const [row, list] of ids) imported.set(row, list.filter(Boolean));
    return imported;
  }

  // ── dry run ───────────────────────────────────────────────────────────────────────────────

  /**
   * What bulk/create-posts would answer, row by row, creating nothing (the pass always rolls
   * back) and sending no limit e-mail: create-post's refusal or what it would store, with
   * validate-post's verdict per account. Media URLs are checked for form only (not fetched).
   */
  async validate(ctx: RequestContext, input: BulkInput): Promise<BulkValidation> {
    assertMediaUrlCount(input.rows);
    const rows = await this.withApprovalRefusals(ctx, input.rows);
    const failures = new Map<number, RowProblem>();
    for (const r of rows) if (r.problem) failures.set(r.row, r.problem);
    const candidates = rows.filter((r) => !r.problem);
    const outcome = (await this.pass(ctx, candidates, new Map(), { persist: false, notify: false, preview: true })) as PassOutcome;
    for (const [row, problem] of outcome.failed) failures.set(row, problem);
    const results = rows.map((r): RowPreview => {
      const base = { row: r.row, ...(r.line !== undefined ? { line: r.line } : {}) };
      const platforms = outcome.previews.get(r.row);
      const problem = failures.get(r.row);
      if (problem) return { ...base, success: false, valid: false, ...problem, ...(platforms ? { platforms } : {}) };
      const created = outcome.created.get(r.row)!;
      return {
        ...base,
        success: true,
        valid: outcome.valid.get(r.row) ?? true,
        status: created.status,
        ...(created.scheduledTime ? { scheduledTime: created.scheduledTime } : {}),
        ...(platforms ? { platforms } : {}),
      };
    });
    const refused = results.filter((r) => !r.success).length;
    return { success: true, valid: results.every((r) => r.valid), total: results.length, accepted: results.length - refused, refused, results };
  }

  /** validate-post on the row, inside the dry run's transaction (so its limits count the rows before). */
  private async preview(
    ctx: RequestContext,
    r: BulkRow,
    records: Map<string, { contentType: string; size: number }>,
  ): Promise<{ valid: boolean; platforms?: PlatformVerdict[] }> {
    const media = [
      ...r.mediaIds.flatMap((id) => (records.has(id) ? [records.get(id)!] : [])),
      ...r.mediaUrls.map((url) => ({ contentType: contentTypeOfUrl(url), size: 0 })),
    ];
    const verdict = await this.validation.validate(ctx, { ...fieldsOf(r.post!), ...(media.length ? { media } : {}) });
    if (verdict.rejection) {
      const { status, error, ...details } = verdict.rejection;
      throw new ApiError(status, error, details);
    }
    return { valid: verdict.valid, platforms: verdict.platforms };
  }

  /** The type and size of the rows' own media ids (validate-post's `media`). */
  private async plannedMediaRecords(ctx: RequestContext, rows: BulkRow[]): Promise<Map<string, { contentType: string; size: number }>> {
    const ids = [...new Set(rows.flatMap((r) => r.mediaIds))];
    const records = await this.media.ownedRecords(ctx.userId, ids);
    return new Map(
      records.flatMap((m) => {
        const contentType = (m.mimeType ?? m.metadata?.mimeType ?? '').toLowerCase();
        return contentType ? [[m.mediaId, { contentType, size: m.metadata?.size ?? 0 }] as const] : [];
      }),
    );
  }

  // ── export ────────────────────────────────────────────────────────────────────────────────

  /** The groups matching list-posts' filters, a batch at a time, with their latest metrics. */
  async *exportPosts(ctx: RequestContext, query: ExportFilters): AsyncGenerator<ExportedPost[]> {
    for await (const batch of this.posts.exportBatches(ctx, query, EXPORT_BATCH)) {
      const metrics = await this.engagement.latestReadings(
        ctx.userId,
        batch.flatMap((b) => b.platformPosts.map((p) => p._id)),
      );
      yield batch.map((b) => toExportedPost(b.group, b.platformPosts, metrics));
    }
  }

  /**
   * The export as a stream of text: the first batch is read before it is returned, so a failure
   * there is still an ordinary error answer; later batches are read as the client takes them.
   */
  async exportStream(ctx: RequestContext, query: ExportFilters, format: ExportFormat): Promise<Readable> {
    const batches = this.exportPosts(ctx, query);
    const first = await batches.next();
    const exportedAt = new Date().toISOString();
    async function* all(): AsyncGenerator<ExportedPost[]> {
      if (first.done) return;
      yield first.value;
      yield* batches;
    }
    return Readable.from(format === 'csv' ? csvText(all()) : jsonText(all(), exportedAt), { objectMode: false });
  }

  /** The export collected (MCP, which answers in one message): at most `limit` posts, and whether there were more. */
  async exportCollected(ctx: RequestContext, query: ExportFilters, limit: number): Promise<{ posts: ExportedPost[]; truncated: boolean }> {
    const posts: ExportedPost[] = [];
    for await (const batch of this.exportPosts(ctx, query)) {
      for (const post of batch) {
        if (posts.length === limit) return { posts, truncated: true };
        posts.push(post);
      }
    }
    return { posts, truncated: false };
  }

  /** CSV text of posts (MCP's csv format). */
  static csvOf(posts: ExportedPost[]): string {
    return stringify([[...EXPORT_CSV_COLUMNS], ...posts.map(toCsvRow)], CSV_OPTIONS);
  }
}

/** create-post's fields of a checked row, without the ones it does not have. */
function fieldsOf(post: CreatePostDto): Record<string, unknown> {
  return Object.fromEntries(Object.entries({ ...post }).filter(([, v]) => v !== undefined));
}

function contentTypeOfUrl(url: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(new URL(url).pathname)?.[1]?.toLowerCase() ?? '';
  return MEDIA_TYPES_BY_EXTENSION[ext] ?? 'image/jpeg';
}

function resultOf(rows: BulkRow[], mode: BulkMode, failures: Map<number, RowProblem>, created: Map<number, RowCreated>): BulkCreateResult {
  const results = rows.map((r): RowResult => {
    const done = created.get(r.row);
    if (done) return done;
    return { row: r.row, ...(r.line !== undefined ? { line: r.line } : {}), success: false, ...failures.get(r.row)! };
  });
  return { success: true, mode, total: rows.length, created: created.size, failed: rows.length - created.size, results };
}

/** The all-or-nothing refusal: 400, every refused row with create-post's answer. */
function refusal(rows: BulkRow[], failures: Map<number, RowProblem>): ApiError {
  const errors = rows
    .filter((r) => failures.has(r.row))
    .map((r) => ({ row: r.row, ...(r.line !== undefined ? { line: r.line } : {}), ...failures.get(r.row)! }));
  return ApiError.badRequest(BulkMessages.notCreated(errors.length, rows.length), { total: rows.length, errors });
}

/**
 * RFC 4180 records (CRLF between them); a field with a line break of either kind is quoted too
 * (csv-stringify quotes only the record delimiter's own, CRLF, by itself).
 */
const CSV_OPTIONS = { record_delimiter: 'windows', quoted_match: /[\r\n]/ } as const;

/** A UTF-8 BOM first, so a spreadsheet opens the file as UTF-8 (the import takes it off again). */
async function* csvText(batches: AsyncIterable<ExportedPost[]>): AsyncGenerator<string> {
  yield '\uFEFF' + stringify([[...EXPORT_CSV_COLUMNS]], CSV_OPTIONS);
  for await (const batch of batches) yield stringify(batch.map(toCsvRow), CSV_OPTIONS);
}

async function* jsonText(batches: AsyncIterable<ExportedPost[]>, exportedAt: string): AsyncGenerator<string> {
  yield `{"success":true,"exportedAt":${JSON.stringify(exportedAt)},"posts":[`;
  let count = 0;
  for await (const batch of batches) {
    if (!batch.length) continue;
    yield (count ? ',' : '') + batch.map((post) => JSON.stringify(post)).join(',');
    count += batch.length;
  }
  yield `],"count":${count}}`;
}
