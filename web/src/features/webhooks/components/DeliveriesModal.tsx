import { Alert, Button, Group, Modal, Pagination, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useMutation, type CombinedError } from 'urql';
import { errorMessage } from '../../../api/client';
import { formatDateTime } from '../../../ui/format';
import { ListTable } from '../../../ui/ListTable';
import { PageLoader } from '../../../ui/PageLoader';
import { useReloadableQuery } from '../../../ui/useReloadableQuery';
import { webhookName, type Webhook } from '../webhooks';
import { DeliveriesDocument, RedeliverDocument, SendTestDocument } from '../webhooks.documents';

/** A delivery's status in words (default text colour: readable everywhere, colour-blind readers included). */
const STATUS_WORDS: Record<string, string> = { delivered: 'Delivered', pending: 'Pending', failed: 'Failed', cancelled: 'Cancelled' };

export function DeliveriesModal({ hook, onClose }: { hook: Webhook | null; onClose: () => void }) {
  return (
    <Modal opened={hook !== null} onClose={onClose} size="xl" title={`Deliveries of ${hook ? webhookName(hook) : 'the webhook'}`}>
      {hook && <DeliveriesLog key={hook.id} hook={hook} />}
    </Modal>
  );
}

/** The webhook's delivery log, newest first, with a test event and redelivery. */
function DeliveriesLog({ hook }: { hook: Webhook }) {
  const [page, setPage] = useState(1);
  const [{ data, fetching, error }, reload] = useReloadableQuery({ query: DeliveriesDocument, variables: { webhookId: hook.id, page } });
  const [{ fetching: sending }, sendTest] = useMutation(SendTestDocument);
  const [, redeliver] = useMutation(RedeliverDocument);
  const log = data?.webhookDeliveries;

  const act = async (run: () => Promise<{ error?: CombinedError }>, done: string) => {
    const result = await run();
    if (result.error) notifications.show({ color: 'red', title: 'Not queued', message: errorMessage(result.error) });
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
          <ListTable
            columns={['Event', 'Status', 'Attempts', 'Last answer', 'Created']}
            minWidth={640}
            striped={false}
            verticalSpacing="xs"
            aria-label="Deliveries"
          >
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
          </ListTable>
          {log.totalPages > 1 && <Pagination total={log.totalPages} value={page} onChange={setPage} aria-label="Delivery pages" />}
        </>
      )}
    </Stack>
  );
}
