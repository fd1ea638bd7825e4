import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import { MediaCleanupRegistry, mediaNotFoundMessage, type MediaCleanup, type MediaFileRef } from '../posts/media-cleanup';
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
  async attachToGroup(scope: { userId: string; postGroupId: string }, mediaIds: string[]) {
    const ids = [...new Set(mediaIds)];
    if (!ids.length) return [];
    const found = new Map((await this.records.findMany(scope.userId, ids)).map((r) => [r.mediaId, r]));
    for (const id of ids) {
      const record = found.get(id);
      if (!record || !record.type || record.state === 'failed') throw ApiError.badRequest(mediaNotFoundMessage(id));
      if (record.attached) throw ApiError.badRequest(mediaAttachedMessage(id));
    }
    const linked = await this.records.attachMany(scope.userId, ids, scope.postGroupId);
    if (linked !== ids.length) throw ApiError.badRequest(mediaAttachedMessage(ids.find((id) => found.get(id)) ?? ids[0]));
    return ids.map((id) => ({ mediaId: id, url: found.get(id)!.fileUrl }));
  }

  /** Throws when any file could not be removed (the registry logs it; the delete stands). */
  removeFiles(files: MediaFileRef[]): Promise<void> {
    return this.media.deleteKeys(files.map((f) => f.key));
  }
}

export const mediaAttachedMessage = (mediaId: string) => `Media file already belongs to a post: ${mediaId}`;
