import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { PlatformPost } from '../posts';

const outcomeUnknown = (post: PlatformPost) => post.errorCategory === 'outcome_unknown' || post.error?.code === 'PUBLISH_OUTCOME_UNKNOWN';

/**
 * Retry for a failed platform post, Unpublish for a published one whose platform can delete
 * posts. Both ask first where the step cannot be taken back: an unknown outcome may publish twice,
 * and a deleted post is gone from the platform.
 */
export function RecoveryAction({
  post,
  busy,
  onRetry,
  onUnpublish,
}: {
  post: PlatformPost;
  busy: boolean;
  onRetry: (post: PlatformPost, force: boolean) => Promise<void>;
  onUnpublish: (post: PlatformPost) => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  const act = async (run: () => Promise<void>) => {
    await run();
    setConfirming(false);
  };

  if (post.status === 'failed') {
    if (!outcomeUnknown(post)) {
      return (
        <Button size="xs" variant="light" loading={busy} onClick={() => void onRetry(post, false)} aria-label={`Retry on ${post.platformId}`}>
          Retry
        </Button>
      );
    }
    // Red 9 for both steps, not orange: no orange shade keeps its text at 4.5:1 (axe), and this retry may publish twice.
    if (!confirming) {
      return (
        <Button size="xs" variant="light" color="red.9" disabled={busy} onClick={() => setConfirming(true)} aria-label={`Retry on ${post.platformId}…`}>
          Retry…
        </Button>
      );
    }
    return (
      <Stack gap={4} role="group" aria-label={`Confirm the retry on ${post.platformId}`}>
        <Text size="xs">
          The earlier attempt may have reached {post.platform}: retrying may publish the post twice. Check {post.platform} first.
        </Text>
        <Group gap="xs">
          <Button size="xs" color="red.9" loading={busy} onClick={() => void act(() => onRetry(post, true))}>
            Retry anyway
          </Button>
          <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
            Do not retry
          </Button>
        </Group>
      </Stack>
    );
  }

  if (post.status === 'published') {
    if (!post.canUnpublish) return <Text size="xs">{post.platform} cannot delete posts through its API</Text>;
    if (!confirming) {
      return (
        <Button size="xs" variant="light" color="red" disabled={busy} onClick={() => setConfirming(true)} aria-label={`Unpublish from ${post.platformId}…`}>
          Unpublish…
        </Button>
      );
    }
    return (
      <Stack gap={4} role="group" aria-label={`Confirm unpublishing from ${post.platformId}`}>
        <Text size="xs">Delete this post from {post.platform}? It cannot be brought back.</Text>
        <Group gap="xs">
          <Button size="xs" color="red" loading={busy} onClick={() => void act(() => onUnpublish(post))}>
            Unpublish
          </Button>
          <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
            Keep it
          </Button>
        </Group>
      </Stack>
    );
  }
  return <Text size="xs">—</Text>;
}
