// The service's own rules and splitter, compiled into the dashboard: the counters and the preview
// are what publishing will do, not a second implementation (docs/dashboard.md).
import { codePointLength, PLATFORM_CONTENT_RULES, planThreadParts, type PlatformName } from '@app/rules';

/** One platform's count of the text, in its own unit, against its limit. */
export interface PlatformCount {
  platform: PlatformName;
  label: string;
  length: number;
  limit: number;
  /** The limit is the platform's caption limit, because media is attached (Telegram: 1,024 instead of 4,096). */
  caption: boolean;
  /** X and Threads: the reply chain the text becomes (one part when it fits). */
  parts: string[] | null;
  over: boolean;
}

/**
 * How each chosen platform counts `content` (pure, from the service's table), as its content check
 * does: in the platform's unit (`measureText`, else code points), against the caption limit when
 * media is attached and the platform has one, else the text limit. Mastodon's limit is the table's
 * 500: the service does not know an instance's own limit (docs/dashboard.md).
 */
export function countFor(platform: PlatformName, content: string, withMedia = false): PlatformCount {
  const rules = PLATFORM_CONTENT_RULES[platform];
  const length = (rules.measureText ?? codePointLength)(content);
  const caption = withMedia && rules.maxCaptionLength !== undefined;
  const limit = caption ? rules.maxCaptionLength! : rules.maxTextLength;
  // The publisher's own plan of the parts (src/publishing/content-plan.ts calls the same function).
  const parts = rules.autoThreads ? planThreadParts(rules, content) : null;
  return { platform, label: rules.label, length, limit, caption, parts, over: !rules.autoThreads && length > limit };
}
