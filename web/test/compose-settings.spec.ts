import { expect, test, type Page, type Request } from '@playwright/test';
import { expectAccessible, expectFitsScreen, seedConnection, setPlan, signUp, uniqueEmail, watchConsole } from './helpers';

/** What the service stores for a platform whose settings were not given (reference notes, create-post). */
const DEFAULTS = {
  tiktok: {
    viewerSetting: 'PUBLIC_TO_EVERYONE',
    allowComments: true,
    allowDuet: false,
    allowStitch: false,
    commercialContent: false,
    brandOrganic: false,
    brandedContent: false,
  },
  instagram: { videoType: 'REELS' },
  youtube: { privacy: 'public', title: '' },
  threads: { replyControl: '' },
};

/** The stored settings of the signed-in person's post with this text (the `posts` query). */
async function storedSettings(page: Page, content: string): Promise<Record<string, unknown>> {
  const body = await (await page.request.post('/graphql', { data: { query: '{ posts(limit: 100) { items { content platformSettings } } }' } })).json();
  expect(body.errors).toBeUndefined();
  const post = body.data.posts.items.find((p: { content: string }) => p.content === content);
  expect(post, `the post "${content}"`).toBeTruthy();
  return post.platformSettings as Record<string, unknown>;
}

/** The createPost input the composer sends with its next save. */
function nextCreatePost(page: Page): Promise<Request> {
  return page.waitForRequest((r) => r.url().endsWith('/graphql') && r.postDataJSON()?.operationName === 'ComposePost');
}

