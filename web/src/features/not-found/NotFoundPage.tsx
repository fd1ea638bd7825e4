import { Button, EmptyState } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../ui/PageHeader';

export function NotFoundPage() {
  return (
    <>
      <PageHeader title="Page not found" />
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
