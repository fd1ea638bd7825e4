import type { PlatformName } from './platforms';
import { ALT_TEXT_LIMITS } from './rich-posts';
import { graphemeLength } from './text-length';
import { TWITTER_MAX_WEIGHTED_LENGTH, twitterTextLength } from './twitter-text';

/**
 * Static facts checked before any platform call, so bad content fails early and clearly. One row
 * per platform in `PLATFORM_CONTENT_RULES`.
 */
export interface PlatformContentRules {
  /** The platform's name in messages. */
  label: string;
  maxTextLength: number;
  /** A lower text limit when media is attached (Telegram captions). */
  maxCaptionLength?: number;
  maxImages: number;
  maxVideos: number;
  /**
   * Several files in one post go out as one carousel of 2 to this many items (instagram,
   * threads): the carousel's count replaces maxImages and maxVideos, a single file stays a single
   * post. Unset: no carousels, maxImages and maxVideos apply.
   */
  maxCarouselItems?: number;
  /** A carousel may hold videos as well as images, in any order (noMixedMedia then applies to non-carousel posts only). */
  carouselMixesMedia?: boolean;
  /** Documents (PDF) one post takes, alone (no images or video beside it): 1 on linkedin; unset or 0: none. */
  maxDocuments?: number;
  /** No text-only posts (instagram, tiktok, youtube, pinterest). */
  requiresMedia: boolean;
  /** Only video accepted (tiktok, youtube). */
  videoOnly: boolean;
  /** Images and video may not be mixed in one post. */
  noMixedMedia: boolean;
  /** Long content becomes a reply chain instead of failing (twitter, threads). */
  autoThreads: boolean;
  /** How the platform counts text length against maxTextLength; unset = code points. */
  measureText?: (text: string) => number;
  /** WebP images must be converted to JPEG before upload (linkedin, telegram, bluesky, threads). */
  convertWebpToJpeg: boolean;
  /** Accepted video MIME types, empty = any of the spec's video types. */
  videoMimeTypes: string[];
  /** Per-file size limits, where the platform states them (unset: not checked before upload). */
  maxImageBytes?: number;
  maxGifBytes?: number;
  maxVideoBytes?: number;
  maxDocumentBytes?: number;
  /** Longest alt text per file, where the platform takes alt text (ALT_TEXT_LIMITS); unset: none is sent. */
  maxAltTextLength?: number;
}

/** What a stored file is: a document is a PDF (LinkedIn document posts). */
export type MediaKind = 'image' | 'video' | 'document';

/** What the content rules look at in one attached file: a stored medium on the server, a chosen file in the dashboard. */
export interface MediaFacts {
  kind: MediaKind;
  mimeType: string;
  /** Size in bytes. */
  size: number;
  fileName: string;
  /** The user's description for screen readers; absent or '' when none (never a reason to refuse). */
  altText?: string;
}

const MB = 1024 * 1024;
const MP4_MOV = ['video/mp4', 'video/quicktime'];

/**
 * What each platform accepts in one post, from its API documentation
 * (../shared/reference/platform-apis.md), side by side. Adapters, the publisher's content checks,
 * validate-post and the dashboard's composer all read this one table.
 */
