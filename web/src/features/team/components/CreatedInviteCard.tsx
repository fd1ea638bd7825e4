import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { roleLabel } from '../../../session/team';
import { CopyValueButton } from '../../../ui/CopyValueButton';
import { formatDateTime } from '../../../ui/format';
import type { CreatedInvite } from '../team';

/**
 * The invitation just made: its link, shown this once (only its hash is kept), with a copy button,
 * and whether the service e-mailed it. The focus moves here, so the link is read out at once.
 */
export function CreatedInviteCard({ invite, onDone }: { invite: CreatedInvite; onDone: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), [invite]);
  return (
    <Alert
      ref={box}
      tabIndex={-1}
      color="green"
      role="region"
      aria-labelledby="created-invite-title"
      // Mantine's light green title is below 4.5:1 on its own background.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      title={<span id="created-invite-title">Invitation for {invite.email}</span>}
    >
      <Stack gap="sm">
        <Text size="sm">
          {invite.email} is invited as {roleLabel(invite.role).toLowerCase()}.{' '}
          {invite.emailed
            ? 'The link was e-mailed to them; you can also pass it on yourself.'
            : 'It was not e-mailed (the service sends no mail): pass the link on yourself.'}{' '}
          It works once, until {formatDateTime(invite.expiresAt)}, and this is the only time it is shown.
        </Text>
        <Code block aria-label="Invitation link" tabIndex={0} style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {invite.link}
        </Code>
        <Group justify="space-between">
          <CopyValueButton value={invite.link} label="Copy link" variant="light" copiedColor="teal.9" />
          <Button variant="default" onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
