import { Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { TeamMembersQuery } from '../../../gql/graphql';
import type { QueryStatus } from '../../../ui/QueryResult';
import { ProblemAlert } from '../../../ui/ProblemAlert';
import { SectionCard } from '../../../ui/SectionCard';
import { useSubmit } from '../../../ui/useSubmit';
import { SetRequireApprovalDocument } from '../team.documents';

// The navigation's "Approvals" reads the setting too (its query names this type).
const APPROVAL_SETTING = { additionalTypenames: ['ApprovalSetting'] };

/** Whether editors' posts wait for an approver: a switch for the owner and admins, words for everyone else. */
export function ApprovalSetting({ result, manage, onChanged }: { result: QueryStatus<TeamMembersQuery>; manage: boolean; onChanged: () => void }) {
  const { busy, problem, submit } = useSubmit(SetRequireApprovalDocument, APPROVAL_SETTING);
  // The switch follows the click at once and keeps the stored value; a refusal undoes it.
  const [pending, setPending] = useState<boolean | null>(null);
  if (!result.data) return null;
  const on = pending ?? result.data.requireApproval;
  const explanation =
    'When this is on, a post an editor schedules, adds to the queue or publishes now stays a draft until the owner or an admin approves it on the Approvals page; it is then scheduled as the editor asked.';
  return (
    <SectionCard titleId="approval-title" title="Approval">
      {manage ? (
        <>
          <Switch
            label="Editors' posts need approval"
            description={explanation}
            checked={on}
            disabled={busy}
            onChange={async (event) => {
              const next = event.currentTarget.checked;
              setPending(next);
              const done = await submit({ requireApproval: next });
              if (done) notifications.show({ color: 'green', message: next ? 'Editors’ posts now need approval.' : 'Editors’ posts no longer need approval.' });
              // Kept once stored, so the switch does not flick back while the reload is on its way;
              // a refusal lets the stored value show again.
              if (!done) setPending(null);
              onChanged();
            }}
          />
          <ProblemAlert problem={problem} title="Not changed" mt="sm" />
        </>
      ) : (
        <>
          <Text fw={600}>Editors&apos; posts need approval: {on ? 'yes' : 'no'}</Text>
          <Text size="sm" c="dimmed">
            {explanation}
          </Text>
        </>
      )}
    </SectionCard>
  );
}
