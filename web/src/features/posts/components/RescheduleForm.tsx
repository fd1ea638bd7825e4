import { Button, Group } from '@mantine/core';
import { useForm } from '@mantine/form';
import { lazy, Suspense } from 'react';
import { PageLoader } from '../../../ui/PageLoader';

// The date-time picker (@mantine/dates) loads when a post is opened, not with the list: the list's
// first load stays small (the initial-JavaScript budget, docs/dashboard.md).
const PublishAtPicker = lazy(() => import('../../../ui/PublishAtPicker').then((m) => ({ default: m.PublishAtPicker })));

/** A new publish time for a draft or a scheduled post; the picker starts at its current time. */
export function RescheduleForm({
  status,
  scheduledTime,
  busy,
  onReschedule,
}: {
  status: string;
  scheduledTime: string | null;
  busy: boolean;
  onReschedule: (when: string) => void;
}) {
  const form = useForm({ initialValues: { when: null as string | null } });
  const { when } = form.values;
  return (
    <Group align="flex-end">
      <Suspense fallback={<PageLoader label="Loading the date picker" />}>
        <PublishAtPicker value={when ?? scheduledTime} onChange={(value) => form.setFieldValue('when', value)} maw={320} />
      </Suspense>
      <Button onClick={() => when && onReschedule(when)} loading={busy} disabled={!when}>
        {status === 'draft' ? 'Schedule' : 'Reschedule'}
      </Button>
    </Group>
  );
}
