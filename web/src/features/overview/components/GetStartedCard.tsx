import { Anchor, List } from '@mantine/core';
import { Link } from 'react-router';
import { SectionCard } from '../../../ui/SectionCard';

/** Where a new account goes next. */
export function GetStartedCard() {
  return (
    <SectionCard titleId="next-title" title="Get started">
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
    </SectionCard>
  );
}
