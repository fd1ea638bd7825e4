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

/** What a platform plugin's name must look like (2–31 lower-case letters and digits, a letter first). */
export const PLATFORM_NAME_PATTERN = /^[a-z][a-z0-9]{1,30}$/;

/** One of the spec's eleven (a platform plugin's name is not: its rules live on the server only). */
export function isBuiltInPlatform(name: string): name is PlatformName {
  return (PLATFORM_NAMES as readonly string[]).includes(name);
}
