import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, expectFitsScreen, seedConnection, setPlan, signUp, uniqueEmail, watchConsole } from './helpers';

/**
 * The Analytics page against the real collector (ENGAGEMENT_COLLECTION_INTERVAL_MS in the test
 * app): an X account connected through the fake X's OAuth has its followers read (the fake's
 * `GET /2/users/me` public_metrics) within seconds of being connected. A post's first reading is
 * an hour after it goes out, so what needs post readings (a ranked post, best times with enough
 * posts) is shown here from an answer the test gives in the service's place.
 */

const X_ACCOUNT = 'Fake User (twitter)';

async function connectX(page: Page): Promise<void> {
  await setPlan(page, 'pro'); // X is not part of Starter
  await page.goto('/connections');
  await page.getByRole('region', { name: 'X', exact: true }).getByRole('button', { name: 'Connect X' }).click();
  await expect(page.getByText('Account connected')).toBeVisible();
}

/** The followers chart's figure, once the collector's first reading of the account is in (the page read again until it is). */
async function followersFigure(page: Page): Promise<Locator> {
  const figure = page.getByRole('figure', { name: 'Followers per day' });
  await expect(async () => {
    await page.reload();
    await expect(figure).toContainText(/Followers: [\d,.\s]+ on /, { timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
  return figure;
}

const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

/** Presses Tab until `target` has the focus, at most `max` times. */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max && !(await isFocused(target).catch(() => false)); i++) await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}

/** Answers one GraphQL operation with `data` in the service's place, every time; the rest go through. */
async function answerOperation(page: Page, operationName: string, data: unknown): Promise<void> {
  await page.route('**/graphql', async (route) => {
    // fallback, not continue: another operation's handler may still answer it.
    if (route.request().postDataJSON()?.operationName !== operationName) return route.fallback();
    return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data }) });
  });
}

/** A best-times answer with enough posts: Tuesday 09:00 best, then Thursday 18:00, then Monday 12:00. */
const BEST_TIMES = (timeZone: string) => ({
  bestTimes: {
    __typename: 'BestTimes',
    timeZone,
    posts: 14,
    enough: true,
    message: null,
    cells: [
      { weekday: 1, hour: 12, posts: 4, averageEngagement: 7.25 },
      { weekday: 2, hour: 9, posts: 5, averageEngagement: 12.5 },
      { weekday: 4, hour: 18, posts: 3, averageEngagement: 9 },
      { weekday: 6, hour: 22, posts: 2, averageEngagement: 1 },
    ].map((c) => ({ __typename: 'BestTimeCell', ...c })),
  },
});

/** A top-posts answer: one X post, its latest reading without views (X gives none for a text post). */
const TOP_POSTS = {
  topPosts: {
    __typename: 'TopPosts',
    metric: 'engagement',
    posts: [
      {
        __typename: 'TopPost',
        postId: '0123456789abcdef01234567',
        postGroupId: '0123456789abcdef01234568',
        platform: 'twitter',
        publishedUrl: 'https://x.com/fakeuser/status/1790000000000000001',
        publishedAt: '2026-03-03T09:00:00.000Z',
        value: 42,
        latest: {
          __typename: 'MetricReading',
          takenAt: '2026-03-03T10:00:00.000Z',
          values: [
            { name: 'likes', value: 30 },
            { name: 'reposts', value: 8 },
            { name: 'replies', value: 4 },
            { name: 'impressions', value: 1900 },
          ].map((v) => ({ __typename: 'MetricValue', ...v })),
        },
      },
    ],
  },
};

