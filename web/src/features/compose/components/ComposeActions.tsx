import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { CombinedError } from 'urql';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import { formatDateTime } from '../../../ui/format';

export type SubmitMode = 'draft' | 'schedule' | 'now' | 'queue';

/** What "Add to queue" knows of the chosen accounts' next free slot (useNextQueueSlot). */
export interface QueueSlotState {
  slot: string | null | undefined;
  fetching: boolean;
  error?: CombinedError;
}

/** Save as a draft, schedule for the chosen time, add to the accounts' queue, or publish now. */
export function ComposeActions({
  busy,
  ready,
  scheduled,
  queue,
  onSubmit,
}: {
  busy: boolean;
  /** Text, at least one account, no upload still running, and no platform setting the platform would refuse. */
  ready: boolean;
  /** A publish time is chosen. */
  scheduled: boolean;
  queue: QueueSlotState;
  onSubmit: (mode: SubmitMode) => void;
}) {
  return (
    <Stack gap="xs">
      <Group>
        <Button variant="default" loading={busy} disabled={!ready} onClick={() => onSubmit('draft')}>
          Save draft
        </Button>
        <Button loading={busy} disabled={!ready || !scheduled} onClick={() => onSubmit('schedule')}>
          Schedule
        </Button>
        <Button variant="light" loading={busy} disabled={!ready || !queue.slot} onClick={() => onSubmit('queue')} aria-describedby="queue-slot-hint">
          Add to queue
        </Button>
        <Button variant="light" loading={busy} disabled={!ready} onClick={() => onSubmit('now')}>
          Publish now
        </Button>
      </Group>
      <Text size="sm" c="dimmed" id="queue-slot-hint" aria-live="polite">
        <QueueHint queue={queue} />
      </Text>
    </Stack>
  );
}

function QueueHint({ queue }: { queue: QueueSlotState }) {
  if (queue.error) return <>The next free queue slot could not be read: {errorMessage(queue.error)}</>;
  if (queue.fetching) return <>Looking for the next free queue slot…</>;
  if (queue.slot === undefined) return <>Choose accounts to see their next free queue slot.</>;
  if (queue.slot === null) {
    return (
      <>
        These accounts share no free queue slot; set one on the{' '}
        <Anchor component={Link} to="/queue" underline="always" size="sm">
          Queue page
        </Anchor>
        .
      </>
    );
  }
  return <>Next free slot: {formatDateTime(queue.slot)}</>;
}
