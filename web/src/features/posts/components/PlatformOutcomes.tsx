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
  readOnly = false,
}: {
  platformPosts: PlatformPost[];
  /** The person's role cannot retry or unpublish (docs/teams.md): no buttons. */
  readOnly?: boolean;
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
              <Stack gap={4}>
                <Outcome post={pp} />
                {pp.contentOverridden && <OwnText content={pp.content} />}
                {pp.firstComment && <FirstCommentOutcome post={pp} comment={pp.firstComment} />}
              </Stack>
            </Table.Td>
            <Table.Td>
              {readOnly ? (
                <Text size="sm" c="dimmed">
                  —
                </Text>
              ) : (
                <RecoveryAction post={pp} busy={busy} onRetry={onRetry} onUnpublish={onUnpublish} />
              )}
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

/** The account's own text, when it was given one instead of the post's. */
function OwnText({ content }: { content: string }) {
  return (
    <Text size="xs" style={{ whiteSpace: 'pre-wrap' }}>
      Own text: {content}
    </Text>
  );
}

const COMMENT_STATUS_WORDS: Record<string, string> = {
  pending: 'waits for the post to be published',
  processing: 'being posted',
  published: 'posted',
  failed: 'failed',
};

/** The first comment's own outcome: its link once posted, or why it failed and what to do (the post itself stays as it is). */
function FirstCommentOutcome({ post, comment }: { post: PlatformPost; comment: NonNullable<PlatformPost['firstComment']> }) {
  const words = COMMENT_STATUS_WORDS[comment.status] ?? comment.status;
  return (
    <Stack gap={2} aria-label={`First comment on ${post.platformId}`} role="group">
      <Text size="xs">
        First comment: {words}
        {comment.status === 'published' && comment.publishedUrl && (
          <>
            {' · '}
            <Anchor href={comment.publishedUrl} target="_blank" rel="noreferrer noopener" size="xs">
              View the comment on {post.platform}
            </Anchor>
          </>
        )}
      </Text>
      {comment.error && (
        <Text size="xs" c="red.8">
          {comment.error.message} ({comment.error.code}) {comment.error.hint}
        </Text>
      )}
    </Stack>
  );
}
