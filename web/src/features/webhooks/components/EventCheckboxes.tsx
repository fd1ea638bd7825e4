import { Button, Checkbox, Stack } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { EVENTS, MORE_EVENTS } from '../webhooks';

const isMore = (event: string) => MORE_EVENTS.some((e) => e.value === event);

/**
 * The events a webhook is called for, as a form field (`form.getInputProps('events')`). The opt-in
 * events sit behind "More events" (open from the start when the webhook has one), so the spec's
 * four stay the short list most webhooks need.
 */
export function EventCheckboxes({ value, onChange, error }: { value?: string[]; onChange: (v: string[]) => void; error?: ReactNode }) {
  const moreId = useId();
  const [showMore, setShowMore] = useState(() => (value ?? []).some(isMore));
  const tickedMore = (value ?? []).filter(isMore).length;
  return (
    <Checkbox.Group label="Events" description="The webhook is called for the events you tick" value={value} onChange={onChange} error={error}>
      <Stack gap={6} mt="xs">
        {EVENTS.map((e) => (
          <Checkbox key={e.value} value={e.value} label={`${e.label} (${e.value})`} />
        ))}
        <Button
          type="button"
          variant="subtle"
          size="compact-sm"
          w="fit-content"
          aria-expanded={showMore}
          aria-controls={showMore ? moreId : undefined}
          onClick={() => setShowMore((open) => !open)}
        >
          {tickedMore && !showMore ? `More events (${tickedMore} ticked)` : 'More events'}
        </Button>
        {showMore && (
          <Stack id={moreId} gap={6}>
            {MORE_EVENTS.map((e) => (
              <Checkbox key={e.value} value={e.value} label={`${e.label} (${e.value})`} />
            ))}
          </Stack>
        )}
      </Stack>
    </Checkbox.Group>
  );
}
