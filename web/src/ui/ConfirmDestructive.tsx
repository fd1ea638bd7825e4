import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import type { CombinedError } from 'urql';
import { errorMessage } from '../api/client';
import { DialogActions } from './DialogActions';

/**
 * The body of a "really do this?" dialog: what follows from it in words, a way out that is the
 * default button, and the red action. A refusal is shown as a notification titled `failureTitle`
 * and leaves the dialog open; success calls `onDone`.
 */
export function ConfirmDestructive({
  consequence,
  keepLabel = 'Keep it',
  confirmLabel,
  failureTitle,
  action,
  onClose,
  onDone,
}: {
  consequence: ReactNode;
  keepLabel?: string;
  confirmLabel: string;
  failureTitle: string;
  action: () => Promise<{ error?: CombinedError }>;
  onClose: () => void;
  onDone: () => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Stack>
      <Text>{consequence}</Text>
      <DialogActions
        onCancel={onClose}
        cancelLabel={keepLabel}
        confirmLabel={confirmLabel}
        busy={busy}
        danger
        onConfirm={async () => {
          setBusy(true);
          const result = await action();
          setBusy(false);
          if (result.error) notifications.show({ color: 'red', title: failureTitle, message: errorMessage(result.error) });
          else onDone();
        }}
      />
    </Stack>
  );
}
