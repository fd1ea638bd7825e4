import { Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { FormSubmit } from '../../../ui/FormSubmit';
import { SectionCard } from '../../../ui/SectionCard';
import { useSubmit } from '../../../ui/useSubmit';
import { CHANGES_POSTS, editorValues, MAX_SLOTS, slotName, sortSlots, type QueueSchedule, type Slot } from '../queue';
import { SetQueueScheduleDocument } from '../queue.documents';
import { AddSlotForm } from './AddSlotForm';
import { BestTimeSuggestions } from './BestTimeSuggestions';
import { WeekGrid } from './WeekGrid';

/**
 * The account's weekly schedule: the week's slots (added and removed here, kept until saved), its
 * time zone and whether it is paused. "Save schedule" replaces the whole schedule, and the service
 * re-times the queued posts onto it; `onSaved` then reads the queue again.
 */
export function ScheduleEditor({ platformId, schedule, onSaved }: { platformId: string; schedule: QueueSchedule; onSaved: () => void }) {
  const { busy, problem, submit } = useSubmit(SetQueueScheduleDocument, CHANGES_POSTS);
  const form = useForm({
    name: 'queue-schedule',
    initialValues: editorValues(schedule),
    validate: { timeZone: (v) => (v.trim() ? null : 'Enter a time zone, such as Europe/Berlin') },
  });
  const { slots, timeZone } = form.values;
  const removeButtons = useRef(new Map<string, HTMLButtonElement>());
  const weekday = useRef<HTMLSelectElement>(null);
  // A removed slot's button is gone: the focus goes to the next slot's, else the add form.
  const focusAfterRemoval = useRef<string | null>(null);
  useEffect(() => {
    if (focusAfterRemoval.current === null) return;
    const target = removeButtons.current.get(focusAfterRemoval.current) ?? weekday.current;
    focusAfterRemoval.current = null;
    target?.focus();
  });

  const remove = (slot: Slot) => {
    const index = slots.findIndex((s) => slotName(s) === slotName(slot));
    const rest = slots.filter((_, i) => i !== index);
    const next = rest[index] ?? rest[index - 1];
    focusAfterRemoval.current = next ? slotName(next) : '';
    form.setFieldValue('slots', rest);
  };

  return (
    <SectionCard titleId="schedule-title" title="Posting schedule">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {schedule.configured
            ? `Slot times are in the schedule’s time zone, ${timeZone || schedule.timeZone}.`
            : 'This account has no schedule yet: add its slots, check the time zone, and save.'}
        </Text>
        <WeekGrid slots={slots} onRemove={remove} buttons={removeButtons} />
        <BestTimeSuggestions
          platformId={platformId}
          timeZone={editorValues(schedule).timeZone}
          slots={slots}
          onAdd={(slot) => slots.length < MAX_SLOTS && form.setFieldValue('slots', sortSlots([...slots, slot]))}
        />
        <AddSlotForm slots={slots} weekdayRef={weekday} onAdd={(slot) => form.setFieldValue('slots', sortSlots([...slots, slot]))} />
        <form
          onSubmit={form.onSubmit(async (values) => {
            const data = await submit({ platformId, input: { timeZone: values.timeZone.trim(), paused: values.paused, slots: values.slots } });
            if (!data) return;
            const saved = editorValues(data.setQueueSchedule);
            form.setValues(saved);
            form.resetDirty(saved);
            notifications.show({
              color: 'green',
              title: 'Schedule saved',
              message: saved.paused ? 'The queue is paused: its posts are held until you resume it.' : 'Queued posts now go out at its slots, in order.',
            });
            onSaved();
          })}
        >
          <Stack gap="sm" maw={560}>
            <TextInput
              label="Time zone"
              description="An IANA time zone, such as Europe/Berlin: the slots’ times are in it."
              {...form.getInputProps('timeZone')}
            />
            <Switch
              label="Paused"
              description="While paused, queued posts are held as drafts and get no slot."
              {...form.getInputProps('paused', { type: 'checkbox' })}
            />
            {form.isDirty() && (
              <Text size="sm" fw={500}>
                Unsaved changes: save the schedule to use them.
              </Text>
            )}
            <FormSubmit label="Save schedule" busy={busy} problem={problem} problemTitle="The schedule was not saved" />
          </Stack>
        </form>
      </Stack>
    </SectionCard>
  );
}
