import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useRoleAllows, useTeamRole } from '../../session/team';
import { formatDateTime } from '../../ui/format';
import { PageHeader } from '../../ui/PageHeader';
import { QueryResult } from '../../ui/QueryResult';
import { RemovalModal } from '../../ui/RemovalModal';
import { RoleNote } from '../../ui/RoleNote';
import { SectionCard } from '../../ui/SectionCard';
import { useReloadableQuery } from '../../ui/useReloadableQuery';
import { useRemovalDialog } from '../../ui/useRemovalDialog';
import { useSubmit } from '../../ui/useSubmit';
import { DECIDED, type AwaitingPost } from './approvals';
import { ApprovePostDocument, PostsAwaitingApprovalDocument } from './approvals.documents';
import { AwaitingTable } from './components/AwaitingTable';
import { RejectForm } from './components/RejectForm';

// The list holds posts only: an empty one must be read again after a post changes too.
const AWAITING = { additionalTypenames: ['PostGroup'] };

/** Team editors' posts waiting for approval (docs/teams.md): approve (scheduled as asked) or reject with a comment. */
export default function ApprovalsPage() {
  const decide = useRoleAllows('admin');
  const role = useTeamRole();
  const [result, reload] = useReloadableQuery({ query: PostsAwaitingApprovalDocument, context: AWAITING });
  const approve = useSubmit(ApprovePostDocument, DECIDED);
  const [approving, setApproving] = useState<string | null>(null);
  const [heading, rejecting] = useRemovalDialog<AwaitingPost>(reload);

  const onApprove = async (post: AwaitingPost) => {
    setApproving(post.id);
    const done = await approve.submit({ id: post.id });
    setApproving(null);
    if (!done) return;
    const { scheduledTime, status } = done.approvePost;
    notifications.show({
      color: 'green',
      title: 'Approved',
      message: status === 'scheduled' && scheduledTime ? `It goes out ${formatDateTime(scheduledTime)}.` : 'It is on its way.',
    });
    // Its row is gone with the button: the focus goes to the list's heading.
    heading.current?.focus();
    reload();
  };

  return (
    <>
      <PageHeader
        title="Approvals"
        description="Posts that team editors asked to publish while approval is on (Team page). Approving schedules a post as its editor asked; rejecting keeps it a draft and tells the editor why."
      />
      <Stack gap="lg" maw={1040}>
        {!decide && role && <RoleNote role={role}>only the owner and admins approve or reject posts.</RoleNote>}
        <SectionCard titleId="awaiting-title" title="Awaiting approval" flush headingRef={heading}>
          {approve.problem && (
            <Text role="alert" c="red.9" px="md" pb="sm" size="sm">
              Not approved: {approve.problem}
            </Text>
          )}
          <QueryResult
            result={result}
            loading="Loading the posts awaiting approval"
            failed="Could not load the posts awaiting approval"
            onRetry={reload}
            m="md"
          >
            {({ postsAwaitingApproval }) =>
              postsAwaitingApproval.length === 0 ? (
                <Text px="md" pb="md" c="dimmed">
                  Nothing is waiting for approval.
                </Text>
              ) : (
                <AwaitingTable posts={postsAwaitingApproval} decide={decide} approving={approving} onApprove={onApprove} onReject={rejecting.open} />
              )
            }
          </QueryResult>
        </SectionCard>
      </Stack>
      <RemovalModal dialog={rejecting} title="Reject this post?">
        {(post) => <RejectForm post={post} onCancel={rejecting.close} onRejected={rejecting.removed} />}
      </RemovalModal>
    </>
  );
}
