import { Alert, Anchor, NativeSelect, Stack } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../ui/PageHeader';
import { QueryResult } from '../../ui/QueryResult';
import { useReloadableQuery } from '../../ui/useReloadableQuery';
import { AccountQueue } from './components/AccountQueue';
import { accountName } from './queue';
import { QueueConnectionsDocument } from './queue.documents';

export default function QueuePage() {
  const [result, reload] = useReloadableQuery({ query: QueueConnectionsDocument });
  // The chosen account is in the address (?account=), so a reload or a link keeps it.
  const [params, setParams] = useSearchParams();

  return (
    <>
      <PageHeader
        title="Queue"
        description="Give an account a weekly posting schedule, and posts added to its queue go out at its next free slots, in order. Changing the schedule moves the queued posts onto the new slots."
      />
      <QueryResult result={result} loading="Loading your accounts" failed="Could not load your accounts" onRetry={reload}>
        {({ connections }) => {
          if (connections.length === 0) {
            return (
              <Alert color="blue" role="note" title="Connect an account first" maw={720}>
                A queue belongs to a connected account.{' '}
                <Anchor component={Link} to="/connections" underline="always">
                  Connect one on the Connections page
                </Anchor>
                .
              </Alert>
            );
          }
          const chosen = connections.find((c) => c.platformId === params.get('account')) ?? connections[0];
          return (
            <Stack gap="lg" maw={1100}>
              <NativeSelect
                label="Account"
                maw={420}
                data={connections.map((c) => ({ value: c.platformId, label: accountName(c) }))}
                value={chosen.platformId}
                onChange={(e) => setParams({ account: e.currentTarget.value }, { replace: true })}
              />
              {/* A fresh editor per account: its unsaved slots never carry over to another. */}
              <AccountQueue key={chosen.platformId} connection={chosen} connections={connections} />
            </Stack>
          );
        }}
      </QueryResult>
    </>
  );
}
