/** The list's filters and order, as the person chooses them. */
export interface PostFilterValues {
  status: string;
  platform: string;
  /** `YYYY-MM-DD`, or '' for no bound. */
  fromDay: string;
  toDay: string;
  sortBy: string;
  sortOrder: string;
}

export const NO_FILTERS: PostFilterValues = { status: '', platform: '', fromDay: '', toDay: '', sortBy: 'createdAt', sortOrder: 'desc' };

/** The spec's list orders (list-posts `sortBy`, `sortOrder`). */
export const SORT_BY = [
  { label: 'Date created', value: 'createdAt' },
  { label: 'Last updated', value: 'updatedAt' },
  { label: 'Scheduled time', value: 'scheduledTime' },
];
export const SORT_ORDER = [
  { label: 'Newest first', value: 'desc' },
  { label: 'Oldest first', value: 'asc' },
];

/** A `YYYY-MM-DD` day's first or last millisecond in the person's time zone, as an ISO instant. */
function dayEdge(day: string, edge: 'start' | 'end'): string {
  const [y, m, d] = day.split('-').map(Number);
  return (edge === 'start' ? new Date(y, m - 1, d) : new Date(y, m - 1, d, 23, 59, 59, 999)).toISOString();
}

/** The status and platform filters, which the calendar applies too. */
export function statusAndPlatform(f: Pick<PostFilterValues, 'status' | 'platform'>) {
  return { ...(f.status ? { status: f.status } : {}), ...(f.platform ? { platform: f.platform } : {}) };
}

/**
 * The list's filters as the `posts` query takes them. The dates are whole days in the person's time
 * zone: `fromDate` is the first day's start, `toDate` the last day's end (both inclusive, like the spec's).
 */
export function listFilter(f: PostFilterValues) {
  return {
    ...statusAndPlatform(f),
    ...(f.fromDay ? { fromDate: dayEdge(f.fromDay, 'start') } : {}),
    ...(f.toDay ? { toDate: dayEdge(f.toDay, 'end') } : {}),
    sortBy: f.sortBy,
    sortOrder: f.sortOrder,
  };
}

/** Whether any filter narrows the list (its empty state then says so). */
export const isFiltered = (f: PostFilterValues) => !!(f.status || f.platform || f.fromDay || f.toDay);

/**
 * The export's query (`GET /bulk/export-posts`): the format and the filters the page shows; the
 * scheduled days and the order only in the list (the calendar applies status and platform).
 */
export function exportQuery(format: 'csv' | 'json', f: PostFilterValues, list: boolean): string {
  const filter: Record<string, string> = list ? listFilter(f) : statusAndPlatform(f);
  return new URLSearchParams({ format, ...filter }).toString();
}
