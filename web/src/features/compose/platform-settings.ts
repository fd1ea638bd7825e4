// The settings create-post keeps per platform (tiktok, instagram, youtube, threads, and telegram
// and linkedin when given), with the service's own values and defaults from @app/rules: what the
// composer offers and what it sends.
import {
  codePointLength,
  LINKEDIN_DOCUMENT_TITLE_LIMIT,
  OPTIONAL_PLATFORM_SETTINGS_DEFAULTS,
  PLATFORM_SETTINGS_DEFAULTS,
  SETTINGS_PLATFORMS,
  YOUTUBE_TITLE_LIMIT,
  type InstagramVideoType,
  type OptionalPlatformSettingsValues,
  type SettingsPlatform,
  type ThreadsReplyControl,
  type TikTokViewerSetting,
  type YouTubePrivacy,
} from '@app/rules';
import type { ComposeSettings } from './compose-form';

export const VIEWER_SETTING_LABELS: Record<TikTokViewerSetting, string> = {
  PUBLIC_TO_EVERYONE: 'Everyone',
  MUTUAL_FOLLOW_FRIENDS: 'Friends (followers you follow back)',
  FOLLOWER_OF_CREATOR: 'Followers',
  SELF_ONLY: 'Only me',
};

export const VIDEO_TYPE_LABELS: Record<InstagramVideoType, string> = { REELS: 'Reels', STORIES: 'Stories' };

export const PRIVACY_LABELS: Record<YouTubePrivacy, string> = { public: 'Public', unlisted: 'Unlisted', private: 'Private' };

export const REPLY_CONTROL_LABELS: Record<ThreadsReplyControl, string> = {
  '': 'Account setting',
  everyone: 'Everyone',
  accounts_you_follow: 'Accounts you follow',
  mentioned_only: 'Only accounts you mention',
};

/** Telegram's send options, in the order the composer shows them, with their labels and what each does. */
export const TELEGRAM_OPTIONS: ReadonlyArray<{ key: keyof OptionalPlatformSettingsValues['telegram']; label: string; description: string }> = [
  { key: 'disableWebPagePreview', label: 'No link preview', description: 'A text message shows no preview of its first link.' },
  { key: 'disableNotification', label: 'Send silently', description: 'Subscribers get the message without a sound.' },
  { key: 'showCaptionAboveMedia', label: 'Caption above the media', description: 'With a photo or video, the text shows above it.' },
  { key: 'protectContent', label: 'Protect content', description: 'The message cannot be forwarded or saved.' },
];

/** A platform whose settings the composer offers: the kept ones, then those kept when given. */
export type ComposeSettingsPlatform = SettingsPlatform | keyof OptionalPlatformSettingsValues;

const COMPOSE_SETTINGS_DEFAULTS: Readonly<Record<ComposeSettingsPlatform, Record<string, unknown>>> = {
  ...PLATFORM_SETTINGS_DEFAULTS,
  ...OPTIONAL_PLATFORM_SETTINGS_DEFAULTS,
};

/**
 * The chosen platforms whose settings the service keeps, in a fixed order. LinkedIn's only
 * setting is a document's title, offered where the document is (not as a settings group).
 */
export const settingsPlatformsOf = (platforms: readonly string[]): Array<SettingsPlatform | 'telegram'> =>
  [...SETTINGS_PLATFORMS, 'telegram' as const].filter((p) => platforms.includes(p));

const sentPlatformsOf = (platforms: readonly string[]): ComposeSettingsPlatform[] =>
  (Object.keys(COMPOSE_SETTINGS_DEFAULTS) as ComposeSettingsPlatform[]).filter((p) => platforms.includes(p));

/**
 * createPost's `platformSettings`: per chosen platform, only the fields changed from the defaults
 * (the service merges them over its defaults field by field); undefined when nothing changed, so
 * such a request is the same as one without settings.
 */
export function settingsToSend(
  values: ComposeSettings,
  platforms: readonly string[],
): Partial<Record<ComposeSettingsPlatform, Record<string, unknown>>> | undefined {
  const sent: Partial<Record<ComposeSettingsPlatform, Record<string, unknown>>> = {};
  for (const platform of sentPlatformsOf(platforms)) {
    const defaults = COMPOSE_SETTINGS_DEFAULTS[platform];
    const changed = Object.entries(values[platform]).filter(([key, value]) => value !== defaults[key]);
    if (changed.length) sent[platform] = Object.fromEntries(changed);
  }
  return Object.keys(sent).length ? sent : undefined;
}

/** A field's problem, keyed by its form path (`settings.youtube.title`). */
export type SettingsProblems = Partial<Record<string, string>>;

/**
 * The adapters' own checks of these settings (YouTube's title, TikTok's commercial content), in
 * the dashboard's words: the service applies them only when the post goes out, and a post's
 * settings cannot be changed afterwards, so they are said before it is saved.
 */
export function settingsProblems(values: ComposeSettings, platforms: readonly string[]): SettingsProblems {
  const chosen = settingsPlatformsOf(platforms);
  const problems: SettingsProblems = {};
  if (platforms.includes('linkedin')) {
    const length = codePointLength(values.linkedin.documentTitle);
    if (length > LINKEDIN_DOCUMENT_TITLE_LIMIT)
      problems['settings.linkedin.documentTitle'] = `At most ${LINKEDIN_DOCUMENT_TITLE_LIMIT} characters (currently ${length})`;
  }
  if (chosen.includes('youtube')) {
    const title = values.youtube.title;
    const length = codePointLength(title);
    if (length > YOUTUBE_TITLE_LIMIT) problems['settings.youtube.title'] = `At most ${YOUTUBE_TITLE_LIMIT} characters (currently ${length})`;
    else if (/[<>]/.test(title)) problems['settings.youtube.title'] = 'YouTube does not allow < or > in titles';
  }
  if (chosen.includes('tiktok')) {
    const t = values.tiktok;
    if (t.commercialContent && !t.brandOrganic && !t.brandedContent) problems['settings.tiktok.commercialKind'] = 'Choose your brand, branded content, or both';
    else if (t.commercialContent && t.brandedContent && t.viewerSetting === 'SELF_ONLY') {
      problems['settings.tiktok.viewerSetting'] = 'Branded content cannot be visible to you only';
    }
  }
  return problems;
}
