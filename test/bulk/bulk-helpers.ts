import type { TestApp } from '@test/support';
import { PlatformPost } from '../../src/posts/schemas/platform-post.schema';
import { PostGroup } from '../../src/posts/schemas/post-group.schema';

export { accountWithConnections, isoIn, seedGroups, type Account } from '../posts/posts-helpers';

/** The user's post groups in the database (what an import left behind). */
export function groupCount(t: TestApp, userId: string): Promise<number> {
  return t.connection.model(PostGroup.name).countDocuments({ userId });
}

export function platformPostCount(t: TestApp, userId: string): Promise<number> {
  return t.connection.model(PlatformPost.name).countDocuments({ userId });
}

/** A CSV file from rows of cells, quoted where needed (RFC 4180), CRLF line ends unless `eol` says otherwise. */
export function csvOf(rows: string[][], options: { delimiter?: string; eol?: string } = {}): string {
  const d = options.delimiter ?? ',';
  const quote = (cell: string) => (/[",\r\n;\t|]/.test(cell) || cell.includes(d) ? `"${cell.replace(/"/g, '""')}"` : cell);
  return rows.map((r) => r.map(quote).join(d)).join(options.eol ?? '\r\n') + (options.eol ?? '\r\n');
}
