// The service's own media checks, compiled into the dashboard; the text counters (`countFor`) are
// in web/src/post-text/counts.ts, shared with the post detail's text edit.
import { checkCommonRules, checkMediaSizes, PLATFORM_CONTENT_RULES, type MediaFacts, type PlatformName } from '@app/rules';
import type { UploadState } from './media-upload';

/** The platform's media problem for these files (counts, kinds, video types, sizes), or null: the service's own checks. */
export function mediaProblemFor(platform: PlatformName, uploads: Array<Pick<UploadState, 'file' | 'kind'>>): string | null {
  const rules = PLATFORM_CONTENT_RULES[platform];
  const media: MediaFacts[] = uploads.map((u) => ({ kind: u.kind, mimeType: u.file.type, size: u.file.size, fileName: u.file.name }));
  // Text length is the counters' business: only the media rules here.
  return checkCommonRules({ ...rules, autoThreads: true }, { content: '', media }) ?? checkMediaSizes(rules, media);
}
