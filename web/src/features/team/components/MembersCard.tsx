import { Button, NativeSelect, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from 'urql';
import { errorMessage } from '../../../api/client';
import type { TeamMembersQuery } from '../../../gql/graphql';
import { roleLabel } from '../../../session/team';
import { ConfirmDestructive } from '../../../ui/ConfirmDestructive';
import { formatDateTime } from '../../../ui/format';
import { ListTable, RowActions } from '../../../ui/ListTable';
import { QueryResult, type QueryStatus } from '../../../ui/QueryResult';
import { RemovalModal } from '../../../ui/RemovalModal';
import { SectionCard } from '../../../ui/SectionCard';
import { useRemovalDialog } from '../../../ui/useRemovalDialog';
import { MEMBER_ROLES, memberName, type TeamMember } from '../team';
import { ChangeMemberRoleDocument, RemoveMemberDocument } from '../team.documents';

/**
 * The owner, then each member with their role and since when. The owner and admins change a
 * member's role (a select per row) and remove members (after a confirmation); nobody changes
 * their own role or the owner's, so those rows have no controls.
 */
export function MembersCard({
  result,
  onRetry,
  manage,
  personId,
  onChanged,
}: {
  result: QueryStatus<TeamMembersQuery>;
  onRetry: () => void;
  manage: boolean;
  /** The person signed in: their own row is read only. */
  personId: string | null;
  onChanged: () => void;
}) {
  const [heading, removing] = useRemovalDialog<TeamMember>(onChanged);
  const [, changeRole] = useMutation(ChangeMemberRoleDocument);
  const [, remove] = useMutation(RemoveMemberDocument);

  const onRole = async (member: TeamMember, role: string) => {
    const outcome = await changeRole({ userId: member.userId, role });
    if (outcome.error) notifications.show({ color: 'red', title: 'The role was not changed', message: errorMessage(outcome.error) });
    else notifications.show({ color: 'green', message: `${member.email} is now ${roleLabel(role).toLowerCase()}, from their next request.` });
    onChanged();
  };

  return (
    <SectionCard titleId="members-title" title="Members" flush headingRef={heading}>
      <QueryResult result={result} loading="Loading the team" failed="Could not load the team" onRetry={onRetry} m="md">
        {({ teamMembers }) => (
          <>
            <ListTable columns={['Person', 'Role', 'Member since']} minWidth={600} aria-labelledby="members-title">
              {teamMembers.map((member) => {
                const own = member.userId === personId;
                const editable = manage && member.role !== 'owner' && !own;
                return (
                  <Table.Tr key={member.userId}>
                    <Table.Th scope="row" fw={500}>
                      {memberName(member)}
                      {own && (
                        <Text span size="sm" c="dimmed">
                          {' '}
                          (you)
                        </Text>
                      )}
                    </Table.Th>
                    <Table.Td>
                      {editable ? (
                        <NativeSelect
                          aria-label={`Role for ${member.email}`}
                          size="xs"
                          w={130}
                          data={MEMBER_ROLES}
                          value={member.role}
                          onChange={(event) => void onRole(member, event.currentTarget.value)}
                        />
                      ) : (
                        <Text size="sm">{roleLabel(member.role)}</Text>
                      )}
                    </Table.Td>
                    <Table.Td>{member.role === 'owner' ? 'Owner of the account' : formatDateTime(member.since, '—')}</Table.Td>
                    <Table.Td>
                      {editable && (
                        <RowActions>
                          <Button size="xs" color="red" variant="light" onClick={() => removing.open(member)} aria-label={`Remove ${member.email}`}>
                            Remove
                          </Button>
                        </RowActions>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </ListTable>
            {teamMembers.length === 1 && (
              <Text px="md" pb="md" c="dimmed">
                {manage ? 'No one else works in this account yet. Invite someone below.' : 'No one else works in this account yet.'}
              </Text>
            )}
          </>
        )}
      </QueryResult>
      <RemovalModal dialog={removing} title="Remove this member?">
        {(member) => (
          <ConfirmDestructive
            consequence={
              <>
                {member.email} can no longer see or change anything in this account, from their next request. Their own account and sign-in stay; to work here
                again they need a new invitation.
              </>
            }
            keepLabel="Keep them"
            confirmLabel="Remove member"
            failureTitle="Could not remove the member"
            action={() => remove({ userId: member.userId })}
            onClose={removing.close}
            onDone={() => {
              notifications.show({ color: 'green', message: `${member.email} was removed from the team.` });
              removing.removed();
            }}
          />
        )}
      </RemovalModal>
    </SectionCard>
  );
}
