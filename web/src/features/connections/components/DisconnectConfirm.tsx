import { useMutation } from 'urql';
import { ConfirmDestructive } from '../../../ui/ConfirmDestructive';
import type { Connection } from '../connections';
import { DisconnectDocument } from '../connections.documents';

export function DisconnectConfirm({ connection, onClose, onDone }: { connection: Connection; onClose: () => void; onDone: () => void }) {
  const [, disconnect] = useMutation(DisconnectDocument);
  return (
    <ConfirmDestructive
      consequence={
        <>
          <strong>{connection.username}</strong> on {connection.platform} is disconnected and its access is withdrawn. Posts scheduled to it fail at once (with
          a clear error, and your <em>post.failed</em> webhooks are called); published posts stay as they are.
        </>
      }
      confirmLabel="Disconnect"
      failureTitle="Not disconnected"
      action={() => disconnect({ platformId: connection.platformId })}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
