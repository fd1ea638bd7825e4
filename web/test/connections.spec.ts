import { expect, test } from '@playwright/test';
import { FAKE_ACCOUNTS, fakeURLs } from '../playwright.config';
import { expectAccessible, screenshot, seedConnection, setPlan, signUp, uniqueEmail, watchConsole } from './helpers';

test('connections: what can be connected, a credentials form with the server’s refusal, health and a test, disconnect with its consequences', async ({
  page,
}) => {
  test.slow(); // a long journey: more than the default 45 s on a busy machine
  const errors = watchConsole(page);
  await signUp(page, uniqueEmail('connections'));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Connections' }).click();
  await expect(page.getByRole('heading', { name: 'Connections', level: 1 })).toBeVisible();
  await expect(page.getByText('No accounts connected yet. Connect one below.')).toBeVisible();

  // Every platform is listed; one without an app says it is not available, credential platforms open a form.
  const linkedin = page.getByRole('region', { name: 'LinkedIn' });
  await expect(linkedin).toContainText('Not available');
  await expect(page.getByRole('region', { name: 'Bluesky' }).getByRole('button', { name: 'Connect Bluesky' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Mastodon' }).getByRole('button', { name: 'Connect Mastodon' })).toBeDisabled();
  await expectAccessible(page, 'connections, empty');
  await screenshot(page, 'dashboard-connections');

  await page.getByRole('region', { name: 'Telegram' }).getByRole('button', { name: 'Connect Telegram' }).click();
  const form = page.getByRole('dialog', { name: 'Connect Telegram' });
  await form.getByLabel('Bot token').fill('123456:not-a-real-token');
  await form.getByRole('textbox', { name: 'Channel or chat' }).fill('@my_channel');
  await expectAccessible(page, 'telegram form');
  await form.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(form.getByRole('alert')).toBeVisible();
  await form.getByRole('button', { name: 'Cancel' }).click();

  // An account (made by an admin here; the OAuth flows are covered by the service's tests).
  await seedConnection(page, 'linkedin', 'Acme Member');
  await page.reload();
  const row = page.getByRole('row', { name: /Acme Member/ });
  await expect(row).toContainText('linkedin');
  await row.getByRole('button', { name: 'Test Acme Member on linkedin' }).click();
  // LinkedIn's API (the fake) refuses this made-up token: the test fails, and the health column
  // shows it as the connection's last error, with when it happened.
  await expect(row.getByRole('status')).toContainText('Test failed');
  await expect(row).toContainText(/Last error \(.+\): Access token expired or revoked/);
  await page.reload();
  await expect(page.getByRole('row', { name: /Acme Member/ })).toContainText(/Last error \(.+\): Access token expired or revoked/);
  await expectAccessible(page, 'connections, one account');

  // Kept: the focus is back on the button that opened the dialog.
  const disconnect = row.getByRole('button', { name: 'Disconnect Acme Member on linkedin' });
  await disconnect.click();
  const confirm = page.getByRole('dialog', { name: 'Disconnect this account?' });
  await confirm.getByRole('button', { name: 'Keep it' }).click();
  await expect(confirm).toBeHidden();
  await expect(disconnect).toBeFocused();
  await disconnect.click();
  await expect(confirm).toContainText('Posts scheduled to it fail at once');
  await confirm.getByRole('button', { name: 'Disconnect', exact: true }).click();
  await expect(page.getByText('No accounts connected yet. Connect one below.')).toBeVisible();
  // Its row is gone: the focus goes to the list's heading.
  await expect(page.getByRole('heading', { name: 'Connected accounts' })).toBeFocused();

  // An address that says a connection failed, with words the service did not sign (anyone can
  // write such a link): the code's own words are shown, not the link's; the address is cleaned.
  await page.goto('/connections?error=access_denied&message=Your%20account%20is%20suspended');
  await expect(page.getByRole('alert').filter({ hasText: 'The account was not connected' })).toContainText('Access was not granted');
  await expect(page.getByText('Your account is suspended')).toHaveCount(0);
  await expect(page).toHaveURL(/\/connections$/);
  expect(errors).toEqual([]);
});

test('connect X through its authorization page (a fake X), then publish now and see it published with its link', async ({ page }) => {
  test.slow(); // waits for the scheduler to publish
  const errors = watchConsole(page);
  await signUp(page, uniqueEmail('connect-x'));
  await setPlan(page, 'pro'); // X is not part of Starter
  await page.goto('/connections');
  await page.getByRole('region', { name: 'X', exact: true }).getByRole('button', { name: 'Connect X' }).click();
  // Off to the platform and back: the fake approves at once and X's callback lands here.
  await expect(page).toHaveURL(/\/connections$/);
  await expect(page.getByText('Account connected')).toBeVisible();
  const row = page.getByRole('row', { name: /Fake User \(fakeuser\)/ });
  await expect(row).toContainText('twitter');
  // X's access lasts two hours and is renewed with its refresh token.
  await expect(row).toContainText('Access expires soon');
  await row.getByRole('button', { name: 'Test Fake User (fakeuser) on twitter' }).click();
  await expect(row.getByRole('status')).toContainText('Test passed');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Compose' }).click();
  await page.getByRole('checkbox', { name: 'Fake User (twitter)' }).check();
  await page.getByRole('textbox', { name: 'Post text' }).fill('Hello from the dashboard, published for real (to a fake X).');
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByRole('heading', { name: 'Posts', level: 1 })).toBeVisible();
  // The scheduler publishes it within seconds (a page load can take seconds on a busy machine).
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('row', { name: /Hello from the dashboard/ })).toContainText('published', { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await page.getByRole('button', { name: /^Open “Hello from the dashboard/ }).click();
  const detail = page.getByRole('dialog', { name: 'Post' });
  await expect(detail.getByRole('link', { name: 'View on twitter' })).toHaveAttribute('href', /\/status\//);
  await expect(detail.getByLabel('Log')).toContainText('publish_succeeded · twitter');
  expect(errors).toEqual([]);
});

test('Facebook: two Pages offered after the redirect, one chosen and listed', async ({ page }) => {
  const errors = watchConsole(page);
  await signUp(page, uniqueEmail('connect-facebook'));
  await page.goto('/connections');
  await page.getByRole('region', { name: 'Facebook', exact: true }).getByRole('button', { name: 'Connect Facebook', exact: true }).click();
  // Off to Facebook Login (the fake approves at once) and back with a choice to make.
  const choose = page.getByRole('dialog', { name: 'Choose the accounts to connect' });
  await expect(choose.getByRole('checkbox')).toHaveCount(2);
  await expect(choose.getByRole('checkbox', { name: 'Acme Bakery (page)' })).toBeVisible();
  await expectAccessible(page, 'choose the pages');
  await expect(choose.getByRole('button', { name: 'Connect the chosen accounts' })).toBeDisabled();
  await choose.getByRole('checkbox', { name: 'Acme Café (page)' }).check();
  await choose.getByRole('button', { name: 'Connect the chosen accounts' }).click();
  await expect(choose).toBeHidden();
  await expect(page).toHaveURL(/\/connections$/);
  const row = page.getByRole('row', { name: /Acme Café/ });
  await expect(row).toContainText('facebook');
  await expect(page.getByRole('row', { name: /Acme Bakery/ })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('Bluesky, Telegram and a Mastodon instance connect through their forms', async ({ page }) => {
  const errors = watchConsole(page);
  await signUp(page, uniqueEmail('connect-forms'));
  await page.goto('/connections');

  // Bluesky: handle and app password on a service of the person's choosing (the fake PDS).
  await page.getByRole('region', { name: 'Bluesky' }).getByRole('button', { name: 'Connect Bluesky' }).click();
  const bluesky = page.getByRole('dialog', { name: 'Connect Bluesky' });
  await bluesky.getByRole('textbox', { name: 'Handle' }).fill(FAKE_ACCOUNTS.bluesky.handle);
  await bluesky.getByLabel('App password').fill(FAKE_ACCOUNTS.bluesky.appPassword);
  await bluesky.getByRole('textbox', { name: 'Service URL (optional)' }).fill(fakeURLs.bluesky);
  await bluesky.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(bluesky).toBeHidden();
  await expect(page.getByRole('row', { name: /alice\.bsky\.social/ })).toContainText('bluesky');

  // Telegram: the bot's token and the channel it administers.
  await page.getByRole('region', { name: 'Telegram' }).getByRole('button', { name: 'Connect Telegram' }).click();
  const telegram = page.getByRole('dialog', { name: 'Connect Telegram' });
  await telegram.getByLabel('Bot token').fill(FAKE_ACCOUNTS.telegram.botToken);
  await telegram.getByRole('textbox', { name: 'Channel or chat' }).fill(`@${FAKE_ACCOUNTS.telegram.channel.username}`);
  await telegram.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(telegram).toBeHidden();
  await expect(page.getByRole('row', { name: /Acme News \(acme_news\)/ })).toContainText('telegram');

  // Mastodon: the instance's address, then its own authorization page and back.
  const mastodon = page.getByRole('region', { name: 'Mastodon' });
  await mastodon.getByRole('textbox', { name: 'Your Mastodon server' }).fill(fakeURLs.mastodon);
  await mastodon.getByRole('button', { name: 'Connect Mastodon' }).click();
  // Back on a freshly loaded page (the other forms' notifications are gone with the old one).
  const row = page.getByRole('row', { name: /Alice \(alice\)/ });
  await expect(row).toContainText('mastodon');
  await expect(page).toHaveURL(/\/connections$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Account connected' })).toContainText('mastodon-');
  await row.getByRole('button', { name: 'Test Alice (alice) on mastodon' }).click();
  await expect(row.getByRole('status')).toContainText('Test passed');
  await expectAccessible(page, 'connections, three platforms');
  expect(errors).toEqual([]);
});

test.describe('connections on a 375 px wide phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the page fits the screen', async ({ page }) => {
    const errors = watchConsole(page);
    await signUp(page, uniqueEmail('connections-phone'));
    await page.goto('/connections');
    await expect(page.getByRole('heading', { name: 'Connect an account' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAccessible(page, 'connections at 375 px');
    expect(errors).toEqual([]);
  });
});
