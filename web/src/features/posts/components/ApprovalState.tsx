import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { PostDetailQuery } from '../../../gql/graphql';
import { askedFor } from '../../../ui/approval';
import { formatDateTime } from '../../../ui/format';

type Approval = NonNullable<NonNullable<PostDetailQuery['post']>['approval']>;

// Mantine's light yellow title is below 4.5:1 on its own background: the text colour keeps it readable.
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

/** A team editor's post: waiting for approval, sent back with the approver's comment, or approved (docs/teams.md). */
export function ApprovalState({ approval, canReview }: { approval: Approval; /** Owner or admin: a link to approve or reject it. */ canReview: boolean }) {
  const who = approval.requestedByEmail ?? 'A former member';
  if (approval.state === 'pending') {
    return (
      <Alert color="yellow" role="note" title="Awaiting approval" styles={READABLE_TITLE}>
        Asked by {who}: {askedFor(approval)}. It stays a draft until the owner or an admin approves it.
        {canReview && (
          <>
            {' '}
            <Anchor component={Link} to="/approvals" underline="always" size="sm">
              Approve or reject it on the Approvals page
            </Anchor>
            .
          </>
        )}
      </Alert>
    );
  }
  if (approval.state === 'rejected') {
    return (
      <Alert color="red" role="note" title="Rejected" styles={READABLE_TITLE}>
        <Text size="sm">
          {approval.decidedByEmail ?? 'An approver'} sent it back{approval.decidedAt && <> on {formatDateTime(approval.decidedAt)}</>}
          {approval.comment ? <>: “{approval.comment}”</> : '.'}
        </Text>
        <Text size="sm">It stays a draft; an editor who schedules it again asks for approval once more.</Text>
      </Alert>
    );
  }
  return (
    <Text size="sm">
      Approved by {approval.decidedByEmail ?? 'an approver'}
      {approval.decidedAt && <> on {formatDateTime(approval.decidedAt)}</>} (asked by {who}).
    </Text>
  );
}
