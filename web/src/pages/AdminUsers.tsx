import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  Pagination,
  PasswordInput,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { errorMessage } from '../api/client';
import { graphql } from '../gql';
import type { AdminUsersQuery } from '../gql/graphql';
import { PageLoader } from '../ui/PageLoader';
import { formatDateTime } from '../ui/format';
import { LoadFailed } from '../ui/LoadFailed';
import { usePageTitle } from '../ui/usePageTitle';
import { emailShaped, newPasswordProblem, PASSWORD_LENGTH } from '../ui/validation';

const AdminUsersDocument = graphql(`
  query AdminUsers($page: Int, $limit: Int, $search: String, $plan: String) {
    adminUsers(page: $page, limit: $limit, search: $search, plan: $plan) {
      page
      limit
      total
      items {
        id
        email
        plan
        isAdmin
        parentUserId
        workspacesEnabled
        apiAccess
        mcpAccess
        apiAccessOverride
        mcpAccessOverride
        seats
        createdAt
      }
    }
  }
`);

const AdminCreateUserDocument = graphql(`
  mutation AdminCreateUser($input: AdminCreateUserInput!) {
    adminCreateUser(input: $input) {
      id
      email
    }
  }
`);

const AdminUpdateUserDocument = graphql(`
  mutation AdminUpdateUser($id: ID!, $input: AdminUpdateUserInput!) {
    adminUpdateUser(id: $id, input: $input) {
      id
      email
      plan
      isAdmin
      workspacesEnabled
      apiAccess
      mcpAccess
      apiAccessOverride
      mcpAccessOverride
      seats
    }
  }
`);

type AdminUser = AdminUsersQuery['adminUsers']['items'][number];

const PAGE_SIZE = 20;
const PLANS = [
  { value: 'starter', label: 'Starter' },
  { value: 'pro', label: 'Pro' },
  { value: 'premium', label: 'Premium' },
];
const planLabel = (plan: string) => PLANS.find((p) => p.value === plan)?.label ?? plan;

