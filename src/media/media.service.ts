import { Inject, Injectable, Logger } from '@nestjs/common';
import { Types } from 'mongoose';
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { RequestContext } from '../auth/request-context';
import { ApiError } from '../common/api-error';
import { PostsService } from '../posts/posts.service';
import { MediaRecordsRepository } from './media-records.repository';
import { isMediaType, storageKey, type MediaType } from './media-names';
import { probeImage, probeVideo, type ProbedMetadata } from './media-probe';
import { isDocumentType } from './media-signatures';
import type { MediaKind } from '@app/rules';
import { MediaSettings } from './media-settings';
import { Transactions } from '../database/transactions';
import type { MediaMetadata, MediaRecordData } from './schemas/media-record.schema';
import { signedUploadUrl } from './storage/local-storage.driver';
import { STORAGE_DRIVER, type StorageDriver } from './storage/storage-driver';
import { MediaMessages } from './media.errors';
import { altTextLimitProblem, normalizeAltText } from './alt-text';
import type { GenerateUploadUrlDto } from './dto/generate-upload-url.dto';

/** A checked upload-URL request (GetUploadUrlDto, or the dashboard's CreateUploadUrlInput). */
export interface UploadUrlInput {
  fileName: string;
  contentType: string;
  /** Absent only from the dashboard (attached later by createPost). */
  postGroupId?: string | null;
  /** As sent, any text: only `image`, `video` and `document` make an upload that can succeed. */
  type?: string | null;
  /** Checked by the DTO (text, MAX_ALT_TEXT_LENGTH); the group's platforms are checked here. */
  altText?: string | null;
}

export interface UploadUrlResult {
  success: true;
  uploadUrl: string;
  fileUrl: string;
  mediaId: string;
}

/** Groups whose media may no longer change (spec: published or failed; partly published too). */
const FINAL_GROUP_STATUSES = new Set(['published', 'failed', 'partially_published']);

/**
 * Media records and their files: upload URLs, completion and metadata, deletion, and what the
 * posts module reads (docs/media.md). Publishing reads through MediaPublishingService, server-side
 * video uploads run in VideoProcessingService.
 */
@Injectable()
export class MediaService {
  private readonly logger = new Logger(MediaService.name);

  constructor(
    private readonly records: MediaRecordsRepository,
    @Inject(STORAGE_DRIVER) private readonly storage: StorageDriver,
    private readonly settings: MediaSettings,
    private readonly transactions: Transactions,
    private readonly posts: PostsService,
  ) {}

  // ── upload URLs ───────────────────────────────────────────────────────────────────────────

  /**
   * POST /api/v1/get-upload-url. Without a valid `type` the URL is still issued (spec), but it is
   * always this app's signed URL, whose PUT explains the missing type (any driver).
   */
  async createUploadUrl(ctx: RequestContext, input: UploadUrlInput): Promise<UploadUrlResult> {
    const type = isMediaType(input.type) ? input.type : null;
    const requestedType = type === null && input.type != null ? input.type.slice(0, 40) : undefined;
    const altText = normalizeAltText(input.altText);
    if (altText && input.postGroupId) {
      const group = await this.posts.findGroupForMedia(ctx.userId, input.postGroupId);
      const problem = group ? altTextLimitProblem(altText, group.platforms) : null;
      if (problem) throw ApiError.badRequest(problem);
    }
    const record = await this.newUploadRecord(ctx.userId, {
      altText,
      type,
      requestedType,
      fileName: input.fileName,
      contentType: input.contentType,
      postGroupId: input.postGroupId ?? undefined,
      source: 'upload-url',
    });
    return { success: true, uploadUrl: record.uploadUrl!, fileUrl: record.fileUrl, mediaId: record.mediaId };
  }

  /**
   * Dashboard (GraphQL createUploadUrl, fields checked by CreateUploadUrlInput): get-upload-url,
   * except that the post group is optional — without one the record waits for createPost's
   * `mediaIds` — and, when given, must be one of yours (NOT_FOUND otherwise, as every dashboard id).
   */
  async createDashboardUploadUrl(ctx: RequestContext, input: UploadUrlInput): Promise<UploadUrlResult> {
    if (input.postGroupId) await this.posts.assertOwnGroup(ctx, input.postGroupId);
    return this.createUploadUrl(ctx, input);
  }

  /** Media records of several groups (any state), one query (dashboard `PostGroup.media`). */
  async recordsForGroups(userId: string, postGroupIds: string[]): Promise<MediaRecordData[]> {
    if (!postGroupIds.length) return [];
    return this.records.findForGroups(userId, postGroupIds, ['pending', 'uploaded', 'failed']);
  }

  /** The user's own records among these media ids, in no order (a bulk dry run reads their types and sizes). */
  ownedRecords(userId: string, mediaIds: string[]): Promise<MediaRecordData[]> {
    if (!mediaIds.length) return Promise.resolve([]);
    return this.records.findMany(userId, mediaIds);
  }

