import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { POST_GROUP_STATUSES } from '@app/rules';
import { ApiError } from '../../common/api-error';
import { validateInput } from '../../common/validation/validate-input';
import { BulkMessages } from '../../bulk/bulk.errors';
import { MAX_BULK_ROWS, parseMode } from '../../bulk/bulk-rows';
import { BulkService, type BulkInput } from '../../bulk/bulk.service';
import { parseDelimiter } from '../../bulk/csv-rows';
import { ExportPostsQueryDto } from '../../bulk/dto/bulk.dto';
import { LIST_SORT_KEYS } from '../../posts/list-posts.query';
import type { McpIdempotencyService } from '../mcp-idempotency.service';
import { defined, idempotencyKeyParam, registerTool, runTool, type ToolScope } from './tool-kit';

/** Posts an MCP export answers at most: one message carries the whole answer (MCP_MAX_RESPONSE_BYTES). */
export const MAX_MCP_EXPORT = 1000;
const DEFAULT_MCP_EXPORT = 200;

const row = z
  .object({
    content: z.string().optional(),
    accounts: z.array(z.string()).optional().describe('Compound platform ids from list_connections'),
    scheduledTime: z.string().nullable().optional().describe('ISO 8601 UTC, the word "queue" (next free queue slot), or omitted: a draft'),
    contentOverrides: z.record(z.unknown()).optional(),
    firstComment: z.string().optional(),
    platformSettings: z.record(z.unknown()).optional(),
    mediaUrls: z.array(z.string()).optional().describe('Public http(s) addresses of files to attach; the service fetches them'),
    mediaIds: z.array(z.string()).optional(),
  })
  .passthrough();

/** Bulk import and export (docs/bulk.md), the REST routes' service and bodies. */
export function registerBulkTools(server: McpServer, scope: ToolScope, deps: { bulk: BulkService; idempotency: McpIdempotencyService }): void {
  const { ctx } = scope;
  const { bulk, idempotency } = deps;

  const rowsOf = (args: { rows?: unknown[]; csv?: string; delimiter?: string }): Promise<BulkInput> | BulkInput => {
    if ((args.csv !== undefined) === (args.rows !== undefined)) throw ApiError.badRequest(BulkMessages.rowsOrCsv);
    if (args.csv !== undefined) return bulk.rowsFromCsv([Buffer.from(args.csv, 'utf8')], parseDelimiter(args.delimiter));
    return bulk.rowsFromJson(args.rows);
  };

  registerTool(
    server,
    'bulk_create_posts',
    {
      title: 'Create many posts at once',
      description: `Create up to ${MAX_BULK_ROWS} posts in one call, from rows (create_post's fields with accounts for platforms; scheduledTime "queue" for the next free queue slot) or a CSV text (header: content, accounts, scheduledTime, contentOverrides, firstComment, mediaUrls, mediaIds; lists separated by |). Every row is checked as create_post checks it, with plan limits counted across the rows. mode "all" (default) creates nothing unless every row is valid (the error lists each refused row); "partial" creates the valid rows. Returns { mode, total, created, failed, results: [{ row, success, postGroupId | error }] }. validateOnly: true answers each row's refusal or what it would store, with validate_post's verdict per account, creating nothing. Same as REST POST /api/v1/bulk/create-posts (and validate-posts).`,
      inputSchema: {
        rows: z.array(row).optional().describe('The posts, one object each (or give csv instead)'),
        csv: z.string().optional().describe('A CSV file as text: a header line naming the columns, then one post per record'),
        delimiter: z.string().optional().describe('CSV only: comma, semicolon or tab (default: detected from the header)'),
        mode: z.string().optional().describe('all (default) or partial'),
        validateOnly: z.boolean().optional().describe('true: a dry run, nothing is created'),
        idempotencyKey: idempotencyKeyParam,
      },
    },
    runTool(
      scope,
      'bulk_create_posts',
      'Failed to import posts',
      async (args: { rows?: unknown[]; csv?: string; delimiter?: string; mode?: string; validateOnly?: boolean; idempotencyKey?: string }) => {
        const mode = parseMode(args.mode);
        const key = args.idempotencyKey === undefined ? undefined : idempotency.checkKey(args.idempotencyKey);
        const input = await rowsOf(args);
        if (args.validateOnly) return bulk.validate(ctx, input);
        return bulk.create(ctx, input, mode, key);
      },
    ),
  );

  registerTool(
    server,
    'export_posts',
    {
      title: 'Export posts',
      description: `The post groups matching list_posts' filters (no pages: every match, up to limit), each with its accounts, content, text per account, first comment, media and, per account, status, postedId, publishedUrl and the latest engagement metrics. format json (default here: { posts }) or csv (the re-importable file of REST GET /api/v1/bulk/export-posts, as text). truncated: true when more posts matched than limit.`,
      inputSchema: {
        status: z
          .string()
          .optional()
          .describe(`Exact group status, one of ${POST_GROUP_STATUSES.join(', ')}`),
        platform: z.string().optional().describe('Bare platform name, case-insensitive'),
        fromDate: z.string().optional().describe('Inclusive lower bound on scheduledTime'),
        toDate: z.string().optional().describe('Inclusive upper bound on scheduledTime'),
        sortBy: z
          .string()
          .optional()
          .describe(`${LIST_SORT_KEYS.join(', ')} (default createdAt)`),
        sortOrder: z.string().optional().describe('asc or desc (default)'),
        format: z.string().optional().describe('json (default) or csv'),
        limit: z.number().int().min(1).max(MAX_MCP_EXPORT).optional().describe(`Posts at most, 1-${MAX_MCP_EXPORT} (default ${DEFAULT_MCP_EXPORT})`),
      },
      annotations: { readOnlyHint: true },
    },
    runTool(scope, 'export_posts', 'Failed to export posts', async (args: Record<string, unknown> & { limit?: number; format?: string }) => {
      const { limit, format: given, ...filters } = args;
      const query = validateInput(ExportPostsQueryDto, defined({ ...filters, format: given }));
      const format = query.format ?? 'json';
      const { posts, truncated } = await bulk.exportCollected(ctx, query, limit ?? DEFAULT_MCP_EXPORT);
      if (format === 'csv') return { success: true, format, count: posts.length, truncated, csv: BulkService.csvOf(posts) };
      return { success: true, format, count: posts.length, truncated, posts };
    }),
  );
}
