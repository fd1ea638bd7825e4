import { LineChart } from '@mantine/charts';
import { Alert, Stack, Table, Text, Title } from '@mantine/core';
import { graphql } from '../../../gql';
import type { PostMetricsQuery } from '../../../gql/graphql';
import { ChartFigure } from '../../../ui/ChartFigure';
import { formatDateTime } from '../../../ui/format';
import { QueryResult } from '../../../ui/QueryResult';
import { useReloadableQuery } from '../../../ui/useReloadableQuery';

// Kept beside the section that is its only reader (posts.documents.ts holds the page's own).
export const PostMetricsDocument = graphql(`
  query PostMetrics($id: ID!) {
    postMetrics(id: $id) {
      postGroupId
      posts {
        postId
        platform
        platformId
        collection
        nextCollectionAt
        endedBecause
        lastError {
          message
        }
        latest {
          takenAt
          values {
            name
            value
          }
        }
        series {
          takenAt
          values {
            name
            value
          }
        }
      }
    }
  }
`);

type PlatformPostMetrics = PostMetricsQuery['postMetrics']['posts'][number];

/** The counters the curve draws: the interactions, on one scale (impressions and views dwarf them; they are in the table). */
const CURVE = [
  { name: 'likes', label: 'Likes', color: 'blue.7' },
  { name: 'reposts', label: 'Reposts', color: 'teal.7' },
  { name: 'replies', label: 'Replies', color: 'grape.7' },
];

const numbers = new Intl.NumberFormat();
const counterLabel = (name: string) => (name.charAt(0).toUpperCase() + name.slice(1)).replace(/_/g, ' ');

function collectionWords(p: PlatformPostMetrics): string {
  switch (p.collection) {
    case 'collecting':
      return `Collecting: next reading ${formatDateTime(p.nextCollectionAt, 'soon')}`;
    case 'complete':
      return 'Complete: every reading has been taken';
    case 'ended':
      return `Ended: ${p.endedBecause ?? 'the platform no longer gives this post'}`;
    case 'not_supported':
      return `Not supported: ${p.platform} gives no post metrics`;
    default:
      return 'Not published yet: readings start an hour after it goes out';
  }
}

/** Each platform post's collection state, its latest numbers, and its curve over the readings with a text alternative. */
export function PostMetrics({ id }: { id: string }) {
  const [result, reload] = useReloadableQuery({ query: PostMetricsDocument, variables: { id } });
  return (
    <Stack gap="xs">
      <Title order={2} size="h5">
        Metrics
      </Title>
      <QueryResult result={result} loading="Loading the metrics" failed="Could not load the metrics" onRetry={reload}>
        {({ postMetrics }) => (
          <Stack gap="md">
            {postMetrics.posts.map((p) => (
              <PlatformMetrics key={p.postId} metrics={p} />
            ))}
          </Stack>
        )}
      </QueryResult>
    </Stack>
  );
}

function PlatformMetrics({ metrics: p }: { metrics: PlatformPostMetrics }) {
  const names = [...new Set(p.series.flatMap((r) => r.values.map((v) => v.name)))];
  const curve = CURVE.filter((c) => names.includes(c.name));
  const data = p.series.map((r) => ({
    takenAt: formatDateTime(r.takenAt),
    ...Object.fromEntries(r.values.map((v) => [v.name, v.value])),
  }));
  return (
    <Stack gap={6} component="section" aria-label={`Metrics on ${p.platformId}`}>
      <Text size="sm" fw={600}>
        {p.platformId}
      </Text>
      <Text size="sm">{collectionWords(p)}</Text>
      {p.lastError && (
        <Alert color="orange" role="note" p="xs">
          The last reading failed: {p.lastError.message}
        </Alert>
      )}
      {p.latest ? (
        <>
          <Table.ScrollContainer minWidth={280}>
            <Table captionSide="top" verticalSpacing={2} fz="sm" maw={420}>
              <Table.Caption>Latest numbers ({formatDateTime(p.latest.takenAt)})</Table.Caption>
              <Table.Tbody>
                {p.latest.values.map((v) => (
                  <Table.Tr key={v.name}>
                    <Table.Th scope="row" fw={400}>
                      {counterLabel(v.name)}
                    </Table.Th>
                    <Table.Td>{numbers.format(v.value)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {curve.length > 0 && (
            <ChartFigure
              title={`Interactions over time on ${p.platformId}`}
              summary={`${p.series.length} ${p.series.length === 1 ? 'reading' : 'readings'} since it was published; latest: ${curve
                .map((c) => `${numbers.format(p.latest!.values.find((v) => v.name === c.name)?.value ?? 0)} ${c.label.toLowerCase()}`)
                .join(', ')}.`}
              chart={
                <LineChart h={180} data={data} dataKey="takenAt" series={curve} lineChartProps={{ accessibilityLayer: false }} curveType="linear" withLegend />
              }
              columns={['Taken at', ...names.map(counterLabel)]}
              rows={p.series.map((r) => ({
                key: r.takenAt,
                header: formatDateTime(r.takenAt),
                cells: names.map((n) => {
                  const v = r.values.find((x) => x.name === n);
                  return v ? numbers.format(v.value) : '—';
                }),
              }))}
            />
          )}
        </>
      ) : (
        p.collection !== 'not_supported' && <Text size="sm">No readings yet.</Text>
      )}
    </Stack>
  );
}
