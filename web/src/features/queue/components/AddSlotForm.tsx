import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState, type RefObject } from 'react';
import { MAX_SLOTS, slotName, WEEKDAYS, weekdayLabel, type Slot } from '../queue';

const WEEKDAY_OPTIONS = WEEKDAYS.map((value) => ({ value, label: weekdayLabel(value) }));

/**
 * Adds a slot to the editor's week (a form of its own: Enter in the time adds it). Nothing is
 * saved until "Save schedule"; a slot already there, or more than the week allows, is refused here
 * with the service's own limit.
 */
export function AddSlotForm({ slots, onAdd, weekdayRef }: { slots: Slot[]; onAdd: (slot: Slot) => void; weekdayRef: RefObject<HTMLSelectElement | null> }) {
  const form = useForm({
    name: 'add-slot',
    initialValues: { weekday: 'monday', time: '09:00' },
    validate: { time: (v) => (/^([01]\d|2[0-3]):[0-5]\d$/.test(v) ? null : 'Enter a time, such as 09:00') },
  });
  // A slot refused as already there: said while it is still chosen and still in the week.
  const [refused, setRefused] = useState<Slot | null>(null);
  const { weekday, time } = form.values;
  const taken = refused && refused.weekday === weekday && refused.time === time && slots.some((s) => s.weekday === weekday && s.time === time);
  return (
    <form
      aria-label="Add slot"
      onSubmit={form.onSubmit((slot) => {
        setRefused(null);
        if (slots.some((s) => s.weekday === slot.weekday && s.time === slot.time)) {
          setRefused(slot);
        } else if (slots.length >= MAX_SLOTS) {
          form.setFieldError('time', `A week has at most ${MAX_SLOTS} slots`);
        } else {
          onAdd(slot);
        }
      })}
    >
      <Group align="flex-start" wrap="wrap">
        <NativeSelect label="Weekday" data={WEEKDAY_OPTIONS} ref={weekdayRef} {...form.getInputProps('weekday')} />
        <TextInput
          type="time"
          label="Time"
          w={140}
          {...form.getInputProps('time')}
          error={taken ? `${slotName(refused)} is already a slot` : form.errors.time}
        />
        <Button type="submit" variant="default" mt={25}>
          Add slot
        </Button>
      </Group>
    </form>
  );
}
