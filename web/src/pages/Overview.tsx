import { Anchor, Badge, Card, Group, List, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useUser } from '../session';
import { usePageTitle } from './page-title';

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
            {user.plan === 'starter' ? 'Starter includes 3 connected accounts.' : `Connected-account seats: ${user.seats}.`} Usage meters (posts this month,
            connections in use) are coming soon.
          </Text>
        </Card>
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
