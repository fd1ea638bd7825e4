import type { PlatformContentRules } from '@app/rules';
import type { MediaItem } from '../platforms/platform-adapter';

/** Media a caller plans to attach, described for validate-post (the files need not exist yet). */
export interface PlannedMedia {
  contentType: string;
  size: number;
  altText?: string;
}

/** validate-post's `media` (ValidatePostMediaDto): at most this many files, and its one message. */
export const MAX_PLANNED_MEDIA = 20;
export const PLANNED_MEDIA_MESSAGE = 'media must be an array of { contentType, size? } (contentType image/*, video/* or application/pdf, size in bytes)';

/** Stand-ins the adapters' content checks can read (they look at kind, type and size only). */
export function asMediaItems(media: PlannedMedia[]): MediaItem[] {
  return media.map((m, i) => ({
    kind: m.contentType.startsWith('video/') ? 'video' : m.contentType === 'application/pdf' ? 'document' : 'image',
    mimeType: m.contentType,
    size: m.size,
    ...(m.altText ? { altText: m.altText } : {}),
    url: '',
    fileName: `planned-${i + 1}`,
    open: () => Promise.reject(new Error('planned media has no bytes')),
  }));
}

/**
 * Without a `media` description, platforms that need media are checked as if the media were
 * there (one acceptable file of the right kind) so the text still gets checked; the need is
 * reported as a warning, since media is attached after create-post (get-upload-url).
 */
export function placeholderMedia(rules: PlatformContentRules): PlannedMedia[] {
  if (!rules.requiresMedia && !rules.videoOnly) return [];
  return [{ contentType: rules.videoOnly ? (rules.videoMimeTypes[0] ?? 'video/mp4') : 'image/jpeg', size: 1 }];
}

/**
 * A token that will be expired when the post goes out and cannot be renewed: publishing would
 * fail with PLATFORM_AUTH_EXPIRED. Null when the token is fine (or renews itself).
 */
export function tokenProblem(label: string, expiresAt: Date | null, publishAt: Date, refreshable: boolean): string | null {
  if (!expiresAt || refreshable || expiresAt.getTime() > publishAt.getTime()) return null;
  return `The ${label} access token expires at ${expiresAt.toISOString()}, before the post would be published, and cannot be refreshed: reconnect the account`;
}
