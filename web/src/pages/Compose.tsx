import { Alert, Box, Button, Card, Checkbox, CloseButton, Group, Image, List, Progress, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery } from 'urql';
// The service's own rules and splitter, compiled into the dashboard: the counters and the preview
// are what publishing will do, not a second implementation (docs/dashboard.md).
import { checkCommonRules, checkMediaSizes, codePointLength, PLATFORM_CONTENT_RULES, splitIntoThread, type MediaFacts, type PlatformName } from '@app/rules';
import { ACCEPTED, kindOf, putFile, readPreview, type UploadState } from './media-upload';
import { errorMessage } from '../api/client';
import { graphql } from '../gql';
import { PageLoader } from '../ui/PageLoader';
import { formatDateTime } from '../ui/format';
import { LoadFailed } from '../ui/LoadFailed';
import { usePageTitle } from '../ui/usePageTitle';
import { PublishAtPicker } from '../ui/PublishAtPicker';

const ComposeConnectionsDocument = graphql(`
  query ComposeConnections {
    connections {
      id
      platform
      platformId
      username
      displayName
    }
  }
`);

const CreateUploadUrlDocument = graphql(`
  mutation ComposeUploadUrl($input: CreateUploadUrlInput!) {
    createUploadUrl(input: $input) {
      uploadUrl
      mediaId
    }
  }
`);

const ComposePostDocument = graphql(`
  mutation ComposePost($input: CreatePostInput!) {
    createPost(input: $input) {
      id
      status
      scheduledTime
    }
  }
`);

/** Yellow warnings keep their title in the text colour: Mantine's yellow title is below 4.5:1 (axe). */
const WARNING_STYLES = { title: { color: 'var(--mantine-color-text)' } };

/** One platform's count of the text, in its own unit, against its limit. */
export interface PlatformCount {
  platform: PlatformName;
  label: string;
  length: number;
  limit: number;
  /** The limit is the platform's caption limit, because media is attached (Telegram: 1,024 instead of 4,096). */
  caption: boolean;
  /** X and Threads: the reply chain the text becomes (one part when it fits). */
  parts: string[] | null;
  over: boolean;
}

/** The platform's media problem for these files (counts, kinds, video types, sizes), or null: the service's own checks. */
export function mediaProblemFor(platform: PlatformName, uploads: Array<Pick<UploadState, 'file' | 'kind'>>): string | null {
  const rules = PLATFORM_CONTENT_RULES[platform];
  const media: MediaFacts[] = uploads.map((u) => ({ kind: u.kind, mimeType: u.file.type, size: u.file.size, fileName: u.file.name }));
  // Text length is the counters' business: only the media rules here.
  return checkCommonRules({ ...rules, autoThreads: true }, { content: '', media }) ?? checkMediaSizes(rules, media);
}

/**
 * How each chosen platform counts `content` (pure, from the server's table), as its content check
 * does: in the platform's unit (`measureText`, else code points), against the caption limit when
 * media is attached and the platform has one, else the text limit. Mastodon's limit is the table's
 * 500: the service does not know an instance's own limit (docs/dashboard.md).
 */
export function countFor(platform: PlatformName, content: string, withMedia = false): PlatformCount {
  const rules = PLATFORM_CONTENT_RULES[platform];
  const length = (rules.measureText ?? codePointLength)(content);
  const caption = withMedia && rules.maxCaptionLength !== undefined;
  const limit = caption ? rules.maxCaptionLength! : rules.maxTextLength;
  const parts = rules.autoThreads
    ? length > rules.maxTextLength
      ? splitIntoThread(content, { limit: rules.maxTextLength, measure: rules.measureText })
      : [content]
    : null;
  return { platform, label: rules.label, length, limit, caption, parts, over: !rules.autoThreads && length > limit };
}

