import { applyDecorators, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import type { Readable } from 'node:stream';
import { ErrorResponse } from '../common/error.response';
import { FailureMessage } from '../common/failure-message';
import type { ExportFormat } from './bulk.service';
import { EXPORT_CSV_DESCRIPTION, ExportPostsResponse } from './dto/bulk.dto';

/** The export route's failure message and document, shared by the API-key and the dashboard route. */
export const ExportPostsRoute = (summary: string) =>
  applyDecorators(
    FailureMessage('Failed to export posts'),
    ApiOperation({ summary }),
    ApiResponse({
      status: 200,
      description: 'The export, as a download (Content-Disposition: attachment)',
      content: {
        'text/csv': { schema: { type: 'string', description: EXPORT_CSV_DESCRIPTION } },
        'application/json': { schema: { $ref: getSchemaPath(ExportPostsResponse) } },
      },
    }),
    ApiResponse({
      status: 400,
      type: ErrorResponse,
      description: "Invalid status… | Invalid sortBy… | Invalid fromDate format | Invalid toDate format | format must be 'csv' or 'json'",
    }),
    ApiResponse({ status: 500, type: ErrorResponse, description: 'Failed to export posts' }),
  );

/** The export as a download: its type, and a file name with today's date. */
export function exportAnswer(format: ExportFormat, stream: Readable): StreamableFile {
  const name = `posts-${new Date().toISOString().slice(0, 10)}.${format}`;
  return new StreamableFile(stream, {
    type: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
    disposition: `attachment; filename="${name}"`,
  });
}
