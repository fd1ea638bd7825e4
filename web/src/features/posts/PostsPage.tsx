import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../ui/PageHeader';
import { QueryResult, type QueryStatus } from '../../ui/QueryResult';
import { RemovalModal } from '../../ui/RemovalModal';
import { useRemovalDialog } from '../../ui/useRemovalDialog';
import { ExportMenu } from './components/ExportMenu';
import { PostDetail } from './components/PostDetail';
import { PostFilters } from './components/PostFilters';
import { PostsCalendar } from './components/PostsCalendar';
import { PostsList } from './components/PostsList';
import { useFreeSlots } from './hooks/useFreeSlots';
import { usePostsQueries, type PostsView } from './hooks/usePostsQueries';
import { isFiltered, NO_FILTERS, type PostFilterValues } from './post-filters';

export default function PostsPage() {
  const [view, setView] = useState<PostsView>('list');
  const [page, setPage] = useState(1);
  const [anchor, setAnchor] = useState(() => new Date());
  // Other filters or another order start again from the first page.
  const filters = useForm<PostFilterValues>({ initialValues: NO_FILTERS, onValuesChange: () => setPage(1) });
  const { list, calendar, reload } = usePostsQueries(view, filters.values, page, anchor);
  // The view on screen: its loading and error states (each view reads its own data).
  const shown: QueryStatus<unknown> = view === 'list' ? list : calendar;
  const freeSlots = useFreeSlots(view === 'week', calendar.data);
  // The open post's id; a deleted post's row is gone, so the focus goes to the page's heading.
  const [pageHeading, detail] = useRemovalDialog<string>(reload);
  // `?post=<id>` (the import's result links to each post it created) opens that post's detail once.
  const [params, setParams] = useSearchParams();
  const linked = params.get('post');
  useEffect(() => {
    if (!linked) return;
    detail.open(linked);
    setParams(
      (p) => {
        p.delete('post');
        return p;
      },
      { replace: true },
    );
  }, [linked]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <>
      <PageHeader
        title="Posts"
        headingRef={pageHeading}
        action={
          <Group gap="sm">
            <ExportMenu filters={filters.values} view={view} />
            <Button component={Link} to="/compose">
              New post
            </Button>
          </Group>
        }
        description="Everything you have drafted, scheduled and published, with each platform’s outcome. Times are shown in your time zone."
      />
      <Stack gap="md" maw={1100}>
        <PostFilters view={view} onView={setView} form={filters} />
        <QueryResult result={shown} loading="Loading posts" failed="Could not load your posts" onRetry={reload}>
          {() =>
            view !== 'list' ? (
              <PostsCalendar
                mode={view}
                anchor={anchor}
                onAnchor={setAnchor}
                posts={calendar.data?.posts.items ?? []}
                freeSlots={freeSlots}
                onOpen={detail.open}
              />
            ) : (
              <PostsList posts={list.data?.posts} filtered={isFiltered(filters.values)} page={page} onPage={setPage} onOpen={detail.open} />
            )
          }
        </QueryResult>
      </Stack>
      <RemovalModal dialog={detail} title="Post" size="xl">
        {(id) => <PostDetail id={id} onClose={detail.close} onChanged={reload} onDeleted={detail.removed} />}
      </RemovalModal>
    </>
  );
}
