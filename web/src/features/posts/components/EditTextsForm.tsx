import { isBuiltInPlatform } from '@app/rules';
import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMemo } from 'react';
import { useQuery } from 'urql';
import { AccountTexts } from '../../../post-text/AccountTexts';
import { countFor } from '../../../post-text/counts';
import { FirstCommentCard } from '../../../post-text/FirstCommentCard';
import { TextCard } from '../../../post-text/TextCard';
import { firstCommentProblem, overrideProblems, type PostAccount } from '../../../post-text/texts';
import { PageLoader } from '../../../ui/PageLoader';
import { ProblemAlert } from '../../../ui/ProblemAlert';
import { useSubmit } from '../../../ui/useSubmit';
import type { PostDetailQuery } from '../../../gql/graphql';
import { contentTooLongOn, initialTexts, ownTextTooLong, textChanges, type TextValues } from '../edit-texts';
import { EditPostTextsDocument, EditTextsAccountsDocument } from '../posts.documents';

type Post = NonNullable<PostDetailQuery['post']>;

/**
 * A saved post's texts, edited with Compose's fields and checks: the post's text with each
 * platform's counter, a text per account, the first comment. Saving sends only what changed.
 */
export function EditTextsForm({ post, onSaved, onCancel }: { post: Post; onSaved: () => void; onCancel: () => void }) {
  const [{ data, fetching }] = useQuery({ query: EditTextsAccountsDocument });
  const { busy, problem, submit } = useSubmit(EditPostTextsDocument);
  const initial = useMemo(() => initialTexts(post), [post]);
  const form = useForm<TextValues>({ initialValues: initial });
  const values = form.values;

  const accounts = useMemo<PostAccount[]>(() => {
    const connections = data?.connections ?? [];
    return post.platformPosts.map((pp) => {
      const connection = connections.find((c) => c.platformId === pp.platformId);
      // A disconnected account is still one of the post's: named by its compound id.
      return { platformId: pp.platformId, platform: pp.platform, username: connection?.username ?? pp.platformId, displayName: connection?.displayName };
    });
  }, [data, post.platformPosts]);
  const accountIds = accounts.map((a) => a.platformId);
  const platforms = [...new Set(accounts.map((a) => a.platform))];
  const withMedia = post.media.length > 0;
  const counts = platforms.filter(isBuiltInPlatform).map((p) => countFor(p, values.content, withMedia));

  // What the service would refuse, said where it is, as in Compose; any of them blocks saving.
  const tooLong = contentTooLongOn(accounts, values, withMedia);
  const contentProblem = !values.content.trim() ? 'Write the post’s text' : tooLong.length ? `Too long for ${tooLong.join(', ')}` : null;
  const ownProblems = overrideProblems(values.overrides, accountIds);
  const commentProblem = firstCommentProblem(values.firstComment, platforms);
  const blocked = !!contentProblem || Object.keys(ownProblems).length > 0 || ownTextTooLong(accounts, values, withMedia).length > 0 || !!commentProblem;

  const save = async () => {
    const input = textChanges(initial, values, accountIds);
    if (!input) return onCancel();
    const saved = await submit({ id: post.id, input });
    if (!saved) return;
    notifications.show({ color: 'green', message: 'The post’s texts were saved' });
    onSaved();
  };

  if (fetching && !data) return <PageLoader label="Loading the post’s accounts" />;
  return (
    <form aria-label="Edit texts" onSubmit={form.onSubmit(save)} noValidate>
      <Stack gap="md">
        <TextCard
          value={values.content}
          onChange={(event) => form.setFieldValue('content', event.currentTarget.value)}
          counts={counts}
          mastodon={platforms.includes('mastodon')}
          error={contentProblem}
          autoFocus
        />
        <AccountTexts
          accounts={accounts}
          content={values.content}
          overrides={values.overrides}
          withMedia={withMedia}
          problems={ownProblems}
          onChange={(next) => form.setFieldValue('overrides', next)}
        />
        <FirstCommentCard
          value={values.firstComment}
          onChange={(event) => form.setFieldValue('firstComment', event.currentTarget.value)}
          problem={commentProblem}
        />
        <ProblemAlert problem={problem} title="The texts were not saved" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={blocked}>
            Save texts
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
