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

test('webhooks: add one with events, see the secret once, send a test event, redeliver, edit, new secret, delete', async ({ page }) => {
  const errors = watchConsole(page);
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

    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    await expect(secretDialog).toBeVisible();
    const secret = (await secretDialog.getByLabel('Signing secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    await expectAccessible(page, 'webhooks, secret shown');
    await secretDialog.getByRole('button', { name: 'Done' }).click();

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
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(row).toContainText('post.scheduled, post.published');
    await expect(row).not.toContainText('post.failed');

    // A new secret, shown once, different from the first.
    await page.getByRole('button', { name: 'New secret for Team feed' }).click();
    const fresh = (await page.getByRole('dialog', { name: 'Signing secret' }).getByLabel('Signing secret').textContent())!.trim();
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(secret);
    await page.getByRole('dialog', { name: 'Signing secret' }).getByRole('button', { name: 'Done' }).click();

    // Delete, after saying what goes with it.
    await page.getByRole('button', { name: 'Delete Team feed' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete webhook?' });
    await expect(confirm).toContainText('its queued deliveries and delivery log are deleted');
    await confirm.getByRole('button', { name: 'Delete webhook' }).click();
    await expect(page.getByText('You have no webhooks yet. Add one above.')).toBeVisible();
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
