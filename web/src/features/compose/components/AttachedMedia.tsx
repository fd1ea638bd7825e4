import { Card, CloseButton, Group, Image, Progress, SimpleGrid, Text } from '@mantine/core';
import type { UploadState } from '../media-upload';

/** The files added so far: each with its preview or kind, its upload's progress or refusal, and a remove button. */
export function AttachedMedia({ uploads, onRemove }: { uploads: UploadState[]; onRemove: (key: string) => void }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} mt="sm" aria-label="Attached media" role="list">
      {uploads.map((u) => (
        <Card key={u.key} withBorder padding="xs" role="listitem" aria-label={u.file.name}>
          <Group justify="space-between" wrap="nowrap" gap={4}>
            <Text size="xs" truncate>
              {u.file.name}
            </Text>
            <CloseButton size="sm" aria-label={`Remove ${u.file.name}`} onClick={() => onRemove(u.key)} />
          </Group>
          {u.preview ? <Image src={u.preview} alt={`Preview of ${u.file.name}`} h={80} fit="contain" /> : <Text size="xs">{u.kind}</Text>}
          {u.error ? (
            <Text size="xs" role="alert">
              {u.error}
            </Text>
          ) : (
            <Progress value={u.progress} size="sm" mt={4} aria-label={`Upload of ${u.file.name}`} />
          )}
          {u.mediaId && <Text size="xs">Uploaded</Text>}
        </Card>
      ))}
    </SimpleGrid>
  );
}
