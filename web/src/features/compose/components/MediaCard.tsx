import { Alert, Box, Button, List, Text } from '@mantine/core';
import { useDropzone } from 'react-dropzone';
import { SectionCard } from '../../../ui/SectionCard';
import { ACCEPTED, type UploadState } from '../media-upload';
import { AttachedMedia, type AltTextProps, type DocumentTitleProps } from './AttachedMedia';
import { WarningAlert } from './WarningAlert';

/** Drop files here or choose them (react-dropzone): each uploads at once, with its progress and a preview. */
export function MediaCard({
  uploads,
  onFiles,
  onRemove,
  problems,
  alt,
  documentTitle,
  missingAltText,
}: {
  uploads: UploadState[];
  onFiles: (files: File[]) => void;
  onRemove: (key: string) => void;
  problems: string[];
  alt: AltTextProps;
  /** A PDF's LinkedIn title, while a LinkedIn account is chosen; null otherwise. */
  documentTitle: DocumentTitleProps | null;
  /** Images without alt text, said without blocking the post; null when every image has one. */
  missingAltText: string | null;
}) {
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    // Refused types are listed with the reason (onFiles says which), not dropped silently.
    onDrop: (accepted, refused) => onFiles([...accepted, ...refused.map((r) => r.file)]),
    accept: Object.fromEntries(ACCEPTED.map((type) => [type, []])),
    multiple: true,
    // The "Choose files" button opens the chooser; the zone itself is for dropping.
    noClick: true,
    noKeyboard: true,
  });
  return (
    <SectionCard titleId="media-title" title="Media" gap="xs">
      <Box
        {...getRootProps({ role: 'group', 'aria-label': 'Drop zone for images and video' })}
        p="md"
        data-drag-active={isDragActive || undefined}
        style={{ border: `2px dashed var(--mantine-color-${isDragActive ? 'blue-8' : 'gray-5'})`, borderRadius: 8, textAlign: 'center' }}
      >
        <input {...getInputProps({ 'aria-label': 'Media files' })} />
        <Text size="sm" mb="xs">
          {isDragActive ? 'Drop the files to upload them' : 'Drop images or a video here, or'}
        </Text>
        <Button variant="default" size="xs" onClick={open}>
          Choose files
        </Button>
      </Box>
      {uploads.length > 0 && <AttachedMedia uploads={uploads} onRemove={onRemove} alt={alt} documentTitle={documentTitle} />}
      {missingAltText && (
        <Alert color="blue" role="status" mt="sm" title="Describe your images">
          {missingAltText}. The post can go out without it.
        </Alert>
      )}
      {problems.length > 0 && (
        <WarningAlert title="Media some platforms will refuse" mt="sm">
          <List size="sm">
            {problems.map((p) => (
              <List.Item key={p}>{p}</List.Item>
            ))}
          </List>
        </WarningAlert>
      )}
    </SectionCard>
  );
}
