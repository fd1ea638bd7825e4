// What a post carries beside its one text in Compose: alt text per image, and the preview of each
// account's post. Pure, from @app/rules: the checks and the thread plan are the ones the service
// applies when it validates and publishes. The text per account and the first comment's rules are
// in web/src/post-text/texts.ts, shared with the post detail's text edit.
import {
  ALT_TEXT_LIMITS,
  checkCommonRules,
  checkMediaSizes,
  codePointLength,
  isBuiltInPlatform,
  linkedInDocumentTitle,
  MAX_ALT_TEXT_LENGTH,
  PLATFORM_CONTENT_RULES,
  planThreadParts,
  supportsFirstComment,
  type MediaFacts,
  type PlatformName,
} from '@app/rules';
import { platformLabelOf, textFor, type PostAccount } from '../../post-text/texts';
import type { UploadState } from './media-upload';

/** The alt text limit of the chosen platforms that take alt text: the strictest one, with its platform's label. */
export function altTextLimitFor(platforms: readonly string[]): { limit: number; label: string | null } {
  let strictest: { limit: number; label: string | null } = { limit: MAX_ALT_TEXT_LENGTH, label: null };
  for (const p of platforms) {
    const limit = ALT_TEXT_LIMITS[p as PlatformName];
    if (limit !== undefined && limit < strictest.limit) strictest = { limit, label: platformLabelOf(p) };
  }
  return strictest;
}

/** An image's alt text over the strictest chosen platform's limit, or null. */
export function altTextProblem(altText: string, platforms: readonly string[]): string | null {
  const { limit, label } = altTextLimitFor(platforms);
  const length = codePointLength(altText);
  if (length <= limit) return null;
  return `At most ${limit} characters${label ? ` on ${label}` : ''} (currently ${length})`;
}

type Upload = Pick<UploadState, 'key' | 'file' | 'kind' | 'mediaId' | 'preview'>;

/** The warning for attached images without alt text (it never blocks the post), or null. */
export function missingAltTextWarning(images: readonly Upload[], altTexts: Readonly<Record<string, string>>): string | null {
  const missing = images.filter((u) => u.kind === 'image' && !altTexts[u.key]?.trim()).length;
  if (missing === 0) return null;
  return `${missing === 1 ? '1 image has' : `${missing} images have`} no alt text: screen-reader users will not know what ${missing === 1 ? 'it shows' : 'they show'}`;
}

/** createPost's `mediaAltTexts` for the uploaded files that have one; undefined when none has. */
export function altTextsToSend(
  uploads: readonly Upload[],
  altTexts: Readonly<Record<string, string>>,
): Array<{ mediaId: string; altText: string }> | undefined {
  const sent = uploads.filter((u) => u.mediaId && altTexts[u.key]?.trim()).map((u) => ({ mediaId: u.mediaId!, altText: altTexts[u.key].trim() }));
  return sent.length ? sent : undefined;
}

/** The facts the content checks read from a chosen file, with its alt text. */
export const mediaFactsOf = (uploads: readonly Upload[], altTexts: Readonly<Record<string, string>>): MediaFacts[] =>
  uploads.map((u) => ({ kind: u.kind, mimeType: u.file.type, size: u.file.size, fileName: u.file.name, altText: altTexts[u.key]?.trim() ?? '' }));

/** What one account's post will look like, as publishing plans and checks it. */
export interface AccountPreview {
  account: PostAccount;
  label: string;
  /** The account's own text is used, not the post's. */
  customized: boolean;
  /** The posts it goes out as: one, or a reply chain on X and Threads. */
  parts: string[];
  /** What the platform's checks refuse, or null. Null for a plugin platform: the service checks it. */
  refusal: string | null;
  /** The images or video it shows: the first one's preview and how many there are. */
  media: { first: Upload | null; count: number; carousel: boolean };
  /** A LinkedIn document post's title (the file name when none is given). */
  documentTitle: string | null;
  /** The first comment under it; `firstCommentTaken` false when the platform takes none. */
  firstComment: string | null;
  firstCommentTaken: boolean;
  /** The platform's rules are the service's own (a plugin platform is previewed as plain text). */
  known: boolean;
}

export function previewFor(
  account: PostAccount,
  input: {
    content: string;
    overrides: Readonly<Record<string, string>>;
    uploads: readonly Upload[];
    altTexts: Readonly<Record<string, string>>;
    firstComment: string;
    documentTitle: string;
  },
): AccountPreview {
  const text = textFor(input.overrides, account.platformId, input.content);
  const known = isBuiltInPlatform(account.platform);
  const visual = input.uploads.filter((u) => u.kind !== 'document');
  const document = input.uploads.find((u) => u.kind === 'document') ?? null;
  let parts = [text];
  let refusal: string | null = null;
  let carousel = false;
  if (known) {
    const rules = PLATFORM_CONTENT_RULES[account.platform as PlatformName];
    parts = planThreadParts(rules, text);
    const media = mediaFactsOf(input.uploads, input.altTexts);
    refusal = text.trim() ? (checkCommonRules(rules, { content: text, media }) ?? checkMediaSizes(rules, media)) : null;
    carousel = visual.length > 1 && (rules.maxCarouselItems !== undefined || rules.maxImages > 1);
  }
  return {
    account,
    label: platformLabelOf(account.platform),
    customized: Object.hasOwn(input.overrides, account.platformId),
    parts,
    refusal,
    media: { first: visual[0] ?? null, count: visual.length, carousel },
    documentTitle: account.platform === 'linkedin' && document ? linkedInDocumentTitle({ documentTitle: input.documentTitle }, document.file.name) : null,
    firstComment: input.firstComment.trim() ? input.firstComment : null,
    firstCommentTaken: supportsFirstComment(account.platform),
    known,
  };
}
