import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useMutation } from 'urql';
import { errorMessage } from '../../../api/client';
import { formatDateTime } from '../../../ui/format';
import type { ManagedUser, Reveal } from '../workspace';
import { ConnectionLinkDocument, WorkspaceApiKeyDocument } from '../workspace.documents';

/**
 * A managed user's connection link (made, shown again or renewed) and a new API key of their own:
 * each comes back as a `reveal` for the dialog that shows it; a refusal is a notification.
 */
export function useManagedUserActions(onLinkChanged: () => void) {
  const [reveal, setReveal] = useState<Reveal | null>(null);
  const [, link] = useMutation(ConnectionLinkDocument);
  const [, apiKey] = useMutation(WorkspaceApiKeyDocument);

  const showLink = async (u: ManagedUser, rotate: boolean) => {
    const result = await link({ userId: u.id, input: { rotate } });
    if (result.error) return notifications.show({ color: 'red', title: 'No link', message: errorMessage(result.error) });
    const made = result.data!.createWorkspaceConnectionLink;
    setReveal({
      title: 'Connection link',
      text: `Send this link to ${u.displayName}: it opens a page where they connect their accounts, until ${formatDateTime(made.tokenExpiresAt)}.${rotate ? ' The previous link no longer works.' : ''}`,
      label: 'Connection link',
      value: made.url,
    });
    onLinkChanged();
  };

  const newApiKey = async (u: ManagedUser) => {
    const result = await apiKey({ userId: u.id });
    if (result.error) return notifications.show({ color: 'red', title: 'No key', message: errorMessage(result.error) });
    setReveal({
      title: 'API key',
      text: `The API key of ${u.displayName}, shown only now. Their previous keys no longer work.`,
      label: 'API key',
      value: result.data!.createWorkspaceUserApiKey.apiKey,
    });
  };

  return { reveal, closeReveal: () => setReveal(null), showLink, newApiKey };
}
