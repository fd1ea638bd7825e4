import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN } from '../playwright.config';
import { adminUpdateSignedInUser, expectAccessible, PASSWORD, signIn, signUp, uniqueEmail, watchConsole } from './helpers';

// Keyboard alone: after signing in (set-up), every step is a key press; no clicks, no fills.

const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

/** Presses Tab (or Shift+Tab) until `target` has the focus, at most `max` times. */
async function tabTo(page: Page, target: Locator, max = 40, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  for (let i = 0; i < max && !(await isFocused(target).catch(() => false)); i++) await page.keyboard.press(key);
  await expect(target).toBeFocused();
}

/**
 * Tabs round an open dialog: the focus stays inside it (Mantine traps it) and reaches each of
 * `stops` in turn, then comes back to the first.
 */
async function tabThrough(page: Page, dialog: Locator, stops: Locator[]): Promise<void> {
  const inside = () => dialog.evaluate((el) => el.contains(document.activeElement));
  for (const stop of [...stops, stops[0]]) {
    for (let i = 0; i < 12 && !(await isFocused(stop)); i++) {
      await page.keyboard.press('Tab');
      expect(await inside(), 'the focus stays in the dialog').toBe(true);
    }
    await expect(stop).toBeFocused();
  }
}

test('API keys by keyboard: create with Enter, the key dialog, rename and revoke dialogs (Escape closes, the focus comes back)', async ({ page }) => {
  const errors = watchConsole(page);
  await signUp(page, uniqueEmail('keys-keyboard'));
  await adminUpdateSignedInUser(page, { plan: 'pro' });
  await page.goto('/api-keys');
  await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();

  // A form submitted with Enter opens the key's dialog.
  const name = page.getByRole('textbox', { name: 'Key name' });
  await tabTo(page, name);
  await page.keyboard.type('CLI');
  // Submitted from the button: it is busy (disabled) meanwhile, and the focus must not be lost.
  await tabTo(page, page.getByRole('button', { name: 'Create API key' }), 3);
  await page.keyboard.press('Enter');
  const created = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(created).toBeVisible();
  await tabThrough(page, created, [created.getByRole('button', { name: 'Copy key' }), created.getByRole('button', { name: 'Done' })]);
  await expectAccessible(page, 'api keys: key dialog (keyboard)');
  // Done with Enter; the focus goes back where it was.
  await tabTo(page, created.getByRole('button', { name: 'Done' }), 6);
  await page.keyboard.press('Enter');
  await expect(created).toBeHidden();
  await expect(name).toBeFocused();

  // Rename: Enter opens it on its field; Enter saves.
  const renameButton = page.getByRole('button', { name: 'Rename CLI' });
  await tabTo(page, renameButton);
  await page.keyboard.press('Enter');
  const rename = page.getByRole('dialog', { name: 'Rename API key' });
  await expect(rename.getByRole('textbox', { name: 'New name' })).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Deploy');
  await page.keyboard.press('Enter');
  await expect(rename).toBeHidden();
  await expect(page.getByRole('rowheader', { name: 'Deploy' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rename Deploy' })).toBeFocused();

  // Revoke: open, tab round, Escape closes without revoking, the focus returns to the row's button.
  const revokeButton = page.getByRole('button', { name: 'Revoke Deploy' });
  await tabTo(page, revokeButton);
  await page.keyboard.press('Enter');
  const revoke = page.getByRole('dialog', { name: 'Revoke API key?' });
  await expect(revoke).toBeVisible();
  await tabThrough(page, revoke, [revoke.getByRole('button', { name: 'Cancel' }), revoke.getByRole('button', { name: 'Revoke key' })]);
  await page.keyboard.press('Escape');
  await expect(revoke).toBeHidden();
  await expect(revokeButton).toBeFocused();
  await expect(page.getByRole('rowheader', { name: 'Deploy' })).toBeVisible();

  // And with Enter on "Revoke key", it goes.
  await page.keyboard.press('Enter');
  await expect(revoke).toBeVisible();
  await tabTo(page, revoke.getByRole('button', { name: 'Revoke key' }), 12);
  await page.keyboard.press('Enter');
  await expect(revoke).toBeHidden();
  await expect(page.getByText('You have no API keys yet. Create one above.')).toBeVisible();
  expect(errors).toEqual([]);
});

test('webhooks by keyboard: fill the form, tick an event with Space, submit; reveal the secret; Escape closes', async ({ page }) => {
  const errors = watchConsole(page);
  await signUp(page, uniqueEmail('hooks-keyboard'));
  await page.goto('/webhook-endpoints');
  await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();

  await tabTo(page, page.getByRole('textbox', { name: 'Name' }));
  await page.keyboard.type('Keyboard hook');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'URL' })).toBeFocused();
  await page.keyboard.type('https://example.com/hooks/keyboard');
  const scheduled = page.getByRole('checkbox', { name: 'A post is scheduled (post.scheduled)' });
  await tabTo(page, scheduled, 5);
  await page.keyboard.press('Space');
  await expect(scheduled).toBeChecked();
  const add = page.getByRole('button', { name: 'Add webhook' });
  await tabTo(page, add, 6);
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Signing secret' });
  await expect(dialog).toBeVisible();
  const reveal = dialog.getByRole('button', { name: 'Reveal secret' });
  await tabThrough(page, dialog, [reveal, dialog.getByRole('button', { name: 'Copy secret' }), dialog.getByRole('button', { name: 'Done' })]);
  await tabTo(page, reveal, 6);
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Signing secret')).toHaveText(/^whsec_[0-9a-f]{64}$/);
  await expect(dialog.getByRole('button', { name: 'Hide secret' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Back on the (emptied) form, ready for another.
  await expect(page.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await expect(page.getByRole('row', { name: /Keyboard hook/ })).toContainText('post.scheduled, post.published, post.failed');

  // A row's dialog: Edit opens with Enter, Escape closes it unchanged, the focus is back on Edit.
  const edit = page.getByRole('button', { name: 'Edit Keyboard hook' });
  await tabTo(page, edit);
  await page.keyboard.press('Enter');
  const editDialog = page.getByRole('dialog', { name: 'Edit Keyboard hook' });
  await expect(editDialog).toBeVisible();
  await tabThrough(page, editDialog, [editDialog.getByRole('textbox', { name: 'URL' }), editDialog.getByRole('button', { name: 'Save' })]);
  await page.keyboard.press('Escape');
  await expect(editDialog).toBeHidden();
  await expect(edit).toBeFocused();
  expect(errors).toEqual([]);
});

test('workspace by keyboard: add someone with Enter, their link dialog, Escape back to the row', async ({ page }) => {
  const errors = watchConsole(page);
  await signUp(page, uniqueEmail('owner-keyboard'));
  await adminUpdateSignedInUser(page, { plan: 'pro', workspacesEnabled: true });
  await page.goto('/workspace');
  await expect(page.getByRole('heading', { name: 'Workspace', level: 1 })).toBeVisible();

  await tabTo(page, page.getByRole('textbox', { name: 'Email' }));
  await page.keyboard.type(uniqueEmail('managed-keyboard'));
  await page.keyboard.press('Tab');
  await page.keyboard.type('Keyboard client');
  await page.keyboard.press('Enter');
  const row = page.getByRole('row', { name: /Keyboard client/ });
  await expect(row).toContainText('None');

  const make = row.getByRole('button', { name: 'Make link for Keyboard client' });
  await tabTo(page, make);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Connection link' });
  await expect(dialog).toBeVisible();
  await tabThrough(page, dialog, [dialog.getByRole('button', { name: 'Copy connection link' }), dialog.getByRole('button', { name: 'Done' })]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // The same button, now offering to show the link again, has the focus back.
  await expect(row.getByRole('button', { name: 'Show link for Keyboard client' })).toBeFocused();

  // Detach: Enter opens the confirmation, Escape keeps them, the focus is back on Detach.
  const detach = row.getByRole('button', { name: 'Detach Keyboard client' });
  await tabTo(page, detach, 6);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Detach this user?' });
  await expect(confirm).toBeVisible();
  await tabThrough(page, confirm, [confirm.getByRole('button', { name: 'Keep them' }), confirm.getByRole('button', { name: 'Detach', exact: true })]);
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(detach).toBeFocused();
  await expect(row).toBeVisible();
  expect(errors).toEqual([]);
});

test('settings by keyboard: a password form submitted with Enter shows the refusal', async ({ page }) => {
  const errors = watchConsole(page);
  await signUp(page, uniqueEmail('settings-keyboard'));
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  const form = page.getByRole('region', { name: 'Password' });
  await tabTo(page, form.getByLabel('Current password'));
  await page.keyboard.type('not-my-password');
  await tabTo(page, form.getByLabel('New password'), 3);
  await page.keyboard.type('another-password-9');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Current password is incorrect' })).toBeVisible();
  // The right one, submitted from the button with Space.
  await tabTo(page, form.getByLabel('Current password'), 6, 'Shift+Tab');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(PASSWORD);
  await tabTo(page, page.getByRole('button', { name: 'Change password' }), 6);
  await page.keyboard.press('Space');
  await expect(page.getByText('Password changed. Your other sessions have ended.')).toBeVisible();
  expect(errors).toEqual([]);
});

test('admin users by keyboard: the plan menu opens with the arrow keys, an option is chosen with Enter, Escape closes it', async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/users');
  await expect(page.getByRole('rowheader', { name: ADMIN.email })).toBeVisible();

  const plan = page.getByRole('combobox', { name: 'Plan' });
  await tabTo(page, plan);
  await page.keyboard.press('ArrowDown');
  const menu = page.getByRole('listbox');
  await expect(menu).toBeVisible();
  await expect(plan).toHaveAttribute('aria-expanded', 'true');
  await expectAccessible(page, 'admin users: plan menu open');
  // Escape closes the menu and leaves the focus on its field.
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(plan).toBeFocused();

  // Open again and walk to "Starter" (the start-up admin's plan): the list shows only Starter accounts.
  await page.keyboard.press('ArrowDown');
  await expect(menu).toBeVisible();
  const starter = page.getByRole('option', { name: 'Starter' });
  for (let i = 0; i < 6 && (await starter.getAttribute('aria-selected')) !== 'true' && (await starter.getAttribute('data-combobox-selected')) === null; i++) {
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();
  await expect(plan).toHaveValue('Starter');
  const table = page.getByRole('table', { name: /All accounts/ });
  await expect(table.getByRole('rowheader', { name: ADMIN.email })).toBeVisible();
  await expect(table.getByRole('cell', { name: /^(Pro|Premium)$/ })).toHaveCount(0);

  // The edit dialog of a user: Enter opens it, Escape closes it, the focus is back on its button.
  const edit = page.getByRole('button', { name: `Edit ${ADMIN.email}` });
  await tabTo(page, edit);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Edit ${ADMIN.email}` });
  await expect(dialog).toBeVisible();
  await tabThrough(page, dialog, [dialog.getByRole('textbox', { name: 'Seats' }), dialog.getByRole('button', { name: 'Save changes' })]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(edit).toBeFocused();
  expect(errors).toEqual([]);
});
