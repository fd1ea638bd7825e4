import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { formatDateTime } from '../../../ui/format';
import { PageLoader } from '../../../ui/PageLoader';
import { ProblemAlert } from '../../../ui/ProblemAlert';
import { useReloadableQuery } from '../../../ui/useReloadableQuery';
import { useSubmit } from '../../../ui/useSubmit';
import { useRoleAllows } from '../../../session/team';
import { statusWords, textsEditable, type PlatformPost } from '../posts';
import { ApprovalState } from './ApprovalState';
import { PostDetailDocument, ReschedulePostDocument, RetryPostDocument, UnpublishPostDocument } from '../posts.documents';
import { DeletePost } from './DeletePost';
import { PlatformOutcomes } from './PlatformOutcomes';
import { PostLog } from './PostLog';
import { RescheduleForm } from './RescheduleForm';

// Its charts (recharts) load when a detail is opened, not with the posts list.
const PostMetrics = lazy(() => import('./PostMetrics').then((m) => ({ default: m.PostMetrics })));
// Review links load with the detail too, keeping the posts list's first load as it was.
const ReviewLinks = lazy(() => import('./ReviewLinks').then((m) => ({ default: m.ReviewLinks })));
// The text edit (Compose's fields and counters) loads when "Edit texts" is pressed.
const EditTextsForm = lazy(() => import('./EditTextsForm').then((m) => ({ default: m.EditTextsForm })));

/**
 * A post: its texts and status, each platform's outcome with retry and unpublish, editing its texts
 * and (re)scheduling while it has not gone out, its review links, its metrics, its log, and delete.
 */
export function PostDetail({ id, onClose, onChanged, onDeleted }: { id: string; onClose: () => void; onChanged: () => void; onDeleted: () => void }) {
  const [{ data, fetching, error }, reload] = useReloadableQuery({ query: PostDetailDocument, variables: { id } });
  // Rescheduling and deleting report a refusal in the same place.
  const { busy: saving, problem, setProblem, submit } = useSubmit(ReschedulePostDocument);
  const retry = useSubmit(RetryPostDocument);
  const unpublish = useSubmit(UnpublishPostDocument);
  const post = data?.post;
  // A viewer reads; retry and unpublish are the owner's and admins' (docs/teams.md). The service decides anyway.
  const mayEdit = useRoleAllows('editor');
  const mayRecover = useRoleAllows('admin');
  const editable = mayEdit && post && (post.status === 'draft' || post.status === 'scheduled');
  const [editing, setEditing] = useState(false);
  // The form replaces the "Edit texts" button: when it closes, the focus goes back to the button.
  const [focusEdit, setFocusEdit] = useState(false);
  const closeEdit = () => {
    setEditing(false);
    setFocusEdit(true);
  };

  const onTextsSaved = () => {
    closeEdit();
    reload();
    onChanged();
  };

  const onReschedule = async (when: string) => {
    const changed = await submit({ id, input: { status: 'scheduled', scheduledTime: when } });
    if (!changed) return;
    notifications.show({ color: 'green', message: `Scheduled for ${formatDateTime(changed.updatePost.scheduledTime)}` });
    reload();
    onChanged();
  };

  const onRetry = async (pp: PlatformPost, force: boolean) => {
    const done = await retry.submit({ id, platformIds: [pp.platformId], force });
    if (!done) return;
    notifications.show({ color: done.retryPost.warning ? 'orange' : 'green', message: done.retryPost.warning ?? `Retrying on ${pp.platformId}` });
    reload();
    onChanged();
  };

  const onUnpublish = async (pp: PlatformPost) => {
    const done = await unpublish.submit({ id, platformIds: [pp.platformId] });
    if (!done) return;
    const [result] = done.unpublishPost.results;
    if (result?.status === 'unpublished') notifications.show({ color: 'green', message: `Unpublished from ${pp.platformId}` });
    else
      notifications.show({
        color: 'red',
        title: 'Not unpublished',
        message: result?.error ? `${result.error.message} ${result.error.hint}` : 'The platform refused',
      });
    reload();
    onChanged();
  };

  if (fetching && !data) return <PageLoader label="Loading the post" />;
  if (error || !post) {
    return (
      <Alert color="red" role="alert" title="Could not load this post">
        {error ? errorMessage(error) : 'It no longer exists.'}
      </Alert>
    );
  }
  return (
    <Stack>
      {editing ? (
        <Suspense fallback={<PageLoader label="Loading the text editor" />}>
          <EditTextsForm post={post} onSaved={onTextsSaved} onCancel={closeEdit} />
        </Suspense>
      ) : (
        <>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{post.content}</Text>
          {post.firstComment && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              First comment: {post.firstComment}
            </Text>
          )}
          {mayEdit && textsEditable(post) && (
            <Group>
              <Button
                variant="default"
                onClick={() => setEditing(true)}
                ref={(el) => {
                  if (el && focusEdit) {
                    el.focus();
                    setFocusEdit(false);
                  }
                }}
              >
                Edit texts
              </Button>
            </Group>
          )}
        </>
      )}
      <Text size="sm">
        Status: <strong>{statusWords(post.status)}</strong>
        {post.scheduledTime && <> · scheduled for {formatDateTime(post.scheduledTime)}</>}
      </Text>
      {post.approval && <ApprovalState approval={post.approval} canReview={mayRecover} />}
      <Title order={2} size="h5">
        On each platform
      </Title>
      <PlatformOutcomes
        platformPosts={post.platformPosts}
        busy={retry.busy || unpublish.busy}
        onRetry={onRetry}
        onUnpublish={onUnpublish}
        readOnly={!mayRecover}
      />
      <ProblemAlert problem={retry.problem ?? unpublish.problem} title="Not retried or unpublished" />
      {editable && <RescheduleForm status={post.status} scheduledTime={post.scheduledTime ?? null} busy={saving} onReschedule={onReschedule} />}
      <ProblemAlert problem={problem} title="Not changed" />
      <Suspense fallback={<PageLoader label="Loading the review links" />}>
        <ReviewLinks postGroupId={id} />
      </Suspense>
      <Suspense fallback={<PageLoader label="Loading the metrics" />}>
        <PostMetrics id={id} />
      </Suspense>
      <Title order={2} size="h5">
        Log
      </Title>
      <PostLog logs={post.logs} />
      <Group justify="space-between">
        {mayEdit ? <DeletePost id={id} onDeleted={onDeleted} onRefused={setProblem} /> : <span />}
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Stack>
  );
}
