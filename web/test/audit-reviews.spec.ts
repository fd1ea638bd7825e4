import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { expectAccessible, expectFitsScreen, PASSWORD, refuseOperationOnce, seedConnection, setPlan, signUp, uniqueEmail, watchConsole } from './helpers';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** A draft to one account, saved through Compose (its checkbox is named "<username> (<platform>)"). */
async function draftInCompose(page: Page, account: string, content: string): Promise<void> {
  await nav(page).getByRole('link', { name: 'Compose' }).click();
  await page.getByRole('checkbox', { name: account }).check();
  await page.getByRole('textbox', { name: 'Post text' }).fill(content);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('heading', { name: 'Posts', level: 1 })).toBeVisible();
}

test('the audit log: a person’s post and API key by themselves, filtered by action and actor, paged; its empty and error states', async ({ page }) => {
  test.slow();
  const errors = watchConsole(page);
  const email = uniqueEmail('audit');
  await signUp(page, email);

  // A new account has done nothing yet.
  await nav(page).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/Audit log/);
  await expect(page.getByText('Nothing recorded yet.')).toBeVisible();
  await expectAccessible(page, 'audit log: empty');

  // A draft from Compose and an API key (a paid plan's), both in the dashboard.
  await setPlan(page, 'pro');
  const platformId = await seedConnection(page, 'mastodon', 'audit_m');
  await page.reload();
  const text = `Audit me ${Date.now().toString(36)}`;
  await draftInCompose(page, 'audit_m (mastodon)', text);
  await nav(page).getByRole('link', { name: 'API keys' }).click();
  await page.getByLabel('Key name').fill('Audit key');
  await page.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your new API key' });
  const rawKey = await dialog.getByLabel('API key “Audit key”').inputValue();
  const keyPrefix = rawKey.split('.')[0];
  await dialog.getByRole('button', { name: 'Done' }).click();

  await nav(page).getByRole('link', { name: 'Audit log' }).click();
  const log = page.getByRole('table', { name: 'Audit log' });
  const postCreated = log.getByRole('row', { name: /Post created/ });
  await expect(postCreated).toHaveCount(1);
  await expect(postCreated).toContainText('post.created');
  await expect(postCreated).toContainText(`${email} (owner)`);
  await expect(postCreated).toContainText(/Post [0-9a-f]{24}/);
  const keyCreated = log.getByRole('row', { name: /API key created/ });
  await expect(keyCreated).toContainText(`${email} (owner)`);
  await expect(keyCreated).toContainText('Name: Audit key');
  await expect(keyCreated).toContainText(`Key prefix: ${keyPrefix}`);
  // Newest first: the key was made after the post; the key itself is never shown.
  const actions = log.locator('tbody tr th');
  await expect(actions.first()).toContainText('API key created');
  await expect(page.getByText(rawKey)).toHaveCount(0);
  await expectAccessible(page, 'audit log: entries');

  // Filtered by action: only the matching entries.
  const action = page.getByRole('combobox', { name: 'Action' });
  await action.selectOption({ label: 'API key created' });
  await expect(log.locator('tbody tr')).toHaveCount(1);
  await expect(log.locator('tbody tr')).toContainText('API key created');
  await action.selectOption({ label: 'Post created' });
  await expect(log.locator('tbody tr')).toHaveCount(1);
  await expect(log.locator('tbody tr')).toContainText(`${email} (owner)`);
  await action.selectOption({ label: 'Webhook deleted' });
  await expect(page.getByText('No entries match these filters.')).toBeVisible();

  // Twenty-one more posts by the key and one by an MCP client: two pages of "Post created".
  for (let i = 0; i < 22; i += 1) {
    const headers = { 'x-api-key': rawKey, ...(i === 21 ? { 'x-service-client': 'mcp' } : {}) };
    const made = await page.request.post('/api/v1/create-post', { headers, data: { content: `By the key ${i}`, platforms: [platformId] } });
    expect(made.status()).toBe(200);
  }
  await action.selectOption({ label: 'Post created' });
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByText('23 entries, page 1 of 2')).toBeVisible();
  await expect(log.locator('tbody tr')).toHaveCount(20);
  await expect(log.locator('tbody tr').first()).toContainText(`MCP client ${keyPrefix}…`);
  await expect(log.locator('tbody tr').nth(1)).toContainText(`API key ${keyPrefix}…`);
  const pages = page.getByRole('navigation', { name: 'Audit log pages' });
  await expect(pages.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page, 'audit log: filtered, two pages');
  await pages.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('23 entries, page 2 of 2')).toBeVisible();
  await expect(log.locator('tbody tr')).toHaveCount(3);
  await expect(log.locator('tbody tr').last()).toContainText(`${email} (owner)`);
  await pages.getByRole('button', { name: 'Previous page' }).click();
  await expect(page.getByText('23 entries, page 1 of 2')).toBeVisible();
  // At a phone's width: the table scrolls sideways in its own box, the filters and paging wrap.
  await page.setViewportSize({ width: 375, height: 800 });
  // The shell moves its navigation off the screen first (the layout settles a moment after the resize).
  await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectFitsScreen(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // By actor: the MCP client's one post; then a day range that holds nothing.
  await page.getByRole('combobox', { name: 'Actor' }).selectOption({ label: 'MCP client' });
  await expect(page.getByText('1 entry, page 1 of 1')).toBeVisible();
  await expect(log.locator('tbody tr')).toContainText(`MCP client ${keyPrefix}…`);
  await page.getByRole('combobox', { name: 'Actor' }).selectOption({ label: 'Anyone' });
  await page.getByLabel('From').fill('2001-01-01');
  await page.getByLabel('Until').fill('2001-01-31');
  await expect(page.getByText('No entries match these filters.')).toBeVisible();

  // A failed read: the error state and "Try again".
  await refuseOperationOnce(page, 'AuditEntries');
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'Could not load the audit log' })).toBeVisible();
  await expectAccessible(page, 'audit log: error');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(log.locator('tbody tr').first()).toContainText(`MCP client ${keyPrefix}…`);
  expect(errors).toEqual([]);
});

