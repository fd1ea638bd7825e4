import type { MediaFacts, PlatformContentRules } from './content-rules';
import { codePointLength } from './text-length';

/** A post as the content checks see it: its text and the facts of its files. */
export interface ContentFacts {
  content: string;
  media: readonly MediaFacts[];
}

/**
 * The checks every platform shares, worded with the platform's label: text length (counted the
 * platform's way, `measureText`; the caption limit when media is attached; skipped for
 * auto-threading platforms, whose publisher splits long content), video only / media required,
 * mixing, image and video counts and accepted video types. Returns the first problem, or null.
 */
export function checkCommonRules(rules: PlatformContentRules, request: ContentFacts): string | null {
  const { label } = rules;
  const images = request.media.filter((m) => m.kind === 'image');
  const videos = request.media.filter((m) => m.kind === 'video');

  if (!rules.autoThreads) {
    const length = (rules.measureText ?? codePointLength)(request.content);
    if (rules.maxCaptionLength !== undefined && request.media.length > 0 && length > rules.maxCaptionLength) {
      return `Content exceeds ${label}'s ${rules.maxCaptionLength} character caption limit for posts with media (currently ${length})`;
    }
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

function videoTypeAccepted(rules: PlatformContentRules, video: MediaFacts): boolean {
  return rules.videoMimeTypes.length === 0 || rules.videoMimeTypes.includes(video.mimeType.toLowerCase());
}

/** The size limit of one file under these rules (GIFs have their own on X), or undefined. */
function maxBytesOf(rules: PlatformContentRules, item: Pick<MediaFacts, 'kind' | 'mimeType'>): number | undefined {
  if (item.kind === 'video') return rules.maxVideoBytes;
  return item.mimeType === 'image/gif' ? (rules.maxGifBytes ?? rules.maxImageBytes) : rules.maxImageBytes;
}

/**
 * Per-file size limits, where the rules state them: e.g.
 * `LinkedIn videos must be at most 500 MB (clip.mp4 is 612.3 MB)` for the first file over it.
 */
export function checkMediaSizes(rules: PlatformContentRules, media: readonly MediaFacts[]): string | null {
  for (const item of media) {
    const limit = maxBytesOf(rules, item);
    if (limit !== undefined && item.size > limit) {
      return `${rules.label} ${item.kind === 'video' ? 'videos' : 'images'} must be at most ${formatMegabytes(limit)} (${item.fileName} is ${formatMegabytes(item.size)})`;
    }
  }
  return null;
}

/** "5 MB" style size for messages. */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}
