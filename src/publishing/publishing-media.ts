import { Injectable } from '@nestjs/common';
import { MediaPublishingService } from '../media/media-publishing.service';
import type { PlatformContentRules } from '@app/rules';
import type { MediaItem } from '../platforms/platform-adapter';

/**
 * Where the engine gets a group's media, prepared for one platform (e.g. WebP → JPEG). Bound to
 * the media module (`MediaPublishingMedia`); `NoPublishingMedia` has none (a group that has
 * media then fails clearly instead of going out without it, see docs/publishing.md).
 */
export abstract class PublishingMedia {
  abstract forPost(userId: string, postGroupId: string, rules: PlatformContentRules): Promise<MediaItem[]>;
}

export class NoPublishingMedia extends PublishingMedia {
  async forPost(): Promise<MediaItem[]> {
    return [];
  }
}

/** The media module's uploaded records of the group, converted where the platform needs it. */
@Injectable()
export class MediaPublishingMedia extends PublishingMedia {
  constructor(private readonly media: MediaPublishingService) {
    super();
  }

  async forPost(userId: string, postGroupId: string, rules: PlatformContentRules): Promise<MediaItem[]> {
    const items = await this.media.mediaForPublishing(userId, postGroupId);
    return Promise.all(items.map((item) => this.media.prepareForPlatform(item, { convertWebpToJpeg: rules.convertWebpToJpeg })));
  }
}
