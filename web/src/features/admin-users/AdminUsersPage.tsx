import { Button, Group, Pagination, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { PageHeader } from '../../ui/PageHeader';
import { QueryResult } from '../../ui/QueryResult';
import { SectionCard } from '../../ui/SectionCard';
import { useReloadableQuery } from '../../ui/useReloadableQuery';
import { PAGE_SIZE, PLANS, type AdminUser } from './admin-users';
import { AdminUsersDocument } from './admin-users.documents';
import { CreateUserModal } from './components/CreateUserModal';
import { EditUserModal } from './components/EditUserModal';
import { UsersTable } from './components/UsersTable';

export default function AdminUsersPage() {
  const [page, setPage] = useState(1);
  // A new search or plan starts again from the first page.
  const filters = useForm({ initialValues: { search: '', plan: null as string | null }, onValuesChange: () => setPage(1) });
  const [search] = useDebouncedValue(filters.values.search.trim(), 300);
  const plan = filters.values.plan;
  const [result, reload] = useReloadableQuery({
    query: AdminUsersDocument,
    variables: { page, limit: PAGE_SIZE, search: search || null, plan },
  });
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [creating, setCreating] = useState(false);
  const users = result.data?.adminUsers;
  const pages = users ? Math.max(1, Math.ceil(users.total / users.limit)) : 1;

  return (
    <>
      <PageHeader title="Users" action={<Button onClick={() => setCreating(true)}>Create user</Button>} maw={1100} />
      <Stack gap="lg" maw={1100}>
        <Group align="flex-end">
          <TextInput label="Search" description="Part of an email or name" maw={320} {...filters.getInputProps('search')} />
          <Select label="Plan" placeholder="Any plan" clearable data={PLANS} maw={200} {...filters.getInputProps('plan')} />
        </Group>
        <SectionCard titleId="users-title" title={`All accounts${users ? ` (${users.total})` : ''}`} flush>
          <QueryResult result={result} loading="Loading users" failed="Could not load users" onRetry={reload} m="md">
            {({ adminUsers }) =>
              adminUsers.items.length === 0 ? (
                <Text px="md" pb="md" c="dimmed">
                  {search || plan ? 'No user matches.' : 'No users on this page.'}
                </Text>
              ) : (
                <UsersTable users={adminUsers.items} onEdit={setEditing} />
              )
            }
          </QueryResult>
          {pages > 1 && (
            <Group justify="center" p="md">
              <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
              />
            </Group>
          )}
        </SectionCard>
      </Stack>
      <EditUserModal user={editing} onClose={() => setEditing(null)} onSaved={reload} />
      <CreateUserModal opened={creating} onClose={() => setCreating(false)} onCreated={reload} />
    </>
  );
}
