import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useRoleAllows, useTeamRole } from '../../session/team';
import { PageHeader } from '../../ui/PageHeader';
import { QueryResult } from '../../ui/QueryResult';
import { RemovalModal } from '../../ui/RemovalModal';
import { RoleNote } from '../../ui/RoleNote';
import { useReloadableQuery } from '../../ui/useReloadableQuery';
import { useRemovalDialog } from '../../ui/useRemovalDialog';
import { ChooseAccountsModal } from './components/ChooseAccountsModal';
import { ConnectAnAccount } from './components/ConnectAnAccount';
import { ConnectedAccounts } from './components/ConnectedAccounts';
import { CredentialsModal } from './components/CredentialsModal';
import { DisconnectConfirm } from './components/DisconnectConfirm';
import type { Connectable, Connection } from './connections';
import { reconnectInput } from './connections';
import { ConnectionsPageDocument, StartConnectionDocument } from './connections.documents';
import { ProblemAlert } from '../../ui/ProblemAlert';
import { useSubmit } from '../../ui/useSubmit';
import { useConnectOutcome } from './hooks/useConnectOutcome';

export default function ConnectionsPage() {
  const [result, reload] = useReloadableQuery({ query: ConnectionsPageDocument });
  const [params, setParams] = useSearchParams();
  const [listHeading, disconnecting] = useRemovalDialog<Connection>(reload);
  const [credentialsFor, setCredentialsFor] = useState<Connectable | null>(null);
  const pendingId = params.get('pending');
  useConnectOutcome(reload);
  const reconnect = useSubmit(StartConnectionDocument);
  const [reconnecting, setReconnecting] = useState<string | null>(null);
  // Connections are the owner's and admins' (docs/teams.md): others see the accounts and their health.
  const manage = useRoleAllows('admin');
  const role = useTeamRole();
  // The same sign-in as connecting it first: the account's tokens are replaced in place.
  const startReconnect = async (c: Connection, platforms: Connectable[]) => {
    const connectable = platforms.find((p) => p.platform === c.platform);
    if (connectable?.method === 'credentials') {
      setCredentialsFor(connectable);
      return;
    }
    setReconnecting(c.id);
    const data = await reconnect.submit({ input: { ...reconnectInput(c), returnTo: '/connections' } });
    if (data) window.location.assign(data.startConnection.authorizeUrl);
    else setReconnecting(null);
  };

  return (
    <>
      <PageHeader title="Connections" description="The social accounts your posts go to. Connect an account once; its access is kept and renewed for you." />
      <QueryResult result={result} loading="Loading connections" failed="Could not load your connections" onRetry={reload}>
        {(data) => (
          <Stack gap="lg" maw={1040}>
            <ProblemAlert problem={reconnect.problem} title="Could not start the reconnect" />
            <ConnectedAccounts
              connections={data.connections}
              headingRef={listHeading}
              onDisconnect={disconnecting.open}
              onReconnect={(c) => void startReconnect(c, data.connectablePlatforms)}
              reconnecting={reconnecting}
              onTested={reload}
              readOnly={!manage}
            />
            {manage ? (
              <ConnectAnAccount platforms={data.connectablePlatforms} onCredentials={setCredentialsFor} />
            ) : (
              role && <RoleNote role={role}>only the owner and admins connect, test, reconnect and disconnect accounts.</RoleNote>
            )}
          </Stack>
        )}
      </QueryResult>
      {pendingId && (
        <ChooseAccountsModal
          id={pendingId}
          onClose={() => setParams({}, { replace: true })}
          onDone={() => {
            setParams({}, { replace: true });
            reload();
          }}
        />
      )}
      {credentialsFor && (
        <CredentialsModal
          platform={credentialsFor}
          onClose={() => setCredentialsFor(null)}
          onConnected={(platformId) => {
            setCredentialsFor(null);
            notifications.show({ color: 'green', title: 'Account connected', message: platformId });
            reload();
          }}
        />
      )}
      <RemovalModal dialog={disconnecting} title="Disconnect this account?">
        {(connection) => <DisconnectConfirm connection={connection} onClose={disconnecting.close} onDone={disconnecting.removed} />}
      </RemovalModal>
    </>
  );
}
