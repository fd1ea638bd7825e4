import { Anchor, Stack, Table, Text } from '@mantine/core';
import { formatDateTime } from '../../../ui/format';
import type { PlatformPost } from '../posts';
import { RecoveryAction } from './RecoveryAction';

/** Each platform's status, its published link or its error with what to do about it, and Retry or Unpublish where they apply. */
export function PlatformOutcomes({
  platformPosts,
  busy,
  onRetry,
  onUnpublish,
}: {
  platformPosts: PlatformPost[];
  busy: boolean;
  onRetry: (post: PlatformPost, force: boolean) => Promise<void>;
  onUnpublish: (post: PlatformPost) => Promise<void>;
}) {
  return (
    <Table aria-label="Platforms of this post">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Platform</Table.Th>
          <Table.Th scope="col">Status</Table.Th>
          <Table.Th scope="col">Outcome</Table.Th>
          <Table.Th scope="col">Action</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {platformPosts.map((pp) => (
          <Table.Tr key={pp.id}>
            <Table.Th scope="row" fw={400}>
              {pp.platformId}
            </Table.Th>
            <Table.Td>{pp.status}</Table.Td>
            <Table.Td>
              <Outcome post={pp} />
            </Table.Td>
            <Table.Td>
              <RecoveryAction post={pp} busy={busy} onRetry={onRetry} onUnpublish={onUnpublish} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Outcome({ post }: { post: PlatformPost }) {
  if (post.status === 'unpublished') {
    return (
      <Text size="sm">
        Deleted from {post.platform}
        {post.unpublishedAt && <> on {formatDateTime(post.unpublishedAt)}</>}
      </Text>
    );
  }
  if (post.error) {
    return (
      <Stack gap={2}>
        <Text size="sm">
          {post.error.message} ({post.error.code})
        </Text>
        {post.errorCategory && <Text size="xs">Category: {post.errorCategory.replace('_', ' ')}</Text>}
        {post.errorHint && <Text size="xs">{post.errorHint}</Text>}
      </Stack>
    );
  }
  return (
    <Stack gap={2}>
      {post.publishedUrl ? (
        <Anchor href={post.publishedUrl} target="_blank" rel="noreferrer noopener">
          View on {post.platform}
        </Anchor>
      ) : (
        <Text size="sm">—</Text>
      )}
      {post.unpublishError && (
        <Text size="xs" c="red.8">
          Could not unpublish: {post.unpublishError.message} {post.unpublishError.hint}
        </Text>
      )}
    </Stack>
  );
}
