import { useMutation } from 'urql';
import { ConfirmDestructive } from '../../../ui/ConfirmDestructive';
import { webhookName, type Webhook } from '../webhooks';
import { DeleteWebhookDocument } from '../webhooks.documents';

export function DeleteWebhookConfirm({ hook, onClose, onDeleted }: { hook: Webhook; onClose: () => void; onDeleted: () => void }) {
  const [, remove] = useMutation(DeleteWebhookDocument);
  return (
    <ConfirmDestructive
      consequence={
        <>
          <strong>{webhookName(hook)}</strong> stops receiving calls, and its queued deliveries and delivery log are deleted.
        </>
      }
      confirmLabel="Delete webhook"
      failureTitle="Not deleted"
      action={() => remove({ id: hook.id })}
      onClose={onClose}
      onDone={onDeleted}
    />
  );
}
