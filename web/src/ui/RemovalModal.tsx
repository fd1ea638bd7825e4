import { Modal, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import type { RemovalDialog } from './useRemovalDialog';

/** The dialog of a `RemovalDialog`: kept mounted (so a cancel returns the focus), its body drawn for the item. */
export function RemovalModal<T>({
  dialog,
  title,
  size,
  children,
}: {
  dialog: RemovalDialog<T>;
  title: string;
  size?: ModalProps['size'];
  children: (item: T) => ReactNode;
}) {
  return (
    <Modal opened={dialog.item !== null} onClose={dialog.close} title={title} size={size} returnFocus={dialog.returnFocus}>
      {dialog.item !== null && children(dialog.item)}
    </Modal>
  );
}
