import { Inject, Injectable, Logger } from '@nestjs/common';
import { Types } from 'mongoose';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { request } from 'undici';
import type { RequestContext } from '../auth/request-context';
import { ApiError } from '../common/api-error';
import { RefusedError } from '../common/outbound/address-rules';
import { parseAllowedHosts } from '../common/outbound/allowed-hosts';
import { DnsLookupError, outboundGuard, SchemeRefusedError, type OutboundGuard } from '../common/outbound/outbound-guard';
import { AppConfig } from '../config/app-config.service';
import { MediaRecordsRepository } from './media-records.repository';
import { MediaUrlMessages } from './media.errors';
import { storageKey } from './media-names';
import { isAcceptedUploadType, isDocumentType, SIGNATURE_BYTES, signatureMatches, uploadTypeLabel } from './media-signatures';
import { MediaService } from './media.service';
import { STORAGE_DRIVER, type StorageDriver } from './storage/storage-driver';
import { normalizeContentType } from './upload-signature';
import { VideoProcessingService } from './video-processing.service';

/** Redirects followed per URL (each hop goes through the guard again). */
const MAX_REDIRECTS = 3;
/** One file's whole download, connect to last byte. */
const FETCH_TIMEOUT_MS = 30_000;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** What an imported file became: an unattached media record of the user, as createPost's `mediaIds` takes it. */
export interface ImportedMedia {
  mediaId: string;
  fileUrl: string;
  contentType: string;
  size: number;
}

class TooLarge extends Error {}
class NotThatType extends Error {}

/**
 * Media by URL (bulk import): the file is fetched through the outbound guard (public addresses
 * only, every address checked when the socket opens, OUTBOUND_ALLOWED_HOSTS exempt; the same
 * guard as webhooks and chosen servers), checked as an upload is (an accepted type whose first
 * bytes match it, within the plan's upload limit), stored, and recorded unattached, so that
 * create-post's media attach links it to its post in the post's own transaction.
 */
@Injectable()
export class MediaUrlImportService {
  private readonly logger = new Logger(MediaUrlImportService.name);
  private readonly guard: OutboundGuard;

  constructor(
    config: AppConfig,
    private readonly media: MediaService,
    private readonly records: MediaRecordsRepository,
    private readonly videos: VideoProcessingService,
    @Inject(STORAGE_DRIVER) private readonly storage: StorageDriver,
  ) {
    this.guard = outboundGuard({ allowPrivate: false, httpsOnly: false, allowedHosts: parseAllowedHosts(config.env.OUTBOUND_ALLOWED_HOSTS) });
  }

