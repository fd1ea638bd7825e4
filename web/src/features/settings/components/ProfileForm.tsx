import { PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useUser } from '../../../session/session';
import { FormSubmit } from '../../../ui/FormSubmit';
import { SectionCard } from '../../../ui/SectionCard';
import { useSubmit } from '../../../ui/useSubmit';
import { UpdateProfileDocument } from '../settings.documents';

/** The sign-in email, changed with the current password (every other session then ends). */
export function ProfileForm() {
  const user = useUser();
  const { busy, problem, submit } = useSubmit(UpdateProfileDocument);
  const form = useForm({ initialValues: { email: user.email, currentPassword: '' } });
  return (
    <SectionCard titleId="profile-title" title="Profile">
      <form
        onSubmit={form.onSubmit(async (v) => {
          const data = await submit({ input: { email: v.email.trim(), currentPassword: v.currentPassword } });
          if (!data) return;
          form.setFieldValue('currentPassword', '');
          notifications.show({ color: 'green', message: `You now sign in as ${data.updateProfile.email}. Your other sessions have ended.` });
        })}
      >
        <Stack gap="sm" maw={360}>
          <TextInput label="Sign-in email" type="email" autoComplete="email" {...form.getInputProps('email')} />
          <PasswordInput
            label="Current password"
            description="Needed to change your sign-in email"
            autoComplete="current-password"
            {...form.getInputProps('currentPassword')}
          />
          <FormSubmit label="Save email" busy={busy} problem={problem} problemTitle="Not saved" />
        </Stack>
      </form>
    </SectionCard>
  );
}
