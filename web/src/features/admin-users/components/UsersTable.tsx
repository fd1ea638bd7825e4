import { Badge, Button, Table, Text } from '@mantine/core';
import { formatDateTime } from '../../../ui/format';
import { ListTable } from '../../../ui/ListTable';
import { planLabel, type AdminUser } from '../admin-users';

/** One page of accounts: plan, seats and what they may use. */
export function UsersTable({ users, onEdit }: { users: AdminUser[]; onEdit: (user: AdminUser) => void }) {
  return (
    <ListTable columns={['Email', 'Plan', 'Seats', 'Access', 'Created']} minWidth={720} aria-labelledby="users-title">
      {users.map((u) => (
        <Table.Tr key={u.id}>
          <Table.Th scope="row" fw={500}>
            {u.email}
            {u.isAdmin && (
              <Badge ml="xs" size="sm" variant="filled" color="grape.9">
                admin
              </Badge>
            )}
          </Table.Th>
          <Table.Td>{planLabel(u.plan)}</Table.Td>
          <Table.Td>{u.seats}</Table.Td>
          <Table.Td>
            <Text size="sm">
              {[u.apiAccess && 'API', u.mcpAccess && 'MCP', u.workspacesEnabled && 'Workspaces'].filter(Boolean).join(', ') || 'Dashboard only'}
            </Text>
          </Table.Td>
          <Table.Td>{formatDateTime(u.createdAt)}</Table.Td>
          <Table.Td>
            <Button size="xs" variant="default" onClick={() => onEdit(u)} aria-label={`Edit ${u.email}`}>
              Edit
            </Button>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
