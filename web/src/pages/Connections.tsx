import { Alert, Button, Card, Checkbox, Group, Modal, PasswordInput, SimpleGrid, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useState, type RefObject } from 'react';
import { useSearchParams } from 'react-router';
import { useClient, useMutation, useQuery } from 'urql';
import { errorMessage } from '../api/client';
import { graphql } from '../gql';
import type { ConnectionsPageQuery } from '../gql/graphql';
import { PageLoader } from '../ui/PageLoader';
import { formatDateTime } from '../ui/format';
import { ConfirmDestructive } from '../ui/ConfirmDestructive';
import { RemovalModal } from '../ui/RemovalModal';
import { useRemovalDialog } from '../ui/useRemovalDialog';
import { LoadFailed } from '../ui/LoadFailed';
import { usePageTitle } from '../ui/usePageTitle';

const ConnectionsPageDocument = graphql(`
  query ConnectionsPage {
    connections {
      id
      platform
      platformId
      username
      displayName
      tokenStatus
      tokenExpiresIn
      lastSuccessfulPost
      lastError {
        message
        occurredAt
      }
    }
    connectablePlatforms {
      platform
      method
      configured
      label
      via
    }
  }
`);

const ConnectOutcomeDocument = graphql(`
  query ConnectOutcome($connected: String, $error: String, $message: String, $sig: String) {
    connectOutcome(connected: $connected, error: $error, message: $message, sig: $sig) {
      connected
      message
    }
  }
`);

const StartConnectionDocument = graphql(`
  mutation StartConnection($input: StartConnectionInput!) {
    startConnection(input: $input) {
      authorizeUrl
    }
  }
`);

const ConnectWithCredentialsDocument = graphql(`
  mutation ConnectWithCredentials($input: ConnectCredentialsInput!) {
    connectWithCredentials(input: $input) {
      platformId
    }
  }
`);

const PendingConnectionDocument = graphql(`
  query PendingConnection($id: ID!) {
    pendingConnection(id: $id) {
      id
      platform
      accounts {
        externalId
        username
        displayName
        kind
      }
    }
  }
`);

const CompleteConnectionDocument = graphql(`
  mutation CompleteConnection($id: ID!, $externalIds: [String!]!) {
    completeConnection(id: $id, externalIds: $externalIds) {
      platformId
    }
  }
`);

const TestConnectionDocument = graphql(`
  mutation TestConnection($platformId: String!) {
    testConnection(platformId: $platformId) {
      status
      message
    }
  }
`);

const DisconnectDocument = graphql(`
  mutation DisconnectConnection($platformId: String!) {
    disconnectConnection(platformId: $platformId)
  }
`);

type Connection = ConnectionsPageQuery['connections'][number];
type Connectable = ConnectionsPageQuery['connectablePlatforms'][number];

/** Token health in words, and whether it needs the person's attention. */
const TOKEN_WORDS: Record<string, string> = {
  valid: 'Working',
  expiring_soon: 'Access expires soon (renewed automatically where the platform allows it)',
  expired: 'Access expired: reconnect',
  unknown: 'Not checked yet',
};

export default function ConnectionsPage() {
  usePageTitle('Connections');
  const [{ data, fetching, error }, refetch] = useQuery({ query: ConnectionsPageDocument });
  const reload = () => refetch({ requestPolicy: 'network-only' });
  const [params, setParams] = useSearchParams();
  const [listHeading, disconnecting] = useRemovalDialog<Connection>();
  const [credentialsFor, setCredentialsFor] = useState<Connectable | null>(null);
  const pendingId = params.get('pending');

  const client = useClient();

  // The outcome of an authorization page, as the callback reports it in the address. Anyone can
  // write an address: the server says what may be shown (its own signed words, or fixed ones).
  useEffect(() => {
    const connected = params.get('connected');
    const failed = params.get('error');
    if (!connected && !failed) return;
    const variables = { connected, error: failed, message: params.get('message'), sig: params.get('sig') };
    void client
      .query(ConnectOutcomeDocument, variables, { requestPolicy: 'network-only' })
      .toPromise()
      .then(({ data, error }) => {
        const outcome = data?.connectOutcome;
        if (outcome?.connected) notifications.show({ color: 'green', title: 'Account connected', message: outcome.message });
        else if (outcome || (error && failed)) {
          notifications.show({ color: 'red', title: 'The account was not connected', message: outcome?.message ?? errorMessage(error!), autoClose: false });
        }
      });
    setParams({}, { replace: true });
    reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params]);

  return (
    <>
      <Title order={1} size="h2" mb="xs">
        Connections
      </Title>
      <Text c="dimmed" mb="lg" maw={720}>
        The social accounts your posts go to. Connect an account once; its access is kept and renewed for you.
      </Text>
      {fetching && !data ? (
        <PageLoader label="Loading connections" />
      ) : error && !data ? (
        <LoadFailed title="Could not load your connections" error={error} onRetry={reload} />
      ) : (
        <Stack gap="lg" maw={1040}>
          <ConnectedAccounts connections={data?.connections ?? []} headingRef={listHeading} onDisconnect={disconnecting.open} onTested={reload} />
          <ConnectAnAccount platforms={data?.connectablePlatforms ?? []} onCredentials={setCredentialsFor} />
        </Stack>
      )}
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
        {(connection) => (
          <DisconnectConfirm
            connection={connection}
            onClose={disconnecting.close}
            onDone={() => {
              disconnecting.removed();
              reload();
            }}
          />
        )}
      </RemovalModal>
    </>
  );
}

