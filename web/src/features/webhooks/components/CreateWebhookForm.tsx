import { Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FormSubmit } from '../../../ui/FormSubmit';
import { SectionCard } from '../../../ui/SectionCard';
import { useSubmit } from '../../../ui/useSubmit';
import { CreateWebhookDocument } from '../webhooks.documents';
import { EventCheckboxes } from './EventCheckboxes';

export function CreateWebhookForm({ onCreated }: { onCreated: (created: { name: string; secret?: string | null }) => void }) {
  const { busy, problem, submit } = useSubmit(CreateWebhookDocument);
  const form = useForm({
    name: 'create-webhook',
    initialValues: { name: '', url: '', events: ['post.published', 'post.failed'] as string[] },
    validate: {
      name: (v) => (v.trim() ? null : 'Give the webhook a name'),
      url: (v) => (/^https?:\/\/\S+$/.test(v.trim()) ? null : 'Enter the URL to call, such as https://example.com/hooks'),
      events: (v) => (v.length ? null : 'Tick at least one event'),
    },
  });
  return (
    <SectionCard titleId="new-webhook-title" title="Add a webhook">
      <form
        onSubmit={form.onSubmit(async (values) => {
          const data = await submit({ input: { name: values.name.trim(), url: values.url.trim(), events: values.events } });
          if (!data) return;
          form.reset();
          // Ready for another, and where the secret's dialog returns the focus (the busy button lost it).
          form.getInputNode('name')?.focus();
          onCreated(data.createWebhook);
        })}
      >
        <Stack gap="sm" maw={560}>
          <TextInput label="Name" {...form.getInputProps('name')} />
          <TextInput label="URL" placeholder="https://example.com/hooks/posts" {...form.getInputProps('url')} />
          <EventCheckboxes {...form.getInputProps('events')} />
          <FormSubmit label="Add webhook" busy={busy} problem={problem} problemTitle="The webhook was not added" />
        </Stack>
      </form>
    </SectionCard>
  );
}
