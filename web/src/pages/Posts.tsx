import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  NativeSelect,
  Pagination,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Timeline,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useMemo, useState } from 'react';
import { PLATFORM_NAMES, POST_GROUP_STATUSES } from '@app/rules';
import { Link } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { errorMessage } from '../api/client';
import { graphql } from '../gql';
import { PageLoader } from '../ui/PageLoader';
import { formatDateTime, TIME_ZONE } from '../ui/format';
import { RemovalModal } from '../ui/RemovalModal';
import { useRemovalDialog } from '../ui/useRemovalDialog';
import { LoadFailed } from '../ui/LoadFailed';
import { usePageTitle } from '../ui/usePageTitle';

// The date-time picker (@mantine/dates) loads when a post is opened, not with the list: the list's
// first load stays small (the initial-JavaScript budget, docs/dashboard.md).
const PublishAtPicker = lazy(() => import('../ui/PublishAtPicker').then((m) => ({ default: m.PublishAtPicker })));

const PostsPageDocument = graphql(`
  query PostsPage($filter: PostsFilter, $page: Int, $limit: Int) {
    posts(filter: $filter, page: $page, limit: $limit) {
      totalItems
      totalPages
      page
      items {
        id
        content
        status
        scheduledTime
        createdAt
        platforms
      }
    }
  }
`);

// The calendar's month in one page: few fields, so a hundred posts stay within the query cost limit.
const CalendarPostsDocument = graphql(`
  query CalendarPosts($filter: PostsFilter) {
    posts(filter: $filter, page: 1, limit: 100) {
      items {
        id
        content
        status
        scheduledTime
      }
    }
  }
`);

const PostDetailDocument = graphql(`
  query PostDetail($id: ID!) {
    post(id: $id) {
      id
      content
      status
      scheduledTime
      createdAt
      platformPosts {
        id
        platform
        platformId
        status
        publishedUrl
        error {
          code
          message
          retryable
        }
      }
      logs {
        id
        event
        platform
        error
        createdAt
      }
    }
  }
`);

const ReschedulePostDocument = graphql(`
  mutation ReschedulePost($id: ID!, $input: UpdatePostInput!) {
    updatePost(id: $id, input: $input) {
      id
      status
      scheduledTime
    }
  }
`);

const DeletePostDocument = graphql(`
  mutation DeletePost($id: ID!) {
    deletePost(id: $id)
  }
`);

type CalendarPost = { id: string; content: string; scheduledTime?: string | null };

/** What to do about a platform's error code (docs/publishing.md). */
const HINTS: Record<string, string> = {
  PLATFORM_AUTH_EXPIRED: 'Reconnect the account on the Connections page, then schedule the post again.',
  RATE_LIMITED: 'The platform asked to slow down; it is retried automatically.',
  INVALID_CONTENT: 'Change the text or media to fit the platform’s rules.',
  CONTENT_TOO_LARGE: 'Use a smaller file.',
  CONNECTION_DISCONNECTED: 'The account was disconnected; connect it again and reschedule.',
  PUBLISH_OUTCOME_UNKNOWN: 'Check the platform before posting again: it may have gone out.',
};

/** The spec's list orders (list-posts `sortBy`, `sortOrder`). */
const SORT_BY = [
  { label: 'Date created', value: 'createdAt' },
  { label: 'Last updated', value: 'updatedAt' },
  { label: 'Scheduled time', value: 'scheduledTime' },
];
const SORT_ORDER = [
  { label: 'Newest first', value: 'desc' },
  { label: 'Oldest first', value: 'asc' },
];

const short = (text: string, n = 80) => (text.length > n ? `${text.slice(0, n - 1)}…` : text);

/** A `YYYY-MM-DD` day's first or last millisecond in the person's time zone, as an ISO instant. */
function dayEdge(day: string, edge: 'start' | 'end'): string {
  const [y, m, d] = day.split('-').map(Number);
  return (edge === 'start' ? new Date(y, m - 1, d) : new Date(y, m - 1, d, 23, 59, 59, 999)).toISOString();
}