function ConnectedAccounts({
  connections,
  headingRef,
  onDisconnect,
  onTested,
}: {
  connections: Connection[];
  /** Where the focus goes after a disconnect (the account's row is gone). */
  headingRef: RefObject<HTMLHeadingElement | null>;
  onDisconnect: (c: Connection) => void;
  /** A test records a failure as the connection's last error and may renew its profile: the list is read again. */
  onTested: () => void;
}) {
  const [, test] = useMutation(TestConnectionDocument);
  const [results, setResults] = useState<Record<string, { status: string; message: string } | 'testing'>>({});
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
    <Card withBorder component="section" aria-labelledby="connected-title" p={0}>
      <Title order={2} size="h4" id="connected-title" p="md" ref={headingRef} tabIndex={-1}>
        Connected accounts
      </Title>
      {connections.length === 0 ? (
        <Text px="md" pb="md" c="dimmed">
          No accounts connected yet. Connect one below.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="sm" aria-labelledby="connected-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Account</Table.Th>
                <Table.Th scope="col">Platform</Table.Th>
                <Table.Th scope="col">Health</Table.Th>
                <Table.Th scope="col">Last post</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
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
                      <Text size="sm" fw={600}>
                        {TOKEN_WORDS[c.tokenStatus] ?? c.tokenStatus}
                      </Text>
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
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
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
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

function ConnectAnAccount({ platforms, onCredentials }: { platforms: Connectable[]; onCredentials: (p: Connectable) => void }) {
  const [, start] = useMutation(StartConnectionDocument);
  const [instance, setInstance] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const go = async (platform: string, extra: { via?: string; instanceUrl?: string } = {}) => {
    setProblem(null);
    const result = await start({ input: { platform, returnTo: '/connections', ...extra } });
    if (result.error) return setProblem(errorMessage(result.error));
    // Off to the platform's authorization page; it sends the browser back here.
    window.location.assign(result.data!.startConnection.authorizeUrl);
  };
  return (
    <Card withBorder component="section" aria-labelledby="connect-title">
      <Title order={2} size="h4" id="connect-title" mb="sm">
        Connect an account
      </Title>
      {problem && (
        <Alert color="red" role="alert" title="Could not start" mb="sm">
          {problem}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {platforms.map((p) => (
          <Card key={p.platform} withBorder padding="sm" component="section" aria-label={p.label}>
            <Text fw={600}>{p.label}</Text>
            {!p.configured ? (
              <Text size="sm" c="dimmed">
                Not available: the service administrator has not set it up yet.
              </Text>
            ) : p.method === 'credentials' ? (
              <Button mt="xs" size="xs" variant="light" onClick={() => onCredentials(p)}>
                Connect {p.label}
              </Button>
            ) : p.platform === 'mastodon' ? (
              <Stack gap={4} mt="xs">
                <TextInput
                  size="xs"
                  label="Your Mastodon server"
                  placeholder="https://mastodon.social"
                  value={instance}
                  onChange={(e) => setInstance(e.currentTarget.value)}
                />
                <Button size="xs" variant="light" disabled={!instance.trim()} onClick={() => go('mastodon', { instanceUrl: instance.trim() })}>
                  Connect Mastodon
                </Button>
              </Stack>
            ) : (
              <Group gap="xs" mt="xs">
                <Button size="xs" variant="light" onClick={() => go(p.platform)}>
                  Connect {p.label}
                </Button>
                {p.via.map((via) => (
                  <Button key={via} size="xs" variant="default" onClick={() => go(p.platform, { via })}>
                    {`Connect ${p.label} through ${via === 'facebook' ? 'Facebook' : via}`}
                  </Button>
                ))}
              </Group>
            )}
          </Card>
        ))}
      </SimpleGrid>
    </Card>
  );
}

function CredentialsModal({ platform, onClose, onConnected }: { platform: Connectable; onClose: () => void; onConnected: (platformId: string) => void }) {
  const [{ fetching }, connect] = useMutation(ConnectWithCredentialsDocument);
  const [serverError, setServerError] = useState<string | null>(null);
  const telegram = platform.platform === 'telegram';
  const form = useForm({ initialValues: { identifier: '', secret: '', chatId: '', serviceUrl: '' } });
  return (
    <Modal opened onClose={onClose} title={`Connect ${platform.label}`} closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        onSubmit={form.onSubmit(async (v) => {
          setServerError(null);
          const input = telegram
            ? { platform: 'telegram', secret: v.secret, chatId: v.chatId.trim() }
            : { platform: 'bluesky', identifier: v.identifier.trim(), secret: v.secret, serviceUrl: v.serviceUrl.trim() || null };
          const result = await connect({ input });
          if (result.error) return setServerError(errorMessage(result.error));
          onConnected(result.data!.connectWithCredentials.platformId);
        })}
      >
        <Stack gap="sm">
          {telegram ? (
            <>
              <Text size="sm">Add your bot to the channel as an administrator that can post, then enter its token and the channel.</Text>
              <PasswordInput label="Bot token" required {...form.getInputProps('secret')} />
              <TextInput label="Channel or chat" description="@name or numeric id" required {...form.getInputProps('chatId')} />
            </>
          ) : (
            <>
              <Text size="sm">Use an app password (Bluesky settings → App passwords), not your account password.</Text>
              <TextInput label="Handle" placeholder="you.bsky.social" required {...form.getInputProps('identifier')} />
              <PasswordInput label="App password" required {...form.getInputProps('secret')} />
              <TextInput label="Service URL (optional)" placeholder="https://bsky.social" {...form.getInputProps('serviceUrl')} />
            </>
          )}
          {serverError && (
            <Alert color="red" role="alert" title="Not connected">
              {serverError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={fetching}>
              Connect
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function ChooseAccountsModal({ id, onClose, onDone }: { id: string; onClose: () => void; onDone: () => void }) {
  const [{ data, fetching, error }] = useQuery({ query: PendingConnectionDocument, variables: { id } });
  const [{ fetching: saving }, complete] = useMutation(CompleteConnectionDocument);
  const [chosen, setChosen] = useState<string[]>([]);
  const [serverError, setServerError] = useState<string | null>(null);
  const pending = data?.pendingConnection;
  return (
    <Modal opened onClose={onClose} title="Choose the accounts to connect" closeButtonProps={{ 'aria-label': 'Close' }}>
      {fetching && !data ? (
        <PageLoader label="Loading the accounts" />
      ) : error || !pending ? (
        <Alert color="red" role="alert" title="This choice is no longer available">
          {error ? errorMessage(error) : 'It expired or was already made. Connect again.'}
        </Alert>
      ) : (
        <Stack>
          <Checkbox.Group label={`Accounts on ${pending.platform}`} value={chosen} onChange={setChosen}>
            <Stack gap={6} mt="xs">
              {pending.accounts.map((a) => (
                <Checkbox key={a.externalId} value={a.externalId} label={`${a.displayName ?? a.username} (${a.kind.replace('_', ' ')})`} />
              ))}
            </Stack>
          </Checkbox.Group>
          {serverError && (
            <Alert color="red" role="alert" title="Not connected">
              {serverError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button
              disabled={!chosen.length}
              loading={saving}
              onClick={async () => {
                const result = await complete({ id, externalIds: chosen });
                if (result.error) return setServerError(errorMessage(result.error));
                notifications.show({ color: 'green', title: 'Connected', message: result.data!.completeConnection.map((c) => c.platformId).join(', ') });
                onDone();
              }}
            >
              Connect the chosen accounts
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function DisconnectConfirm({ connection, onClose, onDone }: { connection: Connection; onClose: () => void; onDone: () => void }) {
  const [, disconnect] = useMutation(DisconnectDocument);
  return (
    <ConfirmDestructive
      consequence={
        <>
          <strong>{connection.username}</strong> on {connection.platform} is disconnected and its access is withdrawn. Posts scheduled to it fail at once (with
          a clear error, and your <em>post.failed</em> webhooks are called); published posts stay as they are.
        </>
      }
      confirmLabel="Disconnect"
      failureTitle="Not disconnected"
      action={() => disconnect({ platformId: connection.platformId })}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
