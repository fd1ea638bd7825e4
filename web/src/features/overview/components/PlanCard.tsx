import { Badge, Group, List, Text } from '@mantine/core';
import { useUser } from '../../../session/session';
import { SectionCard } from '../../../ui/SectionCard';

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

/** The person's plan and what it includes. */
export function PlanCard() {
  const user = useUser();
  return (
    <SectionCard titleId="plan-title" title={`Your plan: ${PLAN_NAMES[user.plan] ?? user.plan}`}>
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
    </SectionCard>
  );
}
