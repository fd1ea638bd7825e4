import { Alert, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { QueryResult } from '../../../ui/QueryResult';
import { useReloadableQuery } from '../../../ui/useReloadableQuery';
import type { AccountAnalytics as AccountAnalyticsData } from '../analytics';
import { AccountAnalyticsDocument } from '../analytics.documents';
import { AccountCharts } from './AccountCharts';
import { BestTimesHeatmap } from './BestTimesHeatmap';
import { TopPostsTable } from './TopPostsTable';

/** Nothing read of the account nor of any post of the range yet. */
const isEmpty = ({ accountMetrics, dailyEngagement }: AccountAnalyticsData) =>
  accountMetrics.days.length === 0 && dailyEngagement.days.every((d) => d.posts === 0);

/** One account over the range: its charts, its top posts and its best times, or the empty state while nothing is read. */
export function AccountAnalytics({ platformId, from, rangeDays }: { platformId: string; from: string; rangeDays: number }) {
  const variables = useMemo(() => ({ platformId, from }), [platformId, from]);
  const [result, reload] = useReloadableQuery({ query: AccountAnalyticsDocument, variables });
  return (
    <QueryResult result={result} loading="Loading metrics" failed="Could not load the metrics" onRetry={reload}>
      {(data) =>
        isEmpty(data) ? (
          <Alert color="blue" role="note" title="No metrics yet: readings start an hour after a post is published" maw={720}>
            {data.accountMetrics.collection === 'not_supported'
              ? 'This platform gives no account metrics; its posts’ numbers appear here once they are read.'
              : 'The account’s followers are read when it is connected and once a day after; each post is read 1 hour, 6 hours, 1, 3, 7 and 30 days after it goes out.'}
            {data.accountMetrics.lastError && ` The last reading failed: ${data.accountMetrics.lastError.message}`}
          </Alert>
        ) : (
          <Stack gap="lg">
            <AccountCharts data={data} rangeDays={rangeDays} />
            <TopPostsTable platformId={platformId} from={from} />
            <BestTimesHeatmap platformId={platformId} from={from} />
          </Stack>
        )
      }
    </QueryResult>
  );
}
