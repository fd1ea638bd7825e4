import { Code, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useMutation } from 'urql';
import { errorMessage } from '../../api/client';
import { useRoleAllows, useTeamRole } from '../../session/team';
import { PageHeader } from '../../ui/PageHeader';
import { RemovalModal } from '../../ui/RemovalModal';
import { RoleNote } from '../../ui/RoleNote';
import { useReloadableQuery } from '../../ui/useReloadableQuery';
import { useRemovalDialog } from '../../ui/useRemovalDialog';
import { CreateWebhookForm } from './components/CreateWebhookForm';
import { DeleteWebhookConfirm } from './components/DeleteWebhookConfirm';
import { DeliveriesModal } from './components/DeliveriesModal';
import { EditWebhookModal } from './components/EditWebhookModal';
import { SecretModal, type ShownSecret } from './components/SecretModal';
import { WebhooksList } from './components/WebhooksList';
import type { Webhook } from './webhooks';
import { RegenerateSecretDocument, WebhooksDocument } from './webhooks.documents';

export default function WebhooksPage() {
  const [result, reload] = useReloadableQuery({ query: WebhooksDocument });
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const [editing, setEditing] = useState<Webhook | null>(null);
  const [listHeading, deleting] = useRemovalDialog<Webhook>(reload);
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  const [, regenerate] = useMutation(RegenerateSecretDocument);
  // Webhooks are the owner's and admins' (docs/teams.md): others read the list and its deliveries.
  const manage = useRoleAllows('admin');
  const role = useTeamRole();

  const onRegenerate = async (hook: Webhook) => {
    const outcome = await regenerate({ id: hook.id });
    if (outcome.error) notifications.show({ color: 'red', title: 'Could not regenerate the secret', message: errorMessage(outcome.error) });
    else if (outcome.data?.regenerateWebhookSecret.secret) setSecret({ name: hook.name, secret: outcome.data.regenerateWebhookSecret.secret });
  };

  return (
    <>
      <PageHeader
        title="Webhooks"
        description={
          <>
            Get an HTTPS call when a post is scheduled, published or fails. Each call is signed with the webhook’s secret (header{' '}
            <Code>X-Service-Signature</Code>), retried with backoff, and listed in its delivery log. The secret is shown only when you add a webhook or make a
            new secret: it cannot be shown again later, so if it is lost, make a new one.
          </>
        }
      />
      <Stack gap="lg" maw={1040}>
        {manage ? (
          <CreateWebhookForm
            onCreated={(created) => {
              if (created.secret) setSecret({ name: created.name, secret: created.secret });
              reload();
            }}
          />
        ) : (
          role && <RoleNote role={role}>only the owner and admins add, change and delete webhooks.</RoleNote>
        )}
        <WebhooksList
          result={result}
          onRetry={reload}
          headingRef={listHeading}
          onDeliveries={setLogOf}
          onEdit={setEditing}
          onNewSecret={onRegenerate}
          onDelete={deleting.open}
          readOnly={!manage}
        />
      </Stack>
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
      {/* Dialogs stay mounted, so closing one returns the focus to the button that opened it. */}
      <EditWebhookModal hook={editing} onClose={() => setEditing(null)} onSaved={reload} />
      <RemovalModal dialog={deleting} title="Delete webhook?">
        {(hook) => <DeleteWebhookConfirm hook={hook} onClose={deleting.close} onDeleted={deleting.removed} />}
      </RemovalModal>
      <DeliveriesModal hook={logOf} onClose={() => setLogOf(null)} />
    </>
  );
}
