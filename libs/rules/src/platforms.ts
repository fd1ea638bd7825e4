/** The eleven platforms of the spec, by the name used as the compound-id prefix. */
export const PLATFORM_NAMES = [
  'twitter',
  'linkedin',
  'instagram',
  'threads',
  'tiktok',
  'youtube',
  'facebook',
  'bluesky',
  'mastodon',
  'telegram',
  'pinterest',
] as const;
export type PlatformName = (typeof PLATFORM_NAMES)[number];
