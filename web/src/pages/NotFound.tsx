import { Button, EmptyState, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../ui/usePageTitle';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <>
      <Title order={1} size="h2" mb="lg">
        Page not found
      </Title>
      <EmptyState description="There is no page at this address." align="left">
        <EmptyState.Actions>
          <Button component={Link} to="/">
            Go to the overview
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </>
  );
}