test('TikTok and YouTube settings: defaults shown, changes sent and stored; a post without changes sends and stores no override', async ({ page }) => {
  const errors = watchConsole(page);
  await signUp(page, uniqueEmail('compose-settings'));
  await setPlan(page, 'pro', 6);
  await seedConnection(page, 'tiktok', 'acme_tok');
  await seedConnection(page, 'youtube', 'Acme Channel');
  await page.goto('/compose');

  // No platform with settings chosen yet: no section.
  await expect(page.getByRole('heading', { name: 'Platform settings' })).toBeHidden();
  await page.getByRole('checkbox', { name: 'acme_tok (tiktok)' }).check();
  const tiktok = page.getByRole('group', { name: 'TikTok settings' });
  await expect(tiktok).toBeVisible();
  await expect(page.getByRole('group', { name: 'YouTube settings' })).toBeHidden();

  // The service's defaults, pre-selected.
  const viewer = tiktok.getByRole('combobox', { name: 'Who can view' });
  await expect(viewer).toHaveValue('PUBLIC_TO_EVERYONE');
  await expect(viewer.locator('option:checked')).toHaveText('Everyone (default)');
  await expect(viewer.locator('option')).toHaveText(['Everyone (default)', 'Friends (followers you follow back)', 'Followers', 'Only me']);
  await expect(tiktok.getByRole('switch', { name: 'Allow comments' })).toBeChecked();
  await expect(tiktok.getByRole('switch', { name: 'Allow duets' })).not.toBeChecked();
  await expect(tiktok.getByRole('switch', { name: 'Allow stitches' })).not.toBeChecked();
  await expect(tiktok.getByRole('switch', { name: 'Commercial content' })).not.toBeChecked();
  await expect(tiktok.getByRole('group', { name: 'What it promotes' })).toBeHidden();
  await expectAccessible(page, 'compose with TikTok settings');

  // By keyboard alone: the select, then each switch in order.
  await viewer.focus();
  await viewer.selectOption('FOLLOWER_OF_CREATOR');
  await page.keyboard.press('Tab');
  await expect(tiktok.getByRole('switch', { name: 'Allow comments' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(tiktok.getByRole('switch', { name: 'Allow duets' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(tiktok.getByRole('switch', { name: 'Allow duets' })).toBeChecked();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(tiktok.getByRole('switch', { name: 'Commercial content' })).toBeFocused();
  await page.keyboard.press('Space');

  // Commercial content needs its kind (TikTok's rule, which the service applies when it publishes).
  const kinds = tiktok.getByRole('group', { name: 'What it promotes' });
  await expect(kinds).toBeVisible();
  await expect(kinds).toHaveAccessibleDescription('Choose your brand, branded content, or both');
  await page.getByRole('textbox', { name: 'Post text' }).fill('Spring launch video');
  await expect(page.getByRole('button', { name: 'Save draft' })).toBeDisabled();
  await kinds.getByRole('checkbox', { name: 'Your brand' }).focus();
  await page.keyboard.press('Space');
  await expect(kinds).not.toHaveAccessibleDescription(/Choose your brand/);
  await expectAccessible(page, 'compose with TikTok commercial content');

  // YouTube: the title against the adapter's 100 characters, and the privacy.
  await page.getByRole('checkbox', { name: 'Acme Channel (youtube)' }).check();
  const youtube = page.getByRole('group', { name: 'YouTube settings' });
  const title = youtube.getByRole('textbox', { name: 'Title' });
  const privacy = youtube.getByRole('combobox', { name: 'Privacy' });
  await expect(title).toHaveValue('');
  await expect(title).toHaveAccessibleDescription(/^0 \/ 100 characters\./);
  await expect(privacy).toHaveValue('public');
  await expect(privacy.locator('option:checked')).toHaveText('Public (default)');
  await title.fill('x'.repeat(101));
  await expect(title).toHaveAccessibleDescription(/At most 100 characters \(currently 101\)/);
  await expect(page.getByRole('button', { name: 'Save draft' })).toBeDisabled();
  await title.fill('Spring launch');
  await expect(title).toHaveAccessibleDescription(/^13 \/ 100 characters\./);
  await privacy.selectOption('unlisted');
  await expectAccessible(page, 'compose with TikTok and YouTube settings');

  // Only what changed is sent; the service merges it over its defaults.
  const sent = nextCreatePost(page);
  await page.getByRole('button', { name: 'Save draft' }).click();
  expect((await sent).postDataJSON().variables.input.platformSettings).toEqual({
    tiktok: { viewerSetting: 'FOLLOWER_OF_CREATOR', allowDuet: true, commercialContent: true, brandOrganic: true },
    youtube: { title: 'Spring launch', privacy: 'unlisted' },
  });
  await expect(page.getByRole('heading', { name: 'Posts', level: 1 })).toBeVisible();
  expect(await storedSettings(page, 'Spring launch video')).toEqual({
    ...DEFAULTS,
    tiktok: { ...DEFAULTS.tiktok, viewerSetting: 'FOLLOWER_OF_CREATOR', allowDuet: true, commercialContent: true, brandOrganic: true },
    youtube: { privacy: 'unlisted', title: 'Spring launch' },
  });

  // A post whose settings were left alone: no platformSettings key, and the defaults stored.
  await page.goto('/compose');
  await page.getByRole('checkbox', { name: 'acme_tok (tiktok)' }).check();
  await page.getByRole('checkbox', { name: 'Acme Channel (youtube)' }).check();
  await page.getByRole('textbox', { name: 'Post text' }).fill('Plain TikTok post');
  const plain = nextCreatePost(page);
  await page.getByRole('button', { name: 'Save draft' }).click();
  expect((await plain).postDataJSON().variables.input).not.toHaveProperty('platformSettings');
  await expect(page.getByRole('heading', { name: 'Posts', level: 1 })).toBeVisible();
  expect(await storedSettings(page, 'Plain TikTok post')).toEqual(DEFAULTS);

  // A setting changed and changed back is not sent either; nor is one of a platform no longer chosen.
  await page.goto('/compose');
  await page.getByRole('checkbox', { name: 'acme_tok (tiktok)' }).check();
  await page.getByRole('checkbox', { name: 'Acme Channel (youtube)' }).check();
  await page.getByRole('switch', { name: 'Allow comments' }).click();
  await page.getByRole('switch', { name: 'Allow comments' }).click();
  await page.getByRole('textbox', { name: 'Title' }).fill('Left behind');
  await page.getByRole('checkbox', { name: 'Acme Channel (youtube)' }).uncheck();
  await page.getByRole('textbox', { name: 'Post text' }).fill('Back to defaults');
  const reverted = nextCreatePost(page);
  await page.getByRole('button', { name: 'Save draft' }).click();
  expect((await reverted).postDataJSON().variables.input).not.toHaveProperty('platformSettings');
  await expect(page.getByRole('heading', { name: 'Posts', level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
});

test('every platform’s settings at 375 px: Instagram and Threads defaults, Instagram and Threads changes stored', async ({ page }) => {
  const errors = watchConsole(page);
  await signUp(page, uniqueEmail('compose-settings-phone'));
  await setPlan(page, 'pro', 6);
  for (const [platform, name] of [
    ['tiktok', 'phone_tok'],
    ['instagram', 'phone_gram'],
    ['youtube', 'Phone Channel'],
    ['threads', 'phone_threads'],
  ]) {
    await seedConnection(page, platform, name);
  }
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/compose');
  for (const name of ['phone_tok (tiktok)', 'phone_gram (instagram)', 'Phone Channel (youtube)', 'phone_threads (threads)']) {
    await page.getByRole('checkbox', { name }).check();
  }
  for (const legend of ['TikTok settings', 'Instagram settings', 'YouTube settings', 'Threads settings']) {
    await expect(page.getByRole('group', { name: legend })).toBeVisible();
  }
  const instagram = page.getByRole('group', { name: 'Instagram settings' });
  await expect(instagram.getByRole('radio', { name: 'Reels (default)' })).toBeChecked();
  await expect(instagram.getByRole('radio', { name: 'Stories' })).not.toBeChecked();
  const reply = page.getByRole('group', { name: 'Threads settings' }).getByRole('combobox', { name: 'Who can reply' });
  await expect(reply).toHaveValue('');
  await expect(reply.locator('option:checked')).toHaveText('Account setting (default)');
  await page.getByRole('switch', { name: 'Commercial content' }).check();
  await expectFitsScreen(page);
  await expectAccessible(page, 'compose with every platform’s settings at 375 px');
  await page.getByRole('switch', { name: 'Commercial content' }).uncheck();

  // Instagram by keyboard (arrow keys move within the radio group), Threads by its select.
  await instagram.getByRole('radio', { name: 'Reels (default)' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(instagram.getByRole('radio', { name: 'Stories' })).toBeChecked();
  await reply.selectOption('mentioned_only');
  await page.getByRole('textbox', { name: 'Post text' }).fill('Phone post');
  const sent = nextCreatePost(page);
  await page.getByRole('button', { name: 'Save draft' }).click();
  expect((await sent).postDataJSON().variables.input.platformSettings).toEqual({
    instagram: { videoType: 'STORIES' },
    threads: { replyControl: 'mentioned_only' },
  });
  await expect(page.getByRole('heading', { name: 'Posts', level: 1 })).toBeVisible();
  const stored = await storedSettings(page, 'Phone post');
  expect(stored).toEqual({ ...DEFAULTS, instagram: { videoType: 'STORIES' }, threads: { replyControl: 'mentioned_only' } });
  expect(errors).toEqual([]);
});
