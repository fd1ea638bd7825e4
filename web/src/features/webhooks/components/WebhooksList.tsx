import { Button, Table, Text } from '@mantine/core';
import type { RefObject } from 'react';
import type { WebhooksQuery } from '../../../gql/graphql';
import { formatDateTime } from '../../../ui/format';
import { ListTable, RowActions } from '../../../ui/ListTable';
import { QueryResult, type QueryStatus } from '../../../ui/QueryResult';
import { SectionCard } from '../../../ui/SectionCard';
import { inOrder, webhookName, type Webhook } from '../webhooks';

/** The person's webhooks, each with its deliveries, edit, new secret and delete. */
export function WebhooksList({
  result,
  onRetry,
  headingRef,
  onDeliveries,
  onEdit,
  onNewSecret,
  onDelete,
  readOnly = false,
}: {
  result: QueryStatus<WebhooksQuery>;
  /** The person's role may not change webhooks (docs/teams.md): only the delivery log is offered. */
  readOnly?: boolean;
  onRetry: () => void;
  /** Where the focus goes after a delete (the webhook's row is gone). */
  headingRef: RefObject<HTMLHeadingElement | null>;
  onDeliveries: (hook: Webhook) => void;
  onEdit: (hook: Webhook) => void;
  onNewSecret: (hook: Webhook) => void;
  onDelete: (hook: Webhook) => void;
}) {
  return (
    <SectionCard titleId="webhooks-title" title="Your webhooks" flush headingRef={headingRef}>
      <QueryResult result={result} loading="Loading webhooks" failed="Could not load your webhooks" onRetry={onRetry} m="md">
        {({ webhooks }) =>
          webhooks.length === 0 ? (
            <Text px="md" pb="md" c="dimmed">
              {readOnly ? 'This account has no webhooks yet.' : 'You have no webhooks yet. Add one above.'}
            </Text>
          ) : (
            <ListTable columns={['Name', 'URL', 'Events', 'Status', 'Last delivered']} minWidth={720} aria-labelledby="webhooks-title">
              {webhooks.map((hook) => (
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
                    <RowActions>
                      <Button size="xs" variant="default" onClick={() => onDeliveries(hook)} aria-label={`Deliveries of ${webhookName(hook)}`}>
                        Deliveries
                      </Button>
                      {!readOnly && (
                        <>
                          <Button size="xs" variant="default" onClick={() => onEdit(hook)} aria-label={`Edit ${webhookName(hook)}`}>
                            Edit
                          </Button>
                          <Button size="xs" variant="default" onClick={() => onNewSecret(hook)} aria-label={`New secret for ${webhookName(hook)}`}>
                            New secret
                          </Button>
                          <Button size="xs" color="red" variant="light" onClick={() => onDelete(hook)} aria-label={`Delete ${webhookName(hook)}`}>
                            Delete
                          </Button>
                        </>
                      )}
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
