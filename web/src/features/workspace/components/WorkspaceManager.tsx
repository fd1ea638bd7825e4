import { Stack } from '@mantine/core';
import { RemovalModal } from '../../../ui/RemovalModal';
import { useReloadableQuery } from '../../../ui/useReloadableQuery';
import { useRemovalDialog } from '../../../ui/useRemovalDialog';
import { useManagedUserActions } from '../hooks/useManagedUserActions';
import type { ManagedUser } from '../workspace';
import { WorkspaceUsersDocument } from '../workspace.documents';
import { AddManagedUser } from './AddManagedUser';
import { DetachConfirm } from './DetachConfirm';
import { ManagedUsersList } from './ManagedUsersList';
import { RevealModal } from './RevealModal';

/** The managed users: add, links, keys of their own, detach. */
export function WorkspaceManager() {
  const [result, reload] = useReloadableQuery({ query: WorkspaceUsersDocument });
  const [listHeading, detaching] = useRemovalDialog<ManagedUser>(reload);
  const actions = useManagedUserActions(reload);

  return (
    <>
      <Stack gap="lg" maw={1040}>
        <AddManagedUser onAdded={reload} />
        <ManagedUsersList
          result={result}
          onRetry={reload}
          headingRef={listHeading}
          onLink={actions.showLink}
          onApiKey={actions.newApiKey}
          onDetach={detaching.open}
        />
      </Stack>
      <RevealModal reveal={actions.reveal} onClose={actions.closeReveal} />
      <RemovalModal dialog={detaching} title="Detach this user?">
        {(user) => <DetachConfirm user={user} onClose={detaching.close} onDone={detaching.removed} />}
      </RemovalModal>
    </>
  );
}
