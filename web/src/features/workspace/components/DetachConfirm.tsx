import { useMutation } from 'urql';
import { ConfirmDestructive } from '../../../ui/ConfirmDestructive';
import type { ManagedUser } from '../workspace';
import { DetachDocument } from '../workspace.documents';

export function DetachConfirm({ user, onClose, onDone }: { user: ManagedUser; onClose: () => void; onDone: () => void }) {
  const [, detach] = useMutation(DetachDocument);
  return (
    <ConfirmDestructive
      consequence={
        <>
          <strong>{user.displayName}</strong> leaves your workspace: you can no longer post for them and their connection link stops working. Their account,
          connections and posts are kept.
        </>
      }
      keepLabel="Keep them"
      confirmLabel="Detach"
      failureTitle="Not detached"
      action={() => detach({ userId: user.id })}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
