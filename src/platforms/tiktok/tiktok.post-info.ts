import { PlatformError } from '../platform-adapter';

/** What `creator_info/query` tells about the account we post for. */
export interface TikTokCreatorInfo {
  creator_username?: string;
  creator_nickname?: string;
  privacy_level_options?: string[];
  comment_disabled?: boolean;
  duet_disabled?: boolean;
  stitch_disabled?: boolean;
  max_video_post_duration_sec?: number;
}

export interface TikTokPostInfo {
  title: string;
  privacy_level: string;
  disable_comment: boolean;
  disable_duet: boolean;
  disable_stitch: boolean;
  brand_content_toggle: boolean;
  brand_organic_toggle: boolean;
}

const invalid = (message: string) => new PlatformError('INVALID_CONTENT', message, { retryable: false });

/**
 * Maps our platformSettings (`viewerSetting`, `allowComments/Duet/Stitch`, `commercialContent`,
 * `brandOrganic`, `brandedContent`) to TikTok's post_info. Our flags say "allow", TikTok's say
 * "disable", hence the inversion; the creator's own disabled interactions always win.
 */
export function tiktokPostInfo(content: string, settings: Record<string, unknown>, creator: TikTokCreatorInfo): TikTokPostInfo {
  const privacy = typeof settings.viewerSetting === 'string' && settings.viewerSetting ? settings.viewerSetting : 'PUBLIC_TO_EVERYONE';
  const options = creator.privacy_level_options ?? [];
  if (options.length > 0 && !options.includes(privacy)) {
    throw invalid(`TikTok account does not allow viewerSetting ${privacy} (allowed: ${options.join(', ')})`);
  }
  const commercial = settings.commercialContent === true;
  const brandOrganic = commercial && settings.brandOrganic === true;
  const brandedContent = commercial && settings.brandedContent === true;
  if (commercial && !brandOrganic && !brandedContent) {
    throw invalid('TikTok commercial content must be marked as brandOrganic (your brand), brandedContent (paid partnership), or both');
  }
  if (brandedContent && privacy === 'SELF_ONLY') throw invalid('TikTok branded content cannot be posted with viewerSetting SELF_ONLY');
  const allow = (key: string, fallback: boolean) => (typeof settings[key] === 'boolean' ? (settings[key] as boolean) : fallback);
  return {
    title: content,
    privacy_level: privacy,
    disable_comment: !allow('allowComments', true) || creator.comment_disabled === true,
    disable_duet: !allow('allowDuet', false) || creator.duet_disabled === true,
    disable_stitch: !allow('allowStitch', false) || creator.stitch_disabled === true,
    brand_content_toggle: brandedContent,
    brand_organic_toggle: brandOrganic,
  };
}
