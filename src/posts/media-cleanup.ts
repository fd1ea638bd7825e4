import { Injectable, Logger } from '@nestjs/common';
import { ApiError } from '../common/api-error';

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
  deleteForGroup(scope: { userId: string; postGroupId: string }): Promise<MediaFileRef[]>;
  removeFiles(files: MediaFileRef[]): Promise<void>;
  /**
   * createPost's `mediaIds` (dashboard): links the user's unattached media records to the new
   * group inside its transaction and returns what to show on it; a 400 naming the first id that
   * cannot be attached (so the whole create rolls back).
   */
  attachToGroup?(
    scope: { userId: string; postGroupId: string },
    mediaIds: string[],
    options?: MediaAttachOptions,
  ): Promise<Array<{ mediaId: string; url: string }>>;
}

/** createPost's `mediaAltTexts` entry: the alt text of one of its `mediaIds`. */
export interface MediaAltText {
  mediaId: string;
  altText: string;
}

/** What attachToGroup sets beside the link: alt texts, checked against the new group's platforms. */
export interface MediaAttachOptions {
  altTexts?: readonly MediaAltText[];
  platforms?: readonly string[];
}

export const mediaNotFoundMessage = (mediaId: string) => `Media file not found: ${mediaId}`;

/** Default until the media module registers itself: there are no media records to remove. */
export const NOOP_MEDIA_CLEANUP: Required<MediaCleanup> = {
  deleteForGroup: async () => [],
  removeFiles: async () => undefined,
  attachToGroup: async (_scope, mediaIds, options) => {
    const first = mediaIds[0] ?? options?.altTexts?.[0]?.mediaId;
    if (first) throw ApiError.badRequest(mediaNotFoundMessage(first));
    return [];
  },
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

  deleteForGroup(scope: { userId: string; postGroupId: string }): Promise<MediaFileRef[]> {
    return this.implementation.deleteForGroup(scope);
  }

  attachToGroup(
    scope: { userId: string; postGroupId: string },
    mediaIds: string[],
    options?: MediaAttachOptions,
  ): Promise<Array<{ mediaId: string; url: string }>> {
    const attach = this.implementation.attachToGroup?.bind(this.implementation) ?? NOOP_MEDIA_CLEANUP.attachToGroup;
    return attach(scope, mediaIds, options);
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
