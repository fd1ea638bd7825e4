import { Text, Timeline } from '@mantine/core';
import type { PostDetailQuery } from '../../../gql/graphql';
import { formatDateTime } from '../../../ui/format';

type LogEntry = NonNullable<PostDetailQuery['post']>['logs'][number];

/** The post's publish log as a timeline. */
export function PostLog({ logs }: { logs: LogEntry[] }) {
  if (logs.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nothing has happened yet.
      </Text>
    );
  }
  return (
    <Timeline bulletSize={14} lineWidth={2} aria-label="Log">
      {logs.map((l) => (
        <Timeline.Item key={l.id} title={`${l.event}${l.platform ? ` · ${l.platform}` : ''}`}>
          <Text size="xs">{formatDateTime(l.createdAt)}</Text>
          {l.error && <Text size="xs">{l.error}</Text>}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