test('an X account: its followers chart read as text and by keyboard, no posts with metrics yet, best times not enough yet', async ({ page }) => {
  test.slow(); // OAuth, then the collector's first reading
  const errors = watchConsole(page);
  await signUp(page, uniqueEmail('analytics'));
  await connectX(page);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Account' })).toHaveValue(/^twitter-/);
  await expect(page.getByRole('combobox', { name: 'Account' }).locator('option:checked')).toHaveText(X_ACCOUNT);
  await expect(page.getByRole('combobox', { name: 'Range' })).toHaveValue('30');

  const figure = await followersFigure(page);
  // The chart is one image, described by the sentence that says what it shows.
  const chart = figure.getByRole('img', { name: 'Followers per day' });
  await expect(chart).toBeVisible();
  const summary = await figure.locator('p').nth(0).innerText();
  await expect(chart).toHaveAccessibleDescription(summary);
  const followers = /Followers: ([\d,.\s]+) on /.exec(summary)![1].trim();

  // The numbers as a table, reached and opened with the keyboard alone.
  const show = page.getByRole('button', { name: 'Show the numbers of Followers per day' });
  await page.getByRole('heading', { name: 'Analytics', level: 1 }).click();
  await tabTo(page, show);
  await expect(show).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  const hide = page.getByRole('button', { name: 'Hide the numbers of Followers per day' });
  await expect(hide).toBeFocused();
  await expect(hide).toHaveAttribute('aria-expanded', 'true');
  const table = page.getByRole('table', { name: 'Followers per day' });
  await expect(table.getByRole('columnheader')).toHaveText(['Day (UTC)', 'Followers']);
  const today = await page.evaluate(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date()));
  await expect(table.getByRole('row', { name: today })).toContainText(followers);

  // No post has been read yet: the engagement chart says so in words, the posts table is empty,
  // and best times need more posts.
  await expect(page.getByRole('figure', { name: 'Engagement per day' })).toContainText('No posts with metrics were published in the last 30 days.');
  await expect(page.getByRole('region', { name: 'Top posts' })).toContainText('No posts of this range have engagement readings yet.');
  const best = page.getByRole('region', { name: 'Best times to post' });
  await expect(best.getByRole('note')).toContainText('Not enough posts yet');
  await expect(best.getByRole('note')).toContainText('Best times need at least 10 published posts with metrics; there are 0 so far');

  // Another range and ranking keep the address and ask the service again.
  await page.getByRole('combobox', { name: 'Range' }).selectOption({ label: 'Last 7 days' });
  await expect(page).toHaveURL(/days=7/);
  await expect(page.getByRole('figure', { name: 'Engagement per day' })).toContainText('in the last 7 days');
  await page.getByRole('combobox', { name: 'Rank by' }).selectOption({ label: 'Impressions' });
  await expect(page.getByRole('region', { name: 'Top posts' })).toContainText('No posts of this range have impressions readings yet.');
  await expectAccessible(page, 'analytics');
  expect(errors).toEqual([]);
});

