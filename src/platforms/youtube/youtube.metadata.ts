import { YOUTUBE_PRIVACY_VALUES, YOUTUBE_TITLE_LIMIT } from '@app/rules';
export const TITLE_LIMIT = YOUTUBE_TITLE_LIMIT;
const DERIVED_TITLE_LENGTH = 70;
export const PRIVACY_VALUES: readonly string[] = YOUTUBE_PRIVACY_VALUES;

/**
 * The `videos.insert` resource: title from `settings.title`, else the first 70 characters of the
 * content (YouTube requires a title and rejects `<` `>` in it); the content is the description.
 */
export function youtubeVideoResource(content: string, settings: Record<string, unknown>) {
  const explicit = typeof settings.title === 'string' ? settings.title.trim() : '';
  const derived = [...content.replace(/[<>]/g, '').replace(/\s+/g, ' ').trim()].slice(0, DERIVED_TITLE_LENGTH).join('').trim();
  const privacy = typeof settings.privacy === 'string' && PRIVACY_VALUES.includes(settings.privacy) ? settings.privacy : 'public';
  return {
    snippet: { title: explicit || derived || 'Untitled', description: content, categoryId: '22' },
    status: { privacyStatus: privacy, selfDeclaredMadeForKids: false },
  };
}
