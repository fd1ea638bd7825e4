import { Button, Code, Table } from '@mantine/core';
import { formatDateTime } from '../../../ui/format';
import { ListTable, RowActions } from '../../../ui/ListTable';
import type { ApiKey } from '../api-keys';

/** The active keys, by name and prefix only: the key itself is never shown again. */
export function ApiKeysTable({
  keys,
  onRename,
  onRevoke,
  readOnly = false,
}: {
  keys: ApiKey[];
  onRename: (key: ApiKey) => void;
  onRevoke: (key: ApiKey) => void;
  /** The person's role may not change keys: no buttons. */
  readOnly?: boolean;
}) {
  return (
    <ListTable columns={['Name', 'Key starts with', 'Created', 'Last used']} minWidth={560} aria-labelledby="keys-title">
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
            {!readOnly && (
              <RowActions>
                <Button size="xs" variant="default" onClick={() => onRename(key)} aria-label={`Rename ${key.name}`}>
                  Rename
                </Button>
                <Button size="xs" color="red" variant="light" onClick={() => onRevoke(key)} aria-label={`Revoke ${key.name}`}>
                  Revoke
                </Button>
              </RowActions>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
