import {
  Alert,
  Button,
  Card,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  Pagination,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { useMutation, useQuery } from 'urql';
import { errorMessage } from '../api/client';
import { graphql } from '../gql';
import type { WebhooksQuery } from '../gql/graphql';
import { PageLoader } from '../ui/PageLoader';
import { formatDateTime } from '../ui/format';
import { ConfirmDestructive } from '../ui/ConfirmDestructive';
import { RemovalModal } from '../ui/RemovalModal';
import { useRemovalDialog } from '../ui/useRemovalDialog';
import { LoadFailed } from '../ui/LoadFailed';
import { usePageTitle } from '../ui/usePageTitle';

const WebhooksDocument = graphql(`
  query Webhooks {
    webhooks {
      id
      name
      url
      events
      isActive
      failureCount
      lastTriggeredAt
    }
  }
`);

const CreateWebhookDocument = graphql(`
  mutation CreateWebhook($input: CreateWebhookInput!) {
    createWebhook(input: $input) {
      id
      name
      secret
    }
  }
`);

const UpdateWebhookDocument = graphql(`
  mutation UpdateWebhook($id: ID!, $input: UpdateWebhookInput!) {
    updateWebhook(id: $id, input: $input) {
      id
      name
      url
      events
      isActive
      failureCount
    }
  }
`);

const DeleteWebhookDocument = graphql(`
  mutation DeleteWebhook($id: ID!) {
    deleteWebhook(id: $id)
  }
`);

const RegenerateSecretDocument = graphql(`
  mutation RegenerateWebhookSecret($id: ID!) {
    regenerateWebhookSecret(id: $id) {
      id
      secret
    }
  }
`);

const DeliveriesDocument = graphql(`
  query WebhookDeliveries($webhookId: ID!, $page: Int) {
    webhookDeliveries(webhookId: $webhookId, page: $page, limit: 10) {
      totalItems
      totalPages
      page
      items {
        id
        event
        status
        attemptCount
        lastStatusCode
        lastError
        createdAt
        deliveredAt
      }
    }
  }
`);

const SendTestDocument = graphql(`
  mutation SendTestWebhook($id: ID!) {
    sendTestWebhook(id: $id) {
      id
      status
    }
  }
`);

const RedeliverDocument = graphql(`
  mutation RedeliverWebhook($deliveryId: ID!) {
    redeliverWebhook(deliveryId: $deliveryId) {
      id
      status
    }
  }
`);

/** The events a webhook can subscribe to (docs/webhooks.md), with what they mean. */
const EVENTS: Array<{ value: string; label: string }> = [
  { value: 'post.scheduled', label: 'A post is scheduled' },
  { value: 'post.published', label: 'A post is published' },
  { value: 'post.failed', label: 'A post fails' },
  { value: 'token.expiring', label: 'A connection’s access is about to expire' },
];

type Webhook = WebhooksQuery['webhooks'][number];

/** A webhook's events in the list's order, whatever order they were ticked in. */
const inOrder = (events: readonly string[]): string =>
  EVENTS.map((e) => e.value)
    .filter((e) => events.includes(e))
    .join(', ');

export default function WebhooksPage() {
  usePageTitle('Webhooks');
  const [{ data, fetching, error }, refetch] = useQuery({ query: WebhooksDocument });
  const reload = () => refetch({ requestPolicy: 'network-only' });
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  const [editing, setEditing] = useState<Webhook | null>(null);
  const [listHeading, deleting] = useRemovalDialog<Webhook>();
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  const [, regenerate] = useMutation(RegenerateSecretDocument);
  const hooks = data?.webhooks ?? [];

  const onRegenerate = async (hook: Webhook) => {
    const result = await regenerate({ id: hook.id });
    if (result.error) notifications.show({ color: 'red', title: 'Could not regenerate the secret', message: errorMessage(result.error) });
    else if (result.data?.regenerateWebhookSecret.secret) setSecret({ name: hook.name, secret: result.data.regenerateWebhookSecret.secret });
  };

  return (
    <>
      <Title order={1} size="h2" mb="xs">
        Webhooks
      </Title>
      <Text c="dimmed" mb="lg" maw={720}>
        Get an HTTPS call when a post is scheduled, published or fails. Each call is signed with the webhook’s secret (header <Code>X-Service-Signature</Code>),
        retried with backoff, and listed in its delivery log. The secret is shown only when you add a webhook or make a new secret: it cannot be shown again
        later, so if it is lost, make a new one.
      </Text>
      <Stack gap="lg" maw={1040}>
        <CreateWebhookForm
          onCreated={(created) => {
            if (created.secret) setSecret({ name: created.name, secret: created.secret });
            reload();
          }}
        />
        <Card withBorder component="section" aria-labelledby="webhooks-title" p={0}>
          <Title order={2} size="h4" id="webhooks-title" p="md" ref={listHeading} tabIndex={-1}>
            Your webhooks
          </Title>
          {fetching && !data ? (
            <PageLoader label="Loading webhooks" />
          ) : error && !data ? (
            <LoadFailed title="Could not load your webhooks" error={error} onRetry={reload} m="md" />
          ) : hooks.length === 0 ? (
            <Text px="md" pb="md" c="dimmed">
              You have no webhooks yet. Add one above.
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={720}>
              <Table striped verticalSpacing="sm" aria-labelledby="webhooks-title">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Name</Table.Th>
                    <Table.Th scope="col">URL</Table.Th>
                    <Table.Th scope="col">Events</Table.Th>
                    <Table.Th scope="col">Status</Table.Th>
                    <Table.Th scope="col">Last delivered</Table.Th>
                    <Table.Th scope="col">
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {hooks.map((hook) => (
                    <Table.Tr key={hook.id}>
                      <Table.Th scope="row" fw={500}>
                        {hook.name || <Text c="dimmed">Unnamed</Text>}
                      </Table.Th>
                      <Table.Td style={{ wordBreak: 'break-all' }}>{hook.url}</Table.Td>
                      <Table.Td>{inOrder(hook.events)}</Table.Td>
                      <Table.Td>
                        {/* Default text colour: the row stays readable under a dialog's overlay too. */}
                        <Text component="span" size="sm" fw={600}>
                          {hook.isActive ? 'Active' : 'Disabled'}
                        </Text>
                        {hook.failureCount > 0 && <Text size="xs">{hook.failureCount} failed in a row</Text>}
                      </Table.Td>
                      <Table.Td>{formatDateTime(hook.lastTriggeredAt)}</Table.Td>
                      <Table.Td>
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          <Button size="xs" variant="default" onClick={() => setLogOf(hook)} aria-label={`Deliveries of ${hook.name || hook.url}`}>
                            Deliveries
                          </Button>
                          <Button size="xs" variant="default" onClick={() => setEditing(hook)} aria-label={`Edit ${hook.name || hook.url}`}>
                            Edit
                          </Button>
                          <Button size="xs" variant="default" onClick={() => onRegenerate(hook)} aria-label={`New secret for ${hook.name || hook.url}`}>
                            New secret
                          </Button>
                          <Button size="xs" color="red" variant="light" onClick={() => deleting.open(hook)} aria-label={`Delete ${hook.name || hook.url}`}>
                            Delete
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
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
      {/* Dialogs stay mounted, so closing one returns the focus to the button that opened it. */}
      <EditWebhookModal
        hook={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
      />
      <RemovalModal dialog={deleting} title="Delete webhook?">
        {(hook) => (
          <DeleteWebhookConfirm
            hook={hook}
            onClose={deleting.close}
            onDeleted={() => {
              deleting.removed();
              reload();
            }}
          />
        )}
      </RemovalModal>
      <DeliveriesModal hook={logOf} onClose={() => setLogOf(null)} />
    </>
  );
}

function EventCheckboxes({ value, onChange, error }: { value?: string[]; onChange: (v: string[]) => void; error?: ReactNode }) {
  return (
    <Checkbox.Group label="Events" description="The webhook is called for the events you tick" value={value} onChange={onChange} error={error}>
      <Stack gap={6} mt="xs">
        {EVENTS.map((e) => (
          <Checkbox key={e.value} value={e.value} label={`${e.label} (${e.value})`} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

function CreateWebhookForm({ onCreated }: { onCreated: (created: { name: string; secret?: string | null }) => void }) {
  const [{ fetching }, create] = useMutation(CreateWebhookDocument);
  const form = useForm({
    name: 'create-webhook',
    initialValues: { name: '', url: '', events: ['post.published', 'post.failed'] as string[] },
    validate: {
      name: (v) => (v.trim() ? null : 'Give the webhook a name'),
      url: (v) => (/^https?:\/\/\S+$/.test(v.trim()) ? null : 'Enter the URL to call, such as https://example.com/hooks'),
      events: (v) => (v.length ? null : 'Tick at least one event'),
    },
  });
  const [serverError, setServerError] = useState<string | null>(null);
  return (
    <Card withBorder component="section" aria-labelledby="new-webhook-title">
      <Title order={2} size="h4" id="new-webhook-title" mb="sm">
        Add a webhook
      </Title>
      <form
        onSubmit={form.onSubmit(async (values) => {
          setServerError(null);
          const result = await create({ input: { name: values.name.trim(), url: values.url.trim(), events: values.events } });
          if (result.error) return setServerError(errorMessage(result.error));
          form.reset();
          // Ready for another, and where the secret's dialog returns the focus (the busy button lost it).
          form.getInputNode('name')?.focus();
          onCreated(result.data!.createWebhook);
        })}
      >
        <Stack gap="sm" maw={560}>
          <TextInput label="Name" {...form.getInputProps('name')} />
          <TextInput label="URL" placeholder="https://example.com/hooks/posts" {...form.getInputProps('url')} />
          <EventCheckboxes {...form.getInputProps('events')} />
          {serverError && (
            <Alert color="red" role="alert" title="The webhook was not added">
              {serverError}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={fetching}>
              Add webhook
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** Stands for the secret while it is hidden; the secret itself is not in the page until revealed. */
const MASK = '•'.repeat(24);

/**
 * The signing secret, which the service returns only on create and regenerate: masked, with a
 * Reveal/Hide toggle and a copy button, for as long as the dialog is open. Closing forgets it.
 */
function SecretModal({ secret, onClose }: { secret: { name: string; secret: string } | null; onClose: () => void }) {
  return (
    <Modal opened={!!secret} onClose={onClose} title="Signing secret" closeOnClickOutside={false} closeButtonProps={{ 'aria-label': 'Close' }}>
      {secret && <SecretReveal key={secret.secret} name={secret.name} secret={secret.secret} onClose={onClose} />}
    </Modal>
  );
}

function SecretReveal({ name, secret, onClose }: { name: string; secret: string; onClose: () => void }) {
  const [shown, setShown] = useState(false);
  return (
    <Stack>
      <Alert color="yellow" role="note">
        Copy the signing secret of <strong>{name || 'the webhook'}</strong> now: it cannot be shown again once you close this dialog. If you lose it, make a new
        one with <em>New secret</em>.
      </Alert>
      {/* Focusable: the secret may scroll sideways on a small screen. */}
      <Code block aria-label="Signing secret" tabIndex={0} style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {shown ? (
          secret
        ) : (
          <>
            <span aria-hidden>{MASK}</span>
            <VisuallyHidden>hidden</VisuallyHidden>
          </>
        )}
      </Code>
      <Group justify="space-between">
        <Group gap="xs">
          <Button variant="default" onClick={() => setShown((s) => !s)}>
            {shown ? 'Hide secret' : 'Reveal secret'}
          </Button>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy} aria-live="polite">
                {copied ? 'Copied' : 'Copy secret'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Button onClick={onClose}>Done</Button>
      </Group>
    </Stack>
  );
}

function EditWebhookModal({ hook, onClose, onSaved }: { hook: Webhook | null; onClose: () => void; onSaved: () => void }) {
  return (
    <Modal opened={hook !== null} onClose={onClose} title={`Edit ${hook?.name || 'webhook'}`} closeButtonProps={{ 'aria-label': 'Close' }}>
      {hook && <EditWebhookForm key={hook.id} hook={hook} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function EditWebhookForm({ hook, onClose, onSaved }: { hook: Webhook; onClose: () => void; onSaved: () => void }) {
  const [{ fetching }, update] = useMutation(UpdateWebhookDocument);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm({ initialValues: { name: hook.name, url: hook.url, events: hook.events, isActive: hook.isActive } });
  return (
    <form
      onSubmit={form.onSubmit(async (values) => {
        setServerError(null);
        const result = await update({ id: hook.id, input: { name: values.name, url: values.url.trim(), events: values.events, isActive: values.isActive } });
        if (result.error) return setServerError(errorMessage(result.error));
        notifications.show({ color: 'green', message: 'Webhook saved' });
        onSaved();
      })}
    >
      <Stack gap="sm">
        <TextInput label="Name" {...form.getInputProps('name')} />
        <TextInput label="URL" {...form.getInputProps('url')} />
        <EventCheckboxes {...form.getInputProps('events')} />
        <Switch label="Active (turning it on again resets the failure count)" {...form.getInputProps('isActive', { type: 'checkbox' })} />
        {serverError && (
          <Alert color="red" role="alert" title="Not saved">
            {serverError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={fetching}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DeleteWebhookConfirm({ hook, onClose, onDeleted }: { hook: Webhook; onClose: () => void; onDeleted: () => void }) {
  const [, remove] = useMutation(DeleteWebhookDocument);
  return (
    <ConfirmDestructive
      consequence={
        <>
          <strong>{hook.name || hook.url}</strong> stops receiving calls, and its queued deliveries and delivery log are deleted.
        </>
      }
      confirmLabel="Delete webhook"
      failureTitle="Not deleted"
      action={() => remove({ id: hook.id })}
      onClose={onClose}
      onDone={onDeleted}
    />
  );
}

/** A delivery's status in words (default text colour: readable everywhere, colour-blind readers included). */
const STATUS_WORDS: Record<string, string> = { delivered: 'Delivered', pending: 'Pending', failed: 'Failed', cancelled: 'Cancelled' };

function DeliveriesModal({ hook, onClose }: { hook: Webhook | null; onClose: () => void }) {
  return (
    <Modal
      opened={hook !== null}
      onClose={onClose}
      size="xl"
      title={`Deliveries of ${hook ? hook.name || hook.url : 'the webhook'}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {hook && <DeliveriesLog key={hook.id} hook={hook} />}
    </Modal>
  );
}

function DeliveriesLog({ hook }: { hook: Webhook }) {
  const [page, setPage] = useState(1);
  const [{ data, fetching, error }, refetch] = useQuery({ query: DeliveriesDocument, variables: { webhookId: hook.id, page } });
  const reload = () => refetch({ requestPolicy: 'network-only' });
  const [{ fetching: sending }, sendTest] = useMutation(SendTestDocument);
  const [, redeliver] = useMutation(RedeliverDocument);
  const log = data?.webhookDeliveries;

  const act = async (run: () => Promise<{ error?: { message: string } }>, done: string) => {
    const result = await run();
    if (result.error) notifications.show({ color: 'red', title: 'Not queued', message: errorMessage(result.error as never) });
    else {
      notifications.show({ color: 'green', message: done });
      reload();
    }
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Newest first. Failed deliveries are retried with backoff; you can also send one again.
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={reload}>
            Refresh
          </Button>
          <Button size="xs" loading={sending} onClick={() => act(() => sendTest({ id: hook.id }), 'Test event queued')}>
            Send test event
          </Button>
        </Group>
      </Group>
      {fetching && !data ? (
        <PageLoader label="Loading deliveries" />
      ) : error && !data ? (
        <Alert color="red" role="alert" title="Could not load the deliveries">
          {errorMessage(error)}
        </Alert>
      ) : !log || log.items.length === 0 ? (
        <Text c="dimmed">No deliveries yet. Send a test event to try the webhook.</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs" aria-label="Deliveries">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Event</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">Attempts</Table.Th>
                  <Table.Th scope="col">Last answer</Table.Th>
                  <Table.Th scope="col">Created</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {log.items.map((d) => (
                  <Table.Tr key={d.id}>
                    <Table.Td>{d.event}</Table.Td>
                    <Table.Td>
                      <Text component="span" size="sm" fw={600}>
                        {STATUS_WORDS[d.status] ?? d.status}
                      </Text>
                    </Table.Td>
                    <Table.Td>{d.attemptCount}</Table.Td>
                    <Table.Td>{d.lastError ?? (d.lastStatusCode ? `HTTP ${d.lastStatusCode}` : '—')}</Table.Td>
                    <Table.Td>{formatDateTime(d.createdAt)}</Table.Td>
                    <Table.Td>
                      {d.status !== 'pending' && (
                        <Button
                          size="xs"
                          variant="default"
                          aria-label={`Redeliver ${d.event} from ${formatDateTime(d.createdAt)}`}
                          onClick={() => act(() => redeliver({ deliveryId: d.id }), 'Delivery queued again')}
                        >
                          Redeliver
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {log.totalPages > 1 && <Pagination total={log.totalPages} value={page} onChange={setPage} aria-label="Delivery pages" />}
        </>
      )}
    </Stack>
  );
}
