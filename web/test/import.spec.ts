import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expectAccessible, expectFitsScreen, refuseOperationOnce, seedConnection, signUp, uniqueEmail, watchConsole } from './helpers';

/** The downloaded file's text, without the BOM the service and the template put first. */
async function textOf(download: Download): Promise<string> {
  return (await readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '');
}

async function download(page: Page, click: () => Promise<void>): Promise<Download> {
  const pending = page.waitForEvent('download');
  await click();
  return pending;
}

const TEMPLATE_HEADER = 'content,accounts,scheduledTime,contentOverrides,firstComment,platformSettings,mediaUrls,mediaIds';
const EXPORT_HEADER =
  'content,accounts,scheduledTime,contentOverrides,firstComment,platformSettings,mediaUrls,postGroupId,status,fromQueue,createdAt,updatedAt,platformPosts';

test('import a CSV of four rows: the template, the column mapping, the bad row shown and dropped, a cell edited, three posts created and listed, then exported', async ({
  page,
}) => {
  test.slow();
  const errors = watchConsole(page);
  await signUp(page, uniqueEmail('import'));
  const mastodon = await seedConnection(page, 'mastodon', 'import_user');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Import' }).click();
  await expect(page.getByRole('heading', { name: 'Import posts', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/Import posts/);
  await expect(page.getByRole('list', { name: 'Your accounts, as the accounts column names them' })).toContainText(mastodon);
  await expectAccessible(page, 'import: choose a file');

  // The template: the documented columns, and an example draft on the person's account.
  const template = await download(page, () => page.getByRole('link', { name: 'Download template' }).click());
  expect(template.suggestedFilename()).toBe('posts-import-template.csv');
  const [templateHeader, example] = (await textOf(template)).split('\r\n');
  expect(templateHeader).toBe(TEMPLATE_HEADER);
  expect(example).toContain(mastodon);

  // Four rows; the third names an account the person does not have. Headers as a spreadsheet writes them.
  const later = new Date(Date.now() + 3 * 3600_000).toISOString();
  const csv = [
    'Content,Accounts,Scheduled Time,Notes',
    `Imported one,${mastodon},,first`,
    `"Imported two, with a comma",${mastodon},,second`,
    'Imported three,mastodon-999999999,,bad account',
    `Imported four,${mastodon},${later},scheduled`,
  ].join('\r\n');
  await page.getByLabel('CSV file', { exact: true }).setInputFiles({ name: 'spring.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText('spring.csv: 4 rows, 4 columns.')).toBeVisible();
  // The mapping starts from the header's names; a column no field has is ignored.
  await expect(page.getByRole('heading', { name: '2. Match the columns' })).toBeFocused();
  await expect(page.getByRole('combobox', { name: 'Field for column Content' })).toHaveValue('content');
  await expect(page.getByRole('combobox', { name: 'Field for column Accounts' })).toHaveValue('accounts');
  await expect(page.getByRole('combobox', { name: 'Field for column Scheduled Time' })).toHaveValue('scheduledTime');
  await expect(page.getByRole('combobox', { name: 'Field for column Notes' })).toHaveValue('');
  // Without a content column the rows cannot be checked.
  await page.getByRole('combobox', { name: 'Field for column Content' }).selectOption('');
  await expect(page.getByRole('alert')).toContainText('Choose a column for Content');
  await expect(page.getByRole('button', { name: 'Check rows' })).toBeDisabled();
  await page.getByRole('combobox', { name: 'Field for column Content' }).selectOption('content');
  await expectAccessible(page, 'import: column mapping');

  // The dry run: the bad row's problem at its accounts cell, the others ready.
  await page.getByRole('button', { name: 'Check rows' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'rows has problems' })).toHaveText(/1 of 4 rows has problems/);
  const bad = page.getByRole('row', { name: 'Row 3' });
  await expect(bad).toContainText('Problem: see accounts');
  await expect(bad.getByRole('textbox', { name: 'Accounts of row 3' })).toHaveAttribute('aria-invalid', 'true');
  await expect(bad).toContainText('Platform connection not found: mastodon-999999999');
  await expect(page.getByRole('row', { name: 'Row 1' })).toContainText('Ready: a draft');
  await expect(page.getByRole('row', { name: 'Row 4' })).toContainText('Ready: scheduled for');
  await expect(page.getByRole('button', { name: 'Import 4 posts' })).toBeDisabled();
  await expectAccessible(page, 'import: preview with a problem');

  // Drop the bad row (the focus goes on to the next row's button) and edit a cell in place.
  await page.getByRole('button', { name: 'Drop row 3' }).click();
  await expect(page.getByRole('button', { name: 'Drop row 4' })).toBeFocused();
  await expect(page.getByRole('list', { name: /Dropped/ })).toContainText('Row 3: Imported three');
  await page.getByRole('textbox', { name: 'Content of row 1' }).fill('Imported one, edited');
  await expect(page.getByText('The rows changed since the last check')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import 3 posts' })).toBeDisabled();
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'can be imported' })).toContainText('All 3 rows can be imported.');

  // Import: the bar while the service works (its answer held here), full once it answered; each row's post.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/graphql', async (route) => {
    if (route.request().postDataJSON()?.operationName === 'ImportPosts') await held;
    return route.continue();
  });
  await page.getByRole('button', { name: 'Import 3 posts' }).click();
  const bar = page.getByRole('progressbar', { name: 'Import progress' });
  await expect(bar).toHaveAttribute('aria-valuetext', 'Creating 3 posts: the service answers once every row is done');
  await expect(bar).not.toHaveAttribute('aria-valuenow', /.*/);
  await expectAccessible(page, 'import: importing');
  release();
  await expect(page.getByRole('heading', { name: 'Imported' })).toBeFocused();
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  await expect(bar).toHaveAttribute('aria-valuetext', 'Done: 3 posts created');
  await page.unroute('**/graphql');
  await expect(page.getByText('3 posts created.')).toBeVisible();
  const results = page.getByRole('table', { name: 'Imported' });
  await expect(results.getByRole('row')).toHaveCount(4);
  await expect(results.getByRole('row', { name: /^1 / })).toContainText('Created: a draft');
  await expect(results.getByRole('row', { name: /^4 / })).toContainText('Created: scheduled for');
  await expectAccessible(page, 'import: result');

  // A row's link opens its post.
  await page.getByRole('link', { name: 'Open the post of row 4' }).click();
  const dialog = page.getByRole('dialog', { name: 'Post' });
  await expect(dialog).toContainText('Imported four');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/posts$/);
  for (const text of ['Imported one, edited', 'Imported two, with a comma', 'Imported four']) {
    await expect(page.getByRole('row', { name: new RegExp(text) })).toBeVisible();
  }
  await expect(page.getByRole('row', { name: /Imported three/ })).toHaveCount(0);

  // Export with the page's filters: the scheduled posts only.
  await page.getByRole('combobox', { name: 'Status' }).selectOption('scheduled');
  await expect(page.getByRole('row', { name: /Imported one/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Export' }).click();
  await expectAccessible(page, 'posts: export menu');
  const exported = await download(page, () => page.getByRole('menuitem', { name: 'Export as CSV' }).click());
  expect(exported.suggestedFilename()).toMatch(/^posts-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await textOf(exported)).split('\r\n').filter(Boolean);
  expect(lines[0]).toBe(EXPORT_HEADER);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('Imported four');
  await page.getByRole('button', { name: 'Export' }).click();
  const json = JSON.parse(await textOf(await download(page, () => page.getByRole('menuitem', { name: 'Export as JSON' }).click())));
  expect(json.count).toBe(1);
  expect(json.posts[0].accounts).toEqual([mastodon]);

  expect(errors).toEqual([]);
});

/** Tab (from where the focus is) until `target` has it; Enter then works it. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('the keyboard did not reach the control');
}

test('the states of the page, files it cannot read, and the whole import by keyboard and at 375 px', async ({ page }) => {
  const errors = watchConsole(page);
  await signUp(page, uniqueEmail('import-bad'));
  // Without an account there is nothing to import to; the accounts' load failing says so with "Try again".
  await page.goto('/import');
  await expect(page.getByRole('heading', { name: 'Import posts', level: 1 })).toBeVisible();
  await expect(page.getByText('Connect an account first')).toBeVisible();
  await expectAccessible(page, 'import: no account');
  const mastodon = await seedConnection(page, 'mastodon', 'import_keys');
  await refuseOperationOnce(page, 'ImportConnections');
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('Could not load your accounts');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('button', { name: 'Choose a CSV file' })).toBeVisible();

  // A Windows-1252 é: not UTF-8.
  await page
    .getByLabel('CSV file', { exact: true })
    .setInputFiles({ name: 'latin.csv', mimeType: 'text/csv', buffer: Buffer.from('content,accounts\r\ncaf\xe9,x\r\n', 'latin1') });
  await expect(page.getByRole('alert')).toContainText('not valid UTF-8');
  await page
    .getByLabel('CSV file', { exact: true })
    .setInputFiles({ name: 'open.csv', mimeType: 'text/csv', buffer: Buffer.from('content,accounts\r\n"never closed,x\r\n') });
  await expect(page.getByRole('alert')).toContainText('A quoted field that starts on line 2 is never closed');
  await expectAccessible(page, 'import: unreadable file');

  // A semicolon file, checked and imported from the keyboard alone (each step's heading takes the focus), on a phone's screen.
  await page.setViewportSize({ width: 375, height: 740 });
  await page
    .getByLabel('CSV file', { exact: true })
    .setInputFiles({ name: 'keys.csv', mimeType: 'text/csv', buffer: Buffer.from(`content;accounts\nBy keyboard;${mastodon}\n`) });
  await expect(page.getByRole('combobox', { name: 'Delimiter' })).toHaveValue('semicolon');
  await expect(page.getByRole('heading', { name: '2. Match the columns' })).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Check rows' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'can be imported' })).toContainText('The row can be imported.');
  await expect(page.getByRole('heading', { name: '3. Check the rows' })).toBeFocused();
  await expectFitsScreen(page);
  await expectAccessible(page, 'import: preview at 375 px');
  await page.getByRole('heading', { name: '3. Check the rows' }).focus();
  await tabTo(page, page.getByRole('button', { name: 'Import 1 post' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('1 post created.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Imported' })).toBeFocused();
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '100');
  // The Posts page's header with its Export menu still fits the phone's screen.
  await page.getByRole('link', { name: 'See them in Posts' }).click();
  await expect(page.getByRole('row', { name: /By keyboard/ })).toBeVisible();
  await expectFitsScreen(page);

  expect(errors).toEqual([]);
});
