import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ProblemAlert } from '../../../ui/ProblemAlert';
import { SectionCard } from '../../../ui/SectionCard';
import { useSubmit } from '../../../ui/useSubmit';
import { MAX_KEY_NAME, type CreatedKey } from '../api-keys';
import { CreateApiKeyDocument } from '../api-keys.documents';

export function CreateKeyForm({ disabled, onCreated }: { disabled: boolean; onCreated: (key: CreatedKey) => void }) {
  const { busy, problem, submit } = useSubmit(CreateApiKeyDocument);
  // Controlled, so a reset keeps the same input (and its focus: the key's dialog returns there).
  const form = useForm({
    name: 'create-api-key',
    initialValues: { name: '' },
    validate: { name: (v) => (v.length > MAX_KEY_NAME ? `Use at most ${MAX_KEY_NAME} characters` : null) },
  });
  const onSubmit = form.onSubmit(async ({ name }) => {
    const data = await submit({ name: name.trim() || null });
    if (!data) return;
    form.reset();
    // A keyboard user who pressed the (then busy, so disabled) button gets the focus back here, not lost on the page.
    form.getInputNode('name')?.focus();
    onCreated({ name: data.createApiKey.name, rawKey: data.createApiKey.rawKey });
  });
  return (
    <SectionCard titleId="create-key-title" title="Create a key">
      <form onSubmit={onSubmit} noValidate>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label="Key name"
            description="Where the key will be used, e.g. “Zapier” (optional)"
            maxLength={MAX_KEY_NAME}
            style={{ flex: '1 1 240px' }}
            {...form.getInputProps('name')}
          />
          <Button type="submit" loading={busy} disabled={disabled}>
            Create API key
          </Button>
        </Group>
        <ProblemAlert problem={problem} mt="sm" />
      </form>
    </SectionCard>
  );
}
