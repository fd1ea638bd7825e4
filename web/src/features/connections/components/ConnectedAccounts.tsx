import { Button, Table, Text } from '@mantine/core';
import { useState, type RefObject } from 'react';
import { useMutation } from 'urql';
import { errorMessage } from '../../../api/client';
import { formatDateTime } from '../../../ui/format';
import { ListTable, RowActions } from '../../../ui/ListTable';
import { SectionCard } from '../../../ui/SectionCard';
import { needsReconnect, offersReconnect, TOKEN_WORDS, type Connection } from '../connections';
import { TestConnectionDocument } from '../connections.documents';

type TestOutcome = { status: string; message: string } | 'testing';

/** The connected accounts with their health in words, a test, a reconnect where one is needed, and disconnect. */
export function ConnectedAccounts({
  connections,
  headingRef,
  onDisconnect,
  onReconnect,
  reconnecting,
  onTested,
  readOnly = false,
}: {
  connections: Connection[];
  /** The person's role may not change connections (docs/teams.md): no buttons. */
  readOnly?: boolean;
  /** Where the focus goes after a disconnect (the account's row is gone). */
  headingRef: RefObject<HTMLHeadingElement | null>;
  onDisconnect: (c: Connection) => void;
  /** Connects the account again through its own sign-in (or credentials form). */
  onReconnect: (c: Connection) => void;
  /** The account whose reconnect is starting (its button is busy). */
  reconnecting: string | null;
  /** A test records a failure as the connection's last error and may renew its profile: the list is read again. */
  onTested: () => void;
}) {
  const [, test] = useMutation(TestConnectionDocument);
  const [results, setResults] = useState<Record<string, TestOutcome>>({});
  const runTest = async (c: Connection) => {
    setResults((r) => ({ ...r, [c.platformId]: 'testing' }));
    const result = await test({ platformId: c.platformId });
    setResults((r) => ({
      ...r,
      [c.platformId]: result.error ? { status: 'error', message: errorMessage(result.error) } : result.data!.testConnection,
    }));
    onTested();
  };
  return (
    <SectionCard titleId="connected-title" title="Connected accounts" flush headingRef={headingRef}>
      {connections.length === 0 ? (
        <Text px="md" pb="md" c="dimmed">
          {readOnly ? 'No accounts connected yet.' : 'No accounts connected yet. Connect one below.'}
        </Text>
      ) : (
        <ListTable columns={['Account', 'Platform', 'Health', 'Last post']} minWidth={720} aria-labelledby="connected-title">
          {connections.map((c) => {
            const tested = results[c.platformId];
            const name = c.displayName ? `${c.displayName} (${c.username})` : c.username;
            return (
              <Table.Tr key={c.id}>
                <Table.Th scope="row" fw={500}>
                  {name}
                </Table.Th>
                <Table.Td>{c.platform}</Table.Td>
                <Table.Td>
                  {needsReconnect(c) ? (
                    <>
                      <Text size="sm" fw={600} c="red.8" id={`health-${c.id}`}>
                        Reconnect needed: {c.platform} refused to renew this account’s access
                      </Text>
                      {c.healthReason && <Text size="xs">Reason: {c.healthReason}</Text>}
                    </>
                  ) : (
                    <Text size="sm" fw={600}>
                      {TOKEN_WORDS[c.tokenStatus] ?? c.tokenStatus}
                    </Text>
                  )}
                  {c.missingPermission && (
                    <Text size="xs" c="orange.9" id={`permission-${c.id}`}>
                      Permission missing: {c.missingPermission}
                    </Text>
                  )}
                  {c.lastError && (
                    <Text size="xs">
                      Last error ({formatDateTime(c.lastError.occurredAt)}): {c.lastError.message}
                    </Text>
                  )}
                  {tested && (
                    <Text size="xs" role="status">
                      {tested === 'testing' ? 'Testing…' : `${tested.status === 'ok' ? 'Test passed' : 'Test failed'}: ${tested.message}`}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{formatDateTime(c.lastSuccessfulPost)}</Table.Td>
                <Table.Td>
                  {!readOnly && (
                    <RowActions>
                      {offersReconnect(c) && (
                        <Button
                          size="xs"
                          loading={reconnecting === c.id}
                          onClick={() => onReconnect(c)}
                          aria-label={`Reconnect ${name} on ${c.platform}`}
                          aria-describedby={needsReconnect(c) ? `health-${c.id}` : `permission-${c.id}`}
                        >
                          Reconnect
                        </Button>
                      )}
                      <Button
                        size="xs"
                        variant="default"
                        loading={tested === 'testing'}
                        onClick={() => runTest(c)}
                        aria-label={`Test ${name} on ${c.platform}`}
                      >
                        Test
                      </Button>
                      <Button size="xs" color="red" variant="light" onClick={() => onDisconnect(c)} aria-label={`Disconnect ${name} on ${c.platform}`}>
                        Disconnect
                      </Button>
                    </RowActions>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </ListTable>
      )}
    </SectionCard>
  );
}
