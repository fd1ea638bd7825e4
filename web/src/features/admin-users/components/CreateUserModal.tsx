import { Modal, PasswordInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { DialogActions } from '../../../ui/DialogActions';
import { ProblemAlert } from '../../../ui/ProblemAlert';
import { useSubmit } from '../../../ui/useSubmit';
import { emailShaped, newPasswordProblem, PASSWORD_LENGTH } from '../../../ui/validation';
import { PLANS } from '../admin-users';
import { AdminCreateUserDocument } from '../admin-users.documents';

export function CreateUserModal({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: () => void }) {
  const { busy, problem, setProblem, submit } = useSubmit(AdminCreateUserDocument);
  const form = useForm({
    initialValues: { email: '', password: '', plan: 'starter', isAdmin: false },
    validate: { email: emailShaped('Enter a valid email address'), password: newPasswordProblem },
  });
  const close = () => {
    form.reset();
    setProblem(null);
    onClose();
  };
  const onSubmit = form.onSubmit(async (v) => {
    const data = await submit({ input: { email: v.email.trim(), password: v.password, plan: v.plan, isAdmin: v.isAdmin } });
    if (!data) return;
    notifications.show({ color: 'green', message: `Created ${data.adminCreateUser.email}` });
    close();
    onCreated();
  });
  return (
    <Modal opened={opened} onClose={close} title="Create user">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <ProblemAlert problem={problem} />
          <TextInput label="Email" type="email" autoComplete="off" required {...form.getInputProps('email')} />
          <PasswordInput label="Password" autoComplete="new-password" description={PASSWORD_LENGTH} required {...form.getInputProps('password')} />
          <Select label="Plan" data={PLANS} allowDeselect={false} {...form.getInputProps('plan')} />
          <Switch label="Administrator" {...form.getInputProps('isAdmin', { type: 'checkbox' })} />
          <DialogActions onCancel={close} confirmLabel="Create user" busy={busy} />
        </Stack>
      </form>
    </Modal>
  );
}