/**
 * The list's filters as the `posts` query takes them. The dates are whole days in the person's time
 * zone: `fromDate` is the first day's start, `toDate` the last day's end (both inclusive, like the spec's).
 */
export function listFilter(f: { status: string; platform: string; fromDay: string; toDay: string; sortBy: string; sortOrder: string }) {
  return {
    ...(f.status ? { status: f.status } : {}),
    ...(f.platform ? { platform: f.platform } : {}),
    ...(f.fromDay ? { fromDate: dayEdge(f.fromDay, 'start') } : {}),
    ...(f.toDay ? { toDate: dayEdge(f.toDay, 'end') } : {}),
    sortBy: f.sortBy,
    sortOrder: f.sortOrder,
  };
}

export default function PostsPage() {
  usePageTitle('Posts');
  const [view, setView] = useState<'list' | CalendarMode>('list');
  const [status, setStatus] = useState('');
  const [platform, setPlatform] = useState('');
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const [sortBy, setSortBy] = useState('createdAt');
  const [sortOrder, setSortOrder] = useState('desc');
  const [page, setPage] = useState(1);
  const [anchor, setAnchor] = useState(() => new Date());
  // The open post's id; a deleted post's row is gone, so the focus goes to the page's heading.
  const [pageHeading, detail] = useRemovalDialog<string>();

  const filters = { ...(status ? { status } : {}), ...(platform ? { platform } : {}) };
  // The list pages through everything; the calendar asks for its month, by scheduled time.
  const listFilters = listFilter({ status, platform, fromDay, toDay, sortBy, sortOrder });
  const [list, refetchList] = useQuery({ query: PostsPageDocument, variables: { filter: listFilters, page, limit: 20 }, pause: view !== 'list' });
  const range = calendarRange(view === 'week' ? 'week' : 'month', anchor);
  const monthFilter = {
    ...filters,
    fromDate: range.from.toISOString(),
    toDate: range.to.toISOString(),
    sortBy: 'scheduledTime',
    sortOrder: 'asc',
  };
  const [calendar, refetchCalendar] = useQuery({ query: CalendarPostsDocument, variables: { filter: monthFilter }, pause: view === 'list' });
  const { data, fetching, error } = view === 'list' ? list : calendar;
  const reload = () => (view === 'list' ? refetchList : refetchCalendar)({ requestPolicy: 'network-only' });
  const posts = list.data?.posts;

  return (
    <>
      <Group justify="space-between" mb="xs">
        <Title order={1} size="h2" ref={pageHeading} tabIndex={-1}>
          Posts
        </Title>
        <Button component={Link} to="/compose">
          New post
        </Button>
      </Group>
      <Text c="dimmed" mb="lg" maw={720}>
        Everything you have drafted, scheduled and published, with each platform’s outcome. Times are shown in your time zone.
      </Text>
      <Stack gap="md" maw={1100}>
        <Group align="flex-end" wrap="wrap">
          <SegmentedControl
            aria-label="View"
            value={view}
            onChange={(v) => setView(v as 'list' | CalendarMode)}
            data={[
              { label: 'List', value: 'list' },
              { label: 'Month', value: 'month' },
              { label: 'Week', value: 'week' },
            ]}
          />
          <NativeSelect
            label="Status"
            value={status}
            onChange={(e) => {
              setStatus(e.currentTarget.value);
              setPage(1);
            }}
            data={[{ label: 'Any status', value: '' }, ...POST_GROUP_STATUSES.map((s) => ({ label: s.replace('_', ' '), value: s }))]}
          />
          <NativeSelect
            label="Platform"
            value={platform}
            onChange={(e) => {
              setPlatform(e.currentTarget.value);
              setPage(1);
            }}
            data={[{ label: 'Any platform', value: '' }, ...PLATFORM_NAMES.map((p) => ({ label: p, value: p }))]}
          />
          {view === 'list' && (
            <>
              <TextInput
                type="date"
                label="Scheduled from"
                value={fromDay}
                max={toDay || undefined}
                onChange={(e) => {
                  setFromDay(e.currentTarget.value);
                  setPage(1);
                }}
              />
              <TextInput
                type="date"
                label="Scheduled until"
                value={toDay}
                min={fromDay || undefined}
                onChange={(e) => {
                  setToDay(e.currentTarget.value);
                  setPage(1);
                }}
              />
              <NativeSelect
                label="Sort by"
                value={sortBy}
                onChange={(e) => {
                  setSortBy(e.currentTarget.value);
                  setPage(1);
                }}
                data={SORT_BY}
              />
              <NativeSelect
                label="Order"
                value={sortOrder}
                onChange={(e) => {
                  setSortOrder(e.currentTarget.value);
                  setPage(1);
                }}
                data={SORT_ORDER}
              />
            </>
          )}
        </Group>
        {view === 'list' && (fromDay || toDay) && (
          <Text size="xs" c="dimmed">
            Days are whole days in {TIME_ZONE}; posts without a scheduled time (drafts) are left out.
          </Text>
        )}
        {fetching && !data ? (
          <PageLoader label="Loading posts" />
        ) : error && !data ? (
          <LoadFailed title="Could not load your posts" error={error} onRetry={reload} />
        ) : view !== 'list' ? (
          <CalendarGrid mode={view} anchor={anchor} onAnchor={setAnchor} posts={calendar.data?.posts.items ?? []} onOpen={detail.open} />
        ) : !posts || posts.items.length === 0 ? (
          <Card withBorder>
            <Text c="dimmed">{status || platform || fromDay || toDay ? 'No posts match these filters.' : 'No posts yet. Write your first one.'}</Text>
          </Card>
        ) : (
          <Card withBorder p={0}>
            <Table.ScrollContainer minWidth={640}>
              <Table striped verticalSpacing="sm" aria-label="Posts">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Post</Table.Th>
                    <Table.Th scope="col">Status</Table.Th>
                    <Table.Th scope="col">Platforms</Table.Th>
                    <Table.Th scope="col">Scheduled for</Table.Th>
                    <Table.Th scope="col">
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {posts.items.map((p) => (
                    <Table.Tr key={p.id}>
                      <Table.Th scope="row" fw={400}>
                        {short(p.content)}
                      </Table.Th>
                      <Table.Td>{p.status.replace('_', ' ')}</Table.Td>
                      <Table.Td>{p.platforms.join(', ')}</Table.Td>
                      <Table.Td>{formatDateTime(p.scheduledTime, '—')}</Table.Td>
                      <Table.Td>
                        <Button size="xs" variant="default" onClick={() => detail.open(p.id)} aria-label={`Open “${short(p.content, 40)}”`}>
                          Open
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {posts.totalPages > 1 && (
              <Group p="md" justify="center">
                <Pagination total={posts.totalPages} value={page} onChange={setPage} aria-label="Post pages" />
              </Group>
            )}
          </Card>
        )}
      </Stack>
      <RemovalModal dialog={detail} title="Post" size="xl">
        {(id) => (
          <PostDetail
            id={id}
            onClose={detail.close}
            onChanged={reload}
            onDeleted={() => {
              detail.removed();
              reload();
            }}
          />
        )}
      </RemovalModal>
    </>
  );
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

export type CalendarMode = 'month' | 'week';

/** The first and the day after the last day a calendar page shows (weeks start on Monday, local time). */
export function calendarRange(mode: CalendarMode, anchor: Date): { from: Date; to: Date } {
  if (mode === 'month') return { from: new Date(anchor.getFullYear(), anchor.getMonth(), 1), to: new Date(anchor.getFullYear(), anchor.getMonth() + 1, 1) };
  const monday = new Date(anchor.getFullYear(), anchor.getMonth(), anchor.getDate() - ((anchor.getDay() + 6) % 7));
  return { from: monday, to: new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + 7) };
}

/** The month or week before or after `anchor`. */
export function stepCalendar(mode: CalendarMode, anchor: Date, by: 1 | -1): Date {
  return mode === 'month'
    ? new Date(anchor.getFullYear(), anchor.getMonth() + by, 1)
    : new Date(anchor.getFullYear(), anchor.getMonth(), anchor.getDate() + 7 * by);
}

const dayKey = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;

/** A month or week grid (from Monday) with each day's scheduled posts, in the person's time zone. */
function CalendarGrid({
  mode,
  anchor,
  onAnchor,
  posts,
  onOpen,
}: {
  mode: CalendarMode;
  anchor: Date;
  onAnchor: (d: Date) => void;
  posts: CalendarPost[];
  onOpen: (id: string) => void;
}) {
  const { from, to } = calendarRange(mode, anchor);
  const title =
    mode === 'month'
      ? from.toLocaleDateString(undefined, { month: 'long', year: 'numeric' })
      : `Week of ${from.toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' })}`;
  const fromTime = from.getTime();
  const toTime = to.getTime();
  const days = useMemo(() => {
    const first = new Date(fromTime);
    const out: Array<Date | null> = mode === 'month' ? Array((first.getDay() + 6) % 7).fill(null) : [];
    for (let d = first; d.getTime() < toTime; d = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1)) out.push(d);
    return out;
  }, [mode, fromTime, toTime]);
  const byDay = new Map<string, CalendarPost[]>();
  for (const p of posts) {
    if (!p.scheduledTime) continue;
    const key = dayKey(new Date(p.scheduledTime));
    byDay.set(key, [...(byDay.get(key) ?? []), p]);
  }
  const unit = mode === 'month' ? 'month' : 'week';
  return (
    <Card withBorder component="section" aria-label={`Calendar, ${title}`}>
      <Group justify="space-between" mb="sm">
        <Button variant="default" size="xs" onClick={() => onAnchor(stepCalendar(mode, anchor, -1))}>
          Previous {unit}
        </Button>
        <Title order={2} size="h4">
          {title}
        </Title>
        <Button variant="default" size="xs" onClick={() => onAnchor(stepCalendar(mode, anchor, 1))}>
          Next {unit}
        </Button>
      </Group>
      <SimpleGrid cols={7} spacing={4} visibleFrom="sm">
        {WEEKDAYS.map((d) => (
          <Text key={d} size="xs" fw={600} ta="center">
            {d}
          </Text>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 7 }} spacing={4} mt={4}>
        {days.map((day, i) =>
          day ? (
            <Card
              key={i}
              withBorder
              padding={4}
              mih={mode === 'week' ? 160 : 72}
              component="section"
              aria-label={day.toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long' })}
            >
              <Text size="xs" fw={600}>
                {mode === 'week' ? day.toLocaleDateString(undefined, { weekday: 'short', day: 'numeric' }) : day.getDate()}
              </Text>
              {(byDay.get(dayKey(day)) ?? []).map((p) => (
                <Anchor key={p.id} component="button" type="button" size="xs" display="block" ta="left" onClick={() => onOpen(p.id)}>
                  {new Date(p.scheduledTime!).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })} {short(p.content, 24)}
                </Anchor>
              ))}
            </Card>
          ) : (
            <div key={i} aria-hidden />
          ),
        )}
      </SimpleGrid>
    </Card>
  );
}

function PostDetail({ id, onClose, onChanged, onDeleted }: { id: string; onClose: () => void; onChanged: () => void; onDeleted: () => void }) {
  const [{ data, fetching, error }, refetch] = useQuery({ query: PostDetailDocument, variables: { id } });
  const [{ fetching: saving }, reschedule] = useMutation(ReschedulePostDocument);
  const [{ fetching: deleting }, remove] = useMutation(DeletePostDocument);
  const [when, setWhen] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const post = data?.post;
  const editable = post && (post.status === 'draft' || post.status === 'scheduled');

  const onReschedule = async () => {
    setProblem(null);
    const result = await reschedule({ id, input: { status: 'scheduled', scheduledTime: when } });
    if (result.error) return setProblem(errorMessage(result.error));
    notifications.show({ color: 'green', message: `Scheduled for ${formatDateTime(result.data!.updatePost.scheduledTime)}` });
    refetch({ requestPolicy: 'network-only' });
    onChanged();
  };

  return (
    <>
      {fetching && !data ? (
        <PageLoader label="Loading the post" />
      ) : error || !post ? (
        <Alert color="red" role="alert" title="Could not load this post">
          {error ? errorMessage(error) : 'It no longer exists.'}
        </Alert>
      ) : (
        <Stack>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{post.content}</Text>
          <Text size="sm">
            Status: <strong>{post.status.replace('_', ' ')}</strong>
            {post.scheduledTime && <> · scheduled for {formatDateTime(post.scheduledTime)}</>}
          </Text>
          <Title order={2} size="h5">
            On each platform
          </Title>
          <Table aria-label="Platforms of this post">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Platform</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Outcome</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {post.platformPosts.map((pp) => (
                <Table.Tr key={pp.id}>
                  <Table.Th scope="row" fw={400}>
                    {pp.platformId}
                  </Table.Th>
                  <Table.Td>{pp.status}</Table.Td>
                  <Table.Td>
                    {pp.publishedUrl ? (
                      <Anchor href={pp.publishedUrl} target="_blank" rel="noreferrer noopener">
                        View on {pp.platform}
                      </Anchor>
                    ) : pp.error ? (
                      <Stack gap={2}>
                        <Text size="sm">
                          {pp.error.message} ({pp.error.code})
                        </Text>
                        {HINTS[pp.error.code] && <Text size="xs">{HINTS[pp.error.code]}</Text>}
                      </Stack>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {editable && (
            <Group align="flex-end">
              <Suspense fallback={<PageLoader label="Loading the date picker" />}>
                <PublishAtPicker value={when ?? post.scheduledTime ?? null} onChange={setWhen} maw={320} />
              </Suspense>
              <Button onClick={onReschedule} loading={saving} disabled={!when}>
                {post.status === 'draft' ? 'Schedule' : 'Reschedule'}
              </Button>
            </Group>
          )}
          {problem && (
            <Alert color="red" role="alert" title="Not changed">
              {problem}
            </Alert>
          )}
          <Title order={2} size="h5">
            Log
          </Title>
          {post.logs.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nothing has happened yet.
            </Text>
          ) : (
            <Timeline bulletSize={14} lineWidth={2} aria-label="Log">
              {post.logs.map((l) => (
                <Timeline.Item key={l.id} title={`${l.event}${l.platform ? ` · ${l.platform}` : ''}`}>
                  <Text size="xs">{formatDateTime(l.createdAt)}</Text>
                  {l.error && <Text size="xs">{l.error}</Text>}
                </Timeline.Item>
              ))}
            </Timeline>
          )}
          <Group justify="space-between">
            {confirmDelete ? (
              <Group gap="xs">
                <Text size="sm">Delete this post, its platform posts, log and media?</Text>
                <Button
                  color="red"
                  size="xs"
                  loading={deleting}
                  onClick={async () => {
                    const result = await remove({ id });
                    if (result.error) setProblem(errorMessage(result.error));
                    else onDeleted();
                  }}
                >
                  Delete post
                </Button>
                <Button size="xs" variant="default" onClick={() => setConfirmDelete(false)}>
                  Keep it
                </Button>
              </Group>
            ) : (
              <Button color="red" variant="light" onClick={() => setConfirmDelete(true)}>
                Delete…
              </Button>
            )}
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      )}
    </>
  );
}
