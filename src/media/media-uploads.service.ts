import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ApiError } from '../common/api-error';
import { MediaRecordsRepository } from './media-records.repository';
import { isSafeKey, parseRange, type ByteRange } from './media-names';
import { MediaService } from './media.service';
import { MediaSettings } from './media-settings';
import { isAcceptedUploadType, isDocumentType, servedInline, SIGNATURE_BYTES, signatureMatches, uploadTypeLabel } from './media-signatures';
import type { MediaRecordData } from './schemas/media-record.schema';
import { LocalStorageDriver } from './storage/local-storage.driver';
import { STORAGE_DRIVER, type StorageDriver } from './storage/storage-driver';
import { normalizeContentType, verifyUploadSignature } from './upload-signature';
import { isObjectIdString } from '../database/object-id';
import { UploadMessages } from './media.errors';

/** The uploaded bytes are not what the upload URL was issued for (checked on the first bytes). */
class SignatureMismatch extends Error {}

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
    const record = isObjectIdString(mediaId) ? await this.records.findForUpload(mediaId) : null;
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
    if (this.storage.directUploads || record.storageDriver !== this.storage.kind) {
      throw ApiError.badRequest(UploadMessages.notHere);
    }
    // Only the platforms' image, video and PDF types are stored: nothing this origin could serve as a page.
    if (!isAcceptedUploadType(record.mimeType)) throw new ApiError(415, UploadMessages.unsupported(normalizeContentType(record.mimeType)));
    // A document is a PDF and a PDF a document, so what publishing reads matches the bytes.
    if ((record.type === 'document') !== isDocumentType(record.mimeType)) {
      throw new ApiError(415, UploadMessages.documentMismatch(normalizeContentType(record.mimeType)));
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

  private async store(storage: StorageDriver, record: MediaRecordData, body: Readable, claimedAt: Date) {
    // The local driver's temp file is on its own file system, so storing it is a rename.
    const temp = storage instanceof LocalStorageDriver ? await storage.tempPath() : join(tmpdir(), `sps-upload-${randomBytes(8).toString('hex')}`);
    const md5 = createHash('md5');
    let size = 0;
    // The first bytes must be those of the declared type (magic numbers), before anything is kept.
    let head: Buffer | null = Buffer.alloc(0);
    const checkHead = (done: (err?: Error) => void) => {
      const ok = signatureMatches(record.mimeType, head!);
      head = null;
      done(ok ? undefined : new SignatureMismatch());
    };
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        md5.update(chunk);
        if (head) {
          head = Buffer.concat([head, chunk.subarray(0, SIGNATURE_BYTES - head.length)]);
          if (head.length >= SIGNATURE_BYTES) return checkHead((err) => (err ? done(err) : done(null, chunk)));
        }
        done(null, chunk);
      },
      flush(done) {
        if (head) return checkHead(done);
        done();
      },
    });
    try {
      // Backpressure end to end: memory stays at a few stream buffers whatever the file size.
      await pipeline(body, counter, createWriteStream(temp));
      if ((body as Readable & { aborted?: boolean }).aborted) throw new Error('client aborted');
      if (storage instanceof LocalStorageDriver) await storage.commit(temp, record.fileName);
      else await storage.putFile(record.fileName, temp, record.mimeType ?? 'application/octet-stream').finally(() => rm(temp, { force: true }));
    } catch (err) {
      await rm(temp, { force: true });
      // Nothing was kept: the URL stays usable for the right file until it expires.
      await this.records.releaseClaim(record.mediaId, claimedAt);
      if (err instanceof SignatureMismatch) throw new ApiError(415, UploadMessages.notThatType(uploadTypeLabel(record.mimeType)));
      this.logger.warn({ err, mediaId: record.mediaId }, 'Upload interrupted');
      throw ApiError.badRequest(UploadMessages.interrupted);
    }
    await this.media.completeUpload(record, size);
    return { etag: `"${md5.digest('hex')}"`, size };
  }

  /** GET/HEAD of a stored file: the record's content type, length, and one byte range. */
  async serve(key: string, method: 'GET' | 'HEAD', rangeHeader: string | undefined): Promise<FileAnswer | null> {
    if (!isSafeKey(key) || this.storage.directUploads) return null;
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
      // User files are inert: never sniffed into something else, never run as a page, and
      // anything but an accepted image or video is a download.
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cross-origin-resource-policy': 'cross-origin',
      ...(servedInline(contentType) ? {} : { 'content-disposition': 'attachment' }),
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
