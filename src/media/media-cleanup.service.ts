import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import { validateInput } from '../common/validation/validate-input';
import { MediaCleanupRegistry, mediaNotFoundMessage, type MediaAttachOptions, type MediaCleanup, type MediaFileRef } from '../posts/media-cleanup';
import { altTextLimitProblem, normalizeAltText } from './alt-text';
import { SetAltTextDto } from './dto/get-upload-url.dto';
import { MediaMessages } from './media.errors';
import { MediaRecordsRepository } from './media-records.repository';
import { MediaService } from './media.service';

/** delete-post's media step: records inside its transaction, files after the commit. */
@Injectable()
export class MediaCleanupService implements MediaCleanup, OnModuleInit {
  constructor(
    private readonly registry: MediaCleanupRegistry,
    private readonly records: MediaRecordsRepository,
    private readonly media: MediaService,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async deleteForGroup(scope: { userId: string; postGroupId: string }): Promise<MediaFileRef[]> {
    const removed = await this.records.deleteForGroup(scope.userId, scope.postGroupId);
    return removed.flatMap((r) => [{ mediaId: r.mediaId, key: r.fileName }, ...(r.converted ? [{ mediaId: r.mediaId, key: r.converted.fileName }] : [])]);
  }

  /**
   * createPost `mediaIds`: each must be the user's own record, not yet attached to a post, with a
   * type (an upload URL issued without one can never complete) and not failed. Checked and linked
   * in the create transaction; the conditional update makes a concurrent attach lose cleanly.
   */
  async attachToGroup(scope: { userId: string; postGroupId: string }, mediaIds: string[], options: MediaAttachOptions = {}) {
    const ids = [...new Set(mediaIds)];
    const altTexts = this.checkedAltTexts(ids, options);
    if (!ids.length) return [];
    const found = new Map((await this.records.findMany(scope.userId, ids)).map((r) => [r.mediaId, r]));
    for (const id of ids) {
      const record = found.get(id);
      if (!record || !record.type || record.state === 'failed') throw ApiError.badRequest(mediaNotFoundMessage(id));
      if (record.attached) throw ApiError.badRequest(mediaAttachedMessage(id));
    }
    const linked = await this.records.attachMany(scope.userId, ids, scope.postGroupId);
    if (linked !== ids.length) throw ApiError.badRequest(mediaAttachedMessage(ids.find((id) => found.get(id)) ?? ids[0]));
    if (altTexts.size) await this.records.setAltTexts(scope.userId, altTexts);
    return ids.map((id) => ({ mediaId: id, url: found.get(id)!.fileUrl }));
  }

  /**
   * createPost's `mediaAltTexts` as stored (mediaId → alt text, undefined clears): each names one
   * of `mediaIds` and passes get-upload-url's altText rules and the new group's platforms' limits.
   */
  private checkedAltTexts(ids: string[], options: MediaAttachOptions): Map<string, string | undefined> {
    const out = new Map<string, string | undefined>();
    for (const entry of options.altTexts ?? []) {
      const mediaId = String(entry.mediaId);
      if (!ids.includes(mediaId)) throw ApiError.badRequest(MediaMessages.altTextNotInMediaIds(mediaId));
      const altText = normalizeAltText(validateInput(SetAltTextDto, { altText: entry.altText }).altText);
      const problem = altTextLimitProblem(altText, options.platforms ?? []);
      if (problem) throw ApiError.badRequest(problem);
      out.set(mediaId, altText);
    }
    return out;
  }

  /** Throws when any file could not be removed (the registry logs it; the delete stands). */
  removeFiles(files: MediaFileRef[]): Promise<void> {
    return this.media.deleteKeys(files.map((f) => f.key));
  }
}

export const mediaAttachedMessage = (mediaId: string) => `Media file already belongs to a post: ${mediaId}`;
