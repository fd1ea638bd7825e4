import { Checkbox, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { EVENTS } from '../webhooks';

/** The events a webhook is called for, as a form field (`form.getInputProps('events')`). */
export function EventCheckboxes({ value, onChange, error }: { value?: string[]; onChange: (v: string[]) => void; error?: ReactNode }) {
  return (
    <Checkbox.Group label="Events" description="The webhook is called for the events you tick" value={value} onChange={onChange} error={error}>
      <Stack gap={6} mt="xs">
        {EVENTS.map((e) => (
          <Checkbox key={e.value} value={e.value} label={`${e.label} (${e.value})`} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
