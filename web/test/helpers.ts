import AxeBuilder from '@axe-core/playwright';
import { expect, request as playwrightRequest, type Page } from '@playwright/test';
import { ADMIN, baseURL } from '../playwright.config';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const IMAGES = resolve(__dirname, '../../docs/images');

let counter = 0;
/** A fresh address for each account a test makes. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.test`;
}

export const PASSWORD = 'correct-horse-battery';

/** Collects what the page writes to the console as errors, and uncaught exceptions. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

/** axe-core on the page as it is: no serious or critical violation (WCAG 2.1 A and AA rules). */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(bad, `axe on ${where}`).toEqual([]);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(IMAGES, { recursive: true });
  // Passing notifications ("Post scheduled") would cover the page's own controls in the picture.
  await page.screenshot({ path: join(IMAGES, `${name}.png`), fullPage: false, style: '.mantine-Notifications-root { display: none !important; }' });
}

export async function signUp(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/sign-up');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
}

export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/sign-in');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
}

/** A GraphQL operation as the start-up admin; fails the test on errors. */
async function asAdmin(query: string, variables: Record<string, unknown>): Promise<Record<string, any>> {
  const admin = await playwrightRequest.newContext({ baseURL });
  try {
    expect((await admin.post('/auth/login', { data: ADMIN })).status()).toBe(200);
    const body = await (await admin.post('/graphql', { data: { query, variables } })).json();
    expect(body.errors).toBeUndefined();
    return body.data;
  } finally {
    await admin.dispose();
  }
}

const signedInUserId = async (page: Page): Promise<string> => (await (await page.request.get('/auth/me')).json()).user.id;

/** A connection for the signed-in person, made by the admin (adminCreateConnection); its platformId. */
export async function seedConnection(
  page: Page,
  platform: string,
  username: string,
  account: { externalId?: string; accessToken?: string; type?: string } = {},
): Promise<string> {
  const input = {
    userId: await signedInUserId(page),
    platform,
    externalId: account.externalId ?? `${platform.slice(0, 2)}${Date.now()}`,
    accessToken: account.accessToken ?? 'token',
    username,
    ...(account.type ? { type: account.type } : {}),
  };
  const data = await asAdmin('mutation($input: AdminCreateConnectionInput!) { adminCreateConnection(input: $input) { platformId } }', { input });
  return data.adminCreateConnection.platformId as string;
}

/** Moves the signed-in person to a plan (and seats: paid plans' connection allowance). */
export async function setPlan(page: Page, plan: 'starter' | 'pro' | 'premium', seats = 5): Promise<void> {
  await asAdmin('mutation($id: ID!, $input: AdminUpdateUserInput!) { adminUpdateUser(id: $id, input: $input) { id } }', {
    id: await signedInUserId(page),
    input: { plan, seats },
  });
}

/** Changes the signed-in person's account as the admin would (adminUpdateUser: plan, seats, entitlements). */
export async function adminUpdateSignedInUser(page: Page, input: Record<string, unknown>): Promise<void> {
  await asAdmin('mutation($id: ID!, $input: AdminUpdateUserInput!) { adminUpdateUser(id: $id, input: $input) { id } }', {
    id: await signedInUserId(page),
    input,
  });
}

/**
 * At a phone's width: the page does not scroll sideways, and every visible control of the open
 * dialog (or else the page's main area) can be scrolled to (inside a table's own scroller too)
 * and then lies within the screen's width.
 */
export async function expectFitsScreen(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no horizontal scrolling').toBe(true);
  const width = page.viewportSize()!.width;
  const scope = (await page.getByRole('dialog').count()) ? page.getByRole('dialog') : page.getByRole('main');
  const controls = await scope.locator('button, a[href], input:not([type=hidden]), select, textarea, [tabindex="0"]').all();
  expect(controls.length).toBeGreaterThan(0);
  for (const control of controls) {
    if (!(await control.isVisible())) continue;
    await control.scrollIntoViewIfNeeded();
    const box = (await control.boundingBox())!;
    const name = await control.evaluate(
      (el) => el.getAttribute('aria-label') || (el as HTMLInputElement).labels?.[0]?.textContent?.trim() || el.textContent?.trim() || el.tagName,
    );
    expect(
      box.x >= -1 && box.x + box.width <= width + 1,
      `"${name}" within the ${width} px screen (${Math.round(box.x)}–${Math.round(box.x + box.width)})`,
    ).toBe(true);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no horizontal scrolling after scrolling to each control').toBe(
    true,
  );
}

/**
 * The service answers the next request of one GraphQL operation with an error, once (a GraphQL
 * error in a 200 answer, which the browser does not log as a console error); every other request
 * goes through.
 */
export async function refuseOperationOnce(page: Page, operationName: string): Promise<void> {
  let refused = false;
  await page.route('**/graphql', async (route) => {
    if (!refused && route.request().postDataJSON()?.operationName === operationName) {
      refused = true;
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ errors: [{ message: 'Internal server error' }], data: null }),
      });
    }
    return route.continue();
  });
}
