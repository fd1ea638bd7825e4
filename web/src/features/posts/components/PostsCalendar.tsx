import { Anchor, Badge, Button, Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import type { CalendarPostsQuery } from '../../../gql/graphql';
import { shorten } from '../../../ui/format';
import { calendarRange, dayKey, stepCalendar, WEEKDAYS, type CalendarMode } from '../calendar';
import type { FreeSlot } from '../hooks/useFreeSlots';

type CalendarPost = CalendarPostsQuery['posts']['items'][number];

/** A day's entries in time order: its posts, and (week view) its free queue slots. */
type DayEntry = { at: number; post: CalendarPost; free?: never } | { at: number; free: FreeSlot; post?: never };

const clock = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * A month or week grid (from Monday) with each day's scheduled posts, in the person's time zone;
 * the week also shows the accounts' free queue slots, muted, where a queued post would go.
 */
export function PostsCalendar({
  mode,
  anchor,
  onAnchor,
  posts,
  freeSlots = [],
  onOpen,
}: {
  mode: CalendarMode;
  anchor: Date;
  onAnchor: (d: Date) => void;
  posts: CalendarPost[];
  /** Shown in week mode only. */
  freeSlots?: FreeSlot[];
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
  const byDay = new Map<string, DayEntry[]>();
  const add = (iso: string, entry: DayEntry) => {
    const key = dayKey(new Date(iso));
    byDay.set(key, [...(byDay.get(key) ?? []), entry]);
  };
  for (const post of posts) if (post.scheduledTime) add(post.scheduledTime, { at: Date.parse(post.scheduledTime), post });
  // Only the days on screen are drawn, so slots outside the week drop out.
  if (mode === 'week') for (const free of freeSlots) add(free.at, { at: Date.parse(free.at), free });
  for (const entries of byDay.values()) entries.sort((a, b) => a.at - b.at);
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
              {(byDay.get(dayKey(day)) ?? []).map(({ post: p, free }) =>
                p ? (
                  <Anchor key={p.id} component="button" type="button" size="xs" display="block" ta="left" onClick={() => onOpen(p.id)}>
                    {clock(p.scheduledTime!)} {shorten(p.content, 24)}
                    {p.fromQueue && (
                      <Badge size="xs" variant="light" ml={4} component="span">
                        Queue
                      </Badge>
                    )}
                  </Anchor>
                ) : (
                  <Text key={`${free.platformId} ${free.at}`} size="xs" c="dimmed">
                    Free slot {clock(free.at)} · {free.account}
                  </Text>
                ),
              )}
            </Card>
          ) : (
            <div key={i} aria-hidden />
          ),
        )}
      </SimpleGrid>
    </Card>
  );
}
