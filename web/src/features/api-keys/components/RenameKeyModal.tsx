import { Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from 'urql';
import { errorMessage } from '../../../api/client';
import { DialogActions } from '../../../ui/DialogActions';
import { MAX_KEY_NAME, type ApiKey } from '../api-keys';
import { RenameApiKeyDocument } from '../api-keys.documents';

/** Kept mounted while closed, so the focus returns to the row's Rename button. */
export function RenameKeyModal({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  return (
    <Modal opened={apiKey !== null} onClose={onClose} title="Rename API key">
      {apiKey && <RenameKeyForm key={apiKey.id} apiKey={apiKey} onClose={onClose} />}
    </Modal>
  );
}

function RenameKeyForm({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const [{ fetching }, rename] = useMutation(RenameApiKeyDocument);
  const form = useForm({
    initialValues: { name: apiKey.name },
    validate: { name: (v) => (v.trim() ? null : 'Name is required') },
  });
  const onSubmit = form.onSubmit(async ({ name }) => {
    const result = await rename({ id: apiKey.id, name: name.trim() });
    // The service's refusal is the field's message, as a missing name is.
    if (result.error) return form.setFieldError('name', errorMessage(result.error));
    notifications.show({ color: 'green', message: `Renamed to “${result.data?.renameApiKey.name}”` });
    onClose();
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <TextInput label="New name" maxLength={MAX_KEY_NAME} required data-autofocus {...form.getInputProps('name')} />
        <DialogActions onCancel={onClose} confirmLabel="Save name" busy={fetching} />
      </Stack>
    </form>
  );
}
