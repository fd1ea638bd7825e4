// The optional parts of a richer post beside its text: a first comment and alt text per image.
// One source for the service's refusals, the adapters and the composer's warnings
// (../shared/reference/platform-engagement.md has the facts behind each row).
import type { PlatformName } from './platforms';

/**
 * Platforms whose API lets the author comment under their own post right after publishing it
 * (X and Bluesky and Mastodon and Threads: a reply; LinkedIn, Facebook, Instagram, YouTube: a comment).
 */
export const FIRST_COMMENT_PLATFORMS: readonly PlatformName[] = ['twitter', 'linkedin', 'facebook', 'instagram', 'threads', 'youtube', 'bluesky', 'mastodon'];

export const supportsFirstComment = (platform: string): boolean => (FIRST_COMMENT_PLATFORMS as readonly string[]).includes(platform);

/** The most characters a first comment may have, whatever the platform (each platform's own text rules apply too). */
export const FIRST_COMMENT_MAX_LENGTH = 10_000;

/**
 * Alt text limits in characters (code points) per platform that takes alt text. X 1,000, Pinterest
 * 500, Mastodon 1,500 (the documented default of `description_limit`), Bluesky 2,000 (the app's
 * limit; the record's `alt` has none of its own), LinkedIn 4,086 (client code; the official limit
 * is not documented); Instagram, Threads and Facebook publish none, so 1,000 (a client's cap).
 */
export const ALT_TEXT_LIMITS: Readonly<Partial<Record<PlatformName, number>>> = {
  twitter: 1000,
  bluesky: 2000,
  mastodon: 1500,
  linkedin: 4086,
  facebook: 1000,
  instagram: 1000,
  threads: 1000,
  pinterest: 500,
};

/** The longest alt text any platform takes: the most the service stores. */
export const MAX_ALT_TEXT_LENGTH = Math.max(...Object.values(ALT_TEXT_LIMITS));

export const takesAltText = (platform: string): boolean => Object.hasOwn(ALT_TEXT_LIMITS, platform);

/** A first comment's own progress, beside its platform post's status. */
export const FIRST_COMMENT_STATUSES = ['pending', 'processing', 'published', 'failed'] as const;
export type FirstCommentStatus = (typeof FIRST_COMMENT_STATUSES)[number];