export const PLATFORM_CONTENT_RULES: Readonly<Record<PlatformName, PlatformContentRules>> = {
  twitter: {
    label: 'Twitter/X',
    maxAltTextLength: ALT_TEXT_LIMITS.twitter,
    maxTextLength: TWITTER_MAX_WEIGHTED_LENGTH,
    // URLs at their literal length (the reference service's documented count, not X's 23), wide characters and emoji 2.
    measureText: twitterTextLength,
    maxImages: 4,
    maxVideos: 1,
    requiresMedia: false,
    videoOnly: false,
    noMixedMedia: true,
    autoThreads: true,
    convertWebpToJpeg: false,
    videoMimeTypes: MP4_MOV,
    maxImageBytes: 5 * MB,
    maxGifBytes: 15 * MB,
    maxVideoBytes: 512 * MB,
  },
  linkedin: {
    label: 'LinkedIn',
    maxAltTextLength: ALT_TEXT_LIMITS.linkedin,
    maxTextLength: 3000,
    // Two or more go out as a multi-image post (LinkedIn's MultiImage API: 2 to 20).
    maxImages: 20,
    maxVideos: 1,
    requiresMedia: false,
    videoOnly: false,
    noMixedMedia: true,
    maxDocuments: 1,
    // LinkedIn's Documents API: PDF up to 100 MB.
    maxDocumentBytes: 100 * MB,
    autoThreads: false,
    convertWebpToJpeg: true,
    videoMimeTypes: ['video/mp4'],
    maxImageBytes: 5 * MB,
    maxVideoBytes: 500 * MB,
  },
  instagram: {
    label: 'Instagram',
    maxAltTextLength: ALT_TEXT_LIMITS.instagram,
    maxTextLength: 2200,
    maxImages: 10,
    maxVideos: 1,
    requiresMedia: true,
    videoOnly: false,
    noMixedMedia: true,
    maxCarouselItems: 10,
    carouselMixesMedia: true,
    autoThreads: false,
    convertWebpToJpeg: false,
    videoMimeTypes: MP4_MOV,
    maxImageBytes: 8 * MB,
    maxVideoBytes: 300 * MB,
  },
  threads: {
    label: 'Threads',
    maxAltTextLength: ALT_TEXT_LIMITS.threads,
    maxTextLength: 500,
    maxImages: 10,
    maxVideos: 1,
    requiresMedia: false,
    videoOnly: false,
    noMixedMedia: true,
    maxCarouselItems: 10,
    carouselMixesMedia: true,
    autoThreads: true,
    convertWebpToJpeg: true,
    videoMimeTypes: MP4_MOV,
    maxImageBytes: 8 * MB,
    maxVideoBytes: 500 * MB,
  },
  tiktok: {
    label: 'TikTok',
    maxTextLength: 2200,
    maxImages: 0,
    maxVideos: 1,
    requiresMedia: true,
    videoOnly: true,
    noMixedMedia: true,
    autoThreads: false,
    convertWebpToJpeg: false,
    videoMimeTypes: ['video/mp4'],
  },
  youtube: {
    label: 'YouTube',
    maxTextLength: 5000,
    maxImages: 0,
    maxVideos: 1,
    requiresMedia: true,
    videoOnly: true,
    noMixedMedia: true,
    autoThreads: false,
    convertWebpToJpeg: false,
    videoMimeTypes: [...MP4_MOV, 'video/x-msvideo', 'video/webm'],
  },
  facebook: {
    label: 'Facebook',
    maxAltTextLength: ALT_TEXT_LIMITS.facebook,
    maxTextLength: 63206,
    maxImages: 10,
    maxVideos: 1,
    requiresMedia: false,
    videoOnly: false,
    noMixedMedia: true,
    autoThreads: false,
    convertWebpToJpeg: true,
    videoMimeTypes: MP4_MOV,
    maxImageBytes: 10 * MB,
    maxVideoBytes: 1024 * MB,
  },
  bluesky: {
    label: 'Bluesky',
    maxAltTextLength: ALT_TEXT_LIMITS.bluesky,
    maxTextLength: 300,
    measureText: graphemeLength,
    maxImages: 4,
    maxVideos: 1,
    requiresMedia: false,
    videoOnly: false,
    noMixedMedia: true, // a post embeds either images or one video
    autoThreads: false,
    convertWebpToJpeg: true,
    videoMimeTypes: ['video/mp4'],
  },
  mastodon: {
    label: 'Mastodon',
    maxAltTextLength: ALT_TEXT_LIMITS.mastodon,
    maxTextLength: 500,
    maxImages: 4,
    maxVideos: 1,
    requiresMedia: false,
    videoOnly: false,
    noMixedMedia: true, // an attachment set is either up to 4 images or one video
    autoThreads: false,
    convertWebpToJpeg: false,
    videoMimeTypes: [],
  },
  telegram: {
    label: 'Telegram',
    maxTextLength: 4096,
    maxCaptionLength: 1024,
    maxImages: 10,
    maxVideos: 1,
    requiresMedia: false,
    videoOnly: false,
    noMixedMedia: true, // a bot post is one video or up to ten photos
    autoThreads: false,
    convertWebpToJpeg: true,
    videoMimeTypes: [],
  },
  pinterest: {
    label: 'Pinterest',
    maxAltTextLength: ALT_TEXT_LIMITS.pinterest,
    maxTextLength: 500,
    maxImages: 5,
    maxVideos: 1,
    requiresMedia: true,
    videoOnly: false,
    noMixedMedia: true,
    autoThreads: false,
    convertWebpToJpeg: false,
    videoMimeTypes: MP4_MOV,
  },
};

/** Labels of the platforms that take documents (PDF), for refusals elsewhere ("only LinkedIn does"). */
export const DOCUMENT_PLATFORM_LABELS: readonly string[] = Object.values(PLATFORM_CONTENT_RULES)
  .filter((r) => (r.maxDocuments ?? 0) > 0)
  .map((r) => r.label);
