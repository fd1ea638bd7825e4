import { Code, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DialogActions } from '../../../ui/DialogActions';
import { ProblemAlert } from '../../../ui/ProblemAlert';
import { useSubmit } from '../../../ui/useSubmit';
import type { ApiKey } from '../api-keys';
import { RevokeApiKeyDocument } from '../api-keys.documents';

export function RevokeKeyModal({ apiKey, onClose, onRevoked }: { apiKey: ApiKey | null; onClose: () => void; onRevoked: () => void }) {
  const { busy, problem, submit } = useSubmit(RevokeApiKeyDocument);
  const onConfirm = async () => {
    if (!apiKey || !(await submit({ id: apiKey.id }))) return;
    notifications.show({ color: 'green', message: `API key “${apiKey.name}” revoked` });
    onClose();
    onRevoked();
  };
  return (
    <Modal opened={apiKey !== null} onClose={onClose} title="Revoke API key?">
      {apiKey && (
        <Stack>
          <Text>
            Programs using “{apiKey.name}” (<Code>{apiKey.keyPrefix}</Code>) stop working on their next request. This cannot be undone.
          </Text>
          <ProblemAlert problem={problem} />
          <DialogActions onCancel={onClose} confirmLabel="Revoke key" busy={busy} danger onConfirm={onConfirm} />
        </Stack>
      )}
    </Modal>
  );
}
