import { Button, Group } from '@mantine/core';

/**
 * A dialog's two buttons: a way out first, then the action. The action submits the dialog's form,
 * or with `onConfirm` runs on its own; `danger` colours it red for what cannot be undone.
 */
export function DialogActions({
  onCancel,
  cancelLabel = 'Cancel',
  confirmLabel,
  busy,
  danger = false,
  onConfirm,
}: {
  onCancel: () => void;
  cancelLabel?: string;
  confirmLabel: string;
  busy: boolean;
  danger?: boolean;
  onConfirm?: () => void;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type={onConfirm ? 'button' : 'submit'} color={danger ? 'red' : undefined} loading={busy} onClick={onConfirm}>
        {confirmLabel}
      </Button>
    </Group>
  );
}
