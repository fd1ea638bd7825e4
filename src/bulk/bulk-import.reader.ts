import { Injectable } from '@nestjs/common';
import type {} from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PassThrough, type Readable } from 'node:stream';
import { ApiError } from '../common/api-error';
import { BulkMessages } from './bulk.errors';
import { parseMode, type BulkMode } from './bulk-rows';
import { BulkService, type BulkInput } from './bulk.service';
import { MAX_CSV_BYTES, parseDelimiter } from './csv-rows';

const mediaType = (header: string | undefined) => (header ?? '').split(';')[0].trim().toLowerCase();
const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An import request's rows, whichever form it came in: JSON `{ rows, mode }`, a `text/csv` body
 * (left unparsed by Fastify, bulk-http.ts) or a multipart upload with one file. A CSV is read as
 * it arrives; on a refusal the rest of the body is drained so the answer reaches the client (a
 * file over the size cap instead closes the connection: nothing more of it is read).
 */
@Injectable()
export class BulkImportReader {
  constructor(private readonly bulk: BulkService) {}

  async read(request: FastifyRequest, reply: FastifyReply, query: { mode?: string; delimiter?: string }): Promise<{ rows: BulkInput; mode: BulkMode }> {
    if (request.isMultipart()) return this.fromMultipart(request, reply, query);
    if (mediaType(request.headers['content-type']) === 'text/csv') {
      const mode = parseMode(query.mode);
      return { rows: await this.fromCsv(request.raw, reply, parseDelimiter(query.delimiter)), mode };
    }
    const body = request.body;
    if (!isPlainObject(body)) throw ApiError.badRequest(BulkMessages.bodyRequired);
    const mode = parseMode(body.mode ?? query.mode);
    return { rows: this.bulk.rowsFromJson(body.rows), mode };
  }

  private async fromMultipart(request: FastifyRequest, reply: FastifyReply, query: { mode?: string; delimiter?: string }) {
    let mode: unknown = query.mode;
    let delimiter: unknown = query.delimiter;
    let rows: BulkInput | undefined;
    try {
      // Fields before the file apply to it (a delimiter after the file comes too late to read it).
      for await (const part of request.parts({ limits: { fileSize: MAX_CSV_BYTES + 1, files: 1 } })) {
        if (part.type === 'field') {
          if (part.fieldname === 'mode') mode = part.value;
          if (part.fieldname === 'delimiter') delimiter = part.value;
          continue;
        }
        rows = await this.fromCsv(part.file, reply, parseDelimiter(delimiter));
      }
    } catch (err) {
      throw multipartError(err);
    }
    if (!rows) throw ApiError.badRequest(BulkMessages.csvNotUploaded);
    return { rows, mode: parseMode(mode) };
  }

  /** The CSV through a pass-through, so a refusal stops the parse without destroying the request. */
  private async fromCsv(source: Readable, reply: FastifyReply, delimiter: string | undefined): Promise<BulkInput> {
    const pass = new PassThrough();
    source.pipe(pass);
    try {
      return await this.bulk.rowsFromCsv(pass, delimiter);
    } catch (err) {
      source.unpipe(pass);
      pass.destroy();
      if (err instanceof ApiError && err.status === 413) void reply.header('connection', 'close');
      else source.resume();
      throw err;
    }
  }
}

/** @fastify/multipart's limits as this route's answers. */
function multipartError(err: unknown): unknown {
  if (err instanceof ApiError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new ApiError(413, BulkMessages.csvTooLarge(MAX_CSV_BYTES / 1024 / 1024));
  if (code === 'FST_FILES_LIMIT') return ApiError.badRequest(BulkMessages.csvOneFile);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_NO_FORM_DATA') return ApiError.badRequest(BulkMessages.csvNotUploaded);
  return err;
}