export default function ComposePage() {
  usePageTitle('Compose');
  const [{ data, fetching, error }, refetch] = useQuery({ query: ComposeConnectionsDocument });
  const [{ fetching: saving }, createPost] = useMutation(ComposePostDocument);
  const navigate = useNavigate();
  const [content, setContent] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [when, setWhen] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploads, setUploads] = useState<UploadState[]>([]);
  const [, createUploadUrl] = useMutation(CreateUploadUrlDocument);
  const connections = useMemo(() => data?.connections ?? [], [data]);

  const platforms = useMemo(
    () => [...new Set(connections.filter((c) => chosen.includes(c.platformId)).map((c) => c.platform as PlatformName))],
    [connections, chosen],
  );
  // Refused files are not attached: only the others count as the post's media.
  const attached = useMemo(() => uploads.filter((u) => !u.error), [uploads]);
  const withMedia = attached.length > 0;
  const counts = useMemo(() => platforms.map((p) => countFor(p, content, withMedia)), [platforms, content, withMedia]);
  const tooLong = counts.filter((c) => c.over);
  const mediaProblems = withMedia ? platforms.map((p) => mediaProblemFor(p, attached)).filter((m): m is string => !!m) : [];
  const uploading = uploads.some((u) => !u.mediaId && !u.error);

  const update = (key: string, change: Partial<UploadState>) => setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...change } : u)));
  const addFiles = async (files: File[]) => {
    for (const file of files) {
      const key = `${file.name}-${file.size}-${Math.random()}`;
      if (!ACCEPTED.includes(file.type)) {
        setUploads((all) => [
          ...all,
          { key, file, kind: kindOf(file), progress: 0, preview: null, mediaId: null, error: `${file.type || 'This file type'} cannot be posted` },
        ]);
        continue;
      }
      setUploads((all) => [...all, { key, file, kind: kindOf(file), progress: 0, preview: null, mediaId: null, error: null }]);
      void readPreview(file).then((preview) => update(key, { preview }));
      const made = await createUploadUrl({ input: { fileName: file.name, contentType: file.type, type: kindOf(file) } });
      if (made.error) {
        update(key, { error: errorMessage(made.error) });
        continue;
      }
      try {
        await putFile(made.data!.createUploadUrl.uploadUrl, file, (progress) => update(key, { progress }));
        update(key, { progress: 100, mediaId: made.data!.createUploadUrl.mediaId });
      } catch (err) {
        update(key, { error: (err as Error).message });
      }
    }
  };

  const submit = async (mode: 'draft' | 'schedule' | 'now') => {
    setProblem(null);
    const scheduledTime = mode === 'draft' ? null : mode === 'now' ? new Date().toISOString() : when;
    const mediaIds = uploads.filter((u) => u.mediaId).map((u) => u.mediaId!);
    const result = await createPost({ input: { content, platforms: chosen, scheduledTime, ...(mediaIds.length ? { mediaIds } : {}) } });
    if (result.error) return setProblem(errorMessage(result.error));
    const post = result.data!.createPost;
    notifications.show({
      color: 'green',
      title: post.status === 'draft' ? 'Draft saved' : 'Post scheduled',
      message: post.scheduledTime ? `It goes out ${formatDateTime(post.scheduledTime)}.` : 'Schedule it from the Posts page when it is ready.',
    });
    navigate('/posts');
  };

  return (
    <>
      <Title order={1} size="h2" mb="xs">
        Compose
      </Title>
      <Text c="dimmed" mb="lg" maw={720}>
        Write once for every account you choose. Each platform’s counter uses that platform’s own way of counting; long posts on X and Threads become a reply
        chain.
      </Text>
      {fetching && !data ? (
        <PageLoader label="Loading your accounts" />
      ) : error && !data ? (
        <LoadFailed title="Could not load your accounts" error={error} onRetry={() => refetch({ requestPolicy: 'network-only' })} />
      ) : connections.length === 0 ? (
        <Alert color="blue" role="note" title="Connect an account first" maw={720}>
          Posts go to connected accounts. <Link to="/connections">Connect one on the Connections page</Link>.
        </Alert>
      ) : (
        <Stack gap="lg" maw={960}>
          <Card withBorder component="section" aria-labelledby="accounts-title">
            <Checkbox.Group
              label={
                <Title order={2} size="h4" id="accounts-title">
                  Accounts
                </Title>
              }
              value={chosen}
              onChange={setChosen}
            >
              <Group mt="xs">
                {connections.map((c) => (
                  <Checkbox key={c.platformId} value={c.platformId} label={`${c.displayName ?? c.username} (${c.platform})`} />
                ))}
              </Group>
            </Checkbox.Group>
          </Card>
          <Card withBorder component="section" aria-labelledby="text-title">
            <Title order={2} size="h4" id="text-title" mb="xs">
              Text
            </Title>
            <Textarea label="Post text" autosize minRows={5} value={content} onChange={(e) => setContent(e.currentTarget.value)} />
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
            {platforms.includes('mastodon') && (
              <Text size="xs" c="dimmed" mt={4}>
                Mastodon is counted against 500 characters, the usual server limit: servers may set their own, which the service does not know.
              </Text>
            )}
            {counts
              .filter((c) => c.parts && c.parts.length > 1)
              .map((c) => (
                <Card key={c.platform} withBorder mt="sm" padding="sm" component="section" aria-label={`${c.label} reply chain`}>
                  <Text fw={600} size="sm" mb={4}>
                    How {c.label} will show it
                  </Text>
                  <List type="ordered" size="sm" spacing={4}>
                    {c.parts!.map((part, i) => (
                      <List.Item key={i} style={{ whiteSpace: 'pre-wrap' }}>
                        {part}
                      </List.Item>
                    ))}
                  </List>
                </Card>
              ))}
          </Card>
          <MediaCard uploads={uploads} onFiles={addFiles} onRemove={(key) => setUploads((all) => all.filter((u) => u.key !== key))} problems={mediaProblems} />
          <Card withBorder component="section" aria-labelledby="when-title">
            <Title order={2} size="h4" id="when-title" mb="xs">
              When
            </Title>
            <PublishAtPicker value={when} onChange={setWhen} maw={320} />
          </Card>
          {tooLong.length > 0 && (
            <Alert color="yellow" role="alert" title="Too long for some platforms" styles={WARNING_STYLES}>
              Shorten the text for {tooLong.map((c) => c.label).join(', ')}.
            </Alert>
          )}
          {problem && (
            <Alert color="red" role="alert" title="The post was not saved">
              {problem}
            </Alert>
          )}
          <Group>
            <Button variant="default" loading={saving} disabled={!content.trim() || !chosen.length || uploading} onClick={() => submit('draft')}>
              Save draft
            </Button>
            <Button loading={saving} disabled={!content.trim() || !chosen.length || !when || uploading} onClick={() => submit('schedule')}>
              Schedule
            </Button>
            <Button variant="light" loading={saving} disabled={!content.trim() || !chosen.length || uploading} onClick={() => submit('now')}>
              Publish now
            </Button>
          </Group>
        </Stack>
      )}
    </>
  );
}

/** Drop files here or choose them (react-dropzone): each uploads at once, with its progress and a preview. */
function MediaCard({
  uploads,
  onFiles,
  onRemove,
  problems,
}: {
  uploads: UploadState[];
  onFiles: (files: File[]) => void;
  onRemove: (key: string) => void;
  problems: string[];
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
    <Card withBorder component="section" aria-labelledby="media-title">
      <Title order={2} size="h4" id="media-title" mb="xs">
        Media
      </Title>
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
      {uploads.length > 0 && (
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
      )}
      {problems.length > 0 && (
        <Alert color="yellow" role="alert" title="Media some platforms will refuse" mt="sm" styles={WARNING_STYLES}>
          <List size="sm">
            {problems.map((p) => (
              <List.Item key={p}>{p}</List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Card>
  );
}
