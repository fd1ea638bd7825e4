import { BarChart, LineChart } from '@mantine/charts';
import { Alert, SimpleGrid } from '@mantine/core';
import { ChartFigure } from '../../../ui/ChartFigure';
import { SectionCard } from '../../../ui/SectionCard';
import { followerPoints, formatAxisDay, formatCount, formatDay, trendSentence, type AccountAnalytics } from '../analytics';

/**
 * The account's followers (its daily readings) and the engagement of the posts it published each
 * day over the range, each chart with its text alternative (ChartFigure).
 */
export function AccountCharts({ data, rangeDays }: { data: AccountAnalytics; rangeDays: number }) {
  const { accountMetrics, dailyEngagement } = data;
  const followers = followerPoints(accountMetrics.days);
  const engagement = dailyEngagement.days;
  const totalEngagement = engagement.reduce((sum, d) => sum + d.engagement, 0);
  const totalPosts = engagement.reduce((sum, d) => sum + d.posts, 0);
  const best = engagement.reduce<(typeof engagement)[number] | null>((top, d) => (d.posts && (!top || d.engagement > top.engagement) ? d : top), null);
  return (
    <SectionCard titleId="account-charts-title" title="Followers and engagement">
      {accountMetrics.collection === 'not_supported' && (
        <Alert color="gray" role="note" mb="sm">
          This platform gives no account metrics, so there are no follower counts to show.
        </Alert>
      )}
      {accountMetrics.lastError && (
        <Alert color="orange" role="note" mb="sm" title="The last reading failed">
          {accountMetrics.lastError.message}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ChartFigure
          title="Followers per day"
          summary={trendSentence(
            'followers',
            followers.map((p) => ({ label: formatDay(p.date), value: p.followers })),
          )}
          chart={
            <LineChart
              h={220}
              data={followers}
              dataKey="date"
              series={[{ name: 'followers', label: 'Followers', color: 'blue.7' }]}
              xAxisProps={{ tickFormatter: formatAxisDay }}
              valueFormatter={(v) => formatCount(v)}
              yAxisProps={{ domain: ['auto', 'auto'] }}
              lineChartProps={{ accessibilityLayer: false }}
              curveType="linear"
            />
          }
          columns={['Day (UTC)', 'Followers']}
          rows={followers.map((p) => ({ key: p.date, header: formatDay(p.date), cells: [formatCount(p.followers)] }))}
        />
        <ChartFigure
          title="Engagement per day"
          summary={
            totalPosts
              ? `${formatCount(totalEngagement)} likes, reposts and replies on ${formatCount(totalPosts)} posts published in the last ${rangeDays} days` +
                (best ? `; the best day was ${formatDay(best.date)} with ${formatCount(best.engagement)}.` : '.')
              : `No posts with metrics were published in the last ${rangeDays} days.`
          }
          chart={
            <BarChart
              h={220}
              data={engagement}
              dataKey="date"
              series={[{ name: 'engagement', label: 'Engagement', color: 'teal.7' }]}
              xAxisProps={{ tickFormatter: formatAxisDay }}
              valueFormatter={(v) => formatCount(v)}
              barChartProps={{ accessibilityLayer: false }}
            />
          }
          columns={['Day (UTC)', 'Posts published', 'Engagement']}
          rows={engagement.map((d) => ({ key: d.date, header: formatDay(d.date), cells: [formatCount(d.posts), formatCount(d.engagement)] }))}
        />
      </SimpleGrid>
    </SectionCard>
  );
}
