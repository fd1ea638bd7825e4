import { expect, test } from '@playwright/test';
import { ADMIN, baseURL } from '../playwright.config';
import { adminUpdateSignedInUser, expectAccessible, expectFitsScreen, screenshot, signIn, signOut, signUp, uniqueEmail, watchConsole } from './helpers';

test('workspace: add a managed user, hand over a connection link (its hosted page), rotate it, give an API key, detach', async ({ page, browser }) => {
  const errors = watchConsole(page);
  // The start-up admin may manage users without the workspace permission.
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Workspace' }).click();
  await expect(page.getByRole('heading', { name: 'Workspace', level: 1 })).toBeVisible();
  await expectAccessible(page, 'workspace');

  const client = uniqueEmail('client');
  await page.getByRole('textbox', { name: 'Email' }).fill(client);
  await page.getByRole('textbox', { name: 'Name (optional)' }).fill('Client & Co');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const row = page.getByRole('row', { name: /Client & Co/ });
  await expect(row).toContainText(client);
  await expect(row).toContainText('None');

  // A link to hand over; it opens the hosted page in any browser, without a session.
  await row.getByRole('button', { name: 'Make link for Client & Co' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connection link' });
  const url = (await dialog.getByLabel('Connection link').textContent())!.trim();
  expect(url).toMatch(/\/connect\/[A-Za-z0-9_-]{43}$/);
  await expectAccessible(page, 'workspace link dialog');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(row).toContainText('Valid until');
  await screenshot(page, 'dashboard-workspace');

  // Another browser: no session, no cookies.
  const strangerContext = await browser.newContext({ baseURL });
  const stranger = await strangerContext.newPage();
  await stranger.goto(new URL(url).pathname);
  await expect(stranger.getByRole('heading', { name: 'Connect your accounts' })).toBeVisible();
  await expect(stranger.getByText('Client & Co')).toBeVisible();
  await expectAccessible(stranger, 'hosted connection page');

  // A new link: the old one answers that it is gone.
  await expect(row.getByRole('button', { name: 'Show link for Client & Co' })).toBeVisible();
  await row.getByRole('button', { name: 'New link for Client & Co' }).click();
  await expect(page.getByRole('dialog', { name: 'Connection link' })).toContainText('The previous link no longer works.');
  await page.getByRole('dialog', { name: 'Connection link' }).getByRole('button', { name: 'Done' }).click();
  const gone = await stranger.goto(new URL(url).pathname);
  expect(gone?.status()).toBe(410);
  await expect(stranger.getByRole('alert')).toContainText('This connection link has expired or was replaced.');
  await strangerContext.close();

  // An API key of their own, shown once.
  await row.getByRole('button', { name: 'New API key for Client & Co' }).click();
  const keyDialog = page.getByRole('dialog', { name: 'API key' });
  const key = (await keyDialog.getByLabel('API key').textContent())!.trim();
  // A real key, which works with its owner's plan: this admin's (Starter) has no API access.
  const used = await page.request.get('/api/v1/platform-connections', { headers: { 'x-api-key': key } });
  expect([used.status(), await used.json()]).toEqual([403, { error: 'API access is not enabled for this workspace owner' }]);
  await keyDialog.getByRole('button', { name: 'Done' }).click();

  await row.getByRole('button', { name: 'Detach Client & Co' }).click();
  const confirm = page.getByRole('dialog', { name: 'Detach this user?' });
  await expect(confirm).toContainText('their connection link stops working');
  await confirm.getByRole('button', { name: 'Detach', exact: true }).click();
  await expect(page.getByRole('row', { name: /Client & Co/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Managed users' })).toBeFocused();
  await signOut(page);
  expect(errors).toEqual([]);
});

test('without workspaces, the navigation does not offer the page and the page says why', async ({ page }) => {
  const errors = watchConsole(page);
  await signUp(page, uniqueEmail('no-workspace'));
  // Pro has the API, not workspaces: those are turned on per account.
  await adminUpdateSignedInUser(page, { plan: 'pro' });
  await page.reload();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'API keys' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Workspace' })).toHaveCount(0);

  await page.goto('/workspace');
  await expect(page.getByRole('heading', { name: 'Workspace', level: 1 })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('Workspaces are not turned on for your account');
  await expect(page.getByRole('note')).toContainText('Ask your administrator to turn on workspaces.');
  await expect(page.getByRole('button', { name: 'Add', exact: true })).toHaveCount(0);
  await expectAccessible(page, 'workspace without the entitlement');
  expect(errors).toEqual([]);
});

test('a workspace owner (not an admin): add a managed user, copy their link, rotate it (the old one answers 410), give them a key', async ({
  page,
  context,
  browser,
}) => {
  const errors = watchConsole(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUp(page, uniqueEmail('owner'));
  await adminUpdateSignedInUser(page, { plan: 'pro', workspacesEnabled: true });
  await page.reload();
  await expect(page.getByRole('link', { name: 'Users (admin)' })).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Workspace' }).click();
  await expect(page.getByRole('heading', { name: 'Workspace', level: 1 })).toBeVisible();
  await expect(page.getByText('You manage nobody yet. Add someone above.')).toBeVisible();
  await expectAccessible(page, 'workspace (owner), empty');

  const client = uniqueEmail('owned');
  await page.getByRole('textbox', { name: 'Email' }).fill(client);
  await page.getByRole('textbox', { name: 'Name (optional)' }).fill('Bakery');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const row = page.getByRole('row', { name: /Bakery/ });
  await expect(row).toContainText(client);
  await expect(row).toContainText('None');

  await row.getByRole('button', { name: 'Make link for Bakery' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connection link' });
  const url = (await dialog.getByLabel('Connection link').textContent())!.trim();
  expect(url).toMatch(/\/connect\/[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole('button', { name: 'Copy connection link' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expectAccessible(page, 'workspace (owner), link dialog');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(row).toContainText('Valid until');

  // Show link gives the same link again while it is valid.
  await row.getByRole('button', { name: 'Show link for Bakery' }).click();
  await expect(dialog.getByLabel('Connection link')).toHaveText(url);
  await dialog.getByRole('button', { name: 'Done' }).click();

  // Rotate: a new link; the old one answers the 410 page in a browser without a session.
  await row.getByRole('button', { name: 'New link for Bakery' }).click();
  await expect(dialog).toContainText('The previous link no longer works.');
  const rotated = (await dialog.getByLabel('Connection link').textContent())!.trim();
  expect(rotated).toMatch(/\/connect\/[A-Za-z0-9_-]{43}$/);
  expect(rotated).not.toBe(url);
  await dialog.getByRole('button', { name: 'Copy connection link' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(rotated);
  await dialog.getByRole('button', { name: 'Done' }).click();
  const strangerContext = await browser.newContext({ baseURL });
  const stranger = await strangerContext.newPage();
  const gone = await stranger.goto(new URL(url).pathname);
  expect(gone?.status()).toBe(410);
  await expect(stranger.getByRole('alert')).toContainText('This connection link has expired or was replaced.');
  await expectAccessible(stranger, 'hosted page, link gone');
  await stranger.goto(new URL(rotated).pathname);
  await expect(stranger.getByRole('heading', { name: 'Connect your accounts' })).toBeVisible();
  await expect(stranger.getByText('Bakery')).toBeVisible();
  await strangerContext.close();

  // Their own key works with this owner's plan (Pro has the API), unlike under a Starter admin above.
  await row.getByRole('button', { name: 'New API key for Bakery' }).click();
  const keyDialog = page.getByRole('dialog', { name: 'API key' });
  const key = (await keyDialog.getByLabel('API key').textContent())!.trim();
  const used = await page.request.get('/api/v1/platform-connections', { headers: { 'x-api-key': key } });
  expect(used.status()).toBe(200);
  await keyDialog.getByRole('button', { name: 'Done' }).click();
  expect(errors).toEqual([]);
});

test.describe('workspace on a 375 px wide phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the page fits the screen and its controls are reachable', async ({ page }) => {
    const errors = watchConsole(page);
    await signUp(page, uniqueEmail('owner-phone'));
    await adminUpdateSignedInUser(page, { plan: 'pro', workspacesEnabled: true });
    await page.goto('/workspace');
    await expect(page.getByRole('heading', { name: 'Workspace', level: 1 })).toBeVisible();
    await page.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('owned-phone'));
    await page.getByRole('textbox', { name: 'Name (optional)' }).fill('Florist');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('row', { name: /Florist/ })).toBeVisible();
    await expectFitsScreen(page);
    // The row's buttons scroll into view inside the table and work.
    await page.getByRole('button', { name: 'Make link for Florist' }).click();
    await expect(page.getByRole('dialog', { name: 'Connection link' })).toBeVisible();
    await expectFitsScreen(page);
    await expectAccessible(page, 'workspace link dialog at 375 px');
    await page.getByRole('dialog', { name: 'Connection link' }).getByRole('button', { name: 'Done' }).click();
    await expectAccessible(page, 'workspace at 375 px');
    expect(errors).toEqual([]);
  });
});
