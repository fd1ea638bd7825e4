import { Card, Checkbox, Group, Title } from '@mantine/core';
import type { ComposeConnectionsQuery } from '../../../gql/graphql';

type Connection = ComposeConnectionsQuery['connections'][number];

/** The accounts the post goes to, as a form field (`form.getInputProps('accounts')`): compound platform ids. */
export function AccountsCard({ connections, value, onChange }: { connections: Connection[]; value?: string[]; onChange: (ids: string[]) => void }) {
  return (
    <Card withBorder component="section" aria-labelledby="accounts-title">
      <Checkbox.Group
        label={
          <Title order={2} size="h4" id="accounts-title">
            Accounts
          </Title>
        }
        value={value}
        onChange={onChange}
      >
        <Group mt="xs">
          {connections.map((c) => (
            <Checkbox key={c.platformId} value={c.platformId} label={`${c.displayName ?? c.username} (${c.platform})`} />
          ))}
        </Group>
      </Checkbox.Group>
    </Card>
  );
}
