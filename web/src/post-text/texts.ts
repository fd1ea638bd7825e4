// A post's texts beside its one text, as Compose writes them and the post detail edits them: a
// text per account and a first comment. Pure, from @app/rules: the checks are the service's.
import { codePointLength, FIRST_COMMENT_MAX_LENGTH, isBuiltInPlatform, PLATFORM_CONTENT_RULES, supportsFirstComment } from '@app/rules';

/** An account a post goes to, as the dashboard names it. */
export interface PostAccount {
  platformId: string;
  platform: string;
  username: string;
  displayName?: string | null;
}

/** The account's name as the page shows it. */
export const accountName = (account: PostAccount): string => account.displayName ?? account.username;

/** The platform's name as its rules give it (a plugin platform: its own name). */
export const platformLabelOf = (platform: string): string => (isBuiltInPlatform(platform) ? PLATFORM_CONTENT_RULES[platform].label : platform);

/** "Acme (Twitter/X)": an account named so that two accounts of one person can be told apart. */
export const accountLabel = (account: PostAccount): string => `${accountName(account)} (${platformLabelOf(account.platform)})`;

/** The text this account publishes: its own when customized, else the post's. */
export const textFor = (overrides: Readonly<Record<string, string>>, platformId: string, content: string): string =>
  Object.hasOwn(overrides, platformId) ? overrides[platformId] : content;

/**
 * createPost's `contentOverrides`: each chosen account's own text, keyed by its compound id, when
 * it differs from the post's text; undefined when none does, so the request is the same as one
 * without overrides.
 */
export function overridesToSend(overrides: Readonly<Record<string, string>>, accounts: readonly string[], content: string): Record<string, string> | undefined {
  const sent = Object.fromEntries(Object.entries(overrides).filter(([id, text]) => accounts.includes(id) && text !== content));
  return Object.keys(sent).length ? sent : undefined;
}

/** An open override the service would refuse (empty), keyed by compound id. */
export function overrideProblems(overrides: Readonly<Record<string, string>>, accounts: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(overrides)
      .filter(([id, text]) => accounts.includes(id) && !text.trim())
      .map(([id]) => [id, 'Write this account’s text, or use the main text']),
  );
}

/**
 * The first comment's refusals, in the service's words: the chosen platforms that take none
 * (FIRST_COMMENT_PLATFORMS), and those whose text limit it exceeds. Null when there is no comment
 * or nothing to refuse.
 */
export function firstCommentProblem(comment: string, platforms: readonly string[]): string | null {
  if (!comment) return null;
  const unsupported = platforms.filter((p) => !supportsFirstComment(p));
  if (unsupported.length) {
    return `A first comment is not supported on ${unsupported.map(platformLabelOf).join(', ')}: remove the first comment or those accounts`;
  }
  if (!comment.trim()) return 'Write the first comment, or leave it empty';
  const length = codePointLength(comment);
  if (length > FIRST_COMMENT_MAX_LENGTH) return `The first comment must be at most ${FIRST_COMMENT_MAX_LENGTH} characters (currently ${length})`;
  const over = platforms.filter(isBuiltInPlatform).flatMap((p) => {
    const rules = PLATFORM_CONTENT_RULES[p];
    const measured = (rules.measureText ?? codePointLength)(comment);
    return measured > rules.maxTextLength ? [`${rules.label} (${rules.maxTextLength}, currently ${measured})`] : [];
  });
  return over.length ? `The first comment exceeds the character limit on ${over.join(', ')}: shorten it` : null;
}
