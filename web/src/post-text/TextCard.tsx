import { List, Text, Textarea } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { SectionCard } from '../ui/SectionCard';
import type { PlatformCount } from './counts';
import { ReplyChainPreview } from './ReplyChainPreview';

/** The post's text, as a form field (`form.getInputProps('content')`), with each chosen platform's count and reply chain. */
export function TextCard({
  value,
  onChange,
  counts,
  mastodon,
  error,
  autoFocus,
}: {
  value?: string;
  onChange: (event: ChangeEvent<HTMLTextAreaElement>) => void;
  counts: PlatformCount[];
  /** Mastodon is among the chosen platforms: its limit is an assumption, and the card says so. */
  mastodon: boolean;
  /** Why the text cannot be saved (empty, too long), where the form blocks saving for it. */
  error?: string | null;
  /** The field takes the focus when it appears (a form opened in place of what was shown). */
  autoFocus?: boolean;
}) {
  return (
    <SectionCard titleId="text-title" title="Text" gap="xs">
      <Textarea label="Post text" autosize minRows={5} value={value} onChange={onChange} error={error ?? undefined} autoFocus={autoFocus} />
      {counts.length > 0 && (
        <List mt="sm" size="sm" aria-label="Length per platform" spacing={4}>
          {counts.map((c) => (
            <List.Item key={c.platform}>
              <Text span fw={600}>
                {c.label}:
              </Text>{' '}
              {c.length} / {c.limit}
              {c.caption && ' (caption: media attached)'}
              {c.parts && c.parts.length > 1 && ` — goes out as ${c.parts.length} posts (a reply chain)`}
              {c.over && ' — too long'}
            </List.Item>
          ))}
        </List>
      )}
      {mastodon && (
        <Text size="xs" c="dimmed" mt={4}>
          Mastodon is counted against 500 characters, the usual server limit: servers may set their own, which the service does not know.
        </Text>
      )}
      {counts
        .filter((c) => c.parts && c.parts.length > 1)
        .map((c) => (
          <ReplyChainPreview key={c.platform} label={c.label} parts={c.parts!} />
        ))}
    </SectionCard>
  );
}
