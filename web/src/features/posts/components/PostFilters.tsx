import { PLATFORM_NAMES, POST_GROUP_STATUSES } from '@app/rules';
import { Group, NativeSelect, SegmentedControl, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from 'urql';
import { TIME_ZONE } from '../../../ui/format';
import type { PostsView } from '../hooks/usePostsQueries';
import { SORT_BY, SORT_ORDER, type PostFilterValues } from '../post-filters';
import { FilterPlatformsDocument } from '../posts.documents';
import { statusWords } from '../posts';

const VIEWS = [
  { label: 'List', value: 'list' },
  { label: 'Month', value: 'month' },
  { label: 'Week', value: 'week' },
];

/**
 * The view (list, month, week) and the spec's filters: status and platform for every view; the
 * scheduled days and the order for the list. The days are the browser's own date fields (whole
 * days, no time to pick), so the list does not load the date picker.
 */
export function PostFilters({ view, onView, form }: { view: PostsView; onView: (view: PostsView) => void; form: UseFormReturnType<PostFilterValues> }) {
  const { fromDay, toDay } = form.values;
  // The service's own list (it may have plugin platforms); the spec's eleven until it answers.
  const [{ data }] = useQuery({ query: FilterPlatformsDocument });
  const platforms = data?.connectablePlatforms.map((p) => p.platform) ?? PLATFORM_NAMES;
  return (
    <>
      <Group align="flex-end" wrap="wrap">
        <SegmentedControl aria-label="View" value={view} onChange={(v) => onView(v as PostsView)} data={VIEWS} />
        <NativeSelect
          label="Status"
          data={[{ label: 'Any status', value: '' }, ...POST_GROUP_STATUSES.map((s) => ({ label: statusWords(s), value: s }))]}
          {...form.getInputProps('status')}
        />
        <NativeSelect
          label="Platform"
          data={[{ label: 'Any platform', value: '' }, ...platforms.map((p) => ({ label: p, value: p }))]}
          {...form.getInputProps('platform')}
        />
        {view === 'list' && (
          <>
            <TextInput type="date" label="Scheduled from" max={toDay || undefined} {...form.getInputProps('fromDay')} />
            <TextInput type="date" label="Scheduled until" min={fromDay || undefined} {...form.getInputProps('toDay')} />
            <NativeSelect label="Sort by" data={SORT_BY} {...form.getInputProps('sortBy')} />
            <NativeSelect label="Order" data={SORT_ORDER} {...form.getInputProps('sortOrder')} />
          </>
        )}
      </Group>
      {view === 'list' && (fromDay || toDay) && (
        <Text size="xs" c="dimmed">
          Days are whole days in {TIME_ZONE}; posts without a scheduled time (drafts) are left out.
        </Text>
      )}
    </>
  );
}
