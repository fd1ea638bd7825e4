import { Button, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from 'urql';
import { errorMessage } from '../../../api/client';
import { formatDateTime } from '../../../ui/format';
import { ListTable } from '../../../ui/ListTable';
import { QueryResult } from '../../../ui/QueryResult';
import { SectionCard } from '../../../ui/SectionCard';
import { useReloadableQuery } from '../../../ui/useReloadableQuery';
import { RevokeSessionDocument, SessionsDocument } from '../settings.documents';

/** Where the person is signed in, with sign-out for every session but this browser's. */
export function SessionsCard() {
  const [result, reload] = useReloadableQuery({ query: SessionsDocument });
  const [, revoke] = useMutation(RevokeSessionDocument);
  return (
    <SectionCard titleId="sessions-title" title="Where you are signed in" flush>
      <QueryResult result={result} loading="Loading sessions" failed="Could not load your sessions" onRetry={reload} m="md">
        {({ sessions }) =>
          sessions.length === 0 ? (
            <Text px="md" pb="md" c="dimmed">
              No sessions.
            </Text>
          ) : (
            <ListTable columns={['Signed in', 'Expires']} aria-labelledby="sessions-title">
              {sessions.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Th scope="row" fw={400}>
                    {formatDateTime(s.createdAt)}
                    {s.current && ' (this browser)'}
                  </Table.Th>
                  <Table.Td>{formatDateTime(s.expiresAt)}</Table.Td>
                  <Table.Td>
                    {!s.current && (
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        aria-label={`Sign out the session from ${formatDateTime(s.createdAt)}`}
                        onClick={async () => {
                          const outcome = await revoke({ id: s.id });
                          if (outcome.error) notifications.show({ color: 'red', title: 'Not signed out', message: errorMessage(outcome.error) });
                          reload();
                        }}
                      >
                        Sign out
                      </Button>
                    )}
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
