import type { PlatformContentRules } from './content-rules';
import { codePointLength } from './text-length';
import { splitIntoThread } from './thread-splitter';

/**
 * The texts a post goes out as on a platform: long content on an auto-threading platform (X,
 * Threads) becomes a reply chain, split the platform's way of counting length; everything else is
 * one part. The publisher sends these parts and the composer previews them.
 */
export function planThreadParts(rules: Pick<PlatformContentRules, 'autoThreads' | 'maxTextLength' | 'measureText'>, content: string): string[] {
  if (!rules.autoThreads) return [content];
  const length = (rules.measureText ?? codePointLength)(content);
  if (length <= rules.maxTextLength) return [content];
  return splitIntoThread(content, { limit: rules.maxTextLength, measure: rules.measureText });
}
