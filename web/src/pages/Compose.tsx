import { Alert, Button, Card, Checkbox, Group, List, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery } from 'urql';
// The server's own rules and splitter, compiled into the dashboard: the counters and the preview
// are what publishing will do, not a second implementation (docs/dashboard.md).
import { PLATFORM_CONTENT_RULES } from '../../../src/platforms/content-rules';
import type { PlatformName } from '../../../src/platforms/platform-adapter';
import { splitIntoThread } from '../../../src/publishing/thread-splitter';
import { errorMessage } from '../api/client';
import { graphql } from '../gql';
import { PageLoader } from '../routes';
import { formatDateTime } from './format';
import { usePageTitle } from './page-title';

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

const ComposePostDocument = graphql(`
  mutation ComposePost($input: CreatePostInput!) {
    createPost(input: $input) {
      id
      status
      scheduledTime
    }
  }
`);

/** One platform's count of the text, in its own unit, against its limit. */
export interface PlatformCount {
  platform: PlatformName;
  label: string;
  length: number;
  limit: number;
  /** X and Threads: the reply chain the text becomes (one part when it fits). */
  parts: string[] | null;
  over: boolean;
}

/** How each chosen platform counts `content` (pure, from the server's table). */
export function countFor(platform: PlatformName, content: string): PlatformCount {
  const rules = PLATFORM_CONTENT_RULES[platform];
  const length = (rules.measureText ?? ((t: string) => [...t].length))(content);
  const parts = rules.autoThreads
    ? length > rules.maxTextLength
      ? splitIntoThread(content, { limit: rules.maxTextLength, measure: rules.measureText })
      : [content]
    : null;
  return { platform, label: rules.label, length, limit: rules.maxTextLength, parts, over: !rules.autoThreads && length > rules.maxTextLength };
}

export default function ComposePage() {
  usePageTitle('Compose');
  const [{ data, fetching, error }] = useQuery({ query: ComposeConnectionsDocument });
  const [{ fetching: saving }, createPost] = useMutation(ComposePostDocument);
  const navigate = useNavigate();
  const [content, setContent] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [when, setWhen] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const connections = useMemo(() => data?.connections ?? [], [data]);

  const platforms = useMemo(
    () => [...new Set(connections.filter((c) => chosen.includes(c.platformId)).map((c) => c.platform as PlatformName))],
    [connections, chosen],
  );
  const counts = useMemo(() => platforms.map((p) => countFor(p, content)), [platforms, content]);
  const tooLong = counts.filter((c) => c.over);

  const submit = async (mode: 'draft' | 'schedule' | 'now') => {
    setProblem(null);
    const scheduledTime = mode === 'draft' ? null : mode === 'now' ? new Date().toISOString() : new Date(when).toISOString();
    const result = await createPost({ input: { content, platforms: chosen, scheduledTime } });
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
        <Alert color="red" role="alert" title="Could not load your accounts">
          {errorMessage(error)}
        </Alert>
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
                    {c.parts && c.parts.length > 1 && ` — goes out as ${c.parts.length} posts (a reply chain)`}
                    {c.over && ' — too long'}
                  </List.Item>
                ))}
              </List>
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
          <Card withBorder component="section" aria-labelledby="when-title">
            <Title order={2} size="h4" id="when-title" mb="xs">
              When
            </Title>
            <TextInput type="datetime-local" label="Publish at (your time zone)" value={when} onChange={(e) => setWhen(e.currentTarget.value)} maw={320} />
          </Card>
          {tooLong.length > 0 && (
            <Alert color="yellow" role="alert" title="Too long for some platforms">
              Shorten the text for {tooLong.map((c) => c.label).join(', ')}.
            </Alert>
          )}
          {problem && (
            <Alert color="red" role="alert" title="The post was not saved">
              {problem}
            </Alert>
          )}
          <Group>
            <Button variant="default" loading={saving} disabled={!content.trim() || !chosen.length} onClick={() => submit('draft')}>
              Save draft
            </Button>
            <Button loading={saving} disabled={!content.trim() || !chosen.length || !when} onClick={() => submit('schedule')}>
              Schedule
            </Button>
            <Button variant="light" loading={saving} disabled={!content.trim() || !chosen.length} onClick={() => submit('now')}>
              Publish now
            </Button>
          </Group>
        </Stack>
      )}
    </>
  );
}
