import { expect, test } from '@playwright/test';
import { ADMIN, baseURL } from '../playwright.config';
import { expectAccessible, PASSWORD, screenshot, signIn, signOut, signUp, uniqueEmail, watchConsole } from './helpers';

// The journeys share one app and database, so they run in order.
test.describe.configure({ mode: 'serial' });

const person = { email: uniqueEmail('person') };

test('sign up, see the dashboard and the plan, sign out, sign in again', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/');
  // A browser that never signed in is sent to the sign-in page.
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await expectAccessible(page, 'sign-in');
  await screenshot(page, 'dashboard-sign-in');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expectAccessible(page, 'sign-up');

  // The form explains what is wrong before asking the server.
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();

  await signUp(page, person.email);
  await expect(page.getByRole('heading', { name: 'Your plan: Starter' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(person.email);
  await expectAccessible(page, 'overview');
  await screenshot(page, 'dashboard-overview');

  // Signed in, a reload keeps the session (the cookie) and the sign-in page sends you home.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();

  await signOut(page);
  // Signed out, the shell is closed again.
  await page.goto('/api-keys');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fapi-keys$/);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(person.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Back where the person wanted to go.
  await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a wrong password is refused with the server’s message', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(person.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await expectAccessible(page, 'sign-in with an error');
});

test('Starter sees why it cannot make API keys', async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, person.email);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API keys' }).click();
  await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('The Starter plan is for the dashboard only');
  await expect(page.getByRole('button', { name: 'Create API key' })).toHaveCount(0);
  await expectAccessible(page, 'api keys (starter)');
  expect(errors).toEqual([]);
});

test('an admin moves the person to Pro on the users page', async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.getByRole('link', { name: 'Users (admin)' }).click();
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: /All accounts/ })
      .getByRole('rowheader')
      .first(),
  ).toBeVisible();
  await expectAccessible(page, 'admin users');
  await screenshot(page, 'dashboard-admin-users');

  // Search finds the person by part of the address (the suites before this one made many accounts,
  // so they need not be on the first page); a search that matches nobody says so.
  const search = page.getByRole('textbox', { name: 'Search' });
  await search.fill(person.email.split('@')[0].toUpperCase());
  await expect(page.getByRole('table', { name: /All accounts/ }).getByRole('rowheader')).toHaveText([person.email]);
  await search.fill('nobody-has-this-address');
  await expect(page.getByText('No user matches.')).toBeVisible();
  await search.fill(person.email);
  await page.getByRole('button', { name: `Edit ${person.email}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${person.email}` });
  await dialog.getByRole('combobox', { name: 'Plan' }).click();
  await page.getByRole('option', { name: 'Pro' }).click();
  await expectAccessible(page, 'admin users: edit dialog');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(person.email) })).toContainText('Pro');

  // Create an account for someone else.
  const other = uniqueEmail('created');
  await page.getByRole('button', { name: 'Create user' }).click();
  const create = page.getByRole('dialog', { name: 'Create user' });
  await create.getByRole('textbox', { name: 'Email', exact: true }).fill(other);
  await create.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await expectAccessible(page, 'admin users: create dialog');
  await create.getByRole('button', { name: 'Create user' }).click();
  await expect(create).toBeHidden();
  await search.fill(other);
  await expect(page.getByRole('rowheader', { name: other })).toBeVisible();
  await signOut(page);
  expect(errors).toEqual([]);
});

