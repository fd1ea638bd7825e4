import { Alert, Anchor, Group, NativeSelect, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../ui/PageHeader';
import { QueryResult } from '../../ui/QueryResult';
import { useReloadableQuery } from '../../ui/useReloadableQuery';
import { accountName, RANGES, rangeStart } from './analytics';
import { AnalyticsConnectionsDocument } from './analytics.documents';
import { AccountAnalytics } from './components/AccountAnalytics';

export default function AnalyticsPage() {
  const [result, reload] = useReloadableQuery({ query: AnalyticsConnectionsDocument });
  // The account and the range are in the address (?account=, ?days=), so a reload or a link keeps them.
  const [params, setParams] = useSearchParams();
  const days = RANGES.find((d) => String(d) === params.get('days')) ?? 30;
  // Today as the page was opened: the range's start stays put while it is shown.
  const [now] = useState(() => Date.now());
  const from = rangeStart(days, now);

  return (
    <>
      <PageHeader
        title="Analytics"
        description="How each connected account grows and how its posts do: followers, engagement (likes, reposts and replies), the best posts and the best times to post, from the numbers its platform gives."
      />
      <QueryResult result={result} loading="Loading your accounts" failed="Could not load your accounts" onRetry={reload}>
        {({ connections }) => {
          if (connections.length === 0) {
            return (
              <Alert color="blue" role="note" title="Connect an account first" maw={720}>
                Metrics are read from a connected account.{' '}
                <Anchor component={Link} to="/connections" underline="always">
                  Connect one on the Connections page
                </Anchor>
                .
              </Alert>
            );
          }
          const chosen = connections.find((c) => c.platformId === params.get('account')) ?? connections[0];
          const choose = (change: Record<string, string>) => setParams({ account: chosen.platformId, days: String(days), ...change }, { replace: true });
          return (
            <Stack gap="lg" maw={1100}>
              <Group align="flex-end" wrap="wrap">
                <NativeSelect
                  label="Account"
                  w={{ base: '100%', xs: 360 }}
                  data={connections.map((c) => ({ value: c.platformId, label: accountName(c) }))}
                  value={chosen.platformId}
                  onChange={(e) => choose({ account: e.currentTarget.value })}
                />
                <NativeSelect
                  label="Range"
                  w={{ base: '100%', xs: 200 }}
                  data={RANGES.map((d) => ({ value: String(d), label: `Last ${d} days` }))}
                  value={String(days)}
                  onChange={(e) => choose({ days: e.currentTarget.value })}
                />
              </Group>
              <AccountAnalytics key={chosen.platformId} platformId={chosen.platformId} from={from} rangeDays={days} />
            </Stack>
          );
        }}
      </QueryResult>
    </>
  );
}
