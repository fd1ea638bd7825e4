import { DOCUMENT_PLATFORM_LABELS, type MediaFacts, type PlatformContentRules } from './content-rules';
import { codePointLength } from './text-length';

/** A post as the content checks see it: its text and the facts of its files. */
export interface ContentFacts {
  content: string;
  media: readonly MediaFacts[];
}

/**
 * The checks every platform shares, worded with the platform's label: text length (counted the
 * platform's way, `measureText`; the caption limit when media is attached; skipped for
 * auto-threading platforms, whose publisher splits long content), documents (PDF), video only /
 * media required, carousels (their item count and mix) or else mixing and image and video counts,
 * and accepted video types. Returns the first problem, or null.
 */
export function checkCommonRules(rules: PlatformContentRules, request: ContentFacts): string | null {
  const { label } = rules;
  const images = request.media.filter((m) => m.kind === 'image');
  const videos = request.media.filter((m) => m.kind === 'video');
  const documents = request.media.filter((m) => m.kind === 'document');

  if (!rules.autoThreads) {
    const length = (rules.measureText ?? codePointLength)(request.content);
    if (rules.maxCaptionLength !== undefined && request.media.length > 0 && length > rules.maxCaptionLength) {
      return `Content exceeds ${label}'s ${rules.maxCaptionLength} character caption limit for posts with media (currently ${length})`;
    }
    if (length > rules.maxTextLength) {
      return `Content exceeds ${label}'s ${rules.maxTextLength} character limit (currently ${length})`;
    }
  }
  const documentProblem = checkDocuments(rules, documents.length, images.length + videos.length);
  if (documentProblem) return documentProblem;
  if (rules.videoOnly && videos.length === 0) return `${label} posts require a video`;
  if (rules.videoOnly && images.length > 0) return `${label} does not accept images, only a video`;
  if (rules.requiresMedia && request.media.length === 0) return `${label} posts require media`;
  if (rules.maxCarouselItems !== undefined && images.length + videos.length > 1) {
    const carouselProblem = checkCarousel(rules, rules.maxCarouselItems, images.length, videos.length);
    if (carouselProblem) return carouselProblem;
  } else if (rules.noMixedMedia && images.length > 0 && videos.length > 0) {
    return `${label} posts cannot mix images and video`;
  } else if (images.length > rules.maxImages) {
    return rules.maxImages === 0 ? `${label} posts do not accept images` : `${label} allows at most ${rules.maxImages} images per post (got ${images.length})`;
  } else if (videos.length > rules.maxVideos) {
    return `${label} allows at most ${rules.maxVideos} video${rules.maxVideos === 1 ? '' : 's'} per post (got ${videos.length})`;
  }
  const badVideo = videos.find((v) => !videoTypeAccepted(rules, v));
  if (badVideo) {
    return `${label} does not accept ${badVideo.mimeType} video (accepted: ${rules.videoMimeTypes.join(', ')})`;
  }
  return checkAltTexts(rules, request.media);
}

/** A document (PDF) goes only where the rules take one, alone in its post. */
function checkDocuments(rules: PlatformContentRules, documents: number, otherMedia: number): string | null {
  if (documents === 0) return null;
  const max = rules.maxDocuments ?? 0;
  if (max === 0) {
    const takers = DOCUMENT_PLATFORM_LABELS.length
      ? `: only ${DOCUMENT_PLATFORM_LABELS.join(' and ')} ${DOCUMENT_PLATFORM_LABELS.length === 1 ? 'does' : 'do'}`
      : '';
    return `${rules.label} does not take documents (PDF)${takers}`;
  }
  if (documents > max) return `${rules.label} posts take at most ${max} document${max === 1 ? '' : 's'} (PDF) (got ${documents})`;
  if (otherMedia > 0) return `${rules.label} document (PDF) posts cannot also carry images or video: post the document on its own`;
  return null;
}

/** Several files as one carousel: its item count, and whether videos may be among them. */
function checkCarousel(rules: PlatformContentRules, max: number, images: number, videos: number): string | null {
  const items = rules.carouselMixesMedia ? 'images or videos' : 'images';
  if (images + videos > max) return `${rules.label} carousels take 2 to ${max} ${items} (got ${images + videos})`;
  if (!rules.carouselMixesMedia && videos > 0) return `${rules.label} carousels take images only: post a video on its own`;
  return null;
}

function videoTypeAccepted(rules: PlatformContentRules, video: MediaFacts): boolean {
  return rules.videoMimeTypes.length === 0 || rules.videoMimeTypes.includes(video.mimeType.toLowerCase());
}

/** The size limit of one file under these rules (GIFs have their own on X), or undefined. */
function maxBytesOf(rules: PlatformContentRules, item: Pick<MediaFacts, 'kind' | 'mimeType'>): number | undefined {
  if (item.kind === 'video') return rules.maxVideoBytes;
  if (item.kind === 'document') return rules.maxDocumentBytes;
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
      return `${rules.label} ${item.kind === 'video' ? 'videos' : item.kind === 'document' ? 'documents' : 'images'} must be at most ${formatMegabytes(limit)} (${item.fileName} is ${formatMegabytes(item.size)})`;
    }
  }
  return null;
}

/** "5 MB" style size for messages. */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/**
 * Alt text no longer than the platform takes (`maxAltTextLength`, code points), e.g.
 * `Alt text of image 2 is too long for Twitter/X (1203/1000 characters)`, numbered by position in
 * the post. A missing alt text is never a problem, nor is any alt text on a platform that takes none.
 */
export function checkAltTexts(rules: Pick<PlatformContentRules, 'label' | 'maxAltTextLength'>, media: readonly MediaFacts[]): string | null {
  const limit = rules.maxAltTextLength;
  if (limit === undefined) return null;
  for (const [i, item] of media.entries()) {
    if (!item.altText || item.altText.length <= limit) continue;
    const length = codePointLength(item.altText);
    if (length > limit) return `Alt text of ${item.kind} ${i + 1} is too long for ${rules.label} (${length}/${limit} characters)`;
  }
  return null;
}
