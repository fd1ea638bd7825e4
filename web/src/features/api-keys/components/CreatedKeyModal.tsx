import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { CopyValueButton } from '../../../ui/CopyValueButton';
import type { CreatedKey } from '../api-keys';

/** The new key, shown this once: only a fingerprint is stored. */
export function CreatedKeyModal({ created, onClose }: { created: CreatedKey | null; onClose: () => void }) {
  return (
    <Modal opened={created !== null} onClose={onClose} title="Your new API key" size="lg" closeOnClickOutside={false}>
      {created && (
        <Stack>
          <Alert color="yellow" role="note">
            Copy the key now: this is the only time it is shown. Only a fingerprint is stored, so it cannot be shown again.
          </Alert>
          <TextInput
            label={`API key “${created.name}”`}
            value={created.rawKey}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
            styles={{ input: { fontFamily: 'monospace' } }}
          />
          <Group justify="flex-end">
            <CopyValueButton value={created.rawKey} label="Copy key" copiedColor="teal.9" />
            <Button variant="default" onClick={onClose}>
              Done
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
