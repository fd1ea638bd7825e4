import { EmptyState, Title } from '@mantine/core';
import { usePageTitle } from './page-title';

/** A page whose API is not there yet: a plain empty state, never an error. */
export function ComingSoonPage({ title, what }: { title: string; what: string }) {
  usePageTitle(title);
  return (
    <>
      <Title order={1} size="h2" mb="lg">
        {title}
      </Title>
      <EmptyState title="Coming soon" description={`${what}. This page is on its way.`} withIndicatorBackground icon={<span aria-hidden="true">⏳</span>} />
    </>
  );
}
