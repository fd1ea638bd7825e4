import { Button, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { useMutation } from 'urql';
import { errorMessage } from '../../../api/client';
import type { TeamInvitesQuery } from '../../../gql/graphql';
import { roleLabel } from '../../../session/team';
import { formatDateTime } from '../../../ui/format';
import { ListTable, RowActions } from '../../../ui/ListTable';
import { QueryResult, type QueryStatus } from '../../../ui/QueryResult';
import { SectionCard } from '../../../ui/SectionCard';
import type { TeamInvite } from '../team';
import { RevokeTeamInviteDocument } from '../team.documents';

/** Invitations not yet accepted, each with "Revoke" (its link stops working). */
export function OpenInvites({ result, onRetry, onRevoked }: { result: QueryStatus<TeamInvitesQuery>; onRetry: () => void; onRevoked: () => void }) {
  const [, revoke] = useMutation(RevokeTeamInviteDocument);
  const [revoking, setRevoking] = useState<string | null>(null);
  // The revoked row is gone with its button: the focus goes to the list's heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const onRevoke = async (invite: TeamInvite) => {
    setRevoking(invite.id);
    const outcome = await revoke({ id: invite.id });
    setRevoking(null);
    if (outcome.error) {
      notifications.show({ color: 'red', title: 'Not revoked', message: errorMessage(outcome.error) });
      return;
    }
    notifications.show({ color: 'green', message: `The invitation for ${invite.email} no longer works.` });
    heading.current?.focus();
    onRevoked();
  };
  return (
    <SectionCard titleId="invites-title" title="Open invitations" flush headingRef={heading}>
      <QueryResult result={result} loading="Loading invitations" failed="Could not load the invitations" onRetry={onRetry} m="md">
        {({ teamInvites }) =>
          teamInvites.length === 0 ? (
            <Text px="md" pb="md" c="dimmed">
              No open invitations.
            </Text>
          ) : (
            <ListTable columns={['Invited', 'Role', 'Invited by', 'Expires']} minWidth={640} aria-labelledby="invites-title">
              {teamInvites.map((invite) => (
                <Table.Tr key={invite.id}>
                  <Table.Th scope="row" fw={500}>
                    {invite.email}
                  </Table.Th>
                  <Table.Td>{roleLabel(invite.role)}</Table.Td>
                  <Table.Td>{invite.invitedByEmail ?? '—'}</Table.Td>
                  <Table.Td>{formatDateTime(invite.expiresAt)}</Table.Td>
                  <Table.Td>
                    <RowActions>
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        loading={revoking === invite.id}
                        onClick={() => void onRevoke(invite)}
                        aria-label={`Revoke the invitation for ${invite.email}`}
                      >
                        Revoke
                      </Button>
                    </RowActions>
                  </Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          )
        }
      </QueryResult>
    </SectionCard>
  );
}
