import { expect, test, type Page, type Route } from '@playwright/test';
import { ADMIN } from '../playwright.config';
import { adminUpdateSignedInUser, expectAccessible, signIn, signUp, uniqueEmail, watchConsole } from './helpers';

/**
 * Each page's loading, error and recovered states, forced by intercepting its query on /graphql:
 * held back (the loading state), answered with a GraphQL error as the server sends one (the error
 * state with the server's words and "Try again"), then let through ("Try again" recovers).
 */
interface PageCase {
  heading: string;
  path: string;
  /** The page's query (its operationName on /graphql). */
  operation: string;
  /** The accessible name of the page's loading indicator. */
  loading: string;
  /** The title of its error state. */
  failed: string;
  /** Text the page shows once its query answered. */
  loaded: string;
  /** Who opens it: a new person (with these account changes by the admin), or the start-up admin. */
  as: 'admin' | Record<string, unknown>;
}

const CASES: PageCase[] = [
  {
    heading: 'API keys',
    path: '/api-keys',
    operation: 'ApiKeys',
    loading: 'Loading API keys',
    failed: 'Could not load your API keys',
    loaded: 'You have no API keys yet. Create one above.',
    as: { plan: 'pro' },
  },
  {
    heading: 'Webhooks',
    path: '/webhook-endpoints',
    operation: 'Webhooks',
    loading: 'Loading webhooks',
    failed: 'Could not load your webhooks',
    loaded: 'You have no webhooks yet. Add one above.',
    as: {},
  },
  {
    heading: 'Workspace',
    path: '/workspace',
    operation: 'WorkspaceUsers',
    loading: 'Loading managed users',
    failed: 'Could not load your managed users',
    loaded: 'You manage nobody yet. Add someone above.',
    as: { plan: 'pro', workspacesEnabled: true },
  },
  {
    heading: 'Users',
    path: '/admin/users',
    operation: 'AdminUsers',
    loading: 'Loading users',
    failed: 'Could not load users',
    loaded: ADMIN.email,
    as: 'admin',
  },
  {
    heading: 'Settings',
    path: '/settings',
    operation: 'Sessions',
    loading: 'Loading sessions',
    failed: 'Could not load your sessions',
    loaded: '(this browser)',
    as: {},
  },
];

/** What a resolver's failure looks like on the wire (HTTP 200, `errors`, no data). */
const FAILURE = { errors: [{ message: 'The database did not answer in time', extensions: { code: 'INTERNAL_SERVER_ERROR' } }], data: null };

type Mode = 'hold' | 'fail' | 'pass';

/** Intercepts one operation on /graphql; everything else goes through. */
async function interceptOperation(page: Page, operation: string) {
  const state = { mode: 'pass' as Mode, release: () => {} };
  let held = new Promise<void>((resolve) => (state.release = resolve));
  await page.route('**/graphql', async (route: Route) => {
    if (route.request().postDataJSON()?.operationName !== operation) return route.continue();
    if (state.mode === 'fail') return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(FAILURE) });
    if (state.mode === 'hold') await held;
    return route.continue();
  });
  return {
    set(mode: Mode) {
      state.mode = mode;
      if (mode === 'hold') held = new Promise<void>((resolve) => (state.release = resolve));
    },
    release: () => state.release(),
  };
}

for (const c of CASES) {
  test(`${c.heading}: a slow answer shows the loading state, a failed one the error state, and "Try again" recovers`, async ({ page }) => {
    const errors = watchConsole(page);
    if (c.as === 'admin') await signIn(page, ADMIN.email, ADMIN.password);
    else {
      await signUp(page, uniqueEmail('states'));
      await adminUpdateSignedInUser(page, c.as);
    }
    const query = await interceptOperation(page, c.operation);
    const main = page.getByRole('main');

    // Held back: the page is there, its content says it is loading.
    query.set('hold');
    await page.goto(c.path);
    await expect(page.getByRole('heading', { name: c.heading, level: 1 })).toBeVisible();
    await expect(main.getByRole('status', { name: c.loading })).toBeVisible();
    await expect(main.getByText(c.loaded)).toHaveCount(0);
    await expectAccessible(page, `${c.heading}, loading`);
    query.release();
    await expect(main.getByText(c.loaded)).toBeVisible();
    await expect(main.getByRole('status', { name: c.loading })).toHaveCount(0);

    // Failed: the error state with the server's words and a way to try again.
    query.set('fail');
    await page.reload();
    const alert = main.getByRole('alert').filter({ hasText: c.failed });
    await expect(alert).toContainText('The database did not answer in time');
    await expect(main.getByText(c.loaded)).toHaveCount(0);
    await expectAccessible(page, `${c.heading}, failed`);

    // The service answers again: "Try again" loads the page's content.
    query.set('pass');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(main.getByText(c.loaded)).toBeVisible();
    await expect(alert).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}

test('a page whose service cannot be reached says so, and "Try again" recovers', async ({ page }) => {
  const errors = watchConsole(page);
  await signUp(page, uniqueEmail('states-offline'));
  let offline = true;
  await page.route('**/graphql', (route) =>
    offline && route.request().postDataJSON()?.operationName === 'Webhooks' ? route.abort('internetdisconnected') : route.continue(),
  );
  await page.goto('/webhook-endpoints');
  const alert = page.getByRole('alert').filter({ hasText: 'Could not load your webhooks' });
  await expect(alert).toContainText('The service cannot be reached. Check your connection and try again.');
  await expectAccessible(page, 'webhooks, offline');
  offline = false;
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('You have no webhooks yet. Add one above.')).toBeVisible();
  // The browser itself logs the failed request; nothing else may be logged.
  expect(errors.filter((e) => !e.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([]);
});
