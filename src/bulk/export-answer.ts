import { StreamableFile } from '@nestjs/common';
import type { Readable } from 'node:stream';
import type { ExportFormat } from './bulk.service';

/** The export as a download: its type, and a file name with today's date. */
export function exportAnswer(format: ExportFormat, stream: Readable): StreamableFile {
  const name = `posts-${new Date().toISOString().slice(0, 10)}.${format}`;
  return new StreamableFile(stream, {
    type: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
    disposition: `attachment; filename="${name}"`,
  });
}
