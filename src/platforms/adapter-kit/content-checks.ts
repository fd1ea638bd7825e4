import type { MediaItem, PlatformContentRules, PublishRequest } from '../platform-adapter';

/** Length in Unicode code points, which is what most platforms count (not UTF-16 units). */
export const codePointLength = (text: string): number => [...text].length;

/**
 * The checks every adapter's `checkContent` shares, worded with the platform's display name:
 * text length (skipped for auto-threading platforms, whose publisher splits long content),
 * video only / media required, mixing, image and video counts and accepted video types.
 * Returns the first problem, or null. `textLength` lets a platform count its own way (X weights
 * emoji, Bluesky counts graphemes); the default counts code points.
 */
export function checkCommonRules(
  label: string,
  rules: PlatformContentRules,
  request: Pick<PublishRequest, 'content' | 'media'>,
  textLength: (text: string) => number = rules.measureText ?? codePointLength,
): string | null {
  const images = request.media.filter((m) => m.kind === 'image');
  const videos = request.media.filter((m) => m.kind === 'video');

  if (!rules.autoThreads) {
    const length = textLength(request.content);
    if (length > rules.maxTextLength) {
      return `Content exceeds ${label}'s ${rules.maxTextLength} character limit (currently ${length})`;
    }
  }
  if (rules.videoOnly && videos.length === 0) return `${label} posts require a video`;
  if (rules.videoOnly && images.length > 0) return `${label} does not accept images, only a video`;
  if (rules.requiresMedia && request.media.length === 0) return `${label} posts require media`;
  if (rules.noMixedMedia && images.length > 0 && videos.length > 0) {
    return `${label} posts cannot mix images and video`;
  }
  if (images.length > rules.maxImages) {
    return rules.maxImages === 0 ? `${label} posts do not accept images` : `${label} allows at most ${rules.maxImages} images per post (got ${images.length})`;
  }
  if (videos.length > rules.maxVideos) {
    return `${label} allows at most ${rules.maxVideos} video${rules.maxVideos === 1 ? '' : 's'} per post (got ${videos.length})`;
  }
  const badVideo = videos.find((v) => !videoTypeAccepted(rules, v));
  if (badVideo) {
    return `${label} does not accept ${badVideo.mimeType} video (accepted: ${rules.videoMimeTypes.join(', ')})`;
  }
  return null;
}

function videoTypeAccepted(rules: PlatformContentRules, video: MediaItem): boolean {
  return rules.videoMimeTypes.length === 0 || rules.videoMimeTypes.includes(video.mimeType.toLowerCase());
}

/**
 * Per-file size limits: `maxBytes(item)` is the limit for that file. Returns
 * `LinkedIn videos must be at most 500 MB (clip.mp4 is 612.3 MB)` for the first file over it.
 */
export function checkMediaSizes(label: string, media: MediaItem[], maxBytes: (item: MediaItem) => number): string | null {
  for (const item of media) {
    const limit = maxBytes(item);
    if (item.size > limit) {
      return `${label} ${item.kind === 'video' ? 'videos' : 'images'} must be at most ${formatMegabytes(limit)} (${item.fileName} is ${formatMegabytes(item.size)})`;
    }
  }
  return null;
}

/** "5 MB" style size for messages. */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}
