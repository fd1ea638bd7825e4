import { Button, Group } from '@mantine/core';

export type SubmitMode = 'draft' | 'schedule' | 'now';

/** Save as a draft, schedule for the chosen time, or publish now. */
export function ComposeActions({
  busy,
  ready,
  scheduled,
  onSubmit,
}: {
  busy: boolean;
  /** Text, at least one account, and no upload still running. */
  ready: boolean;
  /** A publish time is chosen. */
  scheduled: boolean;
  onSubmit: (mode: SubmitMode) => void;
}) {
  return (
    <Group>
      <Button variant="default" loading={busy} disabled={!ready} onClick={() => onSubmit('draft')}>
        Save draft
      </Button>
      <Button loading={busy} disabled={!ready || !scheduled} onClick={() => onSubmit('schedule')}>
        Schedule
      </Button>
      <Button variant="light" loading={busy} disabled={!ready} onClick={() => onSubmit('now')}>
        Publish now
      </Button>
    </Group>
  );
}
