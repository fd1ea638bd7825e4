import { Alert, Box, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMemo } from 'react';
import { TIME_ZONE } from '../../../ui/format';
import { QueryResult } from '../../../ui/QueryResult';
import { SectionCard } from '../../../ui/SectionCard';
import { useReloadableQuery } from '../../../ui/useReloadableQuery';
import { formatCount, HOURS, hourLabel, ISO_WEEKDAYS, type BestTimes } from '../analytics';
import { BestTimesDocument } from '../analytics.documents';

/** Background shades from few to most engagement; text stays dark on each, for contrast. */
const SHADES = ['var(--mantine-color-blue-0)', 'var(--mantine-color-blue-1)', 'var(--mantine-color-blue-2)', 'var(--mantine-color-blue-3)'];

/**
 * When this account's posts did best, weekday × hour in the browser's time zone, as a table: each
 * cell's average engagement is its text (the shade only repeats it). Below the service's minimum
 * of posts it says so instead.
 */
export function BestTimesHeatmap({ platformId, from }: { platformId: string; from: string }) {
  const variables = useMemo(() => ({ platformId, from, timeZone: TIME_ZONE }), [platformId, from]);
  const [result, reload] = useReloadableQuery({ query: BestTimesDocument, variables });
  return (
    <SectionCard titleId="best-times-title" title="Best times to post">
      <QueryResult result={result} loading="Loading best times" failed="Could not load best times" onRetry={reload}>
        {({ bestTimes }) =>
          bestTimes.enough ? (
            <Heatmap bestTimes={bestTimes} />
          ) : (
            <Alert color="blue" role="note" title="Not enough posts yet">
              {bestTimes.message}
            </Alert>
          )
        }
      </QueryResult>
    </SectionCard>
  );
}

function Heatmap({ bestTimes }: { bestTimes: BestTimes }) {
  const cells = new Map(bestTimes.cells.map((c) => [`${c.weekday}:${c.hour}`, c]));
  const max = Math.max(...bestTimes.cells.map((c) => c.averageEngagement), 0);
  const best = [...bestTimes.cells].sort((a, b) => b.averageEngagement - a.averageEngagement)[0];
  const dayOf = (weekday: number) => ISO_WEEKDAYS.find((d) => d.weekday === weekday)!.label;
  return (
    <>
      <Text size="sm" mb="xs">
        Average engagement (likes + reposts + replies) of {formatCount(bestTimes.posts)} posts by the weekday and hour they went out, in {bestTimes.timeZone}.
        {best && ` Best: ${dayOf(best.weekday)} ${hourLabel(best.hour)}, ${formatCount(best.averageEngagement)} on average from ${best.posts} posts.`}
      </Text>
      {/* Focusable so that keyboard users can scroll its 24 columns on a narrow screen. */}
      <Box role="region" aria-labelledby="best-times-caption" tabIndex={0} style={{ overflowX: 'auto' }}>
        <Table withTableBorder withColumnBorders captionSide="top" miw={960} verticalSpacing={4} horizontalSpacing={4} fz="xs">
          <Table.Caption id="best-times-caption">Average engagement by weekday and hour ({bestTimes.timeZone})</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Weekday</Table.Th>
              {HOURS.map((h) => (
                <Table.Th key={h} scope="col" ta="center">
                  {String(h).padStart(2, '0')}
                  <VisuallyHidden>:00</VisuallyHidden>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ISO_WEEKDAYS.map((day) => (
              <Table.Tr key={day.weekday}>
                <Table.Th scope="row">{day.label}</Table.Th>
                {HOURS.map((h) => {
                  const cell = cells.get(`${day.weekday}:${h}`);
                  if (!cell) {
                    return (
                      <Table.Td key={h} ta="center">
                        <span aria-hidden="true">·</span>
                        <VisuallyHidden>no posts</VisuallyHidden>
                      </Table.Td>
                    );
                  }
                  const shade = SHADES[Math.min(SHADES.length - 1, Math.floor((cell.averageEngagement / (max || 1)) * (SHADES.length - 1)))];
                  return (
                    <Table.Td key={h} ta="center" style={{ background: shade }} fw={600}>
                      {formatCount(cell.averageEngagement)}
                      <VisuallyHidden>
                        {' '}
                        from {cell.posts} {cell.posts === 1 ? 'post' : 'posts'}
                      </VisuallyHidden>
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
    </>
  );
}
