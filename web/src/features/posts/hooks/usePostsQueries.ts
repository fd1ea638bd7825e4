import { useReloadableQuery } from '../../../ui/useReloadableQuery';
import { calendarRange, type CalendarMode } from '../calendar';
import { listFilter, statusAndPlatform, type PostFilterValues } from '../post-filters';
import { CalendarPostsDocument, PostsPageDocument } from '../posts.documents';

export type PostsView = 'list' | CalendarMode;

/**
 * The posts the page shows: the list pages through everything with every filter; the calendar asks
 * for its month or week, by scheduled time, with the status and platform filters. Only the view on
 * screen is asked; `reload` reads it again.
 */
export function usePostsQueries(view: PostsView, filters: PostFilterValues, page: number, anchor: Date) {
  const [list, reloadList] = useReloadableQuery({
    query: PostsPageDocument,
    variables: { filter: listFilter(filters), page, limit: 20 },
    pause: view !== 'list',
  });
  const range = calendarRange(view === 'week' ? 'week' : 'month', anchor);
  const calendarFilter = {
    ...statusAndPlatform(filters),
    fromDate: range.from.toISOString(),
    toDate: range.to.toISOString(),
    sortBy: 'scheduledTime',
    sortOrder: 'asc',
  };
  const [calendar, reloadCalendar] = useReloadableQuery({ query: CalendarPostsDocument, variables: { filter: calendarFilter }, pause: view === 'list' });
  return { list, calendar, reload: view === 'list' ? reloadList : reloadCalendar };
}
