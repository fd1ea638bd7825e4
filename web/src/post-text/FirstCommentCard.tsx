import { FIRST_COMMENT_PLATFORMS, PLATFORM_CONTENT_RULES } from '@app/rules';
import { Text, Textarea } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { SectionCard } from '../ui/SectionCard';

const TAKERS = FIRST_COMMENT_PLATFORMS.map((p) => PLATFORM_CONTENT_RULES[p].label).join(', ');

/** An optional comment the service posts under the post right after it is published. */
export function FirstCommentCard({
  value,
  onChange,
  problem,
}: {
  value: string;
  onChange: (event: ChangeEvent<HTMLTextAreaElement>) => void;
  /** What the service would refuse (a chosen platform takes no first comment, or it is too long), or null. */
  problem: string | null;
}) {
  return (
    <SectionCard titleId="first-comment-title" title="First comment" gap="xs">
      <Textarea
        label="First comment"
        description={`Optional: posted under the post right after it is published, on ${TAKERS}. Its failure does not fail the post.`}
        autosize
        minRows={2}
        value={value}
        onChange={onChange}
        error={problem ?? undefined}
      />
      {value && !problem && (
        <Text size="xs" c="dimmed" mt={4}>
          {[...value].length} characters
        </Text>
      )}
    </SectionCard>
  );
}
