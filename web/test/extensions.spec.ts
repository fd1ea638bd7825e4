import { expect, test } from '@playwright/test';
import { DISCORD, extendedURL } from '../playwright.config';
import { expectAccessible, signUp, uniqueEmail, watchConsole } from './helpers';

test.use({ baseURL: extendedURL });

test('a platform plugin appears with its own form, connects, and is offered by the post filter', async ({ page }) => {
  const errors = watchConsole(page);
  await signUp(page, uniqueEmail('plugin'));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Connections' }).click();
  const discord = page.getByRole('region', { name: 'Discord' });
  await discord.getByRole('button', { name: 'Connect Discord' }).click();
  const form = page.getByRole('dialog', { name: 'Connect Discord' });
  // The form the plugin declares (one field), not another platform's.
  await expect(form.getByLabel('Handle')).toHaveCount(0);
  await form.getByLabel('Webhook URL').fill('https://example.com/api/webhooks/1/nope');
  await expectAccessible(page, 'plugin credentials form');
  await form.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(form.getByRole('alert')).toContainText('That is not a Discord webhook URL');
  await form.getByLabel('Webhook URL').fill(`http://127.0.0.1:${DISCORD.fakePort}/api/webhooks/1000000/${DISCORD.webhookToken}`);
  await form.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(DISCORD.webhookName) })).toContainText('discord');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Posts' }).click();
  const filter = page.getByRole('combobox', { name: 'Platform' });
  await expect(filter.locator('option', { hasText: 'discord' })).toHaveCount(1);
  await filter.selectOption('discord');
  await expect(page.getByText(/No posts/)).toBeVisible();
  expect(errors).toEqual([]);
});
