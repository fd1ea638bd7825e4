import { Button, Table } from '@mantine/core';
import { askedFor } from '../../../ui/approval';
import { shorten } from '../../../ui/format';
import { ListTable, RowActions } from '../../../ui/ListTable';
import type { AwaitingPost } from '../approvals';

/** Each waiting post: its text, its accounts' platforms, who asked, what they asked for; Approve and Reject for approvers. */
export function AwaitingTable({
  posts,
  decide,
  approving,
  onApprove,
  onReject,
}: {
  posts: AwaitingPost[];
  /** Owner or admin: the buttons. */
  decide: boolean;
  /** The post whose approval is being sent. */
  approving: string | null;
  onApprove: (post: AwaitingPost) => void;
  onReject: (post: AwaitingPost) => void;
}) {
  return (
    <ListTable columns={['Post', 'Platforms', 'Asked by', 'Asked for']} minWidth={760} aria-labelledby="awaiting-title">
      {posts.map((post) => {
        const name = shorten(post.content, 40);
        return (
          <Table.Tr key={post.id}>
            <Table.Th scope="row" fw={400} style={{ whiteSpace: 'pre-wrap', maxWidth: 360 }}>
              {shorten(post.content, 280)}
            </Table.Th>
            <Table.Td>{post.platforms.join(', ')}</Table.Td>
            <Table.Td>{post.approval?.requestedByEmail ?? 'A former member'}</Table.Td>
            <Table.Td>{post.approval ? askedFor(post.approval) : '—'}</Table.Td>
            <Table.Td>
              {decide && (
                <RowActions>
                  <Button size="xs" loading={approving === post.id} onClick={() => onApprove(post)} aria-label={`Approve “${name}”`}>
                    Approve
                  </Button>
                  <Button size="xs" color="red" variant="light" onClick={() => onReject(post)} aria-label={`Reject “${name}”`}>
                    Reject
                  </Button>
                </RowActions>
              )}
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ListTable>
  );
}
