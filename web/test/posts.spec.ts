import { expect, test, type Page } from '@playwright/test';
import { FAKE_ACCOUNTS, fakeControlURL } from '../playwright.config';
import { expectAccessible, screenshot, seedConnection, setPlan, signUp, uniqueEmail, watchConsole } from './helpers';
import { localDay, pickDateTime } from './pickers';

/** A 1×1 PNG (the service checks that the bytes are what the type says). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const LONG = Array.from({ length: 12 }, (_, i) => `Sentence number ${i + 1} of a long announcement about our spring release.`).join(' ');

test('compose with live counters and the reply-chain preview, save a draft, schedule one, find both in the list, filter, calendar, detail, reschedule, delete', async ({
  page,
}) => {
  test.slow(); // the longest journey: more than the default 45 s on a busy machine
  const errors = watchConsole(page);
  await signUp(page, uniqueEmail('posts'));
  // X is not part of Starter: this person is on Pro, with room for two accounts.
  await setPlan(page, 'pro');

  // Without accounts, the composer says what to do first.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Compose' }).click();
  await expect(page.getByText('Connect an account first')).toBeVisible();
  const x = await seedConnection(page, 'twitter', 'acme_x');
  await seedConnection(page, 'linkedin', 'Acme LinkedIn');
  await page.reload();

  await page.getByRole('checkbox', { name: 'acme_x (twitter)' }).check();
  await page.getByRole('checkbox', { name: 'Acme LinkedIn (linkedin)' }).check();
  await page.getByRole('textbox', { name: 'Post text' }).fill('Hello https://example.com/a/very/long/link/that/counts/as/twenty/three');
  const counters = page.getByRole('list', { name: 'Length per platform' });
  // The service's own counts (reference notes: X counts a link at its literal length, an emoji 2).
  await expect(counters).toContainText('Twitter/X: 70 / 280');
  await expect(counters).toContainText('LinkedIn: 70 / 3000');
  await page.getByRole('textbox', { name: 'Post text' }).fill('Launch 🚀');
  await expect(counters).toContainText('Twitter/X: 9 / 280');
  await expect(counters).toContainText('LinkedIn: 8 / 3000');

  await page.getByRole('textbox', { name: 'Post text' }).fill(LONG);
  await expect(counters).toContainText(/Twitter\/X: \d+ \/ 280 — goes out as [2-9] posts/);
  const chain = page.getByRole('region', { name: 'Twitter/X reply chain' });
  await expect(chain.getByRole('listitem').first()).toContainText('(1/');

  // Media: uploaded at once with its progress and a preview; a file no platform takes is refused.
  await page.getByLabel('Media files').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
  const photo = page.getByRole('listitem', { name: 'photo.png' });
  await expect(photo.getByText('Uploaded')).toBeVisible();
  await expect(photo.getByRole('img', { name: 'Preview of photo.png' })).toBeVisible();
  await page.getByLabel('Media files').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
  await expect(page.getByRole('listitem', { name: 'notes.txt' }).getByRole('alert')).toContainText('text/plain cannot be posted');
  await page.getByRole('button', { name: 'Remove notes.txt' }).click();
  await expectAccessible(page, 'compose');
  await screenshot(page, 'dashboard-compose');

  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('heading', { name: 'Posts', level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: /Sentence number 1/ })).toContainText('draft');

  // A second post, scheduled for tomorrow at 10:00 local time, on X only.
  const tomorrow = localDay(1);
  await page.getByRole('link', { name: 'New post' }).click();
  await page.getByRole('checkbox', { name: 'acme_x (twitter)' }).check();
  await page.getByRole('textbox', { name: 'Post text' }).fill('Launch day!');
  await pickDateTime(page, page, tomorrow);
  await page.getByRole('button', { name: 'Schedule' }).click();
  const scheduledRow = page.getByRole('row', { name: /Launch day!/ });
  await expect(scheduledRow).toContainText('scheduled');
  await expectAccessible(page, 'posts list');
  await screenshot(page, 'dashboard-posts');

  // The spec's filters.
  await page.getByRole('combobox', { name: 'Status' }).selectOption('scheduled');
  await expect(page.getByRole('row', { name: /Launch day!/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Sentence number 1/ })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Status' }).selectOption('');
  await page.getByRole('combobox', { name: 'Platform' }).selectOption('linkedin');
  await expect(page.getByRole('row', { name: /Sentence number 1/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Launch day!/ })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Platform' }).selectOption('');

  // The calendar shows the scheduled post on its day.
  const dayName = tomorrow.date.toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long' });
  await page.getByRole('radiogroup', { name: 'View' }).getByText('Week', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Week' })).toBeChecked();
  if (tomorrow.date.getDay() === 1) await page.getByRole('button', { name: 'Next week' }).click(); // tomorrow starts the next week
  await expect(page.getByRole('region', { name: dayName }).getByRole('button', { name: /Launch day!/ })).toBeVisible();
  await expectAccessible(page, 'posts week');
  await page.getByRole('radiogroup', { name: 'View' }).getByText('Month', { exact: true }).click();
  if (tomorrow.date.getMonth() !== new Date().getMonth()) await page.getByRole('button', { name: 'Next month' }).click();
  const day = page.getByRole('region', { name: dayName });
  await expect(day.getByRole('button', { name: /Launch day!/ })).toBeVisible();
  await expectAccessible(page, 'posts calendar');
  await screenshot(page, 'dashboard-calendar');

  // Detail from the calendar: each platform's status and the log; reschedule to the day after.
  await day.getByRole('button', { name: /Launch day!/ }).click();
  const detail = page.getByRole('dialog', { name: 'Post' });
  await expect(detail.getByRole('table', { name: 'Platforms of this post' })).toContainText(x);
  await expect(detail.getByLabel('Log')).toContainText('scheduled');
  await pickDateTime(page, detail, localDay(2));
  await detail.getByRole('button', { name: 'Reschedule' }).click();
  await expect(page.getByText(/^Scheduled for /)).toBeVisible();
  await expectAccessible(page, 'post detail');

  // Delete, after saying what goes.
  await detail.getByRole('button', { name: 'Delete…' }).click();
  await expect(detail).toContainText('Delete this post, its platform posts, log and media?');
  await detail.getByRole('button', { name: 'Delete post' }).click();
  await expect(detail).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Posts', level: 1 })).toBeFocused();
  await page.getByRole('radiogroup', { name: 'View' }).getByText('List', { exact: true }).click();
  await expect(page.getByRole('row', { name: /Launch day!/ })).toHaveCount(0);
  expect(errors).toEqual([]);
});

/** Schedules `content` on `platformId` at `when`, through the same GraphQL the composer uses. */
async function schedule(page: Page, platformId: string, content: string, when: Date): Promise<void> {
  const query = 'mutation($input: CreatePostInput!) { createPost(input: $input) { id status } }';
  const input = { content, platforms: [platformId], scheduledTime: when.toISOString() };
  const body = await (await page.request.post('/graphql', { data: { query, variables: { input } } })).json();
  expect(body.errors).toBeUndefined();
  expect(body.data.createPost.status).toBe('scheduled');
}

