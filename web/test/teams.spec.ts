import { expect, test, type Browser, type Page } from '@playwright/test';
import { baseURL, fakeControlURL, fakeURLs } from '../playwright.config';
import { expectAccessible, expectFitsScreen, PASSWORD, seedConnection, signUp, uniqueEmail, watchConsole } from './helpers';

/** What the Mastodon fake received (web/test/fake-platforms.ts' control server). */
async function mastodonStatuses(page: Page): Promise<Array<{ text: string }>> {
  return (await (await page.request.get(`${fakeControlURL}/mastodon/posts`)).json()) as Array<{ text: string }>;
}

async function connectMastodon(page: Page): Promise<void> {
  await page.goto('/connections');
  const mastodon = page.getByRole('region', { name: 'Mastodon' });
  await mastodon.getByRole('textbox', { name: 'Your Mastodon server' }).fill(fakeURLs.mastodon);
  await mastodon.getByRole('button', { name: 'Connect Mastodon' }).click();
  await expect(page.getByRole('row', { name: /Alice \(alice\)/ })).toContainText('mastodon');
}

/** Invites `email` with `role` on the Team page; the link the page shows once. */
async function invite(page: Page, email: string, role: 'Admin' | 'Editor' | 'Viewer'): Promise<string> {
  const form = page.getByRole('form', { name: 'Invite someone' });
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByRole('combobox', { name: 'Role' }).selectOption({ label: role });
  await form.getByRole('button', { name: 'Send invitation' }).click();
  const created = page.getByRole('region', { name: `Invitation for ${email}` });
  await expect(created).toBeFocused();
  // The test app has no mail transport: the page says to pass the link on.
  await expect(created).toContainText('It was not e-mailed');
  const link = (await created.getByLabel('Invitation link').textContent())!.trim();
  expect(link).toMatch(new RegExp(`^${baseURL}/invite/[A-Za-z0-9_-]{20,}$`));
  return link;
}

/** A second person in a browser of their own (no cookies shared with the first). */
async function otherBrowser(browser: Browser): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL, reducedMotion: 'reduce', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  return { page, errors: watchConsole(page), close: () => context.close() };
}

const banner = (page: Page) => page.getByRole('banner');
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
/** The header's badge of the role the person acts with in someone else's account. */
const roleBadge = (page: Page, role?: string) => banner(page).getByText(role ? `Your role: ${role}` : /^Your role: /);

