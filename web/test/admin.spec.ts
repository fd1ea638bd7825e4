import { expect, test, type Page } from '@playwright/test';
import { ADMIN, baseURL } from '../playwright.config';
import { adminUpdateSignedInUser, expectAccessible, expectFitsScreen, signIn, signUp, uniqueEmail, watchConsole } from './helpers';

/** A GraphQL operation as the person signed in on `page` (their session cookie); its data. */
async function asPerson(page: Page, query: string): Promise<Record<string, any>> {
  const body = await (await page.request.post('/graphql', { data: { query } })).json();
  expect(body.errors).toBeUndefined();
  return body.data;
}

const MCP_INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'dashboard-test', version: '1' } },
};

/** Opens a user's edit dialog on the admin users page, found by searching for the address. */
async function openEdit(page: Page, email: string) {
  await page.getByRole('textbox', { name: 'Search' }).fill(email);
  await expect(page.getByRole('table', { name: /All accounts/ }).getByRole('rowheader')).toHaveText([email]);
  await page.getByRole('button', { name: `Edit ${email}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${email}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Chooses an option of a select in the dialog (again if a click landed while its list was not open yet). */
async function choose(page: Page, dialog: ReturnType<Page['getByRole']>, select: string, option: string) {
  const combobox = dialog.getByRole('combobox', { name: select });
  await expect(async () => {
    if ((await combobox.getAttribute('aria-expanded')) !== 'true') await combobox.click();
    await page.getByRole('listbox').getByRole('option', { name: option }).click({ timeout: 2_000 });
    await expect(combobox).toHaveValue(option, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

test('an admin edits seats and entitlements (API, MCP, workspaces), and the person’s allowance and keys follow', async ({ page, browser }) => {
  const errors = watchConsole(page);
  // The person, in a browser of their own: Pro (API and MCP by the plan), 2 seats, an API key.
  const personContext = await browser.newContext({ baseURL });
  const person = await personContext.newPage();
  const personErrors = watchConsole(person);
  const email = uniqueEmail('entitled');
  await signUp(person, email);
  await adminUpdateSignedInUser(person, { plan: 'pro', seats: 2 });
  const key = (await asPerson(person, 'mutation { createApiKey(name: "admin journey") { rawKey } }')).createApiKey.rawKey as string;
  const rest = () => person.request.get('/api/v1/usage', { headers: { 'x-api-key': key } });
  const mcp = () => person.request.post('/mcp', { headers: { 'x-api-key': key, accept: 'application/json, text/event-stream' }, data: MCP_INITIALIZE });
  const connectionsAllowance = async () => (await asPerson(person, '{ usage { connections { limit } } }')).usage.connections.limit;
  expect((await rest()).status()).toBe(200);
  expect((await mcp()).status()).toBe(200);
  expect(await connectionsAllowance()).toBe(2);

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.getByRole('link', { name: 'Users (admin)' }).click();
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();

  // 1. Seven seats, MCP always off, workspaces on.
  let dialog = await openEdit(page, email);
  await expect(dialog.getByRole('textbox', { name: 'Seats' })).toHaveValue('2');
  await expect(dialog).toContainText('Now: on');
  await dialog.getByRole('textbox', { name: 'Seats' }).fill('7');
  await choose(page, dialog, 'MCP access', 'Always off');
  await dialog.getByRole('switch', { name: 'Workspaces (may manage users)' }).check();
  await expectAccessible(page, 'admin users: edit dialog with overrides');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(email) });
  await expect(row.getByRole('cell').nth(1)).toHaveText('7');
  await expect(row).toContainText('API, Workspaces');

  // The seats are the person's connection allowance; MCP is refused while the REST API still works.
  expect(await connectionsAllowance()).toBe(7);
  const refusedMcp = await mcp();
  expect([refusedMcp.status(), await refusedMcp.json()]).toEqual([403, { error: 'MCP access is not enabled for this account' }]);
  expect((await rest()).status()).toBe(200);
  // Workspaces: offered to the person once their page reloads their account.
  await person.reload();
  await expect(person.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Workspace' })).toBeVisible();

  // 2. API always off, MCP back to the plan's value: the key is refused everywhere.
  dialog = await openEdit(page, email);
  await expect(dialog.getByRole('textbox', { name: 'Seats' })).toHaveValue('7');
  await expect(dialog.getByRole('switch', { name: 'Workspaces (may manage users)' })).toBeChecked();
  // The form shows the override in force, not the plan's value.
  await expect(dialog.getByRole('combobox', { name: 'MCP access' })).toHaveValue('Always off');
  await expect(dialog.getByRole('combobox', { name: 'API access' })).toHaveValue("The plan's value");
  await choose(page, dialog, 'API access', 'Always off');
  await choose(page, dialog, 'MCP access', "The plan's value");
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('MCP, Workspaces');
  await expect(row).not.toContainText('API');
  const refusedRest = await rest();
  expect([refusedRest.status(), await refusedRest.json()]).toEqual([403, { error: 'API access is not enabled for this account' }]);
  expect((await mcp()).status()).toBe(403);
  await person.goto('/api-keys');
  await expect(person.getByRole('note')).toContainText('API access is turned off for this account.');

  // 3. API back to the plan's value (Pro: on): the same key works again, on REST and MCP.
  dialog = await openEdit(page, email);
  await expect(dialog.getByRole('combobox', { name: 'API access' })).toHaveValue('Always off');
  await expect(dialog.getByRole('combobox', { name: 'MCP access' })).toHaveValue("The plan's value");
  await expect(dialog.getByText('Now: off')).toHaveCount(1);
  await choose(page, dialog, 'API access', "The plan's value");
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('API, MCP, Workspaces');
  expect((await rest()).status()).toBe(200);
  expect((await mcp()).status()).toBe(200);

  await personContext.close();
  expect(errors).toEqual([]);
  expect(personErrors).toEqual([]);
});

test.describe('admin users on a 375 px wide phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the list and the edit dialog fit the screen and their controls are reachable', async ({ page }) => {
    const errors = watchConsole(page);
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: ADMIN.email })).toBeVisible();
    await expectFitsScreen(page);
    await expectAccessible(page, 'admin users at 375 px');
    await page.getByRole('button', { name: `Edit ${ADMIN.email}` }).click();
    await expect(page.getByRole('dialog', { name: `Edit ${ADMIN.email}` })).toBeVisible();
    await expectFitsScreen(page);
    await expectAccessible(page, 'admin users edit dialog at 375 px');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Create user' }).click();
    await expect(page.getByRole('dialog', { name: 'Create user' })).toBeVisible();
    await expectFitsScreen(page);
    expect(errors).toEqual([]);
  });
});
