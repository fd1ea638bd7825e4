import type { MediaItem, PlatformAdapter } from '../platforms/platform-adapter';
import { planThreadParts } from '@app/rules';

const LABELS: Record<string, string> = {
  twitter: 'Twitter',
  threads: 'Threads',
};
/** The platform's name in messages. */
export const platformLabel = (platform: string) => LABELS[platform] ?? platform.charAt(0).toUpperCase() + platform.slice(1);

/** One part of what goes out: the whole post, or one reply of an auto-thread. */
export interface PlannedPart {
  content: string;
  postedId?: string;
}

/**
 * The parts a post goes out as on this platform: long X/Threads content becomes a reply chain
 * (the platform's own way of counting length), everything else is one part (@app/rules planThreadParts).
 */
export function planParts(adapter: PlatformAdapter, content: string): string[] {
  // The composer's preview calls the same function with the same rules.
  return planThreadParts(adapter.rules, content);
}

/** The adapter's content check for every part not yet live (media on the first part only). */
export function checkParts(adapter: PlatformAdapter, parts: PlannedPart[], media: MediaItem[], settings: Record<string, unknown>): string | null {
  for (let i = 0; i < parts.length; i++) {
    if (parts[i].postedId) continue;
    const message = adapter.checkContent({ content: parts[i].content, media: i === 0 ? media : [], settings });
    if (message) return message;
  }
  return null;
}
