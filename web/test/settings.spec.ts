import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { expectAccessible, expectFitsScreen, PASSWORD, signIn, signUp, uniqueEmail, watchConsole } from './helpers';

// The settings journey itself is in journeys.spec.ts; its keyboard use in keyboard.spec.ts.

test.describe('settings on a 375 px wide phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the page fits the screen, its controls are reachable and its forms work', async ({ page, browser }) => {
    const errors = watchConsole(page);
    const email = uniqueEmail('settings-phone');
    await signUp(page, email);
    // A second session, so the sessions table has a row with its sign-out button.
    const other = await browser.newContext({ baseURL });
    await signIn(await other.newPage(), email);
    await other.close();
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    const sessions = page.getByRole('table', { name: 'Where you are signed in' });
    await expect(sessions.getByRole('rowheader')).toHaveCount(2);
    await expect(sessions.getByRole('button', { name: /^Sign out the session from/ })).toHaveCount(1);
    await expectFitsScreen(page);
    await expectAccessible(page, 'settings at 375 px');

    // The password form, used on the phone: the refusal is shown within the screen.
    const password = page.getByRole('region', { name: 'Password' });
    await password.getByLabel('Current password').fill('not-my-password');
    await password.getByLabel('New password').fill('another-password-9');
    await password.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Current password is incorrect' })).toBeVisible();
    await expectFitsScreen(page);
    expect(errors).toEqual([]);
  });
});

test('changing the sign-in email asks for the current password and signs out the other sessions', async ({ page, browser }) => {
  const errors = watchConsole(page);
  const email = uniqueEmail('settings-email');
  await signUp(page, email);
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await signIn(otherPage, email);
  await page.goto('/settings');
  const profile = page.getByRole('region', { name: 'Profile' });
  const changed = uniqueEmail('settings-email-new');
  await profile.getByRole('textbox', { name: 'Sign-in email' }).fill(changed);
  // The field is labelled and says why it is there.
  const current = profile.getByLabel('Current password');
  await expect(current).toHaveAccessibleDescription('Needed to change your sign-in email');

  // Without the password, then with a wrong one: refused, and said so beside the form.
  await profile.getByRole('button', { name: 'Save email' }).click();
  await expect(profile.getByRole('alert')).toContainText('Current password is required to change the sign-in email');
  await current.fill('not-my-password');
  await profile.getByRole('button', { name: 'Save email' }).click();
  await expect(profile.getByRole('alert')).toContainText('Current password is incorrect');
  await expectAccessible(page, 'settings: email change refused');
  await otherPage.reload();
  await expect(otherPage.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();

  await current.fill(PASSWORD);
  await profile.getByRole('button', { name: 'Save email' }).click();
  await expect(page.getByText(`You now sign in as ${changed}. Your other sessions have ended.`)).toBeVisible();
  await expect(profile.getByRole('alert')).toHaveCount(0);
  await expect(current).toHaveValue('');
  await otherPage.reload();
  await expect(otherPage.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await other.close();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
});
