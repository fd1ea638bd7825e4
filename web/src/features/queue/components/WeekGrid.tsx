import { CloseButton, Group, List, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { RefObject } from 'react';
import { slotName, WEEKDAYS, weekdayLabel, type Slot } from '../queue';

/**
 * The schedule's week, a column a day from Monday, each slot with its remove button (named after
 * the slot, "Remove monday 09:00"). `buttons` collects those buttons by slot name, so the editor
 * can hand the focus on when one disappears.
 */
export function WeekGrid({ slots, onRemove, buttons }: { slots: Slot[]; onRemove: (slot: Slot) => void; buttons: RefObject<Map<string, HTMLButtonElement>> }) {
  if (slots.length === 0) {
    return <Text c="dimmed">No slots yet. Add a weekday and a time below, then save the schedule.</Text>;
  }
  return (
    <SimpleGrid cols={{ base: 2, xs: 4, md: 7 }} spacing="xs">
      {WEEKDAYS.map((weekday) => {
        const own = slots.filter((s) => s.weekday === weekday);
        return (
          <Paper key={weekday} withBorder p="xs">
            <Title order={3} size="h6" id={`slots-${weekday}`} mb={4}>
              {weekdayLabel(weekday)}
            </Title>
            {own.length === 0 ? (
              <Text size="xs" c="dimmed">
                No slots
              </Text>
            ) : (
              <List listStyleType="none" spacing={2} aria-labelledby={`slots-${weekday}`}>
                {own.map((slot) => (
                  <List.Item key={slot.time}>
                    <Group gap={4} wrap="nowrap">
                      <Text size="sm" ff="monospace">
                        {slot.time}
                      </Text>
                      <CloseButton
                        size="sm"
                        aria-label={`Remove ${slotName(slot)}`}
                        onClick={() => onRemove(slot)}
                        ref={(el) => {
                          if (el) buttons.current.set(slotName(slot), el);
                          else buttons.current.delete(slotName(slot));
                        }}
                      />
                    </Group>
                  </List.Item>
                ))}
              </List>
            )}
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
