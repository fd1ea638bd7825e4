import { expect, test } from '@playwright/test';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectAccessible, screenshot, signUp, uniqueEmail, watchConsole } from './helpers';

/** A local receiver that records each call: its body and signature header. */
async function startReceiver() {
  const calls: Array<{ body: string; signature: string | undefined }> = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      calls.push({ body, signature: req.headers['x-service-signature'] as string | undefined });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { url, calls, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

test('webhooks: add one with events, the secret once (masked, revealed, hidden, copied), send a test event, redeliver, edit, new secret, delete', async ({
  page,
  context,
}) => {
  const errors = watchConsole(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const receiver = await startReceiver();
  try {
    await signUp(page, uniqueEmail('hooks'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
    await expect(page.getByText('You have no webhooks yet. Add one above.')).toBeVisible();
    await expectAccessible(page, 'webhooks, empty');

    // The form explains what is missing before asking the server.
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await expect(page.getByText('Give the webhook a name')).toBeVisible();

    await page.getByRole('textbox', { name: 'Name' }).fill('Team feed');
    await page.getByRole('textbox', { name: 'URL' }).fill(receiver.url);
    await page.getByRole('checkbox', { name: 'A post is scheduled (post.scheduled)' }).check();
    await page.getByRole('button', { name: 'Add webhook' }).click();

    // The secret comes back only now (create and regenerate): masked until revealed, with a copy button.
    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    await expect(secretDialog).toBeVisible();
    await expect(secretDialog.getByRole('note')).toContainText('it cannot be shown again once you close this dialog');
    const shownSecret = secretDialog.getByLabel('Signing secret');
    await expect(shownSecret).toHaveText(/^•+hidden$/);
    await expect(secretDialog).not.toContainText('whsec_');
    await expectAccessible(page, 'webhooks, secret masked');
    await secretDialog.getByRole('button', { name: 'Reveal secret' }).click();
    await expect(shownSecret).toHaveText(/^whsec_[0-9a-f]{64}$/);
    const revealed = (await shownSecret.textContent())!;
    await expectAccessible(page, 'webhooks, secret revealed');
    await secretDialog.getByRole('button', { name: 'Hide secret' }).click();
    await expect(shownSecret).toHaveText(/^•+hidden$/);
    await expect(secretDialog).not.toContainText('whsec_');
    await secretDialog.getByRole('button', { name: 'Copy secret' }).click();
    await expect(secretDialog.getByRole('button', { name: 'Copied' })).toBeVisible();
    // What the receiver checks signatures with below is what was copied.
    const secret = await page.evaluate(() => navigator.clipboard.readText());
    expect(secret).toBe(revealed);
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    await expect(secretDialog).toBeHidden();
    // Gone with the dialog: the page says so and shows it nowhere.
    await expect(page.getByText(revealed)).toHaveCount(0);
    await expect(page.getByText('it cannot be shown again later, so if it is lost, make a new one')).toBeVisible();

    const row = page.getByRole('row', { name: /Team feed/ });
    await expect(row).toContainText('post.scheduled, post.published, post.failed');
    await expect(row).toContainText('Active');
    await screenshot(page, 'dashboard-webhooks');

    // A test event, signed with that secret, arrives and shows in the delivery log.
    await page.getByRole('button', { name: 'Deliveries of Team feed' }).click();
    const log = page.getByRole('dialog', { name: 'Deliveries of Team feed' });
    await expect(log.getByText('No deliveries yet.')).toBeVisible();
    await log.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => receiver.calls.length, { timeout: 15_000 }).toBe(1);
    const [call] = receiver.calls;
    expect(JSON.parse(call.body).event).toBe('webhook.test');
    expect(call.signature).toBe(createHmac('sha256', secret).update(call.body).digest('hex'));
    await expect(async () => {
      await log.getByRole('button', { name: 'Refresh' }).click();
      await expect(log.getByRole('row', { name: /webhook\.test/ })).toContainText('Delivered', { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expectAccessible(page, 'webhook deliveries');

    await log.getByRole('button', { name: /^Redeliver webhook\.test/ }).click();
    await expect.poll(() => receiver.calls.length, { timeout: 15_000 }).toBe(2);
    await log.getByRole('button', { name: 'Close' }).click();

    // Edit: fewer events, and it is saved.
    await page.getByRole('button', { name: 'Edit Team feed' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Team feed' });
    await edit.getByRole('checkbox', { name: 'A post fails (post.failed)' }).uncheck();
    // An opt-in event, behind "More events".
    await edit.getByRole('button', { name: 'More events' }).click();
    await edit.getByRole('checkbox', { name: 'A failed post is tried again (post.retried)' }).check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(row).toContainText('post.scheduled, post.published, post.retried');
    await expect(row).not.toContainText('post.failed');
    // Reopened, the ticked opt-in event shows without asking.
    await page.getByRole('button', { name: 'Edit Team feed' }).click();
    await expect(edit.getByRole('checkbox', { name: 'A failed post is tried again (post.retried)' })).toBeChecked();
    await edit.getByRole('button', { name: 'Cancel' }).click();

    // A new secret, shown once, different from the first.
    await page.getByRole('button', { name: 'New secret for Team feed' }).click();
    const again = page.getByRole('dialog', { name: 'Signing secret' });
    // Masked again: the reveal of the first dialog does not carry over.
    await expect(again.getByLabel('Signing secret')).toHaveText(/^•+hidden$/);
    await again.getByRole('button', { name: 'Reveal secret' }).click();
    const fresh = (await again.getByLabel('Signing secret').textContent())!;
    expect(fresh).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(fresh).not.toBe(secret);
    await again.getByRole('button', { name: 'Copy secret' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(fresh);
    await again.getByRole('button', { name: 'Done' }).click();
    // Test events are now signed with the new secret.
    await page.getByRole('button', { name: 'Deliveries of Team feed' }).click();
    await page.getByRole('dialog', { name: 'Deliveries of Team feed' }).getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => receiver.calls.length, { timeout: 15_000 }).toBe(3);
    expect(receiver.calls[2].signature).toBe(createHmac('sha256', fresh).update(receiver.calls[2].body).digest('hex'));
    await page.getByRole('dialog', { name: 'Deliveries of Team feed' }).getByRole('button', { name: 'Close' }).click();

    // Delete, after saying what goes with it.
    await page.getByRole('button', { name: 'Delete Team feed' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete webhook?' });
    await expect(confirm).toContainText('its queued deliveries and delivery log are deleted');
    await confirm.getByRole('button', { name: 'Delete webhook' }).click();
    await expect(page.getByText('You have no webhooks yet. Add one above.')).toBeVisible();
    // Its row is gone: the focus goes to the list's heading, not to the top of the page.
    await expect(page.getByRole('heading', { name: 'Your webhooks' })).toBeFocused();
    expect(errors).toEqual([]);
  } finally {
    await receiver.close();
  }
});

test.describe('webhooks on a 375 px wide phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the page fits the screen', async ({ page }) => {
    const errors = watchConsole(page);
    await signUp(page, uniqueEmail('hooks-phone'));
    await page.goto('/webhook-endpoints');
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAccessible(page, 'webhooks at 375 px');
    expect(errors).toEqual([]);
  });
});
