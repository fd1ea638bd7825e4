import { codePointLength, FIRST_COMMENT_MAX_LENGTH, PLATFORM_CONTENT_RULES, supportsFirstComment, type PlatformName } from '@app/rules';
import { forbiddenCharacterIn } from './content-characters';
import { PostMessages } from './posts.errors';

/**
 * Text per network (`contentOverrides`) and the first comment: pure rules shared by create-post,
 * update-post, the dashboard's edits and validate-post (docs/rich-posts.md).
 */

/** The bare platform name of a compound id (`twitter-123` → `twitter`). */
export const platformOf = (platformId: string): string => platformId.slice(0, platformId.indexOf('-'));

/** A platform's name in messages: its content rules' label (`Twitter/X`, `LinkedIn`), else the name. */
export const platformLabelOf = (platform: string): string => PLATFORM_CONTENT_RULES[platform as PlatformName]?.label ?? platform;

/** The first problem of one override's text, named by its key; the same rules as `content`. */
export function overrideTextProblem(key: string, text: unknown, maxLength: number): string | null {
  if (typeof text !== 'string' || text.trim().length === 0) return PostMessages.overrideRequired(key);
  if (text.length > maxLength && codePointLength(text) > maxLength) return PostMessages.overrideTooLong(key, maxLength);
  const found = forbiddenCharacterIn(text);
  if (found)
    return found.kind === 'control'
      ? PostMessages.overrideControlCharacter(key, found.codePoint, found.position)
      : PostMessages.overrideUnpairedSurrogate(key, found.codePoint, found.position);
  return null;
}

/**
 * The first problem of a `contentOverrides` object (already known to be one), key by key in the
 * order given: a key that names none of `platformIds` (nor their platform names), then its text.
 * `platformIds` null: keys are not checked here (update-post checks them against the group's posts).
 */
export function contentOverridesProblem(overrides: Record<string, unknown>, platformIds: readonly string[] | null, maxLength: number): string | null {
  const names = platformIds ? new Set(platformIds.map(platformOf)) : null;
  const ids = platformIds ? new Set(platformIds) : null;
  for (const [key, text] of Object.entries(overrides)) {
    if (ids && names && !ids.has(key) && !names.has(key)) return PostMessages.overrideKeyNotChosen(key);
    const problem = overrideTextProblem(key, text, maxLength);
    if (problem) return problem;
  }
  return null;
}

/** The key of `overrides` that is not one of `platformIds` nor their platform names, if any. */
export function unchosenOverrideKey(overrides: Record<string, string>, platformIds: readonly string[]): string | null {
  const known = new Set([...platformIds, ...platformIds.map(platformOf)]);
  return Object.keys(overrides).find((key) => !known.has(key)) ?? null;
}

/** The text an account publishes under `overrides`: its own key wins over its platform's; undefined → the group's content. */
export function overrideFor(overrides: Readonly<Record<string, string>> | undefined, platformId: string): string | undefined {
  if (!overrides) return undefined;
  if (Object.hasOwn(overrides, platformId)) return overrides[platformId];
  const platform = platformOf(platformId);
  return Object.hasOwn(overrides, platform) ? overrides[platform] : undefined;
}

/** The first problem of a first comment's own text (not blank, FIRST_COMMENT_MAX_LENGTH, characters). */
export function firstCommentTextProblem(comment: unknown): string | null {
  if (typeof comment !== 'string' || comment.trim().length === 0) return PostMessages.firstCommentRequired;
  if (comment.length > FIRST_COMMENT_MAX_LENGTH && codePointLength(comment) > FIRST_COMMENT_MAX_LENGTH)
    return PostMessages.firstCommentTooLong(FIRST_COMMENT_MAX_LENGTH);
  const found = forbiddenCharacterIn(comment);
  if (found)
    return found.kind === 'control'
      ? PostMessages.firstCommentControlCharacter(found.codePoint, found.position)
      : PostMessages.firstCommentUnpairedSurrogate(found.codePoint, found.position);
  return null;
}

/**
 * A first comment against the chosen platforms (bare names, in request order): refused when one
 * of them takes no comment (all such named), then when it is longer than a platform's text limit,
 * measured that platform's way (all such named). Null when every platform takes it.
 */
export function firstCommentPlatformsProblem(comment: string, platforms: readonly string[]): string | null {
  const unique = [...new Set(platforms)];
  const unsupported = unique.filter((p) => !supportsFirstComment(p));
  if (unsupported.length) return PostMessages.firstCommentUnsupported(unsupported.map(platformLabelOf));
  const over: string[] = [];
  for (const platform of unique) {
    const rules = PLATFORM_CONTENT_RULES[platform as PlatformName];
    if (!rules) continue;
    const length = (rules.measureText ?? codePointLength)(comment);
    if (length > rules.maxTextLength) over.push(`${rules.label} (${rules.maxTextLength}, currently ${length})`);
  }
  return over.length ? PostMessages.firstCommentTooLongFor(over) : null;
}

/** A platform post's first comment as stored at creation (or on an edit): nothing sent yet. */
export function pendingFirstComment(content: string): { content: string; status: 'pending'; attemptCount: 0 } {
  return { content, status: 'pending', attemptCount: 0 };
}
