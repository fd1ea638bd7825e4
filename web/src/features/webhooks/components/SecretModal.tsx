import { Alert, Button, Code, Group, Modal, Stack, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { CopyValueButton } from '../../../ui/CopyValueButton';

/** A webhook's signing secret as the service returned it, with the webhook's name. */
export interface ShownSecret {
  name: string;
  secret: string;
}

/** Stands for the secret while it is hidden; the secret itself is not in the page until revealed. */
const MASK = '•'.repeat(24);

/**
 * The signing secret, which the service returns only on create and regenerate: masked, with a
 * Reveal/Hide toggle and a copy button, for as long as the dialog is open. Closing forgets it.
 */
export function SecretModal({ secret, onClose }: { secret: ShownSecret | null; onClose: () => void }) {
  return (
    <Modal opened={!!secret} onClose={onClose} title="Signing secret" closeOnClickOutside={false}>
      {secret && <SecretReveal key={secret.secret} name={secret.name} secret={secret.secret} onClose={onClose} />}
    </Modal>
  );
}

function SecretReveal({ name, secret, onClose }: ShownSecret & { onClose: () => void }) {
  const [shown, setShown] = useState(false);
  return (
    <Stack>
      <Alert color="yellow" role="note">
        Copy the signing secret of <strong>{name || 'the webhook'}</strong> now: it cannot be shown again once you close this dialog. If you lose it, make a new
        one with <em>New secret</em>.
      </Alert>
      {/* Focusable: the secret may scroll sideways on a small screen. */}
      <Code block aria-label="Signing secret" tabIndex={0} style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {shown ? (
          secret
        ) : (
          <>
            <span aria-hidden>{MASK}</span>
            <VisuallyHidden>hidden</VisuallyHidden>
          </>
        )}
      </Code>
      <Group justify="space-between">
        <Group gap="xs">
          <Button variant="default" onClick={() => setShown((s) => !s)}>
            {shown ? 'Hide secret' : 'Reveal secret'}
          </Button>
          <CopyValueButton value={secret} label="Copy secret" variant="light" />
        </Group>
        <Button onClick={onClose}>Done</Button>
      </Group>
    </Stack>
  );
}
