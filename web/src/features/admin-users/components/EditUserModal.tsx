import { Modal, NumberInput, Select, Stack, Switch } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { DialogActions } from '../../../ui/DialogActions';
import { ProblemAlert } from '../../../ui/ProblemAlert';
import { useSubmit } from '../../../ui/useSubmit';
import { fromOverride, OVERRIDES, PLANS, toOverride, type AdminUser } from '../admin-users';
import { AdminUpdateUserDocument } from '../admin-users.documents';

/** The entitlements an admin can force on or off, or leave to the plan. */
const ENTITLEMENTS = [
  { field: 'apiAccess', label: 'API access' },
  { field: 'mcpAccess', label: 'MCP access' },
] as const;

export function EditUserModal({ user, onClose, onSaved }: { user: AdminUser | null; onClose: () => void; onSaved: () => void }) {
  return (
    <Modal opened={user !== null} onClose={onClose} title={user ? `Edit ${user.email}` : 'Edit user'}>
      {user && <EditUserForm key={user.id} user={user} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

/** Plan, seats, the API and MCP overrides (only those changed are sent), workspaces and admin. */
function EditUserForm({ user, onClose, onSaved }: { user: AdminUser; onClose: () => void; onSaved: () => void }) {
  const { busy, problem, submit } = useSubmit(AdminUpdateUserDocument);
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
    const input = {
      plan: v.plan,
      seats: Number(v.seats),
      isAdmin: v.isAdmin,
      workspacesEnabled: v.workspacesEnabled,
      ...(form.isDirty('apiAccess') ? { apiAccess: toOverride(v.apiAccess) } : {}),
      ...(form.isDirty('mcpAccess') ? { mcpAccess: toOverride(v.mcpAccess) } : {}),
    };
    if (!(await submit({ id: user.id, input }))) return;
    notifications.show({ color: 'green', message: `Saved ${user.email}` });
    onClose();
    onSaved();
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <ProblemAlert problem={problem} />
        <Select label="Plan" data={PLANS} allowDeselect={false} {...form.getInputProps('plan')} />
        <NumberInput label="Seats" description="Connected-account allowance of the paid plans" min={1} max={1000} {...form.getInputProps('seats')} />
        {ENTITLEMENTS.map(({ field, label }) => (
          <Select
            key={field}
            label={label}
            description={`Now: ${user[field] ? 'on' : 'off'}`}
            data={OVERRIDES}
            allowDeselect={false}
            {...form.getInputProps(field)}
          />
        ))}
        <Switch label="Workspaces (may manage users)" {...form.getInputProps('workspacesEnabled', { type: 'checkbox' })} />
        <Switch label="Administrator" {...form.getInputProps('isAdmin', { type: 'checkbox' })} />
        <DialogActions onCancel={onClose} confirmLabel="Save changes" busy={busy} />
      </Stack>
    </form>
  );
}
