import { Badge, Group, Stack, Text } from '@mantine/core';
import type { OverviewUsageQuery } from '../../../gql/graphql';
import { formatDateTime } from '../../../ui/format';
import { QueryResult } from '../../../ui/QueryResult';
import { SectionCard } from '../../../ui/SectionCard';
import { useReloadableQuery } from '../../../ui/useReloadableQuery';
import { OverviewUsageDocument } from '../overview.documents';
import { Meter } from './Meter';

/** What the plan allows and how much of it is used: the same numbers the service's limit checks use (`usage`). */
export function UsageCard() {
  const [result, reload] = useReloadableQuery({ query: OverviewUsageDocument });
  return (
    <SectionCard titleId="usage-title" title="What is left this month">
      <QueryResult result={result} loading="Loading your usage" failed="Could not load your usage" onRetry={reload}>
        {(data) => <UsageMeters usage={data.usage} />}
      </QueryResult>
    </SectionCard>
  );
}

function UsageMeters({ usage }: { usage: OverviewUsageQuery['usage'] }) {
  const monthly = usage.monthlyPosts;
  return (
    <Stack gap="sm">
      {monthly.scope === 'account' ? (
        <Meter label="Posts this month" used={monthly.used} limit={monthly.limit} />
      ) : monthly.byConnection.length === 0 ? (
        <Text size="sm">Posts this month: {monthly.limit} for each connected account; none connected yet.</Text>
      ) : (
        <Stack gap="xs" role="group" aria-label={`Posts this month, ${monthly.limit} for each account`}>
          <Text size="sm">
            Posts this month: {monthly.limit} for each connected account ({monthly.used} in all).
          </Text>
          {monthly.byConnection.map((c) => (
            <Meter key={c.platformId} label={`Posts this month on ${c.platformId}`} used={c.used} limit={monthly.limit} />
          ))}
        </Stack>
      )}
      <Meter label="Scheduled posts waiting" used={usage.scheduledPosts.used} limit={usage.scheduledPosts.limit} />
      <Meter label="Connected accounts" used={usage.connections.used} limit={usage.connections.limit} />
      <Text size="sm">
        {usage.scheduleHorizonDays === null || usage.scheduleHorizonDays === undefined
          ? 'Posts can be scheduled any time ahead.'
          : `Posts can be scheduled up to ${usage.scheduleHorizonDays} days ahead.`}
      </Text>
      <div>
        <Text size="sm" id="usage-platforms">
          Platforms on your plan:
        </Text>
        {usage.platforms.length === 0 ? (
          <Text size="sm" c="dimmed">
            None.
          </Text>
        ) : (
          <Group gap={4} mt={4} role="list" aria-labelledby="usage-platforms">
            {usage.platforms.map((p) => (
              <Badge key={p} role="listitem" variant="outline" color="gray.8" tt="none">
                {p}
              </Badge>
            ))}
          </Group>
        )}
      </div>
      <Text size="xs" c="dimmed">
        The monthly count starts again {formatDateTime(usage.periodEnd)}.
      </Text>
    </Stack>
  );
}