export default function AdminUsersPage() {
  usePageTitle('Users');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [plan, setPlan] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(search, 300);
  const [{ data, fetching, error }, refetch] = useQuery({
    query: AdminUsersDocument,
    variables: { page, limit: PAGE_SIZE, search: debounced.trim() || null, plan },
  });
  const reload = () => refetch({ requestPolicy: 'network-only' });
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [creating, setCreating] = useState(false);
  const result = data?.adminUsers;
  const pages = result ? Math.max(1, Math.ceil(result.total / result.limit)) : 1;

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Users
        </Title>
        <Button onClick={() => setCreating(true)}>Create user</Button>
      </Group>
      <Group align="flex-end">
        <TextInput
          label="Search"
          description="Part of an email or name"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          maw={320}
        />
        <Select
          label="Plan"
          placeholder="Any plan"
          clearable
          data={PLANS}
          value={plan}
          onChange={(v) => {
            setPlan(v);
            setPage(1);
          }}
          maw={200}
        />
      </Group>
      <Card withBorder p={0} component="section" aria-labelledby="users-title">
        <Title order={2} size="h4" id="users-title" p="md">
          All accounts{result ? ` (${result.total})` : ''}
        </Title>
        {fetching && !data ? (
          <PageLoader label="Loading users" />
        ) : error && !data ? (
          <LoadFailed title="Could not load users" error={error} onRetry={reload} m="md" />
        ) : !result || result.items.length === 0 ? (
          <Text px="md" pb="md" c="dimmed">
            {debounced.trim() || plan ? 'No user matches.' : 'No users on this page.'}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped verticalSpacing="sm" aria-labelledby="users-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Email</Table.Th>
                  <Table.Th scope="col">Plan</Table.Th>
                  <Table.Th scope="col">Seats</Table.Th>
                  <Table.Th scope="col">Access</Table.Th>
                  <Table.Th scope="col">Created</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.items.map((u) => (
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
                      <Button size="xs" variant="default" onClick={() => setEditing(u)} aria-label={`Edit ${u.email}`}>
                        Edit
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
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
      </Card>
      <EditUserModal
        user={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
      />
      <CreateUserModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={() => {
          setCreating(false);
          reload();
        }}
      />
    </Stack>
  );
}

/** Entitlement override: the plan's value, or forced on/off. */
type Override = 'plan' | 'on' | 'off';
const OVERRIDES = [
  { value: 'plan', label: "The plan's value" },
  { value: 'on', label: 'Always on' },
  { value: 'off', label: 'Always off' },
];
const toOverride = (v: Override): boolean | null => (v === 'plan' ? null : v === 'on');
const fromOverride = (v: boolean | null | undefined): Override => (v == null ? 'plan' : v ? 'on' : 'off');

function EditUserModal({ user, onClose, onSaved }: { user: AdminUser | null; onClose: () => void; onSaved: () => void }) {
  return (
    <Modal opened={user !== null} onClose={onClose} title={user ? `Edit ${user.email}` : 'Edit user'}>
      {user && <EditUserForm key={user.id} user={user} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function EditUserForm({ user, onClose, onSaved }: { user: AdminUser; onClose: () => void; onSaved: () => void }) {
  const [{ fetching }, update] = useMutation(AdminUpdateUserDocument);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: {
      plan: user.plan,
      seats: user.seats,
      isAdmin: user.isAdmin,
      workspacesEnabled: user.workspacesEnabled,
      apiAccess: fromOverride(user.apiAccessOverride),
      mcpAccess: fromOverride(user.mcpAccessOverride),
    },
  });
  const onSubmit = form.onSubmit(async (v) => {
    setError(null);
    const input = {
      plan: v.plan,
      seats: Number(v.seats),
      isAdmin: v.isAdmin,
      workspacesEnabled: v.workspacesEnabled,
      ...(form.isDirty('apiAccess') ? { apiAccess: toOverride(v.apiAccess) } : {}),
      ...(form.isDirty('mcpAccess') ? { mcpAccess: toOverride(v.mcpAccess) } : {}),
    };
    const result = await update({ id: user.id, input });
    if (result.error) return setError(errorMessage(result.error));
    notifications.show({ color: 'green', message: `Saved ${user.email}` });
    onSaved();
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Select label="Plan" data={PLANS} allowDeselect={false} {...form.getInputProps('plan')} />
        <NumberInput label="Seats" description="Connected-account allowance of the paid plans" min={1} max={1000} {...form.getInputProps('seats')} />
        <Select
          label="API access"
          description={`Now: ${user.apiAccess ? 'on' : 'off'}`}
          data={OVERRIDES}
          allowDeselect={false}
          {...form.getInputProps('apiAccess')}
        />
        <Select
          label="MCP access"
          description={`Now: ${user.mcpAccess ? 'on' : 'off'}`}
          data={OVERRIDES}
          allowDeselect={false}
          {...form.getInputProps('mcpAccess')}
        />
        <Switch label="Workspaces (may manage users)" {...form.getInputProps('workspacesEnabled', { type: 'checkbox' })} />
        <Switch label="Administrator" {...form.getInputProps('isAdmin', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={fetching}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CreateUserModal({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: () => void }) {
  const [{ fetching }, create] = useMutation(AdminCreateUserDocument);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '', password: '', plan: 'starter', isAdmin: false },
    validate: {
      email: emailShaped('Enter a valid email address'),
      password: newPasswordProblem,
    },
  });
  const close = () => {
    form.reset();
    setError(null);
    onClose();
  };
  const onSubmit = form.onSubmit(async (v) => {
    setError(null);
    const result = await create({ input: { email: v.email.trim(), password: v.password, plan: v.plan, isAdmin: v.isAdmin } });
    if (result.error) return setError(errorMessage(result.error));
    notifications.show({ color: 'green', message: `Created ${result.data?.adminCreateUser.email}` });
    form.reset();
    onCreated();
  });
  return (
    <Modal opened={opened} onClose={close} title="Create user">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput label="Email" type="email" autoComplete="off" required {...form.getInputProps('email')} />
          <PasswordInput label="Password" autoComplete="new-password" description={PASSWORD_LENGTH} required {...form.getInputProps('password')} />
          <Select label="Plan" data={PLANS} allowDeselect={false} {...form.getInputProps('plan')} />
          <Switch label="Administrator" {...form.getInputProps('isAdmin', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={fetching}>
              Create user
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
