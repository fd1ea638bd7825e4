import { Button, EmptyState } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from './page-title';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <EmptyState title="Page not found" description="There is no page at this address." mt="xl">
      <EmptyState.Actions>
        <Button component={Link} to="/">
          Go to the overview
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
