import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ProblemAlert } from '../../../ui/ProblemAlert';
import { SectionCard } from '../../../ui/SectionCard';
import { useSubmit } from '../../../ui/useSubmit';
import { emailShaped } from '../../../ui/validation';
import { CreateWorkspaceUserDocument } from '../workspace.documents';

export function AddManagedUser({ onAdded }: { onAdded: () => void }) {
  const { busy, problem, submit } = useSubmit(CreateWorkspaceUserDocument);
  const form = useForm({
    initialValues: { username: '', displayName: '' },
    validate: { username: emailShaped('Enter their email address') },
  });
  return (
    <SectionCard titleId="add-managed-title" title="Add someone">
      <form
        onSubmit={form.onSubmit(async (v) => {
          const data = await submit({ input: { username: v.username.trim(), displayName: v.displayName.trim() || null } });
          if (!data) return;
          notifications.show({ color: 'green', message: `${data.createWorkspaceUser.username} added` });
          form.reset();
          onAdded();
        })}
      >
        <Group align="flex-start">
          <TextInput label="Email" {...form.getInputProps('username')} />
          <TextInput label="Name (optional)" {...form.getInputProps('displayName')} />
          <Button type="submit" mt={25} loading={busy}>
            Add
          </Button>
        </Group>
        <ProblemAlert problem={problem} title="Not added" mt="sm" />
      </form>
    </SectionCard>
  );
}