test('create an API key (shown once, copied), rename it, use it, revoke it', async ({ page, context, request }) => {
  const errors = watchConsole(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, person.email);
  await page.getByRole('link', { name: 'Create an API key' }).click();
  await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();
  await expect(page.getByText('You have no API keys yet')).toBeVisible();

  await page.getByLabel('Key name').fill('Zapier');
  await page.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('this is the only time it is shown');
  const rawKey = await dialog.getByLabel('API key “Zapier”').inputValue();
  expect(rawKey).toMatch(/^sk_[a-z0-9]+_[0-9a-f]{12}\.[0-9a-f]{48}$/);
  await expectAccessible(page, 'api keys: new key dialog');
  await screenshot(page, 'dashboard-api-key-created');
  await dialog.getByRole('button', { name: 'Copy key' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(rawKey);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // Listed by its prefix only; the full key is nowhere on the page any more.
  const row = page.getByRole('row', { name: /Zapier/ });
  await expect(row).toContainText(rawKey.split('.')[0]);
  await expect(page.getByText(rawKey)).toHaveCount(0);
  await expectAccessible(page, 'api keys: list');
  await screenshot(page, 'dashboard-api-keys');

  // The key works on the REST API.
  const usage = await request.get('/api/v1/usage', { headers: { 'x-api-key': rawKey } });
  expect(usage.status()).toBe(200);

  await row.getByRole('button', { name: 'Rename Zapier' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename API key' });
  await rename.getByLabel('New name').fill('Make.com');
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(rename).toBeHidden();
  await expect(page.getByRole('rowheader', { name: 'Make.com' })).toBeVisible();

  await page.getByRole('button', { name: 'Revoke Make.com' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke API key?' });
  await expect(confirm).toContainText('stop working on their next request');
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('You have no API keys yet')).toBeVisible();
  const after = await request.get('/api/v1/usage', { headers: { 'x-api-key': rawKey } });
  expect(after.status()).toBe(401);

  await signOut(page);
  await signIn(page, person.email);
  expect(errors).toEqual([]);
});

test('a session ended elsewhere sends the person back to sign in', async ({ page }) => {
  await signIn(page, person.email);
  // Signed out from another tab: the cookie's session is gone on the server.
  expect((await page.request.post('/auth/logout')).status()).toBe(200);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API keys' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Your session has ended' })).toBeVisible();
  await signIn(page, person.email);
});

test('settings: change the sign-in email and the password (other sessions end), see where you are signed in', async ({ page, browser }) => {
  const errors = watchConsole(page);
  const email = uniqueEmail('settings');
  await signUp(page, email);
  // A second browser signed in as the same person.
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await signIn(otherPage, email);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  const sessions = page.getByRole('table', { name: 'Where you are signed in' });
  await expect(sessions.getByRole('rowheader')).toHaveCount(2);
  await expect(sessions).toContainText('(this browser)');
  await expectAccessible(page, 'settings');
  await screenshot(page, 'dashboard-settings');

  const changed = uniqueEmail('settings-new');
  const profile = page.getByRole('region', { name: 'Profile' });
  await profile.getByRole('textbox', { name: 'Sign-in email' }).fill(changed);
  await profile.getByLabel('Current password').fill(PASSWORD);
  await profile.getByRole('button', { name: 'Save email' }).click();
  await expect(page.getByText(`You now sign in as ${changed}`)).toBeVisible();
  // The email change ended the other browser's session; sign it in again under the new email.
  await otherPage.reload();
  await expect(otherPage.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await signIn(otherPage, changed);

  const password = page.getByRole('region', { name: 'Password' });
  await password.getByLabel('Current password').fill('wrong-password-1');
  await password.getByLabel('New password').fill('a-new-password-2');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Current password is incorrect' })).toBeVisible();
  await password.getByLabel('Current password').fill(PASSWORD);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. Your other sessions have ended.')).toBeVisible();
  // The other browser is signed out; this one is not.
  await otherPage.reload();
  await expect(otherPage.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await other.close();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await signOut(page);
  await signIn(page, changed, 'a-new-password-2');

  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expectAccessible(page, 'not found');
  expect(errors).toEqual([]);
});

test('the sign-in form works with the keyboard alone', async ({ page }) => {
  await page.goto('/sign-in');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toBeFocused();
  await page.keyboard.type(person.email);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  // Skip through the header to the navigation and open a page with Enter.
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API keys' });
  for (let i = 0; i < 20 && !(await link.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(link).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();
});

test.describe('on a 375 px wide phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the shell, its menu and the API keys page fit the screen', async ({ page }) => {
    const errors = watchConsole(page);
    await signIn(page, person.email);
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fits()).toBe(true);
    await expectAccessible(page, 'overview at 375 px');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'API keys' })).toBeVisible();
    // Once the menu has slid in.
    await expect.poll(() => nav.evaluate((el) => el.getBoundingClientRect().left)).toBe(0);
    await screenshot(page, 'dashboard-mobile-menu');
    await nav.getByRole('link', { name: 'API keys' }).click();
    await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
    expect(await fits()).toBe(true);
    await expectAccessible(page, 'api keys at 375 px');
    expect(errors).toEqual([]);
  });
});