test('review links: made in the post detail, approved by a reviewer without an account, read by a viewer, revoked (410)', async ({ page, browser }) => {
  test.slow();
  const errors = watchConsole(page);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const owner = uniqueEmail('review-owner');
  await signUp(page, owner);
  await seedConnection(page, 'mastodon', 'review_m');
  await page.reload();
  const text = `Spring menu for review ${Date.now().toString(36)}`;
  await draftInCompose(page, 'review_m (mastodon)', text);

  await page.getByRole('button', { name: `Open “${text}”` }).click();
  const detail = page.getByRole('dialog', { name: 'Post' });
  const section = detail.getByRole('region', { name: 'Review links' });
  await expect(section.getByText('No review links yet.')).toBeVisible();
  const expiry = section.getByRole('combobox', { name: 'Link works for' });
  await expect(expiry.locator('option:checked')).toHaveText('3 days');
  await expect(expiry.getByRole('option')).toHaveText(['1 day', '3 days', '7 days', '30 days']);
  await expiry.selectOption({ label: '7 days' });
  const sent = page.waitForRequest((r) => r.url().endsWith('/graphql') && r.postDataJSON()?.operationName === 'CreateReviewLink');
  await section.getByRole('button', { name: 'Create review link' }).click();
  expect((await sent).postDataJSON().variables.expiresInHours).toBe(168);

  // The URL once, with "Copy link".
  const created = section.getByRole('region', { name: 'New review link' });
  await expect(created).toBeFocused();
  await expect(created).toContainText('This is the only time it is shown');
  const url = (await created.getByLabel('Review link').textContent())!.trim();
  expect(url).toMatch(new RegExp(`^${baseURL}/review/[A-Za-z0-9_-]{20,}$`));
  await expectAccessible(page, 'post detail: a new review link');
  await created.getByRole('button', { name: 'Copy link' }).click();
  await expect(created.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  const links = section.getByRole('list', { name: 'Review links of this post' });
  await expect(links.getByRole('listitem').first()).toContainText('Active until');
  await expect(links.getByRole('listitem').first()).toContainText('No one has answered through it yet.');
  await created.getByRole('button', { name: 'Done' }).click();
  await expect(created).toBeHidden();
  await expect(section.getByRole('heading', { name: 'Review links' })).toBeFocused();

  // The reviewer, in a browser of their own without a session: the server's page, then "Approve".
  const reviewerContext = await browser.newContext({ baseURL });
  const reviewer = await reviewerContext.newPage();
  // What the browser logs as errors on the service's page, with the address each is about.
  const reviewerErrors: string[] = [];
  reviewer.on('console', (m) => {
    if (m.type() === 'error') reviewerErrors.push(`${m.text()} (${new URL(m.location().url).pathname})`);
  });
  reviewer.on('pageerror', (error) => reviewerErrors.push(`uncaught: ${error.message}`));
  const opened = await reviewer.goto(url);
  expect(opened?.status()).toBe(200);
  await expect(reviewer).toHaveURL(`${baseURL}/review/post`);
  await expect(reviewer.getByRole('heading', { level: 1 })).toContainText('Review a post for');
  await expect(reviewer.getByRole('main')).toContainText(text);
  await reviewer.getByLabel('Your name (optional)').fill('Carla');
  await reviewer.getByLabel('Comment').fill('Looks good');
  // The page's no-referrer policy makes the browser send `Origin: null` with the form: the session
  // rule takes it with the browser's `Sec-Fetch-Site: same-origin` (docs/auth.md).
  const posted = reviewer.waitForRequest((r) => r.url().endsWith('/review/post/decision'));
  await reviewer.getByRole('button', { name: 'Approve' }).click();
  await expect(reviewer.getByText('Thank you: your approval was sent to the team.')).toBeVisible();
  expect((await posted).headers().origin).toBe('null');

  // Back in the dashboard: the decision under the link.
  await section.getByRole('button', { name: 'Refresh review links' }).click();
  const link = links.getByRole('listitem').first();
  await expect(link.getByRole('list', { name: 'What reviewers said' })).toContainText('Carla approved: Looks good');

  // A viewer reads the links and what reviewers said, with no controls; the audit log is not theirs.
  const invited = await (
    await page.request.post('/graphql', {
      data: { query: 'mutation($e: String!) { inviteMember(email: $e, role: "viewer") { link } }', variables: { e: uniqueEmail('review-viewer') } },
    })
  ).json();
  const viewerContext = await browser.newContext({ baseURL, reducedMotion: 'reduce', viewport: { width: 1280, height: 800 } });
  const viewer = await viewerContext.newPage();
  const viewerErrors = watchConsole(viewer);
  await viewer.goto(new URL(invited.data.inviteMember.link as string).pathname);
  await viewer.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await viewer.getByRole('button', { name: 'Accept and create account' }).click();
  await expect(viewer.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await expect(nav(viewer).getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await nav(viewer).getByRole('link', { name: 'Posts' }).click();
  await viewer.getByRole('button', { name: `Open “${text}”` }).click();
  const viewerSection = viewer.getByRole('dialog', { name: 'Post' }).getByRole('region', { name: 'Review links' });
  await expect(viewerSection.getByRole('list', { name: 'What reviewers said' })).toContainText('Carla approved: Looks good');
  await expect(viewerSection.getByRole('button', { name: 'Create review link' })).toHaveCount(0);
  await expect(viewerSection.getByRole('button', { name: /Revoke link/ })).toHaveCount(0);
  await expect(viewerSection).toContainText('Editors, admins and the owner make and revoke review links.');
  await expectAccessible(viewer, 'post detail: review links for a viewer');
  await viewer.goto('/audit');
  await expect(viewer.getByRole('note')).toContainText('Your role in this account is viewer: only the owner and admins read the audit log.');
  await expect(viewer.getByRole('table', { name: 'Audit log' })).toHaveCount(0);
  expect(viewerErrors).toEqual([]);
  await viewerContext.close();

  // Revoked after a confirmation: the reviewer's page is gone (410).
  await link.getByRole('button', { name: /Revoke link created / }).click();
  const confirm = link.getByRole('group', { name: /Confirm revoking the link created / });
  await expect(confirm).toContainText('Its page stops working at once');
  await expectAccessible(page, 'post detail: revoking a review link');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('The review link no longer works.')).toBeVisible();
  await expect(link).toContainText('Revoked');
  await expect(link.getByRole('button', { name: /Revoke link/ })).toHaveCount(0);
  await expect(link).toContainText('Carla approved: Looks good');
  const gone = await reviewer.reload();
  expect(gone?.status()).toBe(410);
  await expect(reviewer.getByRole('heading', { name: 'Review link no longer valid', level: 1 })).toBeVisible();
  // The browser logs the page's own 410, and nothing else (the page names its icon inline).
  expect(reviewerErrors).toContain('Failed to load resource: the server responded with a status of 410 (Gone) (/review/post)');
  expect(reviewerErrors.filter((e) => !/status of 410 \(Gone\) \(\/review\/post\)$/.test(e))).toEqual([]);
  await reviewerContext.close();

  // The audit log has the link's story, the reviewer by the name they gave.
  await detail.getByRole('button', { name: 'Close' }).last().click();
  await nav(page).getByRole('link', { name: 'Audit log' }).click();
  const log = page.getByRole('table', { name: 'Audit log' });
  await expect(log.getByRole('row', { name: /Reviewer approved/ })).toContainText('Review link visitor Carla');
  await expect(log.getByRole('row', { name: /Reviewer approved/ })).toContainText('Comment: Looks good');
  await expect(log.getByRole('row', { name: /Review link created/ })).toContainText(`${owner} (owner)`);
  await expect(log.getByRole('row', { name: /Review link revoked/ })).toContainText(`${owner} (owner)`);
  expect(errors).toEqual([]);
});
