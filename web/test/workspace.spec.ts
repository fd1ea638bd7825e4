import { expect, test } from '@playwright/test';
import { ADMIN, baseURL } from '../playwright.config';
import { expectAccessible, screenshot, signIn, signOut, uniqueEmail, watchConsole } from './helpers';

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
  await signOut(page);
  expect(errors).toEqual([]);
});
