import { Button, Table, Text } from '@mantine/core';
import type { RefObject } from 'react';
import type { WorkspaceUsersQuery } from '../../../gql/graphql';
import { formatDateTime } from '../../../ui/format';
import { ListTable, RowActions } from '../../../ui/ListTable';
import { QueryResult, type QueryStatus } from '../../../ui/QueryResult';
import { SectionCard } from '../../../ui/SectionCard';
import type { ManagedUser } from '../workspace';

export function ManagedUsersList({
  result,
  onRetry,
  headingRef,
  onLink,
  onApiKey,
  onDetach,
}: {
  result: QueryStatus<WorkspaceUsersQuery>;
  onRetry: () => void;
  /** Where the focus goes after a detach (the user's row is gone). */
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** Shows the connection link, making one if there is none; `rotate` replaces it. */
  onLink: (user: ManagedUser, rotate: boolean) => void;
  onApiKey: (user: ManagedUser) => void;
  onDetach: (user: ManagedUser) => void;
}) {
  return (
    <SectionCard titleId="managed-title" title="Managed users" flush headingRef={headingRef}>
      <QueryResult result={result} loading="Loading managed users" failed="Could not load your managed users" onRetry={onRetry} m="md">
        {({ workspaceUsers: users }) =>
          users.length === 0 ? (
            <Text px="md" pb="md" c="dimmed">
              You manage nobody yet. Add someone above.
            </Text>
          ) : (
            <ListTable columns={['Name', 'Email', 'Connection link']} minWidth={720} aria-labelledby="managed-title">
              {users.map((u) => (
                <Table.Tr key={u.id}>
                  <Table.Th scope="row" fw={500}>
                    {u.displayName}
                  </Table.Th>
                  <Table.Td>{u.username}</Table.Td>
                  <Table.Td>{u.connectionsPageUrl ? `Valid until ${formatDateTime(u.connectionsPageTokenExpiresAt)}` : 'None'}</Table.Td>
                  <Table.Td>
                    <RowActions>
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => onLink(u, false)}
                        aria-label={`${u.connectionsPageUrl ? 'Show link' : 'Make link'} for ${u.displayName}`}
                      >
                        {u.connectionsPageUrl ? 'Show link' : 'Make link'}
                      </Button>
                      {u.connectionsPageUrl && (
                        <Button size="xs" variant="default" onClick={() => onLink(u, true)} aria-label={`New link for ${u.displayName}`}>
                          New link
                        </Button>
                      )}
                      <Button size="xs" variant="default" onClick={() => onApiKey(u)} aria-label={`New API key for ${u.displayName}`}>
                        API key
                      </Button>
                      <Button size="xs" color="red" variant="light" onClick={() => onDetach(u)} aria-label={`Detach ${u.displayName}`}>
                        Detach
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
