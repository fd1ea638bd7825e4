import type { ImportConnectionsQuery, ImportPostsMutation, ValidateImportMutation } from '../../gql/graphql';

export type ImportAccount = ImportConnectionsQuery['connections'][number];
type Preview = ValidateImportMutation['validateBulkPosts']['results'][number];
export type CreatedRow = ImportPostsMutation['bulkCreatePosts']['results'][number];

/** What the last check said of one row (by its row number in the file). */
export interface RowVerdict {
  /** The service would create it (after the rows before it). */
  success: boolean;
  /** Why it would not be created: the service's words (or the page's, for a row it cannot send as it is). */
  error?: string;
  /** draft | scheduled, and its time, when it would be created. */
  status?: string | null;
  scheduledTime?: string | null;
  queued?: boolean;
  /** What an account would refuse when publishing it as it is ("would not publish"), per account. */
  publishing: Array<{ platformId: string; problems: string[] }>;
}

export function verdictOf(preview: Preview, queued: boolean): RowVerdict {
  if (!preview.success) return { success: false, error: preview.error ?? 'The service refused this row', publishing: [] };
  return {
    success: true,
    status: preview.status,
    scheduledTime: preview.scheduledTime,
    queued,
    publishing: (preview.platforms ?? []).filter((p) => !p.ok && p.problems.length > 0).map((p) => ({ platformId: p.platformId, problems: p.problems })),
  };
}

/** "1 row" / "3 rows". */
export const rowsWord = (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`;
export const postsWord = (n: number) => `${n} ${n === 1 ? 'post' : 'posts'}`;

/** The row errors of an all-or-nothing refusal (BAD_USER_INPUT's `extensions.errors`), by the sent row's number. */
export function refusedRows(extensions: Record<string, unknown> | undefined): Array<{ row: number; error: string }> {
  const errors = extensions?.errors;
  if (!Array.isArray(errors)) return [];
  return errors
    .filter((e): e is { row: number; error: string } => typeof e === 'object' && e !== null && typeof e.row === 'number' && typeof e.error === 'string')
    .map((e) => ({ row: e.row, error: e.error }));
}

// A bulk import's answer names no post type: the cached posts lists are read again.
export const IMPORTED_POSTS = { additionalTypenames: ['PostGroup', 'Queue'] };
