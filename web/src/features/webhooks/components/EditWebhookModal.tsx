import { Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { DialogActions } from '../../../ui/DialogActions';
import { ProblemAlert } from '../../../ui/ProblemAlert';
import { useSubmit } from '../../../ui/useSubmit';
import type { Webhook } from '../webhooks';
import { UpdateWebhookDocument } from '../webhooks.documents';
import { EventCheckboxes } from './EventCheckboxes';

export function EditWebhookModal({ hook, onClose, onSaved }: { hook: Webhook | null; onClose: () => void; onSaved: () => void }) {
  return (
    <Modal opened={hook !== null} onClose={onClose} title={`Edit ${hook?.name || 'webhook'}`}>
      {hook && <EditWebhookForm key={hook.id} hook={hook} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function EditWebhookForm({ hook, onClose, onSaved }: { hook: Webhook; onClose: () => void; onSaved: () => void }) {
  const { busy, problem, submit } = useSubmit(UpdateWebhookDocument);
  const form = useForm({ initialValues: { name: hook.name, url: hook.url, events: hook.events, isActive: hook.isActive } });
  return (
    <form
      onSubmit={form.onSubmit(async (values) => {
        const input = { name: values.name, url: values.url.trim(), events: values.events, isActive: values.isActive };
        if (!(await submit({ id: hook.id, input }))) return;
        notifications.show({ color: 'green', message: 'Webhook saved' });
        onClose();
        onSaved();
      })}
    >
      <Stack gap="sm">
        <TextInput label="Name" {...form.getInputProps('name')} />
        <TextInput label="URL" {...form.getInputProps('url')} />
        <EventCheckboxes {...form.getInputProps('events')} />
        <Switch label="Active (turning it on again resets the failure count)" {...form.getInputProps('isActive', { type: 'checkbox' })} />
        <ProblemAlert problem={problem} title="Not saved" />
        <DialogActions onCancel={onClose} confirmLabel="Save" busy={busy} />
      </Stack>
    </form>
  );
}
