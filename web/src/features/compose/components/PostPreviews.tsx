import { Alert, Box, Card, Group, Image, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { SectionCard } from '../../../ui/SectionCard';
import { accountName } from '../../../post-text/texts';
import type { AccountPreview } from '../rich-post';

/**
 * Per chosen account, what will go out: its text as that platform's publisher splits it (a
 * reply chain on X and Threads) or what its checks refuse, its media, a LinkedIn document's title,
 * and the first comment under it (or that the platform takes none).
 */
export function PostPreviews({ previews }: { previews: AccountPreview[] }) {
  if (previews.length === 0) return null;
  return (
    <SectionCard titleId="previews-title" title="Previews" gap="xs">
      <Text size="sm" c="dimmed" mb="sm">
        Each account’s post as publishing will send it, from the same rules the service applies.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {previews.map((p) => (
          <AccountPreviewCard key={p.account.platformId} preview={p} />
        ))}
      </SimpleGrid>
    </SectionCard>
  );
}

function AccountPreviewCard({ preview: p }: { preview: AccountPreview }) {
  const name = accountName(p.account);
  const empty = !p.parts.some((part) => part.trim());
  return (
    <Card withBorder padding="sm" component="section" aria-label={`Preview for ${name} on ${p.label}`}>
      <Group justify="space-between" mb={4} gap="xs">
        <Text fw={600} size="sm">
          {name} on {p.label}
        </Text>
        {p.customized && (
          <Text size="xs" c="dimmed">
            Own text
          </Text>
        )}
      </Group>
      <Stack gap="xs">
        {empty ? (
          <Text size="sm" c="dimmed">
            No text yet.
          </Text>
        ) : p.parts.length > 1 ? (
          <Box>
            <Text size="xs" c="dimmed">
              Goes out as {p.parts.length} posts, each a reply to the one before:
            </Text>
            <List type="ordered" size="sm" spacing={4} aria-label={`Posts of the reply chain on ${p.label}`}>
              {p.parts.map((part, i) => (
                <List.Item key={i} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {part}
                </List.Item>
              ))}
            </List>
          </Box>
        ) : (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {p.parts[0]}
          </Text>
        )}
        {p.refusal && (
          <Alert color="yellow" p="xs" role="note" title={`${p.label} will refuse this`} styles={{ title: { color: 'var(--mantine-color-text)' } }}>
            {p.refusal}
          </Alert>
        )}
        {!p.known && (
          <Text size="xs" c="dimmed">
            The service checks {p.account.platform} posts when they are saved.
          </Text>
        )}
        <PreviewMedia preview={p} />
        {p.documentTitle !== null && <Text size="sm">Document: {p.documentTitle}</Text>}
        {p.firstComment !== null &&
          (p.firstCommentTaken ? (
            <Box pl="sm" style={{ borderLeft: '3px solid var(--mantine-color-gray-4)' }}>
              <Text size="xs" c="dimmed">
                First comment
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {p.firstComment}
              </Text>
            </Box>
          ) : (
            <Text size="xs" c="red.8">
              {p.label} takes no first comment.
            </Text>
          ))}
      </Stack>
    </Card>
  );
}

function PreviewMedia({ preview: p }: { preview: AccountPreview }) {
  const { first, count, carousel } = p.media;
  if (!first) return null;
  const what = first.kind === 'video' ? 'video' : 'image';
  return (
    <Box>
      {first.preview ? (
        <Image src={first.preview} alt={`First ${what} of the post on ${p.label}: ${first.file.name}`} h={96} w="auto" fit="contain" radius="sm" />
      ) : (
        <Text size="xs">
          {what}: {first.file.name}
        </Text>
      )}
      {count > 1 && (
        <Text size="xs" c="dimmed">
          {carousel ? `Carousel of ${count} items` : `${count} files`}
        </Text>
      )}
    </Box>
  );
}
