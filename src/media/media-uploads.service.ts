import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ApiError } from '../common/api-error';
import { MediaRecordsRepository } from './media-records.repository';
import { isSafeKey, parseRange, type ByteRange } from './media-names';
import { MediaService } from './media.service';
import { MediaSettings } from './media-settings';
import type { MediaRecordData } from './schemas/media-record.schema';
import { LocalStorageDriver } from './storage/local-storage.driver';
import { STORAGE_DRIVER, type StorageDriver } from './storage/storage-driver';
import { normalizeContentType, verifyUploadSignature } from './upload-signature';

export const UploadMessages = {
  invalid: 'Invalid upload URL signature',
  expired: 'Upload URL has expired',
  used: 'Upload URL has already been used',
  missingType: 'Upload type is missing: request the upload URL with type image or video',
  badType: (t: string) => `Upload type "${t}" is not supported: request the upload URL with type image or video`,
  contentType: (expected: string) => `Content-Type must be ${expected}, the type the upload URL was issued for`,
  notHere: 'This upload goes to object storage: use the uploadUrl returned by get-upload-url',
  interrupted: 'Upload interrupted before the file was complete; the URL can be retried until it expires',
} as const;

export interface FileAnswer {
  status: 200 | 206 | 416;
  headers: Record<string, string | number>;
  /** Absent for HEAD and 416. */
  body?: Readable;
}

/**
 * The local driver's two HTTP faces: the signed one-time PUT (streamed to a temp file, then
 * renamed into place) and the public file route with ranges.
 */
@Injectable()
export class MediaUploadsService {
  private readonly logger = new Logger(MediaUploadsService.name);

  constructor(
    private readonly records: MediaRecordsRepository,
    private readonly media: MediaService,
    private readonly settings: MediaSettings,
    @Inject(STORAGE_DRIVER) private readonly storage: StorageDriver,
  ) {}

  /**
   * Every refusal happens before a byte is read, so a refused upload stores nothing. The claim
   * (`uploadClaimedAt`) is one atomic update: of two concurrent PUTs only one proceeds.
   */
  async receive(
    mediaId: string,
    query: { expires?: string; signature?: string },
    contentType: string | undefined,
    body: Readable,
  ): Promise<{ etag: string; size: number }> {
    const expires = Number(query.expires);
    const record = /^[0-9a-f]{24}$/.test(mediaId) ? await this.records.findForUpload(mediaId) : null;
    if (
      !record ||
      !Number.isInteger(expires) ||
      !verifyUploadSignature(this.settings.signingKey, mediaId, record.mimeType ?? '', expires, String(query.signature ?? ''))
    ) {
      throw ApiError.forbidden(UploadMessages.invalid);
    }
    const now = new Date();
    if (now.getTime() >= expires * 1000) throw ApiError.forbidden(UploadMessages.expired);
    if (record.state !== 'pending' || record.uploadClaimedAt) throw ApiError.conflict(UploadMessages.used);
    if (!record.type) {
      throw ApiError.badRequest(record.requestedType ? UploadMessages.badType(record.requestedType) : UploadMessages.missingType);
    }
    if (!(this.storage instanceof LocalStorageDriver) || record.storageDriver !== 'local') {
      throw ApiError.badRequest(UploadMessages.notHere);
    }
    const expected = normalizeContentType(record.mimeType);
    if (normalizeContentType(contentType) !== expected) throw ApiError.badRequest(UploadMessages.contentType(record.mimeType ?? ''));

    const claimed = await this.records.claimUpload(mediaId, now);
    if (!claimed) {
      const current = await this.records.findForUpload(mediaId);
      if (current?.uploadExpiresAt && current.uploadExpiresAt <= now) throw ApiError.forbidden(UploadMessages.expired);
      throw ApiError.conflict(UploadMessages.used);
    }
    return this.store(this.storage, claimed, body, now);
  }

  private async store(storage: LocalStorageDriver, record: MediaRecordData, body: Readable, claimedAt: Date) {
    const temp = await storage.tempPath();
    const md5 = createHash('md5');
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        md5.update(chunk);
        done(null, chunk);
      },
    });
    try {
      // Backpressure end to end: memory stays at a few stream buffers whatever the file size.
      await pipeline(body, counter, createWriteStream(temp));
      if ((body as Readable & { aborted?: boolean }).aborted) throw new Error('client aborted');
      await storage.commit(temp, record.fileName);
    } catch (err) {
      await rm(temp, { force: true });
      await this.records.releaseClaim(record.mediaId, claimedAt);
      this.logger.warn({ err, mediaId: record.mediaId }, 'Upload interrupted');
      throw ApiError.badRequest(UploadMessages.interrupted);
    }
    await this.media.completeUpload(record, size);
    return { etag: `"${md5.digest('hex')}"`, size };
  }

  /** GET/HEAD of a stored file: the record's content type, length, and one byte range. */
  async serve(key: string, method: 'GET' | 'HEAD', rangeHeader: string | undefined): Promise<FileAnswer | null> {
    if (!isSafeKey(key) || this.storage.kind !== 'local') return null;
    const record = await this.records.findServable(key);
    if (!record) return null;
    const stat = await this.storage.stat(key);
    if (!stat) return null;
    const isConverted = record.converted?.fileName === key;
    const contentType = isConverted ? record.converted!.mimeType : (record.mimeType ?? record.metadata?.mimeType ?? 'application/octet-stream');
    const base: Record<string, string | number> = {
      'content-type': contentType,
      'accept-ranges': 'bytes',
      'cache-control': 'public, max-age=31536000, immutable',
      ...(stat.lastModified ? { 'last-modified': stat.lastModified.toUTCString() } : {}),
    };
    const range = parseRange(rangeHeader, stat.size);
    if (range === 'unsatisfiable') {
      return { status: 416, headers: { ...base, 'content-range': `bytes */${stat.size}`, 'content-length': 0 } };
    }
    const r: ByteRange = range ?? { start: 0, end: stat.size - 1 };
    const length = stat.size === 0 ? 0 : r.end - r.start + 1;
    const headers = {
      ...base,
      'content-length': length,
      ...(range ? { 'content-range': `bytes ${r.start}-${r.end}/${stat.size}` } : {}),
    };
    const status = range ? 206 : 200;
    if (method === 'HEAD' || length === 0) return { status, headers };
    return { status, headers, body: await this.storage.open(key, r) };
  }
}