test('a post’s detail: its Metrics section with the collection state, then its latest numbers and curve with the curve’s table', async ({ page }) => {
  test.slow(); // waits for the scheduler to publish
  const errors = watchConsole(page);
  await signUp(page, uniqueEmail('analytics-post'));
  await connectX(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Compose' }).click();
  await page.getByRole('checkbox', { name: X_ACCOUNT }).check();
  await page.getByRole('textbox', { name: 'Post text' }).fill('A post whose numbers are read.');
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByRole('heading', { name: 'Posts', level: 1 })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('row', { name: /A post whose numbers/ })).toContainText('published', { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  const open = page.getByRole('button', { name: /^Open “A post whose numbers/ });
  await open.click();
  const detail = page.getByRole('dialog', { name: 'Post' });
  await expect(detail.getByRole('heading', { name: 'Metrics' })).toBeVisible();
  const metrics = detail.getByRole('region', { name: /^Metrics on twitter-/ });
  // Its first reading is due an hour after it went out.
  await expect(metrics).toContainText('Collecting: next reading');
  await expect(metrics).toContainText('No readings yet.');
  await expectAccessible(page, 'post detail with metrics');

  // With readings (given in the service's place: the first is an hour away).
  const platformId = (await metrics.getAttribute('aria-label'))!.replace('Metrics on ', '');
  const reading = (takenAt: string, likes: number, reposts: number, impressions: number) => ({
    __typename: 'MetricReading',
    takenAt,
    values: [
      { name: 'likes', value: likes },
      { name: 'reposts', value: reposts },
      { name: 'impressions', value: impressions },
    ].map((v) => ({ __typename: 'MetricValue', ...v })),
  });
  const series = [reading('2026-03-03T10:00:00.000Z', 3, 1, 120), reading('2026-03-03T15:00:00.000Z', 9, 2, 480)];
  await answerOperation(page, 'PostMetrics', {
    postMetrics: {
      __typename: 'PostMetrics',
      postGroupId: '0123456789abcdef01234568',
      posts: [
        {
          __typename: 'PlatformPostMetrics',
          postId: '0123456789abcdef01234567',
          platform: 'twitter',
          platformId,
          collection: 'ended',
          nextCollectionAt: null,
          endedBecause: 'The post was deleted on X',
          lastError: null,
          latest: series[1],
          series,
        },
      ],
    },
  });
  await page.reload();
  await open.click();
  await expect(metrics).toContainText('Ended: The post was deleted on X');
  await expect(metrics.getByRole('table', { name: /^Latest numbers/ }).getByRole('row')).toHaveText(['Likes9', 'Reposts2', 'Impressions480']);
  const curve = metrics.getByRole('figure', { name: `Interactions over time on ${platformId}` });
  await expect(curve.getByRole('img', { name: `Interactions over time on ${platformId}` })).toHaveAccessibleDescription(
    '2 readings since it was published; latest: 9 likes, 2 reposts.',
  );
  await curve.getByRole('button', { name: `Show the numbers of Interactions over time on ${platformId}` }).click();
  await expect(curve.getByRole('table').getByRole('columnheader')).toHaveText(['Taken at', 'Likes', 'Reposts', 'Impressions']);
  await expect(curve.getByRole('table').getByRole('row')).toHaveCount(3);
  await expectAccessible(page, 'post detail with a metrics curve');
  expect(errors).toEqual([]);
});

test('a fresh account: the empty state; no account at all: connect one first', async ({ page }) => {
  const errors = watchConsole(page);
  await signUp(page, uniqueEmail('analytics-empty'));
  await page.goto('/analytics');
  await expect(page.getByRole('note')).toContainText('Connect an account first');
  // A bot token the Telegram fake does not know (its chat's member count cannot be read), and nothing has been published.
  await seedConnection(page, 'telegram', 'empty_news', { externalId: '-1009876543210', accessToken: '123:bot', type: 'bot' });
  await page.reload();
  await expect(page.getByRole('note')).toContainText('No metrics yet: readings start an hour after a post is published');
  // Telegram gives account metrics (the chat's member count): the note says when they are read.
  await expect(page.getByRole('note')).toContainText('The account’s followers are read when it is connected and once a day after');
  await expect(page.getByRole('figure')).toHaveCount(0);
  await expectAccessible(page, 'analytics, empty');
  expect(errors).toEqual([]);
});

test('best times with enough posts: a weekday × hour table in the browser’s zone, each cell’s value in text; the queue suggests the best three as slots', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await signUp(page, uniqueEmail('analytics-best'));
  await connectX(page);
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await answerOperation(page, 'AnalyticsBestTimes', BEST_TIMES(zone));
  await answerOperation(page, 'QueueBestTimes', BEST_TIMES(zone));
  await answerOperation(page, 'AnalyticsTopPosts', TOP_POSTS);

  await page.goto('/analytics');
  await followersFigure(page);
  // The posts table: the ranked column says so; a counter the platform does not give is a dash, not 0.
  const top = page.getByRole('table', { name: 'Posts by engagement, best first (latest readings)' });
  await expect(top.getByRole('columnheader', { name: 'Engagement' })).toHaveAttribute('aria-sort', 'descending');
  await expect(top.getByRole('row').nth(1).getByRole('cell')).toHaveText(['42', '30', '8', '4', '1,900', '—', /View on twitter/]);
  const heatmap = page.getByRole('table', { name: `Average engagement by weekday and hour (${zone})` });
  await expect(heatmap.getByRole('columnheader')).toHaveCount(25);
  await expect(heatmap.getByRole('rowheader')).toHaveText(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
  const tuesday = heatmap.getByRole('row', { name: /^Tuesday/ });
  // Column 0 is the weekday; the hours follow.
  await expect(tuesday.getByRole('cell').nth(9)).toHaveText('12.5 from 5 posts');
  await expect(tuesday.getByRole('cell').nth(10)).toHaveText('·no posts');
  await expect(page.getByRole('region', { name: 'Best times to post' })).toContainText('Best: Tuesday 09:00, 12.5 on average from 5 posts.');
  // Its 24 columns scroll sideways inside a region the keyboard can reach.
  await expect(page.getByRole('region', { name: `Average engagement by weekday and hour (${zone})` })).toHaveAttribute('tabindex', '0');
  await expectAccessible(page, 'analytics, best times');

  // The queue's slot editor: the best three, each added with one click.
  await page.goto('/queue');
  const suggestions = page.getByRole('group', { name: /Suggested from your best times/ });
  await expect(suggestions.getByRole('button')).toHaveText(['Tuesday 09:00', 'Thursday 18:00', 'Monday 12:00']);
  await suggestions.getByRole('button', { name: 'Add Tuesday 09:00 (suggested from your best times)' }).click();
  await expect(page.getByRole('button', { name: 'Remove tuesday 09:00' })).toBeVisible();
  // A slot already in the week is not suggested again.
  await expect(suggestions.getByRole('button')).toHaveText(['Thursday 18:00', 'Monday 12:00']);
  expect(errors).toEqual([]);
});

test('without enough posts the slot editor suggests nothing', async ({ page }) => {
  const errors = watchConsole(page);
  await signUp(page, uniqueEmail('analytics-no-suggest'));
  await seedConnection(page, 'mastodon', 'quiet_masto');
  await page.goto('/queue');
  await expect(page.getByText('No slots yet')).toBeVisible();
  await expect(page.getByText('Suggested from your best times')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test.describe('on a 375 px wide phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the analytics page fits the screen, with its charts, their tables open, and the posts table', async ({ page }) => {
    test.slow();
    const errors = watchConsole(page);
    await signUp(page, uniqueEmail('analytics-phone'));
    await connectX(page);
    await answerOperation(page, 'AnalyticsTopPosts', TOP_POSTS);
    await page.goto('/analytics');
    await followersFigure(page);
    await page.getByRole('button', { name: 'Show the numbers of Followers per day' }).click();
    await page.getByRole('button', { name: 'Show the numbers of Engagement per day' }).click();
    await expect(page.getByRole('table', { name: 'Engagement per day' }).getByRole('row')).toHaveCount(31);
    await expect(page.getByRole('link', { name: /View on twitter/ })).toBeVisible();
    await expectFitsScreen(page);
    await expectAccessible(page, 'analytics at 375 px');
    expect(errors).toEqual([]);
  });
});
