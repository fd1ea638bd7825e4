import { Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { CopyValueButton } from '../../../ui/CopyValueButton';
import type { Reveal } from '../workspace';

/** A connection link to hand on, or an API key shown only now, with a copy button. */
export function RevealModal({ reveal, onClose }: { reveal: Reveal | null; onClose: () => void }) {
  return (
    <Modal opened={!!reveal} onClose={onClose} title={reveal?.title} size="lg">
      {reveal && (
        <Stack>
          <Text>{reveal.text}</Text>
          <Code block aria-label={reveal.label} tabIndex={0}>
            {reveal.value}
          </Code>
          <Group justify="space-between">
            <CopyValueButton value={reveal.value} label={`Copy ${reveal.label.toLowerCase()}`} variant="light" />
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
