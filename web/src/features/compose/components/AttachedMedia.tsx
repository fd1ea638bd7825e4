import { Card, CloseButton, Group, Image, Progress, SimpleGrid, Text, TextInput } from '@mantine/core';
import { codePointLength, LINKEDIN_DOCUMENT_TITLE_LIMIT } from '@app/rules';
import type { UploadState } from '../media-upload';

/** Alt text beside each image: its text, and the strictest chosen platform's limit it is counted against. */
export interface AltTextProps {
  altTexts: Record<string, string>;
  onAltText: (key: string, altText: string) => void;
  limit: { limit: number; label: string | null };
  problemOf: (altText: string) => string | null;
}

/** A LinkedIn document's title (the post's `linkedin.documentTitle` setting); offered while a LinkedIn account is chosen. */
export interface DocumentTitleProps {
  value: string;
  onChange: (title: string) => void;
  error: string | null;
}

/**
 * The files added so far: each with its preview or kind, its upload's progress or refusal, its alt
 * text (images) or LinkedIn title (a PDF), and a remove button.
 */
export function AttachedMedia({
  uploads,
  onRemove,
  alt,
  documentTitle,
}: {
  uploads: UploadState[];
  onRemove: (key: string) => void;
  alt: AltTextProps;
  documentTitle: DocumentTitleProps | null;
}) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} mt="sm" aria-label="Attached media" role="list">
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
          {u.kind === 'image' && !u.error && <AltTextInput upload={u} alt={alt} />}
          {u.kind === 'document' && !u.error && documentTitle && <DocumentTitleInput upload={u} title={documentTitle} />}
        </Card>
      ))}
    </SimpleGrid>
  );
}

function AltTextInput({ upload, alt }: { upload: UploadState; alt: AltTextProps }) {
  const value = alt.altTexts[upload.key] ?? '';
  const { limit, label } = alt.limit;
  return (
    <TextInput
      mt={6}
      size="xs"
      label={`Alt text for ${upload.file.name}`}
      // Counted in code points, as the platforms count; no maxLength, which counts UTF-16 units.
      description={`${codePointLength(value)} / ${limit}${label ? ` (${label})` : ''}`}
      value={value}
      onChange={(event) => alt.onAltText(upload.key, event.currentTarget.value)}
      error={alt.problemOf(value) ?? undefined}
    />
  );
}

function DocumentTitleInput({ upload, title }: { upload: UploadState; title: DocumentTitleProps }) {
  return (
    <TextInput
      mt={6}
      size="xs"
      label={`LinkedIn title for ${upload.file.name}`}
      description={`${codePointLength(title.value)} / ${LINKEDIN_DOCUMENT_TITLE_LIMIT}. Left empty, the title is the file name.`}
      value={title.value}
      onChange={(event) => title.onChange(event.currentTarget.value)}
      error={title.error ?? undefined}
    />
  );
}
