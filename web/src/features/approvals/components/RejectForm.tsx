import { Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { shorten } from '../../../ui/format';
import { DialogActions } from '../../../ui/DialogActions';
import { ProblemAlert } from '../../../ui/ProblemAlert';
import { useSubmit } from '../../../ui/useSubmit';
import { DECIDED, MAX_COMMENT, type AwaitingPost } from '../approvals';
import { RejectPostDocument } from '../approvals.documents';

/** Why the post is sent back (the editor sees it on the post); it stays a draft. */
export function RejectForm({ post, onCancel, onRejected }: { post: AwaitingPost; onCancel: () => void; onRejected: () => void }) {
  const { busy, problem, submit } = useSubmit(RejectPostDocument, DECIDED);
  const form = useForm({
    initialValues: { comment: '' },
    validate: {
      comment: (v) => (!v.trim() ? 'Say what to change: the editor sees this' : [...v].length > MAX_COMMENT ? `Use at most ${MAX_COMMENT} characters` : null),
    },
  });
  const onSubmit = form.onSubmit(async ({ comment }) => {
    const done = await submit({ id: post.id, comment: comment.trim() });
    if (!done) return;
    notifications.show({ color: 'green', message: `Sent back to ${post.approval?.requestedByEmail ?? 'its editor'}.` });
    onRejected();
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Text size="sm">
          “{shorten(post.content, 120)}” stays a draft, and {post.approval?.requestedByEmail ?? 'its editor'} sees your comment on it.
        </Text>
        <Textarea label="Comment for the editor" required autosize minRows={3} data-autofocus {...form.getInputProps('comment')} />
        <ProblemAlert problem={problem} title="Not rejected" />
        <DialogActions onCancel={onCancel} confirmLabel="Reject post" busy={busy} danger />
      </Stack>
    </form>
  );
}
