// The post detail's text edit: what the form starts from, and the changed fields updatePost is
// sent. Pure; the checks are Compose's (web/src/post-text/). When a post's texts may change is
// `textsEditable` of posts.ts, so that the Posts page does not load these rules before the edit.
import { isBuiltInPlatform } from '@app/rules';
import type { PostDetailQuery, UpdatePostInput } from '../../gql/graphql';
import { countFor } from '../../post-text/counts';
import { overridesToSend, type PostAccount } from '../../post-text/texts';

type Post = NonNullable<PostDetailQuery['post']>;

/** The edit form's values: the post's text, each customized account's own text by compound id, the first comment ("" none). */
export interface TextValues {
  content: string;
  overrides: Record<string, string>;
  firstComment: string;
}

/** The texts as saved: the overridden accounts' own texts, and the first comment as given. */
export function initialTexts(post: Pick<Post, 'content' | 'firstComment' | 'platformPosts'>): TextValues {
  return {
    content: post.content,
    overrides: Object.fromEntries(post.platformPosts.filter((pp) => pp.contentOverridden).map((pp) => [pp.platformId, pp.content])),
    firstComment: post.firstComment ?? '',
  };
}

const sameTexts = (a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([id, text]) => Object.hasOwn(b, id) && b[id] === text);

/**
 * updatePost's input with only what changed, or null when nothing did. `contentOverrides` replaces
 * the whole map, so when any account's own text changed it is every customized account's text
 * (those equal to the post's text dropped, as Compose sends them; `{}` clears them all).
 * `firstComment` "" removes it.
 */
export function textChanges(initial: TextValues, values: TextValues, accountIds: readonly string[]): UpdatePostInput | null {
  const input: UpdatePostInput = {};
  if (values.content !== initial.content) input.content = values.content;
  const overrides = overridesToSend(values.overrides, accountIds, values.content) ?? {};
  // An opened text left as the post's text, or closed again, changes nothing on the service.
  if (!sameTexts(values.overrides, initial.overrides) && !sameTexts(overrides, initial.overrides)) input.contentOverrides = overrides;
  if (values.firstComment !== initial.firstComment) input.firstComment = values.firstComment;
  return Object.keys(input).length ? input : null;
}

/** The platforms whose accounts publish the post's own text and on which it is too long (accounts with their own text are checked by theirs). */
export function contentTooLongOn(accounts: readonly PostAccount[], values: TextValues, withMedia: boolean): string[] {
  const over = accounts
    .filter((a) => !Object.hasOwn(values.overrides, a.platformId))
    .flatMap((a) => (isBuiltInPlatform(a.platform) ? [countFor(a.platform, values.content, withMedia)] : []))
    .filter((c) => c.over)
    .map((c) => c.label);
  return [...new Set(over)];
}

/** Accounts whose own text is too long for their platform (the form says so at each text). */
export function ownTextTooLong(accounts: readonly PostAccount[], values: TextValues, withMedia: boolean): PostAccount[] {
  return accounts.filter(
    (a) =>
      Object.hasOwn(values.overrides, a.platformId) && isBuiltInPlatform(a.platform) && countFor(a.platform, values.overrides[a.platformId], withMedia).over,
  );
}
