import { SimpleGrid } from '@mantine/core';
import { PageHeader } from '../../ui/PageHeader';
import { GetStartedCard } from './components/GetStartedCard';
import { PlanCard } from './components/PlanCard';
import { UsageCard } from './components/UsageCard';

/** The first page after signing in: the plan and what it allows. */
export function OverviewPage() {
  return (
    <>
      <PageHeader title="Overview" />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <PlanCard />
        <UsageCard />
        <GetStartedCard />
      </SimpleGrid>
    </>
  );
}
