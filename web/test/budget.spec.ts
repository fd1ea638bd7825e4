import { expect, test } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { signUp, uniqueEmail } from './helpers';

/** The budget for the first page's JavaScript, gzipped (docs/dashboard.md). */
const BUDGET_BYTES = 250 * 1024;

test('the first dashboard page loads at most 250 KB of gzipped JavaScript; time to an interactive page', async ({ page, browser }) => {
  await signUp(page, uniqueEmail('budget'));
  const state = await page.context().storageState();
  // A new context: an empty cache, the session cookie kept.
  const context = await browser.newContext({ storageState: state });
  const fresh = await context.newPage();
  const scripts: { url: string; raw: number; gzip: number }[] = [];
  fresh.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body();
    scripts.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  });
  const started = Date.now();
  await fresh.goto('/');
  const overview = fresh.getByRole('heading', { name: 'Overview', level: 1 });
  await expect(overview).toBeVisible();
  // Interactive: the navigation answers a click.
  await fresh.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Posts' }).click();
  await expect(fresh.getByRole('heading', { name: 'Posts', level: 1 })).toBeVisible();
  const interactiveMs = Date.now() - started;
  await fresh.waitForLoadState('networkidle');
  const gzip = scripts.reduce((sum, s) => sum + s.gzip, 0);
  const metrics = {
    initialScripts: scripts,
    initialJsGzipBytes: gzip,
    initialJsGzipKB: +(gzip / 1024).toFixed(1),
    timeToInteractiveDashboardMs: interactiveMs,
  };
  const out = join(__dirname, '..', 'test-results');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'metrics.json'), `${JSON.stringify(metrics, null, 2)}\n`);
  console.log(`initial JavaScript: ${metrics.initialJsGzipKB} KB gzipped in ${scripts.length} file(s); interactive dashboard page after ${interactiveMs} ms`);
  expect(gzip).toBeLessThanOrEqual(BUDGET_BYTES);
  await context.close();
});
