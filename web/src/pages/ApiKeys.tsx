import { Alert, Button, Card, Code, CopyButton, Group, Modal, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { errorMessage } from '../api/client';
import { graphql } from '../gql';
import type { ApiKeysQuery } from '../gql/graphql';
import { PageLoader } from '../ui/PageLoader';
import { useUser } from '../session/session';
import { formatDateTime } from '../ui/format';
import { LoadFailed } from '../ui/LoadFailed';
import { usePageTitle } from '../ui/usePageTitle';

const ApiKeysDocument = graphql(`
  query ApiKeys {
    apiKeys {
      id
      name
      keyPrefix
      createdAt
      lastUsedAt
    }
  }
`);

const CreateApiKeyDocument = graphql(`
  mutation CreateApiKey($name: String) {
    createApiKey(name: $name) {
      id
      name
      keyPrefix
      rawKey
    }
  }
`);

const RenameApiKeyDocument = graphql(`
  mutation RenameApiKey($id: ID!, $name: String!) {
    renameApiKey(id: $id, name: $name) {
      id
      name
    }
  }
`);

const RevokeApiKeyDocument = graphql(`
  mutation RevokeApiKey($id: ID!) {
    revokeApiKey(id: $id)
  }
`);

/** The server's limit of active keys per account (docs/auth.md). */
const MAX_KEYS = 10;

type ApiKey = ApiKeysQuery['apiKeys'][number];

export default function ApiKeysPage() {
  usePageTitle('API keys');
  const user = useUser();
  return (
    <>
      <Title order={1} size="h2" mb="xs">
        API keys
      </Title>
      <Text c="dimmed" mb="lg" maw={720}>
        Programs use an API key to call the REST API (header <Code>x-api-key</Code>) and the MCP server. Treat a key like a password.
      </Text>
      {user.apiAccess ? <ApiKeysManager /> : <NoApiAccess plan={user.plan} />}
    </>
  );
}

function NoApiAccess({ plan }: { plan: string }) {
  return (
    <Alert color="blue" title="API keys are not part of your plan" role="note" maw={720}>
      {plan === 'starter'
        ? 'The Starter plan is for the dashboard only: it does not include the REST API or MCP, so it cannot create API keys. The Pro and Premium plans include both.'
        : 'API access is turned off for this account.'}{' '}
      Ask your administrator to change your plan or turn on API access.
    </Alert>
  );
}

function ApiKeysManager() {
  const [{ data, fetching, error }, refetch] = useQuery({ query: ApiKeysDocument });
  const reload = () => refetch({ requestPolicy: 'network-only' });
  const [created, setCreated] = useState<{ name: string; rawKey: string } | null>(null);
  const [renaming, setRenaming] = useState<ApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const keys = data?.apiKeys ?? [];

  return (
    <Stack gap="lg" maw={960}>
      <CreateKeyForm
        disabled={keys.length >= MAX_KEYS}
        onCreated={(key) => {
          setCreated(key);
          reload();
        }}
      />
      <Card withBorder component="section" aria-labelledby="keys-title" p={0}>
        <Title order={2} size="h4" id="keys-title" p="md">
          Active keys
        </Title>
        {fetching && !data ? (
          <PageLoader label="Loading API keys" />
        ) : error && !data ? (
          <LoadFailed title="Could not load your API keys" error={error} onRetry={reload} m="md" />
        ) : keys.length === 0 ? (
          <Text px="md" pb="md" c="dimmed">
            You have no API keys yet. Create one above.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped verticalSpacing="sm" aria-labelledby="keys-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">Key starts with</Table.Th>
                  <Table.Th scope="col">Created</Table.Th>
                  <Table.Th scope="col">Last used</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {keys.map((key) => (
                  <Table.Tr key={key.id}>
                    <Table.Th scope="row" fw={500}>
                      {key.name}
                    </Table.Th>
                    <Table.Td>
                      <Code>{key.keyPrefix}</Code>
                    </Table.Td>
                    <Table.Td>{formatDateTime(key.createdAt)}</Table.Td>
                    <Table.Td>{formatDateTime(key.lastUsedAt)}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button size="xs" variant="default" onClick={() => setRenaming(key)} aria-label={`Rename ${key.name}`}>
                          Rename
                        </Button>
                        <Button size="xs" color="red" variant="light" onClick={() => setRevoking(key)} aria-label={`Revoke ${key.name}`}>
                          Revoke
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {keys.length >= MAX_KEYS && (
          <Text size="sm" p="md">
            You have {MAX_KEYS} active keys, the most an account can have. Revoke one to create another.
          </Text>
        )}
      </Card>
      <CreatedKeyModal created={created} onClose={() => setCreated(null)} />
      <RenameKeyModal apiKey={renaming} onClose={() => setRenaming(null)} />
      <RevokeKeyModal
        apiKey={revoking}
        onClose={() => setRevoking(null)}
        onRevoked={() => {
          setRevoking(null);
          reload();
        }}
      />
    </Stack>
  );
}

function CreateKeyForm({ disabled, onCreated }: { disabled: boolean; onCreated: (key: { name: string; rawKey: string }) => void }) {
  const [{ fetching }, create] = useMutation(CreateApiKeyDocument);
  const [error, setError] = useState<string | null>(null);
  // Controlled, so a reset keeps the same input (and its focus: the key's dialog returns there).
  const form = useForm({
    name: 'create-api-key',
    initialValues: { name: '' },
    validate: { name: (v) => (v.length > 100 ? 'Use at most 100 characters' : null) },
  });
  const onSubmit = form.onSubmit(async ({ name }) => {
    setError(null);
    const result = await create({ name: name.trim() || null });
    if (result.data) {
      form.reset();
      // A keyboard user who pressed the (then busy, so disabled) button gets the focus back here, not lost on the page.
      form.getInputNode('name')?.focus();
      onCreated({ name: result.data.createApiKey.name, rawKey: result.data.createApiKey.rawKey });
    } else if (result.error) setError(errorMessage(result.error));
  });
  return (
    <Card withBorder component="section" aria-labelledby="create-key-title">
      <Title order={2} size="h4" id="create-key-title" mb="sm">
        Create a key
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label="Key name"
            description="Where the key will be used, e.g. “Zapier” (optional)"
            maxLength={100}
            style={{ flex: '1 1 240px' }}
            {...form.getInputProps('name')}
          />
          <Button type="submit" loading={fetching} disabled={disabled}>
            Create API key
          </Button>
        </Group>
        {error && (
          <Alert color="red" role="alert" mt="sm">
            {error}
          </Alert>
        )}
      </form>
    </Card>
  );
}

function CreatedKeyModal({ created, onClose }: { created: { name: string; rawKey: string } | null; onClose: () => void }) {
  return (
    <Modal opened={created !== null} onClose={onClose} title="Your new API key" size="lg" closeOnClickOutside={false}>
      {created && (
        <Stack>
          <Alert color="yellow" role="note">
            Copy the key now: this is the only time it is shown. Only a fingerprint is stored, so it cannot be shown again.
          </Alert>
          <TextInput
            label={`API key “${created.name}”`}
            value={created.rawKey}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
            styles={{ input: { fontFamily: 'monospace' } }}
          />
          <Group justify="flex-end">
            <CopyButton value={created.rawKey}>
              {({ copied, copy }) => (
                <Button onClick={copy} color={copied ? 'teal.9' : undefined} aria-live="polite">
                  {copied ? 'Copied' : 'Copy key'}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" onClick={onClose}>
              Done
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function RenameKeyModal({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  const [{ fetching }, rename] = useMutation(RenameApiKeyDocument);
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [shownFor, setShownFor] = useState<string | null>(null);
  if (apiKey && shownFor !== apiKey.id) {
    setShownFor(apiKey.id);
    setName(apiKey.name);
    setError(null);
  }
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!apiKey) return;
    if (!name.trim()) return setError('Name is required');
    const result = await rename({ id: apiKey.id, name: name.trim() });
    if (result.error) return setError(errorMessage(result.error));
    notifications.show({ color: 'green', message: `Renamed to “${result.data?.renameApiKey.name}”` });
    setShownFor(null);
    onClose();
  };
  const close = () => {
    setShownFor(null);
    onClose();
  };
  return (
    <Modal opened={apiKey !== null} onClose={close} title="Rename API key">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <TextInput label="New name" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={100} required data-autofocus error={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={fetching}>
              Save name
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function RevokeKeyModal({ apiKey, onClose, onRevoked }: { apiKey: ApiKey | null; onClose: () => void; onRevoked: () => void }) {
  const [{ fetching }, revoke] = useMutation(RevokeApiKeyDocument);
  const [error, setError] = useState<string | null>(null);
  const onConfirm = async () => {
    if (!apiKey) return;
    setError(null);
    const result = await revoke({ id: apiKey.id });
    if (result.error) return setError(errorMessage(result.error));
    notifications.show({ color: 'green', message: `API key “${apiKey.name}” revoked` });
    onRevoked();
  };
  return (
    <Modal opened={apiKey !== null} onClose={onClose} title="Revoke API key?">
      {apiKey && (
        <Stack>
          <Text>
            Programs using “{apiKey.name}” (<Code>{apiKey.keyPrefix}</Code>) stop working on their next request. This cannot be undone.
          </Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button color="red" onClick={onConfirm} loading={fetching}>
              Revoke key
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
