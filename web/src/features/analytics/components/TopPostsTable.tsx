import { Anchor, NativeSelect, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMemo, useState } from 'react';
import { formatDateTime } from '../../../ui/format';
import { QueryResult } from '../../../ui/QueryResult';
import { SectionCard } from '../../../ui/SectionCard';
import { useReloadableQuery } from '../../../ui/useReloadableQuery';
import { counter, engagementOf, formatCount, RANK_METRICS } from '../analytics';
import { TopPostsDocument } from '../analytics.documents';

const COUNTERS = RANK_METRICS.filter((m) => m.value !== 'engagement');

/**
 * The account's posts of the range, best first by the chosen metric (the service ranks them on
 * their latest reading and leaves out posts without that counter).
 */
export function TopPostsTable({ platformId, from }: { platformId: string; from: string }) {
  const [metric, setMetric] = useState<string>('engagement');
  const variables = useMemo(() => ({ platformId, from, metric }), [platformId, from, metric]);
  const [result, reload] = useReloadableQuery({ query: TopPostsDocument, variables });
  const label = RANK_METRICS.find((m) => m.value === metric)!.label;
  return (
    <SectionCard titleId="top-posts-title" title="Top posts">
      <Stack gap="sm">
        <NativeSelect
          label="Rank by"
          maw={260}
          data={RANK_METRICS.map((m) => ({ value: m.value, label: m.label }))}
          value={metric}
          onChange={(e) => setMetric(e.currentTarget.value)}
        />
        <QueryResult result={result} loading="Loading top posts" failed="Could not load top posts" onRetry={reload}>
          {({ topPosts }) =>
            topPosts.posts.length === 0 ? (
              <Text size="sm">No posts of this range have {metric === 'engagement' ? 'engagement' : label.toLowerCase()} readings yet.</Text>
            ) : (
              <Table.ScrollContainer minWidth={720}>
                <Table striped captionSide="top">
                  <Table.Caption>Posts by {label.toLowerCase()}, best first (latest readings)</Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Published</Table.Th>
                      <Table.Th scope="col" aria-sort={metric === 'engagement' ? 'descending' : undefined}>
                        Engagement
                      </Table.Th>
                      {COUNTERS.map((c) => (
                        <Table.Th key={c.value} scope="col" aria-sort={metric === c.value ? 'descending' : undefined}>
                          {c.label}
                        </Table.Th>
                      ))}
                      <Table.Th scope="col">Link</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {topPosts.posts.map((post) => (
                      <Table.Tr key={post.postId}>
                        <Table.Th scope="row" fw={400}>
                          {formatDateTime(post.publishedAt)}
                        </Table.Th>
                        <Table.Td>{formatCount(engagementOf(post.latest.values))}</Table.Td>
                        {COUNTERS.map((c) => (
                          <Table.Td key={c.value}>{formatCount(counter(post.latest.values, c.value))}</Table.Td>
                        ))}
                        <Table.Td>
                          {post.publishedUrl ? (
                            <Anchor href={post.publishedUrl} target="_blank" rel="noreferrer noopener">
                              View on {post.platform}
                              <VisuallyHidden> ({formatDateTime(post.publishedAt)})</VisuallyHidden>
                            </Anchor>
                          ) : (
                            '—'
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )
          }
        </QueryResult>
      </Stack>
    </SectionCard>
  );
}
