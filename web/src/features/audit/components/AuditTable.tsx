import { Card, Code, Group, Pagination, Table, Text } from '@mantine/core';
import { formatDateTime } from '../../../ui/format';
import { actionWords, actorWords, detailPairs, PAGE_SIZE, targetOf, type AuditEntry } from '../audit';

function Details({ details }: { details: unknown }) {
  const pairs = detailPairs(details);
  if (pairs.length === 0) return <>—</>;
  return (
    <Text component="span" size="sm">
      {pairs.map((p, i) => (
        <span key={p.label}>
          {i > 0 && ' · '}
          {p.label}: {p.value}
        </span>
      ))}
    </Text>
  );
}

function Target({ target }: { target: unknown }) {
  const t = targetOf(target);
  if (!t) return <>—</>;
  return (
    <>
      {t.kind}
      {t.id && (
        <>
          {' '}
          <Code>{t.id}</Code>
        </>
      )}
    </>
  );
}

/** One page of the log, newest first, with paging; or why it is empty. */
export function AuditTable({
  entries,
  total,
  filtered,
  page,
  onPage,
}: {
  entries: AuditEntry[];
  total: number;
  /** Some filter is set: an empty page says that nothing matches, not that nothing happened. */
  filtered: boolean;
  page: number;
  onPage: (page: number) => void;
}) {
  if (entries.length === 0 && page === 1) {
    return (
      <Card withBorder>
        <Text c="dimmed">{filtered ? 'No entries match these filters.' : 'Nothing recorded yet.'}</Text>
      </Card>
    );
  }
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <Card withBorder p={0}>
      <Table.ScrollContainer minWidth={860}>
        <Table striped verticalSpacing="sm" aria-label="Audit log">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Time</Table.Th>
              <Table.Th scope="col">Action</Table.Th>
              <Table.Th scope="col">Actor</Table.Th>
              <Table.Th scope="col">Target</Table.Th>
              <Table.Th scope="col">Details</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>
                  <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                </Table.Td>
                <Table.Th scope="row" fw={500}>
                  {actionWords(e.action)}
                  <Text size="xs" c="dimmed" ff="monospace">
                    {e.action}
                  </Text>
                </Table.Th>
                <Table.Td>{actorWords(e.actor)}</Table.Td>
                <Table.Td>
                  <Target target={e.target} />
                </Table.Td>
                <Table.Td>
                  <Details details={e.details} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group p="md" justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {total === 1 ? '1 entry' : `${total.toLocaleString()} entries`}, page {page} of {pages}
        </Text>
        {pages > 1 && (
          <nav aria-label="Audit log pages">
            <Pagination
              total={pages}
              value={page}
              onChange={onPage}
              getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
              getControlProps={(control) => ({ 'aria-label': control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : `${control} page` })}
            />
          </nav>
        )}
      </Group>
    </Card>
  );
}