  /** A 400 naming the URL when it cannot be fetched or is not a file the platforms take. */
  async importFromUrl(ctx: RequestContext, url: string): Promise<ImportedMedia> {
    const cap = this.videos.videoCapBytes(ctx);
    const { body, contentType, finalUrl } = await this.open(url, cap);
    const kind = isDocumentType(contentType) ? 'document' : contentType.startsWith('video/') ? 'video' : 'image';
    const key = storageKey(kind, ctx.userId, randomBytes(8).toString('hex'), fileNameOf(finalUrl));
    const temp = await this.media.scratchPath();
    let size = 0;
    try {
      size = await this.download(body, temp, contentType, cap.bytes);
      await this.storage.putFile(key, temp, contentType);
    } catch (err) {
      if (err instanceof TooLarge) throw ApiError.badRequest(MediaUrlMessages.tooLarge(url, Math.round(cap.bytes / 1024 / 1024), cap.planName));
      if (err instanceof NotThatType) throw ApiError.badRequest(MediaUrlMessages.notThatType(url, uploadTypeLabel(contentType)));
      this.logger.warn({ err, url: url.split(/[?#]/)[0].slice(0, 200) }, 'Media URL download failed');
      throw ApiError.badRequest(MediaUrlMessages.interrupted(url));
    } finally {
      await rm(temp, { force: true });
    }
    const fileUrl = this.storage.publicUrl(key);
    const record = await this.records.create(ctx.userId, {
      mediaId: new Types.ObjectId().toHexString(),
      attached: false,
      fileUrl,
      urlPure: fileUrl.split('?')[0],
      mimeType: contentType,
      addedAt: new Date(),
      filePath: this.media.filePathOf(key),
      fileName: key,
      type: kind,
      source: 'url-import',
      storageDriver: this.storage.kind,
    });
    await this.media.completeUpload(record, size);
    return { mediaId: record.mediaId, fileUrl, contentType, size };
  }

  /** Imported files no post took (the import failed or was refused): records and files go. */
  async discard(userId: string, mediaIds: string[]): Promise<void> {
    for (const mediaId of mediaIds) {
      const record = await this.records.findOwned(userId, mediaId);
      if (!record || record.attached || record.source !== 'url-import') continue;
      if (await this.records.deleteOwned(userId, mediaId)) await this.media.removeStoredFiles([record]).catch(() => undefined);
    }
  }

  /** The response to `url`, redirects followed through the guard, once it is an accepted type within the cap. */
  private async open(url: string, cap: { bytes: number; planName: string }): Promise<{ body: Readable; contentType: string; finalUrl: string }> {
    const deadline = AbortSignal.timeout(FETCH_TIMEOUT_MS);
    let current = url;
    for (let hop = 0; ; hop++) {
      const refusal = this.guard.refusalForUrl(current);
      if (refusal)
        throw ApiError.badRequest(
          MediaUrlMessages.refused(url, refusal instanceof SchemeRefusedError ? 'it must use http or https' : 'it is not a public address'),
        );
      let res: Awaited<ReturnType<typeof request>>;
      try {
        res = await request(current, {
          method: 'GET',
          dispatcher: this.guard.dispatcher,
          signal: deadline,
          headers: { accept: 'image/*, video/*, application/pdf' },
        });
      } catch (err) {
        throw this.fetchFailure(url, err, deadline);
      }
      const location = res.headers.location;
      if (REDIRECTS.has(res.statusCode) && typeof location === 'string' && hop < MAX_REDIRECTS) {
        await res.body.dump();
        current = new URL(location, current).toString();
        continue;
      }
      if (res.statusCode < 200 || res.statusCode >= 300) {
        await res.body.dump();
        throw ApiError.badRequest(MediaUrlMessages.status(url, res.statusCode));
      }
      const contentType = normalizeContentType(String(res.headers['content-type'] ?? ''));
      if (!isAcceptedUploadType(contentType)) {
        await res.body.dump();
        throw ApiError.badRequest(MediaUrlMessages.unsupported(url, contentType));
      }
      const length = Number(res.headers['content-length']);
      if (Number.isFinite(length) && length > cap.bytes) {
        res.body.destroy();
        throw ApiError.badRequest(MediaUrlMessages.tooLarge(url, Math.round(cap.bytes / 1024 / 1024), cap.planName));
      }
      return { body: res.body, contentType, finalUrl: current };
    }
  }

  /** Streams the body to `temp`, counting (a cap on what the server may send) and checking the first bytes. */
  private async download(body: Readable, temp: string, contentType: string, maxBytes: number): Promise<number> {
    let size = 0;
    let head: Buffer | null = Buffer.alloc(0);
    const check = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > maxBytes) return done(new TooLarge());
        if (head) {
          head = Buffer.concat([head, chunk.subarray(0, SIGNATURE_BYTES - head.length)]);
          if (head.length >= SIGNATURE_BYTES) {
            const ok = signatureMatches(contentType, head);
            head = null;
            if (!ok) return done(new NotThatType());
          }
        }
        done(null, chunk);
      },
      flush(done) {
        if (head && !signatureMatches(contentType, head)) return done(new NotThatType());
        done();
      },
    });
    await pipeline(body, check, createWriteStream(temp));
    return size;
  }

  private fetchFailure(url: string, err: unknown, deadline: AbortSignal): ApiError {
    const cause = err instanceof RefusedError || err instanceof DnsLookupError ? err : (err as { cause?: unknown } | null)?.cause;
    if (cause instanceof RefusedError) return ApiError.badRequest(MediaUrlMessages.refused(url, 'it is not a public address'));
    if (cause instanceof DnsLookupError) return ApiError.badRequest(MediaUrlMessages.unresolved(url));
    if (deadline.aborted) return ApiError.badRequest(MediaUrlMessages.timedOut(url, FETCH_TIMEOUT_MS / 1000));
    return ApiError.badRequest(MediaUrlMessages.unreachable(url));
  }
}

/** The file name a URL's path ends in (for the storage key), else `media`. */
function fileNameOf(url: string): string {
  try {
    return basename(decodeURIComponent(new URL(url).pathname)) || 'media';
  } catch {
    return 'media';
  }
}
