import { PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { FormSubmit } from '../../../ui/FormSubmit';
import { SectionCard } from '../../../ui/SectionCard';
import { useSubmit } from '../../../ui/useSubmit';
import { newPasswordProblem } from '../../../ui/validation';
import { ChangePasswordDocument } from '../settings.documents';

/** A new password, checked against the current one (every other session then ends). */
export function PasswordForm() {
  const { busy, problem, submit } = useSubmit(ChangePasswordDocument);
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '' },
    validate: { newPassword: newPasswordProblem },
  });
  return (
    <SectionCard titleId="password-title" title="Password">
      <form
        onSubmit={form.onSubmit(async (v) => {
          if (!(await submit(v))) return;
          form.reset();
          notifications.show({ color: 'green', message: 'Password changed. Your other sessions have ended.' });
        })}
      >
        <Stack gap="sm" maw={360}>
          <PasswordInput label="Current password" autoComplete="current-password" {...form.getInputProps('currentPassword')} />
          <PasswordInput label="New password" autoComplete="new-password" {...form.getInputProps('newPassword')} />
          <FormSubmit label="Change password" busy={busy} problem={problem} problemTitle="Not changed" />
        </Stack>
      </form>
    </SectionCard>
  );
}
