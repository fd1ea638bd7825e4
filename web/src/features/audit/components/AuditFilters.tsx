import { Group, NativeSelect, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { TIME_ZONE } from '../../../ui/format';
import { ACTOR_TYPES, AUDIT_ACTIONS, type AuditFilterValues } from '../audit';

/** The service's filters: an action (those docs/audit.md lists), the kind of actor, and whole days. */
export function AuditFilters({ form }: { form: UseFormReturnType<AuditFilterValues> }) {
  const { fromDay, toDay } = form.values;
  return (
    <>
      <Group align="flex-end" wrap="wrap">
        <NativeSelect label="Action" data={[{ label: 'Any action', value: '' }, ...AUDIT_ACTIONS]} {...form.getInputProps('action')} />
        <NativeSelect label="Actor" data={[{ label: 'Anyone', value: '' }, ...ACTOR_TYPES]} {...form.getInputProps('actorType')} />
        <TextInput type="date" label="From" max={toDay || undefined} {...form.getInputProps('fromDay')} />
        <TextInput type="date" label="Until" min={fromDay || undefined} {...form.getInputProps('toDay')} />
      </Group>
      {(fromDay || toDay) && (
        <Text size="xs" c="dimmed">
          Days are whole days in {TIME_ZONE}, both included.
        </Text>
      )}
    </>
  );
}
