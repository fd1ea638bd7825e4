import { Alert, Button, Checkbox, Group, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from 'urql';
import { errorMessage } from '../../../api/client';
import { PageLoader } from '../../../ui/PageLoader';
import { ProblemAlert } from '../../../ui/ProblemAlert';
import { useSubmit } from '../../../ui/useSubmit';
import { CompleteConnectionDocument, PendingConnectionDocument } from '../connections.documents';

/** After a platform's login that offers several accounts (Facebook Pages, `?pending=`): which to connect. */
export function ChooseAccountsModal({ id, onClose, onDone }: { id: string; onClose: () => void; onDone: () => void }) {
  const [{ data, fetching, error }] = useQuery({ query: PendingConnectionDocument, variables: { id } });
  const { busy, problem, submit } = useSubmit(CompleteConnectionDocument);
  const form = useForm({ initialValues: { externalIds: [] as string[] } });
  const pending = data?.pendingConnection;
  return (
    <Modal opened onClose={onClose} title="Choose the accounts to connect">
      {fetching && !data ? (
        <PageLoader label="Loading the accounts" />
      ) : error || !pending ? (
        <Alert color="red" role="alert" title="This choice is no longer available">
          {error ? errorMessage(error) : 'It expired or was already made. Connect again.'}
        </Alert>
      ) : (
        <Stack>
          <Checkbox.Group label={`Accounts on ${pending.platform}`} {...form.getInputProps('externalIds')}>
            <Stack gap={6} mt="xs">
              {pending.accounts.map((a) => (
                <Checkbox key={a.externalId} value={a.externalId} label={`${a.displayName ?? a.username} (${a.kind.replace('_', ' ')})`} />
              ))}
            </Stack>
          </Checkbox.Group>
          <ProblemAlert problem={problem} title="Not connected" />
          <Group justify="flex-end">
            <Button
              disabled={!form.values.externalIds.length}
              loading={busy}
              onClick={async () => {
                const done = await submit({ id, externalIds: form.values.externalIds });
                if (!done) return;
                notifications.show({ color: 'green', title: 'Connected', message: done.completeConnection.map((c) => c.platformId).join(', ') });
                onDone();
              }}
            >
              Connect the chosen accounts
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