const day = (d: { year: number; month: number; day: number }) => `${d.year}-${String(d.month + 1).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

test('the list filters by scheduled day and sorts as the spec’s list does', async ({ page }) => {
  const errors = watchConsole(page);
  await signUp(page, uniqueEmail('posts-sort'));
  const mastodon = await seedConnection(page, 'mastodon', 'sort_user');
  // Made in this order, scheduled in another: created Bravo, Alpha, Charlie; scheduled Alpha, Bravo, Charlie.
  const [one, three, five] = [localDay(1), localDay(3), localDay(5)];
  await schedule(page, mastodon, 'Bravo', three.date);
  await schedule(page, mastodon, 'Alpha', one.date);
  await schedule(page, mastodon, 'Charlie', five.date);
  await page.goto('/posts');
  const names = page.getByRole('table', { name: 'Posts' }).getByRole('rowheader');
  // The spec's default: newest created first.
  await expect(names).toHaveText(['Charlie', 'Alpha', 'Bravo']);
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('scheduledTime');
  await expect(names).toHaveText(['Charlie', 'Bravo', 'Alpha']);
  await page.getByRole('combobox', { name: 'Order' }).selectOption('asc');
  await expect(names).toHaveText(['Alpha', 'Bravo', 'Charlie']);
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('createdAt');
  await expect(names).toHaveText(['Bravo', 'Alpha', 'Charlie']);

  // Whole days in the person's time zone, both ends included.
  const from = page.getByLabel('Scheduled from');
  const until = page.getByLabel('Scheduled until');
  await from.fill(day(localDay(2)));
  await expect(names).toHaveText(['Bravo', 'Charlie']);
  await until.fill(day(three));
  await expect(names).toHaveText(['Bravo']);
  await expectAccessible(page, 'posts list, filtered and sorted');
  await from.fill(day(localDay(4)));
  await until.fill(day(localDay(4)));
  await expect(page.getByText('No posts match these filters.')).toBeVisible();
  await from.fill('');
  await until.fill('');
  await expect(names).toHaveText(['Bravo', 'Alpha', 'Charlie']);
  expect(errors).toEqual([]);
});

test('a post the platform refuses: its detail shows the error with a hint, and the account shows it as its last error', async ({ page }) => {
  test.slow(); // waits for the scheduler to publish
  const errors = watchConsole(page);
  await signUp(page, uniqueEmail('posts-failed'));
  await setPlan(page, 'pro');
  // A token the fake X has never issued: X answers 401, as it does for a revoked token.
  await seedConnection(page, 'twitter', 'revoked_x');
  await page.goto('/compose');
  await page.getByRole('checkbox', { name: 'revoked_x (twitter)' }).check();
  const text = `This one will not go out (${Date.now()}).`;
  await page.getByRole('textbox', { name: 'Post text' }).fill(text);
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByRole('heading', { name: 'Posts', level: 1 })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('row', { name: /This one will not go out/ })).toContainText('failed', { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });

  await page.getByRole('button', { name: /^Open “This one will not go out/ }).click();
  const detail = page.getByRole('dialog', { name: 'Post' });
  const outcome = detail.getByRole('table', { name: 'Platforms of this post' }).getByRole('row', { name: /twitter-/ });
  await expect(outcome).toContainText('failed');
  await expect(outcome).toContainText('X access token expired or revoked (PLATFORM_AUTH_EXPIRED)');
  await expect(outcome).toContainText('Category: auth expired');
  await expect(outcome).toContainText('Reconnect the account on the Connections page, then retry the post.');
  await expect(detail.getByLabel('Log')).toContainText('publish_failed · twitter');
  await expectAccessible(page, 'failed post detail');
  await detail.getByRole('button', { name: 'Close' }).first().click();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Connections' }).click();
  await expect(page.getByRole('row', { name: /revoked_x/ })).toContainText(/Last error \(.+\): X access token expired or revoked/);
  expect(errors).toEqual([]);
});

test('a post the platform refuses: the detail shows its category and hint, the person retries once the platform recovers, then unpublishes it', async ({
  page,
  request,
}) => {
  test.slow(); // waits for the scheduler twice
  const errors = watchConsole(page);
  await signUp(page, uniqueEmail('posts-retry'));
  await setPlan(page, 'pro');
  const { botToken, channel } = FAKE_ACCOUNTS.telegram;
  await seedConnection(page, 'telegram', channel.username, { externalId: String(channel.id), accessToken: botToken, type: 'bot' });
  // Telegram refuses the next message for good; the call after it goes through.
  expect((await request.post(`${fakeControlURL}/telegram/refuse-next-message`)).status()).toBe(204);

  await page.goto('/compose');
  await page.getByRole('checkbox', { name: `${channel.username} (telegram)` }).check();
  const text = `Refused first, then sent (${Date.now()}).`;
  await page.getByRole('textbox', { name: 'Post text' }).fill(text);
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByRole('heading', { name: 'Posts', level: 1 })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('row', { name: /Refused first, then sent/ })).toContainText('failed', { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });

  await page.getByRole('button', { name: /^Open “Refused first, then sent/ }).click();
  const detail = page.getByRole('dialog', { name: 'Post' });
  const outcome = detail.getByRole('table', { name: 'Platforms of this post' }).getByRole('row', { name: /telegram-/ });
  await expect(outcome).toContainText('failed');
  await expect(outcome).toContainText('Category: content rejected');
  await expect(outcome).toContainText('The platform refused the text or settings; change them to fit its rules, then retry.');
  await expectAccessible(page, 'failed post detail with Retry');

  await outcome.getByRole('button', { name: /^Retry on telegram-/ }).click();
  await expect(page.getByText(/^Retrying on telegram-/)).toBeVisible();
  await expect(async () => {
    await detail.getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('button', { name: /^Open “Refused first, then sent/ }).click();
    await expect(outcome).toContainText('published', { timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  await expect(outcome).not.toContainText('Category:');
  await expect(detail.getByText(/^Status:/)).toContainText('published');

  await outcome.getByRole('button', { name: /^Unpublish from telegram-/ }).click();
  const confirm = outcome.getByRole('group', { name: /^Confirm unpublishing from telegram-/ });
  await expect(confirm).toContainText('It cannot be brought back.');
  await confirm.getByRole('button', { name: 'Unpublish', exact: true }).click();
  await expect(page.getByText(/^Unpublished from telegram-/)).toBeVisible();
  await expect(outcome).toContainText('unpublished');
  await expect(outcome.getByRole('button')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a post whose outcome is unknown: the detail asks before a retry that may publish it twice, and “Retry anyway” publishes it once', async ({
  page,
  request,
}) => {
  test.slow(); // the service waits PLATFORM_REQUEST_TIMEOUT_MS (30 s here) before it gives the outcome up as unknown
  const errors = watchConsole(page);
  await signUp(page, uniqueEmail('posts-unknown'));
  await setPlan(page, 'pro');
  const { botToken, channel } = FAKE_ACCOUNTS.telegram;
  await seedConnection(page, 'telegram', channel.username, { externalId: String(channel.id), accessToken: botToken, type: 'bot' });
  // The connection drops once the next message is sent: Telegram cannot be asked whether it arrived.
  expect((await request.post(`${fakeControlURL}/telegram/drop-next-message`)).status()).toBe(204);
  const received = async (text: string) =>
    ((await (await request.get(`${fakeControlURL}/telegram/messages`)).json()) as Array<{ text?: string }>).filter((m) => m.text === text).length;

  await page.goto('/compose');
  await page.getByRole('checkbox', { name: `${channel.username} (telegram)` }).check();
  const text = `Lost on the way, then sent anyway (${Date.now()}).`;
  await page.getByRole('textbox', { name: 'Post text' }).fill(text);
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByRole('heading', { name: 'Posts', level: 1 })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('row', { name: /Lost on the way, then sent/ })).toContainText('failed', { timeout: 5_000 });
  }).toPass({ timeout: 90_000 });
  expect(await received(text)).toBe(0);

  await page.getByRole('button', { name: /^Open “Lost on the way, then sent/ }).click();
  const detail = page.getByRole('dialog', { name: 'Post' });
  const outcome = detail.getByRole('table', { name: 'Platforms of this post' }).getByRole('row', { name: /telegram-/ });
  const platformId = (await outcome.getByRole('rowheader').innerText()).trim();
  await expect(outcome).toContainText('failed');
  await expect(outcome).toContainText('(PUBLISH_OUTCOME_UNKNOWN)');
  await expect(outcome).toContainText('Category: outcome unknown');
  await expect(outcome).toContainText('The request may have reached the platform: check it before retrying, or the post may go out twice.');
  // No plain Retry: the button says it asks first.
  await expect(outcome.getByRole('button', { name: `Retry on ${platformId}`, exact: true })).toHaveCount(0);
  const ask = outcome.getByRole('button', { name: `Retry on ${platformId}…`, exact: true });
  await expect(ask).toHaveText('Retry…');
  await expectAccessible(page, 'failed post detail with Retry…');

  // Asked, then not retried: nothing is sent.
  await ask.click();
  const confirm = outcome.getByRole('group', { name: `Confirm the retry on ${platformId}` });
  await expect(confirm).toContainText('The earlier attempt may have reached telegram: retrying may publish the post twice. Check telegram first.');
  await expectAccessible(page, 'retry confirmation of a post whose outcome is unknown');
  await confirm.getByRole('button', { name: 'Do not retry' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(outcome).toContainText('failed');
  expect(await received(text)).toBe(0);

  // Asked again, and retried anyway: the service's warning, then published once.
  await ask.click();
  await confirm.getByRole('button', { name: 'Retry anyway' }).click();
  await expect(
    page.getByText(`Forced retry: the earlier attempt on ${platformId} may have reached the platform, so this may publish the post twice`),
  ).toBeVisible();
  await expect(async () => {
    await detail.getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('button', { name: /^Open “Lost on the way, then sent/ }).click();
    await expect(outcome).toContainText('published', { timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  await expect(outcome).not.toContainText('Category:');
  expect(await received(text)).toBe(1);
  expect(errors).toEqual([]);
});

test.describe('posts and compose on a 375 px wide phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('both pages fit the screen', async ({ page }) => {
    const errors = watchConsole(page);
    await signUp(page, uniqueEmail('posts-phone'));
    await seedConnection(page, 'mastodon', 'phone_user');
    for (const [path, heading] of [
      ['/posts', 'Posts'],
      ['/compose', 'Compose'],
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectAccessible(page, `${path} at 375 px`);
    }
    expect(errors).toEqual([]);
  });
});
