import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useMutation } from 'urql';
import { errorMessage } from '../../../api/client';
import { DeletePostDocument } from '../posts.documents';

/** "Delete…", then what goes with the post and the choice: delete it or keep it. */
export function DeletePost({ id, onDeleted, onRefused }: { id: string; onDeleted: () => void; onRefused: (problem: string) => void }) {
  const [{ fetching }, remove] = useMutation(DeletePostDocument);
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <Button color="red" variant="light" onClick={() => setConfirming(true)}>
        Delete…
      </Button>
    );
  }
  return (
    <Group gap="xs">
      <Text size="sm">Delete this post, its platform posts, log and media?</Text>
      <Button
        color="red"
        size="xs"
        loading={fetching}
        onClick={async () => {
          const result = await remove({ id });
          if (result.error) onRefused(errorMessage(result.error));
          else onDeleted();
        }}
      >
        Delete post
      </Button>
      <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
        Keep it
      </Button>
    </Group>
  );
}
