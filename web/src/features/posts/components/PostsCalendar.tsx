import { Anchor, Button, Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import type { CalendarPostsQuery } from '../../../gql/graphql';
import { shorten } from '../../../ui/format';
import { calendarRange, dayKey, stepCalendar, WEEKDAYS, type CalendarMode } from '../calendar';

type CalendarPost = CalendarPostsQuery['posts']['items'][number];

/** A month or week grid (from Monday) with each day's scheduled posts, in the person's time zone. */
export function PostsCalendar({
  mode,
  anchor,
  onAnchor,
  posts,
  onOpen,
}: {
  mode: CalendarMode;
  anchor: Date;
  onAnchor: (d: Date) => void;
  posts: CalendarPost[];
  onOpen: (id: string) => void;
}) {
  const { from, to } = calendarRange(mode, anchor);
  const title =
    mode === 'month'
      ? from.toLocaleDateString(undefined, { month: 'long', year: 'numeric' })
      : `Week of ${from.toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' })}`;
  const fromTime = from.getTime();
  const toTime = to.getTime();
  const days = useMemo(() => {
    const first = new Date(fromTime);
    const out: Array<Date | null> = mode === 'month' ? Array((first.getDay() + 6) % 7).fill(null) : [];
    for (let d = first; d.getTime() < toTime; d = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1)) out.push(d);
    return out;
  }, [mode, fromTime, toTime]);
  const byDay = new Map<string, CalendarPost[]>();
  for (const p of posts) {
    if (!p.scheduledTime) continue;
    const key = dayKey(new Date(p.scheduledTime));
    byDay.set(key, [...(byDay.get(key) ?? []), p]);
  }
  return (
    <Card withBorder component="section" aria-label={`Calendar, ${title}`}>
      <Group justify="space-between" mb="sm">
        <Button variant="default" size="xs" onClick={() => onAnchor(stepCalendar(mode, anchor, -1))}>
          Previous {mode}
        </Button>
        <Title order={2} size="h4">
          {title}
        </Title>
        <Button variant="default" size="xs" onClick={() => onAnchor(stepCalendar(mode, anchor, 1))}>
          Next {mode}
        </Button>
      </Group>
      <SimpleGrid cols={7} spacing={4} visibleFrom="sm">
        {WEEKDAYS.map((d) => (
          <Text key={d} size="xs" fw={600} ta="center">
            {d}
          </Text>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 7 }} spacing={4} mt={4}>
        {days.map((day, i) =>
          day ? (
            <Card
              key={i}
              withBorder
              padding={4}
              mih={mode === 'week' ? 160 : 72}
              component="section"
              aria-label={day.toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long' })}
            >
              <Text size="xs" fw={600}>
                {mode === 'week' ? day.toLocaleDateString(undefined, { weekday: 'short', day: 'numeric' }) : day.getDate()}
              </Text>
              {(byDay.get(dayKey(day)) ?? []).map((p) => (
                <Anchor key={p.id} component="button" type="button" size="xs" display="block" ta="left" onClick={() => onOpen(p.id)}>
                  {new Date(p.scheduledTime!).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })} {shorten(p.content, 24)}
                </Anchor>
              ))}
            </Card>
          ) : (
            <div key={i} aria-hidden />
          ),
        )}
      </SimpleGrid>
    </Card>
  );
}
