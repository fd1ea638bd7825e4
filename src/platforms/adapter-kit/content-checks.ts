import { checkCommonRules, checkMediaSizes, type PlatformContentRules } from '@app/rules';
import type { PublishRequest } from '../platform-adapter';

/**
 * An adapter's whole content check: the shared rules of its row in PLATFORM_CONTENT_RULES, then
 * the platform's own (`platformRules`: settings, hashtags, video frame rate, …), then file sizes.
 * Returns the first problem, or null.
 */
export function checkPlatformContent(
  rules: PlatformContentRules,
  request: Pick<PublishRequest, 'content' | 'media' | 'settings'>,
  platformRules?: (request: Pick<PublishRequest, 'content' | 'media' | 'settings'>) => string | null,
): string | null {
  return checkCommonRules(rules, request) ?? platformRules?.(request) ?? checkMediaSizes(rules, request.media);
}
