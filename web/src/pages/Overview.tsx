import { Anchor, Badge, Card, Group, List, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { graphql } from '../gql';
import type { OverviewUsageQuery } from '../gql/graphql';
import { PageLoader } from '../ui/PageLoader';
import { useUser } from '../session/session';
import { formatDateTime } from '../ui/format';
import { LoadFailed } from '../ui/LoadFailed';
import { usePageTitle } from '../ui/usePageTitle';

const OverviewUsageDocument = graphql(`
  query OverviewUsage {
    usage {
      planName
      periodEnd
      monthlyPosts {
        limit
        scope
        used
        remaining
        byConnection {
          platformId
          used
          remaining
        }
      }
      scheduledPosts {
        limit
        used
        remaining
      }
      connections {
        limit
        used
        remaining
      }
      scheduleHorizonDays
      platforms
    }
  }
`);

type Usage = OverviewUsageQuery['usage'];

const PLAN_NAMES: Record<string, string> = { starter: 'Starter', pro: 'Pro', premium: 'Premium' };

function Allowed({ on, label }: { on: boolean; label: string }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm">{label}</Text>
      <Badge color={on ? 'teal.9' : 'gray.7'} variant="filled" style={{ flexShrink: 0 }}>
        {on ? 'Included' : 'Not included'}
      </Badge>
    </Group>
  );
}

/** The first page after signing in: the plan and what it allows. */
export function OverviewPage() {
  const user = useUser();
  usePageTitle('Overview');
  const plan = PLAN_NAMES[user.plan] ?? user.plan;
  return (
    <>
      <Title order={1} size="h2" mb="lg">
        Overview
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder component="section" aria-labelledby="plan-title">
          <Title order={2} size="h4" id="plan-title" mb="sm">
            Your plan: {plan}
          </Title>
          <List spacing={6} listStyleType="none" mb="sm">
            <List.Item>
              <Allowed on={user.apiAccess} label="REST API keys" />
            </List.Item>
            <List.Item>
              <Allowed on={user.mcpAccess} label="MCP access (AI assistants)" />
            </List.Item>
            <List.Item>
              <Allowed on={user.workspacesEnabled} label="Workspaces (managed users)" />
            </List.Item>
          </List>
          <Text size="sm" c="dimmed">
            {user.plan === 'starter' ? 'Starter includes 3 connected accounts.' : `Connected-account seats: ${user.seats}.`}
          </Text>
        </Card>
        <UsageCard />
        <Card withBorder component="section" aria-labelledby="next-title">
          <Title order={2} size="h4" id="next-title" mb="sm">
            Get started
          </Title>
          <List spacing={6}>
            <List.Item>
              <Anchor component={Link} to="/connections">
                Connect a social account
              </Anchor>
            </List.Item>
            <List.Item>
              <Anchor component={Link} to="/compose">
                Compose a post
              </Anchor>
            </List.Item>
            <List.Item>
              <Anchor component={Link} to="/api-keys">
                Create an API key
              </Anchor>{' '}
              for the REST API and MCP
            </List.Item>
          </List>
        </Card>
      </SimpleGrid>
    </>
  );
}

/**
 * One allowance as a labelled meter: "used of limit" in words for screen readers (the progressbar's
 * value text), the same numbers on screen, and what is left.
 */
function Meter({ label, used, limit }: { label: string; used: number; limit: number }) {
  const percent = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 100;
  const left = Math.max(0, limit - used);
  const full = used >= limit;
  return (
    <div>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm" style={{ flexShrink: 0 }}>
          {used} / {limit}
        </Text>
      </Group>
      <Progress.Root size="md" mt={4}>
        <Progress.Section
          value={percent}
          color={full ? 'red.8' : percent >= 80 ? 'orange.9' : 'blue.8'}
          withAria={false}
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={used}
          aria-valuetext={`${used} of ${limit} used, ${left} left`}
        />
      </Progress.Root>
      <Text size="xs" c="dimmed" mt={2}>
        {full ? 'None left' : `${left} left`}
      </Text>
    </div>
  );
}

/** What the plan allows and how much of it is used: the same numbers the service's limit checks use (`usage`). */
function UsageCard() {
  const [{ data, fetching, error }, refetch] = useQuery({ query: OverviewUsageDocument });
  return (
    <Card withBorder component="section" aria-labelledby="usage-title">
      <Title order={2} size="h4" id="usage-title" mb="sm">
        What is left this month
      </Title>
      {fetching && !data ? (
        <PageLoader label="Loading your usage" />
      ) : error && !data ? (
        <LoadFailed title="Could not load your usage" error={error} onRetry={() => refetch({ requestPolicy: 'network-only' })} />
      ) : data ? (
        <UsageMeters usage={data.usage} />
      ) : null}
    </Card>
  );
}

function UsageMeters({ usage }: { usage: Usage }) {
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
