import { Injectable, Logger } from '@nestjs/common';
import type { ClientSession } from 'mongoose';

/** A stored file of a deleted media record, handed back for removal after the commit. */
export interface MediaFileRef {
  mediaId: string;
  /** Storage key (the media module's `fileName`). */
  key: string;
}

/**
 * What delete-post needs from the media module (which owns media records and storage):
 * `deleteForGroup` removes the group's media records inside the delete transaction and returns
 * their files; `removeFiles` deletes those files from storage after the commit (best effort).
 */
export interface MediaCleanup {
  deleteForGroup(scope: { userId: string; postGroupId: string }, session: ClientSession): Promise<MediaFileRef[]>;
  removeFiles(files: MediaFileRef[]): Promise<void>;
}

/** Default until the media module registers itself: there are no media records to remove. */
export const NOOP_MEDIA_CLEANUP: MediaCleanup = {
  deleteForGroup: async () => [],
  removeFiles: async () => undefined,
};

/**
 * The slot delete-post calls. PostsModule provides it with the no-op; the media module (which
 * imports PostsModule) calls `register(itself)` in its `onModuleInit`. Tests register a failing
 * implementation to check that a delete rolls back.
 */
@Injectable()
export class MediaCleanupRegistry implements MediaCleanup {
  private readonly logger = new Logger(MediaCleanupRegistry.name);
  private implementation: MediaCleanup = NOOP_MEDIA_CLEANUP;

  /** Returns a function restoring the previous implementation. */
  register(implementation: MediaCleanup): () => void {
    const previous = this.implementation;
    this.implementation = implementation;
    return () => {
      this.implementation = previous;
    };
  }

  deleteForGroup(scope: { userId: string; postGroupId: string }, session: ClientSession): Promise<MediaFileRef[]> {
    return this.implementation.deleteForGroup(scope, session);
  }

  /** Never throws: a storage failure must not fail the delete (spec delete-post). */
  async removeFiles(files: MediaFileRef[]): Promise<void> {
    if (!files.length) return;
    try {
      await this.implementation.removeFiles(files);
    } catch (err) {
      this.logger.warn({ err, files: files.map((f) => f.key) }, 'Storage cleanup failed after delete-post');
    }
  }
}
