import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { expectAccessible, expectFitsScreen, signIn, signUp, uniqueEmail, watchConsole } from './helpers';

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
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password').fill('another-password-9');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Current password is incorrect' })).toBeVisible();
    await expectFitsScreen(page);
    expect(errors).toEqual([]);
  });
});
