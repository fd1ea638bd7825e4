import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, refuseOperationOnce, seedConnection, setPlan, signUp, uniqueEmail, watchConsole } from './helpers';

/** The account's own numbers, as the service counts them (the `usage` query the limit checks share). */
async function usageOf(page: Page) {
  const query = '{ usage { monthlyPosts { used limit } scheduledPosts { used limit } connections { used limit } scheduleHorizonDays } }';
  const body = await (await page.request.post('/graphql', { data: { query } })).json();
  expect(body.errors).toBeUndefined();
  return body.data.usage as Record<'monthlyPosts' | 'scheduledPosts' | 'connections', { used: number; limit: number }> & { scheduleHorizonDays: number | null };
}

/** Schedules a post for tomorrow on `platformId`, through the same GraphQL the composer uses. */
async function scheduleTomorrow(page: Page, platformId: string, content: string): Promise<void> {
  const scheduledTime = new Date(Date.now() + 24 * 3600_000).toISOString();
  const query = 'mutation($input: CreatePostInput!) { createPost(input: $input) { id status } }';
  const body = await (
    await page.request.post('/graphql', { data: { query, variables: { input: { content, platforms: [platformId], scheduledTime } } } })
  ).json();
  expect(body.errors).toBeUndefined();
  expect(body.data.createPost.status).toBe('scheduled');
}

/** A meter's numbers: its value text says "<used> of <limit> used, <left> left". */
async function meter(page: Page, name: string): Promise<{ used: number; limit: number }> {
  const text = (await page.getByRole('progressbar', { name, exact: true }).getAttribute('aria-valuetext')) ?? '';
  const m = /^(\d+) of (\d+) used, \d+ left$/.exec(text);
  expect(m, `${name}: ${text}`).not.toBeNull();
  return { used: Number(m![1]), limit: Number(m![2]) };
}

test('usage meters: the plan and what is left of it, moving with the account’s real usage', async ({ page }) => {
  const errors = watchConsole(page);
  await signUp(page, uniqueEmail('usage'));
  const usage = page.getByRole('region', { name: 'What is left this month' });
  // Starter: one pool of 15 posts a month, 3 waiting, 3 accounts, 7 days ahead, every platform but X.
  await expect(usage.getByRole('progressbar', { name: 'Posts this month' })).toHaveAttribute('aria-valuetext', '0 of 15 used, 15 left');
  await expect(usage.getByRole('progressbar', { name: 'Scheduled posts waiting' })).toHaveAttribute('aria-valuetext', '0 of 3 used, 3 left');
  await expect(usage.getByRole('progressbar', { name: 'Connected accounts' })).toHaveAttribute('aria-valuetext', '0 of 3 used, 3 left');
  await expect(usage).toContainText('Posts can be scheduled up to 7 days ahead.');
  const platforms = usage.getByRole('list', { name: 'Platforms on your plan:' });
  await expect(platforms.getByRole('listitem')).toHaveCount(10);
  await expect(platforms).toContainText('linkedin');
  await expect(platforms).not.toContainText('twitter');
  await expectAccessible(page, 'overview with usage');

  // An account connected and a post scheduled: the meters move, to the service's own numbers.
  const mastodon = await seedConnection(page, 'mastodon', 'usage_user');
  await scheduleTomorrow(page, mastodon, 'Counted once in the month and once as waiting.');
  await page.reload();
  await expect(usage.getByRole('progressbar', { name: 'Posts this month' })).toHaveAttribute('aria-valuetext', '1 of 15 used, 14 left');
  await expect(usage.getByRole('progressbar', { name: 'Scheduled posts waiting' })).toHaveAttribute('aria-valuetext', '1 of 3 used, 2 left');
  await expect(usage.getByRole('progressbar', { name: 'Connected accounts' })).toHaveAttribute('aria-valuetext', '1 of 3 used, 2 left');
  const real = await usageOf(page);
  expect(await meter(page, 'Posts this month')).toEqual(real.monthlyPosts);
  expect(await meter(page, 'Scheduled posts waiting')).toEqual(real.scheduledPosts);
  expect(await meter(page, 'Connected accounts')).toEqual(real.connections);
  // On screen too, not only for screen readers.
  await expect(usage).toContainText('1 / 15');

  // Pro: a pool per connected account, no horizon, the seats as the connection allowance.
  await setPlan(page, 'pro', 4);
  await page.reload();
  await expect(usage.getByRole('group', { name: 'Posts this month, 100 for each account' })).toBeVisible();
  expect(await meter(page, `Posts this month on ${mastodon}`)).toEqual({ used: 1, limit: 100 });
  expect(await meter(page, 'Connected accounts')).toEqual({ used: 1, limit: 4 });
  await expect(usage).toContainText('Posts can be scheduled any time ahead.');
  await expect(platforms).toContainText('twitter');
  await expectAccessible(page, 'overview with usage (Pro)');
  expect(errors).toEqual([]);
});

test('usage meters: a failed usage query says so and tries again', async ({ page }) => {
  const errors = watchConsole(page);
  await signUp(page, uniqueEmail('usage-error'));
  // The service answers this one query with an error once (as a GraphQL error, which the browser does not log); the rest of the page still works.
  await refuseOperationOnce(page, 'OverviewUsage');
  await page.reload();
  const usage = page.getByRole('region', { name: 'What is left this month' });
  await expect(usage.getByRole('alert')).toContainText('Internal server error');
  await expectAccessible(page, 'overview, usage failed');
  await usage.getByRole('button', { name: 'Try again' }).click();
  await expect(usage.getByRole('progressbar', { name: 'Posts this month' })).toHaveAttribute('aria-valuetext', '0 of 15 used, 15 left');
  expect(errors).toEqual([]);
});
