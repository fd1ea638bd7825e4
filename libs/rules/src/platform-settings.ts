// create-post's `platformSettings`: the keys the service keeps, their allowed values and defaults
// (reference notes, create-post). One source: the posts rules merge over these defaults, the
// YouTube, Threads and Instagram adapters check these values, and the composer offers them.

/** TikTok `viewerSetting` (TikTok's privacy_level); an account may allow fewer, checked at publish. */
export const TIKTOK_VIEWER_SETTINGS = ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'] as const;
export type TikTokViewerSetting = (typeof TIKTOK_VIEWER_SETTINGS)[number];

/** Instagram `videoType`. */
export const INSTAGRAM_VIDEO_TYPES = ['REELS', 'STORIES'] as const;
export type InstagramVideoType = (typeof INSTAGRAM_VIDEO_TYPES)[number];

/** YouTube `privacy`. */
export const YOUTUBE_PRIVACY_VALUES = ['public', 'unlisted', 'private'] as const;
export type YouTubePrivacy = (typeof YOUTUBE_PRIVACY_VALUES)[number];

/** YouTube `title`: at most this many code points; empty lets the publisher derive one from the content. */
export const YOUTUBE_TITLE_LIMIT = 100;

/** Threads `replyControl`: "" sends nothing, so Threads applies the account's own default. */
export const THREADS_REPLY_CONTROLS = ['', 'everyone', 'accounts_you_follow', 'mentioned_only'] as const;
export type ThreadsReplyControl = (typeof THREADS_REPLY_CONTROLS)[number];

export interface PlatformSettingsValues {
  tiktok: {
    viewerSetting: TikTokViewerSetting;
    allowComments: boolean;
    allowDuet: boolean;
    allowStitch: boolean;
    commercialContent: boolean;
    brandOrganic: boolean;
    brandedContent: boolean;
  };
  instagram: { videoType: InstagramVideoType };
  youtube: { privacy: YouTubePrivacy; title: string };
  threads: { replyControl: ThreadsReplyControl };
}

/** The platforms whose settings the service keeps. */
export type SettingsPlatform = keyof PlatformSettingsValues;

/** What the service stores when a platform's settings are not given; given fields merge over these. */
export const PLATFORM_SETTINGS_DEFAULTS: Readonly<PlatformSettingsValues> = {
  tiktok: {
    viewerSetting: 'PUBLIC_TO_EVERYONE',
    allowComments: true,
    allowDuet: false,
    allowStitch: false,
    commercialContent: false,
    brandOrganic: false,
    brandedContent: false,
  },
  instagram: { videoType: 'REELS' },
  youtube: { privacy: 'public', title: '' },
  threads: { replyControl: '' },
};

export const SETTINGS_PLATFORMS = Object.keys(PLATFORM_SETTINGS_DEFAULTS) as SettingsPlatform[];

export const isSettingsPlatform = (platform: string): platform is SettingsPlatform => Object.hasOwn(PLATFORM_SETTINGS_DEFAULTS, platform);

/**
 * Settings kept only when a request gives them (so groups that do not use them read exactly as
 * before): Telegram's documented send options (reference notes, docs/platforms/telegram.md) and the
 * title of a LinkedIn document (PDF) post.
 */
export interface OptionalPlatformSettingsValues {
  telegram: { disableWebPagePreview: boolean; disableNotification: boolean; showCaptionAboveMedia: boolean; protectContent: boolean };
  linkedin: { documentTitle: string };
}

/** LinkedIn `documentTitle`: at most this many code points; empty: the document's file name. */
export const LINKEDIN_DOCUMENT_TITLE_LIMIT = 400;

/** A LinkedIn document post's title: `documentTitle` when given, else the file name without its extension. */
export function linkedInDocumentTitle(settings: Record<string, unknown>, fileName: string): string {
  const given = typeof settings.documentTitle === 'string' ? settings.documentTitle.trim() : '';
  return given || fileName.replace(/\.[^.]*$/, '') || fileName;
}

export const OPTIONAL_PLATFORM_SETTINGS_DEFAULTS: Readonly<OptionalPlatformSettingsValues> = {
  telegram: { disableWebPagePreview: false, disableNotification: false, showCaptionAboveMedia: false, protectContent: false },
  linkedin: { documentTitle: '' },
};