  /** Deprecated POST /media/generate-upload-url: `{ uploadUrl, key }`, no post group. */
  async createLegacyUploadUrl(ctx: RequestContext, input: GenerateUploadUrlDto): Promise<{ uploadUrl: string; key: string }> {
    // The content type decides a missing type (the DTO took only image or video ones).
    const type: MediaType = input.type ?? (input.contentType.startsWith('video/') ? 'video' : 'image');
    const record = await this.newUploadRecord(ctx.userId, {
      type,
      fileName: input.fileName,
      contentType: input.contentType,
      source: 'generate-upload-url',
      clientMetadata: input.metadata,
    });
    return { uploadUrl: record.uploadUrl!, key: record.fileName };
  }

  private async newUploadRecord(
    userId: string,
    input: {
      type: MediaType | null;
      requestedType?: string;
      fileName: string;
      contentType: string;
      postGroupId?: string;
      source: 'upload-url' | 'generate-upload-url';
      clientMetadata?: Record<string, unknown>;
      altText?: string;
    },
  ): Promise<MediaRecordData> {
    const mediaId = new Types.ObjectId().toHexString();
    const key = storageKey(input.type, userId, randomBytes(8).toString('hex'), input.fileName);
    const expiresAt = new Date(Date.now() + this.settings.uploadTtlSeconds * 1000);
    const uploadUrl =
      input.type && this.storage.directUploads
        ? await this.storage.createUploadUrl({ mediaId, key, contentType: input.contentType, expiresAt })
        : signedUploadUrl(this.settings.publicBaseUrl(), this.settings.signingKey, { mediaId, contentType: input.contentType, expiresAt });
    const fileUrl = this.storage.publicUrl(key);
    return this.transactions.run(async () => {
      // Attached only to the caller's own group, and only when the upload can succeed.
      const attached = input.type !== null && input.postGroupId ? await this.posts.attachMedia(userId, input.postGroupId, { mediaId, url: fileUrl }) : false;
      return this.records.create(userId, {
        mediaId,
        postGroupId: input.postGroupId,
        attached,
        uploadUrl,
        fileUrl,
        urlPure: fileUrl.split('?')[0],
        mimeType: input.contentType,
        addedAt: new Date(),
        filePath: this.filePathOf(key),
        fileName: key,
        type: input.type,
        ...(input.requestedType ? { requestedType: input.requestedType } : {}),
        source: input.source,
        storageDriver: this.storage.kind,
        uploadExpiresAt: expiresAt,
        ...(input.clientMetadata ? { clientMetadata: input.clientMetadata } : {}),
        ...(input.altText ? { altText: input.altText } : {}),
      });
    });
  }

  /** The record's `filePath`: where the file lives, for people reading the records. */
  filePathOf(key: string): string {
    return this.storage.kind === 'local' ? join(this.settings.localRoot, ...key.split('/')) : `${this.storage.kind}://${key}`;
  }

  // ── completion and metadata ───────────────────────────────────────────────────────────────

  /** Marks a stored file uploaded and fills its metadata (a probe failure keeps it uploaded). */
  async completeUpload(record: MediaRecordData, size: number, extra: Partial<MediaMetadata> = {}): Promise<MediaRecordData['metadata']> {
    let probed: ProbedMetadata = {};
    let error: string | undefined;
    try {
      probed = await this.probe(record);
    } catch (err) {
      error = `Metadata extraction failed: ${(err as Error).message.split('\n')[0].slice(0, 200)}`;
      this.logger.warn({ mediaId: record.mediaId, err }, 'Media metadata extraction failed');
    }
    const metadata = { format: kindOf(record) === 'document' ? 'pdf' : 'unknown', ...probed, size, ...extra };
    await this.records.update(String(record.userId), record.mediaId, { state: 'uploaded', metadata, ...(error ? { error } : {}) }, error ? [] : ['error']);
    return metadata;
  }

  private probe(record: MediaRecordData): Promise<ProbedMetadata> {
    const kind = kindOf(record);
    // A PDF is kept as is: its size is all its metadata (no image or video probe reads it).
    if (kind === 'document') return Promise.resolve({});
    return this.storage.withLocalFile(record.fileName, (path) => (kind === 'video' ? probeVideo(path, this.settings.ffprobePath) : probeImage(path)));
  }

  /**
   * S3 uploads bypass the app: HEAD each pending object and complete the ones that exist.
   * Called when media is read for publishing and by the sweep.
   */
  async detectDirectCompletion(records: MediaRecordData[]): Promise<number> {
    let completed = 0;
    for (const record of records) {
      if (record.storageDriver !== this.storage.kind || record.state !== 'pending' || !record.type) continue;
      const head = await this.storage.stat(record.fileName).catch(() => null);
      if (!head) continue;
      await this.completeUpload(record, head.size);
      completed += 1;
    }
    return completed;
  }

