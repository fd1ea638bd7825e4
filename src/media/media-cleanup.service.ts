import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { ClientSession } from 'mongoose';
import { MediaCleanupRegistry, type MediaCleanup, type MediaFileRef } from '../posts/media-cleanup';
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

  async deleteForGroup(scope: { userId: string; postGroupId: string }, session: ClientSession): Promise<MediaFileRef[]> {
    const removed = await this.records.deleteForGroup(scope.userId, scope.postGroupId, session);
    return removed.flatMap((r) => [
      { mediaId: r.mediaId, key: r.fileName },
      ...(r.converted ? [{ mediaId: r.mediaId, key: r.converted.fileName }] : []),
    ]);
  }

  /** Throws when any file could not be removed (the registry logs it; the delete stands). */
  removeFiles(files: MediaFileRef[]): Promise<void> {
    return this.media.deleteKeys(files.map((f) => f.key));
  }
}