test('approval: the owner turns it on and invites an editor, whose published post waits until the owner approves it; a second one is rejected with a comment', async ({
  page,
  browser,
}) => {
  test.slow();
  const errors = watchConsole(page);
  const owner = uniqueEmail('team-owner');
  const editorEmail = uniqueEmail('team-editor');
  await signUp(page, owner);
  await connectMastodon(page);

  // The Team page: the owner alone, approval off, no invitations.
  await nav(page).getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
  const members = page.getByRole('table', { name: 'Members' });
  await expect(members.getByRole('row', { name: new RegExp(owner) })).toContainText('Owner of the account');
  await expect(page.getByText('No one else works in this account yet. Invite someone below.')).toBeVisible();
  await expect(page.getByText('No open invitations.')).toBeVisible();
  await expect(nav(page).getByRole('link', { name: /Approvals/ })).toHaveCount(0);

  const approval = page.getByRole('switch', { name: "Editors' posts need approval" });
  await expect(approval).not.toBeChecked();
  await approval.check();
  await expect(approval).toBeChecked();
  await expect(nav(page).getByRole('link', { name: 'Approvals' })).toBeVisible();

  const link = await invite(page, editorEmail, 'Editor');
  await expect(page.getByRole('table', { name: 'Open invitations' }).getByRole('row', { name: new RegExp(editorEmail) })).toContainText('Editor');
  await expectAccessible(page, 'team page with a new invitation');
  await page
    .getByRole('region', { name: `Invitation for ${editorEmail}` })
    .getByRole('button', { name: 'Done' })
    .click();

  // The editor opens the link in a browser of their own, signed out, and makes their account.
  const editor = await otherBrowser(browser);
  await editor.page.goto(new URL(link).pathname);
  await expect(editor.page.getByRole('heading', { name: `Join ${owner}`, level: 1 })).toBeVisible();
  await expect(editor.page.getByRole('main')).toContainText(`${owner} invites ${editorEmail} to work in their account as editor.`);
  await expectAccessible(editor.page, 'invitation page (no account yet)');
  const password = editor.page.getByRole('textbox', { name: 'Password', exact: true });
  await editor.page.getByRole('button', { name: 'Accept and create account' }).click();
  await expect(password).toHaveAccessibleDescription(/Choose a password/);
  await password.fill(PASSWORD);
  await editor.page.getByRole('button', { name: 'Accept and create account' }).click();
  await expect(editor.page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  // Acting in the owner's account, as an editor; the switcher offers their own account too.
  await expect(roleBadge(editor.page, 'Editor')).toBeVisible();
  const switcher = banner(editor.page).getByRole('combobox', { name: 'Account' });
  await expect(switcher.locator('option:checked')).toHaveText(`${owner} · Editor`);
  await expect(switcher.getByRole('option')).toHaveText([`Your account (${editorEmail})`, `${owner} · Editor`]);
  await expect(banner(editor.page)).toContainText(editorEmail);
  await expectAccessible(editor.page, 'overview acting in a team account');

  // The link is used: opening it again says so.
  await editor.page.goto(new URL(link).pathname);
  await expect(editor.page.getByRole('alert')).toContainText('This invitation has already been used');
  // The browser logs the service's 400 for the used link, and nothing else.
  expect(editor.errors).toEqual([expect.stringContaining('status of 400')]);
  editor.errors.splice(0);

  // The editor publishes now: the post waits for approval instead.
  const stamp = Date.now().toString(36);
  const first = `Spring menu from the team ${stamp}`;
  const second = `BUY NOW buy now ${stamp}`;
  for (const text of [first, second]) {
    await editor.page.goto('/compose');
    await editor.page.getByRole('checkbox', { name: 'Alice (mastodon)' }).check();
    await editor.page.getByRole('textbox', { name: 'Post text' }).fill(text);
    await editor.page.getByRole('button', { name: 'Publish now' }).click();
    await expect(editor.page.getByRole('alert').filter({ hasText: 'Sent for approval' }).last()).toBeVisible();
    await expect(editor.page.getByRole('heading', { name: 'Posts', level: 1 })).toBeVisible();
  }
  await expect(editor.page.getByText('Draft saved')).toHaveCount(0);
  const editorPosts = editor.page.getByRole('table', { name: 'Posts' });
  await expect(editorPosts.getByRole('row', { name: new RegExp(first) })).toContainText('Awaiting approval');
  await expect(editorPosts.getByRole('row', { name: new RegExp(second) })).toContainText('Awaiting approval');
  // The detail says who asked for what.
  await editorPosts.getByRole('button', { name: `Open “${first}”` }).click();
  await expect(editor.page.getByRole('dialog').getByRole('note').filter({ hasText: 'Awaiting approval' })).toContainText(
    `Asked by ${editorEmail}: Publish as soon as it is approved.`,
  );
  await expectAccessible(editor.page, 'post detail awaiting approval');
  await editor.page.keyboard.press('Escape');
  // Nothing went out yet.
  expect((await mastodonStatuses(page)).filter((s) => s.text.includes(stamp))).toEqual([]);

  // The owner: "Approvals" counts two, and lists them with who asked and what.
  await page.goto('/team');
  await expect(nav(page).getByRole('link', { name: /^Approvals\s*2 waiting$/ })).toBeVisible();
  await expect(members.getByRole('row', { name: new RegExp(editorEmail) }).getByRole('combobox', { name: `Role for ${editorEmail}` })).toHaveValue('editor');
  await nav(page)
    .getByRole('link', { name: /Approvals/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Approvals', level: 1 })).toBeVisible();
  const awaiting = page.getByRole('table', { name: 'Awaiting approval' });
  const firstRow = awaiting.getByRole('row', { name: new RegExp(first) });
  await expect(firstRow).toContainText(editorEmail);
  await expect(firstRow).toContainText('mastodon');
  await expect(firstRow).toContainText('Publish as soon as it is approved');
  await expectAccessible(page, 'approvals');

  await firstRow.getByRole('button', { name: `Approve “${first}”` }).click();
  await expect(firstRow).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Awaiting approval' })).toBeFocused();
  await expect.poll(async () => (await mastodonStatuses(page)).filter((s) => s.text === first).length, { timeout: 20_000 }).toBe(1);

  // Rejected with a comment: it stays a draft, and the editor sees why.
  await awaiting.getByRole('button', { name: `Reject “${second}”` }).click();
  const reject = page.getByRole('dialog', { name: 'Reject this post?' });
  await reject.getByRole('button', { name: 'Reject post' }).click();
  await expect(reject.getByRole('textbox', { name: 'Comment for the editor' })).toHaveAccessibleDescription('Say what to change: the editor sees this');
  await reject.getByRole('textbox', { name: 'Comment for the editor' }).fill('Too loud: no capitals, please');
  await expectAccessible(page, 'reject dialog');
  await reject.getByRole('button', { name: 'Reject post' }).click();
  await expect(reject).toBeHidden();
  await expect(page.getByText('Nothing is waiting for approval.')).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Approvals' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: /waiting/ })).toHaveCount(0);

  await editor.page.goto('/posts');
  await expect(editorPosts.getByRole('row', { name: new RegExp(second) })).toContainText('Rejected: Too loud: no capitals, please');
  // Published by the scheduler (the list is read again until it says so).
  await expect(async () => {
    await editor.page.reload();
    await expect(editorPosts.getByRole('row', { name: new RegExp(first) })).toContainText('published', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  expect((await mastodonStatuses(page)).filter((s) => s.text === second)).toEqual([]);

  expect(editor.errors).toEqual([]);
  await editor.close();
  expect(errors).toEqual([]);
});

test('a viewer: the Team page read only, no publishing in Compose, the switcher between their own and the team account; then made editor and removed', async ({
  page,
  browser,
}) => {
  test.slow();
  const errors = watchConsole(page);
  const owner = uniqueEmail('team-owner2');
  const viewerEmail = uniqueEmail('team-viewer');
  await signUp(page, owner);
  await seedConnection(page, 'mastodon', 'team_news');
  await page.goto('/team');
  const link = await invite(page, viewerEmail, 'Viewer');
  // At a phone's width: the link wraps, the tables scroll in their own box.
  await page.setViewportSize({ width: 375, height: 800 });
  await expectFitsScreen(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The viewer has an account already: signed out, the page sends them to sign in and back.
  const viewer = await otherBrowser(browser);
  await signUp(viewer.page, viewerEmail);
  await banner(viewer.page).getByRole('button', { name: 'Sign out' }).click();
  await viewer.page.goto(new URL(link).pathname);
  await expect(viewer.page.getByRole('main')).toContainText(`An account exists for ${viewerEmail}.`);
  await expectAccessible(viewer.page, 'invitation page (sign in first)');
  await viewer.page.getByRole('link', { name: 'Sign in to accept' }).click();
  await expect(viewer.page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await viewer.page.getByRole('textbox', { name: 'Email', exact: true }).fill(viewerEmail);
  await viewer.page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await viewer.page.getByRole('button', { name: 'Sign in' }).click();
  await expect(viewer.page.getByRole('heading', { name: `Join ${owner}`, level: 1 })).toBeVisible();
  await expect(viewer.page.getByRole('main')).toContainText(`You are signed in as ${viewerEmail}.`);
  await viewer.page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(viewer.page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await expect(roleBadge(viewer.page, 'Viewer')).toBeVisible();

  // The Team page, read only.
  await nav(viewer.page).getByRole('link', { name: 'Team' }).click();
  const members = viewer.page.getByRole('table', { name: 'Members' });
  await expect(members.getByRole('row', { name: new RegExp(viewerEmail) })).toContainText('Viewer');
  await expect(members.getByRole('row', { name: new RegExp(owner) })).toContainText('Owner');
  await expect(viewer.page.getByRole('note').filter({ hasText: 'Your role in this account is viewer' })).toContainText(
    'Your role in this account is viewer: only the owner and admins change roles',
  );
  await expect(viewer.page.getByRole('combobox', { name: /^Role for / })).toHaveCount(0);
  await expect(viewer.page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
  await expect(viewer.page.getByRole('button', { name: 'Send invitation' })).toHaveCount(0);
  await expect(viewer.page.getByRole('switch')).toHaveCount(0);
  await expect(viewer.page.getByText("Editors' posts need approval: no")).toBeVisible();
  await expect(nav(viewer.page).getByRole('link', { name: /Approvals/ })).toHaveCount(0);
  await expectAccessible(viewer.page, 'team page, read only');
  // At a phone's width: the role badge and sign-out stay on the screen, the switcher is in the menu.
  await viewer.page.setViewportSize({ width: 375, height: 800 });
  await expectFitsScreen(viewer.page);
  const signOutBox = (await banner(viewer.page).getByRole('button', { name: 'Sign out' }).boundingBox())!;
  expect(signOutBox.x + signOutBox.width).toBeLessThanOrEqual(375);
  await expect(roleBadge(viewer.page, 'Viewer')).toBeVisible();
  await expect(banner(viewer.page).getByRole('combobox', { name: 'Account' })).toBeHidden();
  await viewer.page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(nav(viewer.page).getByRole('combobox', { name: 'Account' })).toBeVisible();
  await viewer.page.getByRole('button', { name: 'Close navigation' }).click();
  await viewer.page.setViewportSize({ width: 1280, height: 800 });

  // Compose: the account and the text can be chosen, nothing can be saved or published.
  await nav(viewer.page).getByRole('link', { name: 'Compose' }).click();
  await viewer.page.getByRole('checkbox', { name: 'team_news (mastodon)' }).check();
  await viewer.page.getByRole('textbox', { name: 'Post text' }).fill('A viewer cannot post this');
  await expect(viewer.page.getByRole('note').filter({ hasText: 'Your role in this account is viewer' })).toContainText('not save, schedule or publish');
  for (const name of ['Save draft', 'Schedule', 'Add to queue', 'Publish now']) await expect(viewer.page.getByRole('button', { name })).toBeDisabled();
  await expectAccessible(viewer.page, 'compose as a viewer');
  // Nor add webhooks.
  await nav(viewer.page).getByRole('link', { name: 'Webhooks' }).click();
  await expect(viewer.page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
  await expect(viewer.page.getByRole('note').filter({ hasText: 'Your role in this account is viewer' })).toContainText(
    'only the owner and admins add, change and delete webhooks',
  );
  await expect(viewer.page.getByRole('button', { name: 'Add webhook' })).toHaveCount(0);

  // The switcher: their own account (owner there, no badge, their own Team page), then back.
  const switcher = banner(viewer.page).getByRole('combobox', { name: 'Account' });
  await switcher.selectOption({ label: `Your account (${viewerEmail})` });
  await expect(roleBadge(viewer.page)).toHaveCount(0);
  await expect(switcher.locator('option:checked')).toHaveText(`Your account (${viewerEmail})`);
  await expect(viewer.page.getByRole('button', { name: 'Add webhook' })).toBeVisible();
  await nav(viewer.page).getByRole('link', { name: 'Team' }).click();
  await expect(viewer.page.getByRole('table', { name: 'Members' }).getByRole('row', { name: new RegExp(viewerEmail) })).toContainText('Owner of the account');
  await expect(viewer.page.getByRole('button', { name: 'Send invitation' })).toBeVisible();
  await switcher.selectOption({ label: `${owner} · Viewer` });
  await expect(roleBadge(viewer.page, 'Viewer')).toBeVisible();
  await expect(viewer.page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
  await expect(viewer.page.getByRole('button', { name: 'Send invitation' })).toHaveCount(0);

  // The owner makes them an editor, then removes them (after a confirmation).
  await page.goto('/team');
  const row = page.getByRole('table', { name: 'Members' }).getByRole('row', { name: new RegExp(viewerEmail) });
  await row.getByRole('combobox', { name: `Role for ${viewerEmail}` }).selectOption('editor');
  await expect(page.getByText(`${viewerEmail} is now editor, from their next request.`)).toBeVisible();
  await viewer.page.reload();
  await expect(roleBadge(viewer.page, 'Editor')).toBeVisible();

  await row.getByRole('button', { name: `Remove ${viewerEmail}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove this member?' });
  await expect(confirm).toContainText(`${viewerEmail} can no longer see or change anything in this account`);
  await expectAccessible(page, 'remove member dialog');
  await confirm.getByRole('button', { name: 'Remove member' }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Members' })).toBeFocused();
  // Their session acts in their own account again: no switcher, no badge.
  await viewer.page.reload();
  await expect(viewer.page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
  await expect(banner(viewer.page).getByRole('combobox', { name: 'Account' })).toHaveCount(0);
  await expect(roleBadge(viewer.page)).toHaveCount(0);

  expect(viewer.errors).toEqual([]);
  await viewer.close();
  expect(errors).toEqual([]);
});