  // ── for the posts and publishing modules ──────────────────────────────────────────────────

  /** File URLs per post group (list-posts `mediaUrls`), oldest first; failed uploads left out. */
  async fileUrlsForGroups(userId: string, postGroupIds: string[]): Promise<Record<string, string[]>> {
    const out: Record<string, string[]> = Object.fromEntries(postGroupIds.map((id) => [id, [] as string[]]));
    if (!postGroupIds.length) return out;
    for (const r of await this.records.findForGroups(userId, postGroupIds)) {
      (out[r.postGroupId!] ??= []).push(r.fileUrl);
    }
    return out;
  }

  /** A temp file path under DATA_DIR/media/.tmp (same file system as local storage). */
  async scratchPath(): Promise<string> {
    const dir = join(this.settings.localRoot, '.tmp');
    await mkdir(dir, { recursive: true });
    return join(dir, `${Date.now()}-${randomBytes(8).toString('hex')}`);
  }

  // ── alt text ──────────────────────────────────────────────────────────────────────────────

  /**
   * POST /api/v1/media/:mediaId/alt-text (and the dashboard, MCP): `altText` checked by
   * SetAltTextDto; "" clears it. Not once the group is published or failed, nor while it is being
   * published; within the limit of each of the group's platforms that take alt text.
   */
  async setAltText(ctx: RequestContext, mediaId: string, input: { altText: string }): Promise<{ record: MediaRecordData; altText: string }> {
    const record = await this.records.findOwned(ctx.userId, mediaId);
    if (!record) throw ApiError.notFound(MediaMessages.notFound);
    const altText = normalizeAltText(input.altText);
    const group = record.attached && record.postGroupId ? await this.posts.findGroupForMedia(ctx.userId, record.postGroupId) : null;
    if (group) {
      if (FINAL_GROUP_STATUSES.has(group.status)) throw ApiError.badRequest(MediaMessages.altTextPostFinished);
      if (group.processingStatus === 'processing') throw ApiError.badRequest(MediaMessages.altTextPublishing);
      const problem = altTextLimitProblem(altText, group.platforms);
      if (problem) throw ApiError.badRequest(problem);
    }
    await this.records.setAltText(ctx.userId, mediaId, altText);
    return { record: { ...record, altText }, altText: altText ?? '' };
  }

  // ── dashboard: delete ─────────────────────────────────────────────────────────────────────

  /** DELETE /media/post/media/:mediaId: record (and group link) removed; files best effort. */
  async deleteMedia(ctx: RequestContext, mediaId: string): Promise<{ success: true }> {
    const record = await this.records.findOwned(ctx.userId, mediaId);
    if (!record) throw ApiError.notFound(MediaMessages.notFound);
    if (record.postGroupId) {
      const status = await this.posts.findGroupStatus(ctx.userId, record.postGroupId);
      if (status && FINAL_GROUP_STATUSES.has(status)) {
        throw ApiError.badRequest(MediaMessages.postFinished);
      }
    }
    await this.transactions.run(async () => {
      const deleted = await this.records.deleteOwned(ctx.userId, mediaId);
      if (!deleted) throw ApiError.notFound(MediaMessages.notFound);
      if (record.attached && record.postGroupId) {
        await this.posts.detachMedia(ctx.userId, record.postGroupId, { mediaId, url: record.fileUrl });
      }
    });
    // The record is gone either way (spec); a storage failure is logged by deleteKeys.
    await this.removeStoredFiles([record]).catch(() => undefined);
    return { success: true };
  }

  /** Deletes the files of these records; failures are logged (the records are already gone). */
  async removeStoredFiles(records: Array<Pick<MediaRecordData, 'fileName' | 'converted'>>): Promise<void> {
    const keys = records.flatMap((r) => [r.fileName, ...(r.converted ? [r.converted.fileName] : [])]);
    await this.deleteKeys(keys);
  }

  /** Deletes storage keys; throws one error naming the failures after trying them all. */
  async deleteKeys(keys: string[]): Promise<void> {
    const results = await Promise.allSettled(keys.map((k) => this.storage.delete(k)));
    const failed = keys.filter((_, i) => results[i].status === 'rejected');
    if (failed.length) {
      const err = new Error(`Storage deletion failed for ${failed.join(', ')}`);
      this.logger.warn({ err, cause: (results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason }, 'Storage deletion failed');
      throw err;
    }
  }
}

export function kindOf(record: Pick<MediaRecordData, 'type' | 'mimeType' | 'metadata'>): MediaKind {
  if (record.type) return record.type;
  const mime = record.mimeType ?? record.metadata?.mimeType ?? '';
  if (isDocumentType(mime)) return 'document';
  return mime.startsWith('video/') ? 'video' : 'image';
}
