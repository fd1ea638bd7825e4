import { Anchor, Button, Group, Table, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { QueueQuery } from '../../../gql/graphql';
import { formatDateTime, shorten } from '../../../ui/format';
import { ListTable, RowActions } from '../../../ui/ListTable';
import { ProblemAlert } from '../../../ui/ProblemAlert';
import { QueryResult, type QueryStatus } from '../../../ui/QueryResult';
import { SectionCard } from '../../../ui/SectionCard';
import type { Direction, Order } from '../hooks/useQueueActions';

/**
 * The account's queued posts in queue order, each with its time ("Held" while its schedule gives
 * it none) and buttons to move it one place; the queue compacted or shuffled. After a move the
 * focus stays with the moved post's button, which is in another row by then.
 */
export function QueueTable({
  name,
  result,
  onRetry,
  accountNames,
  busy,
  reordering,
  problem,
  onMove,
  onReorder,
}: {
  /** The account's name, which names the table ("Queue of …"). */
  name: string;
  result: QueryStatus<QueueQuery>;
  onRetry: () => void;
  /** Names of the person's accounts by platform id, for posts that go to several. */
  accountNames: Map<string, string>;
  /** A change of the order is under way (moves wait for it). */
  busy: boolean;
  /** Compact or shuffle is under way. */
  reordering: boolean;
  problem: string | null;
  onMove: (postGroupId: string, direction: Direction) => Promise<boolean>;
  onReorder: (order: Order) => void;
}) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  // The moved post and the place it went to: its row is there once the queue is read again.
  const refocus = useRef<{ id: string; direction: Direction; index: number } | null>(null);
  const posts = result.data?.queue.posts;
  useEffect(() => {
    const moved = refocus.current;
    if (!moved || posts?.[moved.index]?.id !== moved.id) return;
    refocus.current = null;
    const same = buttons.current.get(`${moved.id}:${moved.direction}`);
    // At the end of the queue that button is disabled: its row's other one takes the focus.
    const target = same && !same.disabled ? same : buttons.current.get(`${moved.id}:${moved.direction === 'up' ? 'down' : 'up'}`);
    if (target && document.activeElement !== target) target.focus();
  }, [posts]);

  const move = async (id: string, direction: Direction, index: number) => {
    if (busy) return;
    refocus.current = null;
    if (await onMove(id, direction)) refocus.current = { id, direction, index: direction === 'up' ? index - 1 : index + 1 };
  };
  const buttonRef = (key: string) => (el: HTMLButtonElement | null) => {
    if (el) buttons.current.set(key, el);
    else buttons.current.delete(key);
  };

  return (
    <SectionCard titleId="queue-title" title="Queued posts" flush>
      <QueryResult result={result} loading="Loading the queue" failed="Could not load the queue" onRetry={onRetry} m="md">
        {({ queue }) => (
          <>
            <Group px="md" pb="sm" gap="sm">
              <Button variant="default" size="xs" disabled={queue.posts.length === 0} loading={reordering} onClick={() => onReorder('compact')}>
                Compact queue
              </Button>
              <Button variant="default" size="xs" disabled={queue.posts.length < 2} loading={reordering} onClick={() => onReorder('shuffle')}>
                Shuffle queue
              </Button>
              <Text size="xs" c="dimmed">
                Compact moves every post to the earliest free slots, in order; shuffle puts them in a random order.
              </Text>
            </Group>
            <ProblemAlert problem={problem} title="The queue was not changed" mt={0} mb="sm" />
            {queue.posts.length === 0 ? (
              <Text px="md" pb="md" c="dimmed">
                No posts in this queue yet. Write one and choose “Add to queue” on the{' '}
                <Anchor component={Link} to="/compose" underline="always">
                  Compose
                </Anchor>{' '}
                page.
              </Text>
            ) : (
              <ListTable columns={['#', 'Post', 'Goes out']} aria-label={`Queue of ${name}`}>
                {queue.posts.map((post, i) => {
                  const label = shorten(post.content, 24);
                  const others = post.platformIds.filter((id) => id !== queue.platformId).map((id) => accountNames.get(id) ?? id);
                  return (
                    <Table.Tr key={post.id}>
                      <Table.Td>{i + 1}</Table.Td>
                      <Table.Th scope="row" fw={500}>
                        {shorten(post.content, 80)}
                        {others.length > 0 && (
                          <Text size="xs" fw={400}>
                            Also to {others.join(', ')}
                          </Text>
                        )}
                      </Table.Th>
                      <Table.Td>
                        {post.status === 'draft' ? (
                          <>
                            <Text component="span" size="sm" fw={600}>
                              Held
                            </Text>
                            <Text size="xs">until a schedule of its accounts gives it a slot</Text>
                          </>
                        ) : (
                          formatDateTime(post.scheduledTime)
                        )}
                      </Table.Td>
                      <Table.Td>
                        <RowActions>
                          <Button
                            size="xs"
                            variant="default"
                            disabled={i === 0}
                            aria-label={`Move "${label}" up`}
                            ref={buttonRef(`${post.id}:up`)}
                            onClick={() => move(post.id, 'up', i)}
                          >
                            Up
                          </Button>
                          <Button
                            size="xs"
                            variant="default"
                            disabled={i === queue.posts.length - 1}
                            aria-label={`Move "${label}" down`}
                            ref={buttonRef(`${post.id}:down`)}
                            onClick={() => move(post.id, 'down', i)}
                          >
                            Down
                          </Button>
                        </RowActions>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </ListTable>
            )}
          </>
        )}
      </QueryResult>
    </SectionCard>
  );
}
