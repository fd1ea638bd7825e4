import { Badge, Button, Card, Group, Pagination, Table, Text } from '@mantine/core';
import type { PostsPageQuery } from '../../../gql/graphql';
import { formatDateTime, shorten } from '../../../ui/format';
import { ListTable } from '../../../ui/ListTable';
import { approvalBadge, statusWords } from '../posts';

/** One page of the list, with paging; or why it is empty. */
export function PostsList({
  posts,
  filtered,
  page,
  onPage,
  onOpen,
}: {
  posts: PostsPageQuery['posts'] | undefined;
  /** Some filter is set: an empty page says that nothing matches, not that there is nothing. */
  filtered: boolean;
  page: number;
  onPage: (page: number) => void;
  onOpen: (id: string) => void;
}) {
  if (!posts || posts.items.length === 0) {
    return (
      <Card withBorder>
        <Text c="dimmed">{filtered ? 'No posts match these filters.' : 'No posts yet. Write your first one.'}</Text>
      </Card>
    );
  }
  return (
    <Card withBorder p={0}>
      <ListTable columns={['Post', 'Status', 'Platforms', 'Scheduled for']} minWidth={640} aria-label="Posts">
        {posts.items.map((p) => {
          const approval = approvalBadge(p.approval);
          return (
            <Table.Tr key={p.id}>
              <Table.Th scope="row" fw={400}>
                {shorten(p.content)}
              </Table.Th>
              <Table.Td>
                {statusWords(p.status)}
                {approval && (
                  <Badge
                    display="block"
                    mt={4}
                    h="auto"
                    py={2}
                    maw={260}
                    color={approval.color}
                    variant="light"
                    tt="none"
                    // A rejection's comment wraps; the text colour keeps it above 4.5:1 on the light badge.
                    styles={{ label: { color: 'var(--mantine-color-text)', whiteSpace: 'normal', overflow: 'visible' } }}
                  >
                    {shorten(approval.label, 90)}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{p.platforms.join(', ')}</Table.Td>
              <Table.Td>{formatDateTime(p.scheduledTime, '—')}</Table.Td>
              <Table.Td>
                <Button size="xs" variant="default" onClick={() => onOpen(p.id)} aria-label={`Open “${shorten(p.content, 40)}”`}>
                  Open
                </Button>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </ListTable>
      {posts.totalPages > 1 && (
        <Group p="md" justify="center">
          <Pagination total={posts.totalPages} value={page} onChange={onPage} aria-label="Post pages" />
        </Group>
      )}
    </Card>
  );
}
