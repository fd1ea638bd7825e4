// The rules the service and the dashboard both apply, in one place: the service checks a post or a
// password with them, and the dashboard shows the same counts and refusals before anything is sent.
// Pure TypeScript (no Node built-ins, nothing from src/ or web/), since Vite bundles it into the page.
export { isBuiltInPlatform, PLATFORM_NAME_PATTERN, PLATFORM_NAMES, type PlatformName } from './platforms';
export { DOCUMENT_PLATFORM_LABELS, PLATFORM_CONTENT_RULES, type MediaFacts, type MediaKind, type PlatformContentRules } from './content-rules';
export { checkAltTexts, checkCommonRules, checkMediaSizes, type ContentFacts } from './content-checks';
export { codePointLength } from './text-length';
export { twitterTextLength } from './twitter-text';
export { splitIntoThread, type ThreadSplitOptions } from './thread-splitter';
export { planThreadParts } from './content-plan';
export {
  ALL_POST_LOG_EVENTS,
  FIRST_COMMENT_LOG_EVENTS,
  PLATFORM_POST_STATUSES,
  POST_GROUP_STATUSES,
  POST_LOG_EVENTS,
  PROCESSING_STATUSES,
  UPDATE_POST_STATUSES,
  type AnyPostLogEvent,
  type FirstCommentLogEvent,
  type PlatformPostStatus,
  type PostGroupStatus,
  type PostLogEvent,
  type ProcessingStatus,
  type UpdatePostStatus,
} from './post-status';
export { isAcceptablePassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password';
export {
  INSTAGRAM_VIDEO_TYPES,
  isSettingsPlatform,
  LINKEDIN_DOCUMENT_TITLE_LIMIT,
  linkedInDocumentTitle,
  OPTIONAL_PLATFORM_SETTINGS_DEFAULTS,
  PLATFORM_SETTINGS_DEFAULTS,
  SETTINGS_PLATFORMS,
  THREADS_REPLY_CONTROLS,
  TIKTOK_VIEWER_SETTINGS,
  YOUTUBE_PRIVACY_VALUES,
  YOUTUBE_TITLE_LIMIT,
  type InstagramVideoType,
  type OptionalPlatformSettingsValues,
  type PlatformSettingsValues,
  type SettingsPlatform,
  type ThreadsReplyControl,
  type TikTokViewerSetting,
  type YouTubePrivacy,
} from './platform-settings';
export {
  ALT_TEXT_LIMITS,
  FIRST_COMMENT_MAX_LENGTH,
  FIRST_COMMENT_PLATFORMS,
  FIRST_COMMENT_STATUSES,
  MAX_ALT_TEXT_LENGTH,
  supportsFirstComment,
  takesAltText,
  type FirstCommentStatus,
} from './rich-posts';
