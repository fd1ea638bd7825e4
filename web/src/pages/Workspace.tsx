import { Alert, Button, Card, Code, CopyButton, Group, Modal, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { errorMessage } from '../api/client';
import { graphql } from '../gql';
import type { WorkspaceUsersQuery } from '../gql/graphql';
import { PageLoader } from '../ui/PageLoader';
import { useUser } from '../session/session';
import { formatDateTime } from '../ui/format';
import { ConfirmDestructive } from '../ui/ConfirmDestructive';
import { RemovalModal } from '../ui/RemovalModal';
import { useRemovalDialog } from '../ui/useRemovalDialog';
import { LoadFailed } from '../ui/LoadFailed';
import { usePageTitle } from '../ui/usePageTitle';
import { emailShaped } from '../ui/validation';

const WorkspaceUsersDocument = graphql(`
  query WorkspaceUsers {
    workspaceUsers {
      id
      username
      displayName
      connectionsPageUrl
      connectionsPageTokenExpiresAt
    }
  }
`);

const CreateWorkspaceUserDocument = graphql(`
  mutation CreateWorkspaceUser($input: CreateManagedUserInput!) {
    createWorkspaceUser(input: $input) {
      id
      username
    }
  }
`);

const ConnectionLinkDocument = graphql(`
  mutation CreateWorkspaceConnectionLink($userId: ID!, $input: ConnectionLinkInput) {
    createWorkspaceConnectionLink(userId: $userId, input: $input) {
      url
      tokenExpiresAt
    }
  }
`);

const WorkspaceApiKeyDocument = graphql(`
  mutation CreateWorkspaceUserApiKey($userId: ID!) {
    createWorkspaceUserApiKey(userId: $userId) {
      apiKey
    }
  }
`);

const DetachDocument = graphql(`
  mutation DetachWorkspaceUser($userId: ID!) {
    detachWorkspaceUser(userId: $userId)
  }
`);

type ManagedUser = WorkspaceUsersQuery['workspaceUsers'][number];

/** A value shown once (an API key) or to hand on (a link), with a copy button. */
interface Reveal {
  title: string;
  text: string;
  label: string;
  value: string;
}

export default function WorkspacePage() {
  usePageTitle('Workspace');
  const user = useUser();
  return (
    <>
      <Title order={1} size="h2" mb="xs">
        Workspace
      </Title>
      <Text c="dimmed" mb="lg" maw={720}>
        The people or clients you manage. Each gets a link to connect their own accounts; you post for them with your API key and the{' '}
        <Code>x-service-user-id</Code> header, or give them a key of their own.
      </Text>
      {user.workspacesEnabled || user.isAdmin ? <WorkspaceManager /> : <NoWorkspaceAccess />}
    </>
  );
}

/** Said instead of the page to someone whose account may not manage users (the nav does not offer the page to them). */
function NoWorkspaceAccess() {
  return (
    <Alert color="blue" title="Workspaces are not turned on for your account" role="note" maw={720}>
      A workspace lets an agency or a team manage other people’s accounts: add them, send each a link to connect their accounts, and post for them. An
      administrator turns it on for an account; it is not part of any plan by default. Ask your administrator to turn on workspaces.
    </Alert>
  );
}

function WorkspaceManager() {
  const [{ data, fetching, error }, refetch] = useQuery({ query: WorkspaceUsersDocument });
  const reload = () => refetch({ requestPolicy: 'network-only' });
  const [reveal, setReveal] = useState<Reveal | null>(null);
  const [listHeading, detaching] = useRemovalDialog<ManagedUser>();
  const [, link] = useMutation(ConnectionLinkDocument);
  const [, apiKey] = useMutation(WorkspaceApiKeyDocument);
  const users = data?.workspaceUsers ?? [];

  const onLink = async (u: ManagedUser, rotate: boolean) => {
    const result = await link({ userId: u.id, input: { rotate } });
    if (result.error) return notifications.show({ color: 'red', title: 'No link', message: errorMessage(result.error) });
    const made = result.data!.createWorkspaceConnectionLink;
    setReveal({
      title: 'Connection link',
      text: `Send this link to ${u.displayName}: it opens a page where they connect their accounts, until ${formatDateTime(made.tokenExpiresAt)}.${rotate ? ' The previous link no longer works.' : ''}`,
      label: 'Connection link',
      value: made.url,
    });
    reload();
  };

  const onApiKey = async (u: ManagedUser) => {
    const result = await apiKey({ userId: u.id });
    if (result.error) return notifications.show({ color: 'red', title: 'No key', message: errorMessage(result.error) });
    setReveal({
      title: 'API key',
      text: `The API key of ${u.displayName}, shown only now. Their previous keys no longer work.`,
      label: 'API key',
      value: result.data!.createWorkspaceUserApiKey.apiKey,
    });
  };

  return (
    <>
      <Stack gap="lg" maw={1040}>
        <AddManagedUser onAdded={reload} />
        <Card withBorder component="section" aria-labelledby="managed-title" p={0}>
          <Title order={2} size="h4" id="managed-title" p="md" ref={listHeading} tabIndex={-1}>
            Managed users
          </Title>
          {fetching && !data ? (
            <PageLoader label="Loading managed users" />
          ) : error && !data ? (
            <LoadFailed title="Could not load your managed users" error={error} onRetry={reload} m="md" />
          ) : users.length === 0 ? (
            <Text px="md" pb="md" c="dimmed">
              You manage nobody yet. Add someone above.
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={720}>
              <Table striped verticalSpacing="sm" aria-labelledby="managed-title">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Name</Table.Th>
                    <Table.Th scope="col">Email</Table.Th>
                    <Table.Th scope="col">Connection link</Table.Th>
                    <Table.Th scope="col">
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {users.map((u) => (
                    <Table.Tr key={u.id}>
                      <Table.Th scope="row" fw={500}>
                        {u.displayName}
                      </Table.Th>
                      <Table.Td>{u.username}</Table.Td>
                      <Table.Td>{u.connectionsPageUrl ? `Valid until ${formatDateTime(u.connectionsPageTokenExpiresAt)}` : 'None'}</Table.Td>
                      <Table.Td>
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
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
                          <Button size="xs" color="red" variant="light" onClick={() => detaching.open(u)} aria-label={`Detach ${u.displayName}`}>
                            Detach
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Card>
      </Stack>
      <Modal opened={!!reveal} onClose={() => setReveal(null)} title={reveal?.title} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
        {reveal && (
          <Stack>
            <Text>{reveal.text}</Text>
            <Code block aria-label={reveal.label} tabIndex={0}>
              {reveal.value}
            </Code>
            <Group justify="space-between">
              <CopyButton value={reveal.value}>
                {({ copied, copy }) => (
                  <Button variant="light" onClick={copy} aria-live="polite">
                    {copied ? 'Copied' : `Copy ${reveal.label.toLowerCase()}`}
                  </Button>
                )}
              </CopyButton>
              <Button onClick={() => setReveal(null)}>Done</Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <RemovalModal dialog={detaching} title="Detach this user?">
        {(user) => (
          <DetachConfirm
            user={user}
            onClose={detaching.close}
            onDone={() => {
              detaching.removed();
              reload();
            }}
          />
        )}
      </RemovalModal>
    </>
  );
}

function AddManagedUser({ onAdded }: { onAdded: () => void }) {
  const [{ fetching }, create] = useMutation(CreateWorkspaceUserDocument);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { username: '', displayName: '' },
    validate: { username: emailShaped('Enter their email address') },
  });
  return (
    <Card withBorder component="section" aria-labelledby="add-managed-title">
      <Title order={2} size="h4" id="add-managed-title" mb="sm">
        Add someone
      </Title>
      <form
        onSubmit={form.onSubmit(async (v) => {
          setServerError(null);
          const result = await create({ input: { username: v.username.trim(), displayName: v.displayName.trim() || null } });
          if (result.error) return setServerError(errorMessage(result.error));
          notifications.show({ color: 'green', message: `${result.data!.createWorkspaceUser.username} added` });
          form.reset();
          onAdded();
        })}
      >
        <Group align="flex-start">
          <TextInput label="Email" {...form.getInputProps('username')} />
          <TextInput label="Name (optional)" {...form.getInputProps('displayName')} />
          <Button type="submit" mt={25} loading={fetching}>
            Add
          </Button>
        </Group>
        {serverError && (
          <Alert color="red" role="alert" title="Not added" mt="sm">
            {serverError}
          </Alert>
        )}
      </form>
    </Card>
  );
}

function DetachConfirm({ user, onClose, onDone }: { user: ManagedUser; onClose: () => void; onDone: () => void }) {
  const [, detach] = useMutation(DetachDocument);
  return (
    <ConfirmDestructive
      consequence={
        <>
          <strong>{user.displayName}</strong> leaves your workspace: you can no longer post for them and their connection link stops working. Their account,
          connections and posts are kept.
        </>
      }
      keepLabel="Keep them"
      confirmLabel="Detach"
      failureTitle="Not detached"
      action={() => detach({ userId: user.id })}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
