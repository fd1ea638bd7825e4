import { expect, test, type Page, type Request } from '@playwright/test';
import { PLATFORM_CONTENT_RULES, planThreadParts } from '../../libs/rules/src';
import { FAKE_ACCOUNTS, fakeControlURL, fakeURLs } from '../playwright.config';
import { expectAccessible, seedConnection, setPlan, signUp, uniqueEmail, watchConsole } from './helpers';

/** A 1×1 PNG (the service checks that the bytes are what the type says). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** What one fake received (web/test/fake-platforms.ts' control server). */
async function received<T>(page: Page, fake: 'telegram/messages' | 'mastodon/posts' | 'bluesky/posts' | 'x/posts'): Promise<T[]> {
  return (await (await page.request.get(`${fakeControlURL}/${fake}`)).json()) as T[];
}

/** The createPost input the composer sends with its next save. */
function nextCreatePost(page: Page): Promise<Request> {
  return page.waitForRequest((r) => r.url().endsWith('/graphql') && r.postDataJSON()?.operationName === 'ComposePost');
}

async function connectTelegram(page: Page): Promise<void> {
  await page.goto('/connections');
  await page.getByRole('region', { name: 'Telegram' }).getByRole('button', { name: 'Connect Telegram' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect Telegram' });
  await dialog.getByLabel('Bot token').fill(FAKE_ACCOUNTS.telegram.botToken);
  await dialog.getByRole('textbox', { name: 'Channel or chat' }).fill(`@${FAKE_ACCOUNTS.telegram.channel.username}`);
  await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(dialog).toBeHidden();
}

async function connectBlueskyAndMastodon(page: Page): Promise<void> {
  await page.goto('/connections');
  await page.getByRole('region', { name: 'Bluesky' }).getByRole('button', { name: 'Connect Bluesky' }).click();
  const bluesky = page.getByRole('dialog', { name: 'Connect Bluesky' });
  await bluesky.getByRole('textbox', { name: 'Handle' }).fill(FAKE_ACCOUNTS.bluesky.handle);
  await bluesky.getByLabel('App password').fill(FAKE_ACCOUNTS.bluesky.appPassword);
  await bluesky.getByRole('textbox', { name: 'Service URL (optional)' }).fill(fakeURLs.bluesky);
  await bluesky.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(bluesky).toBeHidden();
  const mastodon = page.getByRole('region', { name: 'Mastodon' });
  await mastodon.getByRole('textbox', { name: 'Your Mastodon server' }).fill(fakeURLs.mastodon);
  await mastodon.getByRole('button', { name: 'Connect Mastodon' }).click();
  await expect(page.getByRole('row', { name: /Alice \(alice\)/ })).toContainText('mastodon');
}

test('Telegram options: four checkboxes with their defaults, only those switched on sent, and the Bot API fields reach the fake', async ({ page }) => {
  const errors = watchConsole(page);
  await signUp(page, uniqueEmail('compose-telegram'));
  await connectTelegram(page);
  await page.goto('/compose');
  await page.getByRole('checkbox', { name: 'Acme News (telegram)' }).check();

  const telegram = page.getByRole('group', { name: 'Telegram settings' });
  const boxes = ['No link preview', 'Send silently', 'Caption above the media', 'Protect content'];
  for (const name of boxes) {
    const box = telegram.getByRole('checkbox', { name });
    await expect(box).not.toBeChecked();
    await expect(box).toHaveAccessibleDescription(/Default: off$/);
  }
  await expectAccessible(page, 'compose with Telegram settings');

  // Nothing changed: no platformSettings at all (a draft, so nothing is published).
  const text = `Release notes https://example.com/notes ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Post text' }).fill(`${text} draft`);
  const plain = nextCreatePost(page);
  await page.getByRole('button', { name: 'Save draft' }).click();
  expect((await plain).postDataJSON().variables.input).not.toHaveProperty('platformSettings');
  await expect(page.getByRole('heading', { name: 'Posts', level: 1 })).toBeVisible();

  // By keyboard: three options on, then published at once.
  await page.goto('/compose');
  await page.getByRole('checkbox', { name: 'Acme News (telegram)' }).check();
  await page.getByRole('textbox', { name: 'Post text' }).fill(text);
  await telegram.getByRole('checkbox', { name: 'No link preview' }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(telegram.getByRole('checkbox', { name: 'Send silently' })).toBeFocused();
  await page.keyboard.press('Space');
  await telegram.getByRole('checkbox', { name: 'Protect content' }).check();
  const sent = nextCreatePost(page);
  await page.getByRole('button', { name: 'Publish now' }).click();
  expect((await sent).postDataJSON().variables.input.platformSettings).toEqual({
    telegram: { disableWebPagePreview: true, disableNotification: true, protectContent: true },
  });
  await expect(page.getByRole('heading', { name: 'Posts', level: 1 })).toBeVisible();

  type Message = { method: string; text?: string; options?: Record<string, unknown> };
  await expect
    .poll(async () => (await received<Message>(page, 'telegram/messages')).find((m) => m.text === text), { timeout: 15_000 })
    .toMatchObject({
      method: 'sendMessage',
      options: { link_preview_options: { is_disabled: true }, disable_notification: true, protect_content: true },
    });
  const [message] = (await received<Message>(page, 'telegram/messages')).filter((m) => m.text === text);
  expect(Object.keys(message.options!).sort()).toEqual(['disable_notification', 'link_preview_options', 'protect_content']);
  expect(errors).toEqual([]);
});

test('previews: an X thread split as publishing splits it (the parts the X fake receives), a text refused on Bluesky, no first comment on Telegram', async ({
  page,
}) => {
  test.slow();
  const errors = watchConsole(page);
  await signUp(page, uniqueEmail('compose-previews'));
  await setPlan(page, 'pro', 6);
  await seedConnection(page, 'twitter', 'acme_x', { accessToken: FAKE_ACCOUNTS.x.accessToken });
  await seedConnection(page, 'bluesky', 'acme.bsky.social');
  await connectTelegram(page);
  await page.goto('/compose');

  // No account chosen: no previews.
  await expect(page.getByRole('heading', { name: 'Previews' })).toBeHidden();
  await page.getByRole('checkbox', { name: 'acme_x (twitter)' }).check();
  await page.getByRole('checkbox', { name: 'acme.bsky.social (bluesky)' }).check();
  await page.getByRole('checkbox', { name: 'Acme News (telegram)' }).check();
  const x = page.getByRole('region', { name: 'Preview for acme_x on Twitter/X' });
  const bluesky = page.getByRole('region', { name: 'Preview for acme.bsky.social on Bluesky' });
  const telegram = page.getByRole('region', { name: 'Preview for Acme News on Telegram' });
  await expect(x).toContainText('No text yet.');

  const stamp = Date.now().toString(36);
  const long = Array.from({ length: 9 }, (_, i) => `Part ${i + 1} of the ${stamp} spring release notes, with enough words to need a thread.`).join(' ');
  await page.getByRole('textbox', { name: 'Post text' }).fill(long);
  const expected = planThreadParts(PLATFORM_CONTENT_RULES.twitter, long);
  expect(expected.length).toBeGreaterThan(1);
  await expect(x.getByRole('list', { name: 'Posts of the reply chain on Twitter/X' }).getByRole('listitem')).toHaveText(expected);
  // Bluesky does not thread: its 300 characters refuse the text, in the service's words.
  await expect(bluesky.getByRole('note')).toContainText(`Content exceeds Bluesky's 300 character limit (currently ${[...long].length})`);
  await expect(telegram).toContainText(long);

  // A first comment: shown under each post that takes one; Telegram takes none, and saving is blocked.
  await page.getByRole('textbox', { name: 'First comment' }).fill('More at https://example.com');
  await expect(x).toContainText('First comment');
  await expect(x).toContainText('More at https://example.com');
  await expect(telegram).toContainText('Telegram takes no first comment.');
  await expect(page.getByRole('textbox', { name: 'First comment' })).toHaveAccessibleDescription(
    /A first comment is not supported on Telegram: remove the first comment or those accounts/,
  );
  await expect(page.getByRole('button', { name: 'Publish now' })).toBeDisabled();
  await expectAccessible(page, 'compose with previews');

  // An image: the first one shown in each preview.
  await page.getByLabel('Media files').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('listitem', { name: 'cover.png' }).getByText('Uploaded')).toBeVisible();
  await expect(x.getByRole('img', { name: 'First image of the post on Twitter/X: cover.png' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove cover.png' }).click();

  // Only X: published, and the X fake receives exactly the previewed parts, each a reply to the one before.
  await page.getByRole('textbox', { name: 'First comment' }).fill('');
  await page.getByRole('checkbox', { name: 'acme.bsky.social (bluesky)' }).uncheck();
  await page.getByRole('checkbox', { name: 'Acme News (telegram)' }).uncheck();
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByRole('heading', { name: 'Posts', level: 1 })).toBeVisible();
  type Tweet = { id: string; text: string; inReplyTo: string | null };
  const thread = async () => (await received<Tweet>(page, 'x/posts')).filter((t) => t.text.includes(stamp));
  await expect.poll(async () => (await thread()).map((t) => t.text), { timeout: 20_000 }).toEqual(expected);
  const tweets = await thread();
  expect(tweets.slice(1).map((t) => t.inReplyTo)).toEqual(tweets.slice(0, -1).map((t) => t.id));
  expect(errors).toEqual([]);
});

test('the journey: a text of its own for one account, a first comment and alt text on an image, published to Mastodon and Bluesky', async ({ page }) => {
  test.slow();
  const errors = watchConsole(page);
  await signUp(page, uniqueEmail('compose-rich'));
  await connectBlueskyAndMastodon(page);
  await page.goto('/compose');
  const stamp = Date.now().toString(36);
  const main = `Our bakery opens on Monday ${stamp}`;
  const own = `Bluesky friends: the bakery opens Monday, come early ${stamp}`;
  const comment = `Opening hours: https://example.com/hours ${stamp}`;
  const alt = 'A round sourdough loaf on a wooden board';

  await page.getByRole('checkbox', { name: 'Alice (mastodon)' }).check();
  await page.getByRole('checkbox', { name: /\(bluesky\)$/ }).check();
  await page.getByRole('textbox', { name: 'Post text' }).fill(main);

  // The override starts from the main text, with Bluesky's own counter; "Use the main text" closes it.
  const customize = page.getByRole('button', { name: /^Customize text for .* \(Bluesky\)$/ });
  await customize.click();
  const ownText = page.getByRole('textbox', { name: /^Text for .* \(Bluesky\)$/ });
  await expect(ownText).toBeFocused();
  await expect(ownText).toHaveValue(main);
  await expect(ownText).toHaveAccessibleDescription(`Bluesky: ${[...main].length} / 300`);
  await page.getByRole('button', { name: /^Use the main text for .* \(Bluesky\)$/ }).click();
  await expect(ownText).toBeHidden();
  await expect(customize).toBeFocused();
  await customize.click();
  await ownText.fill(own);
  await expect(ownText).toHaveAccessibleDescription(`Bluesky: ${[...own].length} / 300`);
  await expect(page.getByRole('button', { name: /^Customize text for Alice \(Mastodon\)$/ })).toBeVisible();

  // An image: the warning without alt text (it never blocks), then its alt text with the strictest limit (Mastodon's 1,500).
  await page.getByLabel('Media files').setInputFiles({ name: 'loaf.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('listitem', { name: 'loaf.png' }).getByText('Uploaded')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Describe your images' })).toContainText(
    '1 image has no alt text: screen-reader users will not know what it shows',
  );
  await expect(page.getByRole('button', { name: 'Publish now' })).toBeEnabled();
  const altInput = page.getByRole('textbox', { name: 'Alt text for loaf.png' });
  await expect(altInput).toHaveAccessibleDescription('0 / 1500 (Mastodon)');
  await altInput.fill(alt);
  await expect(altInput).toHaveAccessibleDescription(`${alt.length} / 1500 (Mastodon)`);
  await expect(page.getByRole('status').filter({ hasText: 'Describe your images' })).toBeHidden();
  await page.getByRole('textbox', { name: 'First comment' }).fill(comment);

  // Each preview: its own text, the image, the comment under it.
  const mastodonPreview = page.getByRole('region', { name: 'Preview for Alice on Mastodon' });
  const blueskyPreview = page.getByRole('region', { name: /^Preview for .* on Bluesky$/ });
  await expect(mastodonPreview).toContainText(main);
  await expect(blueskyPreview).toContainText(own);
  await expect(blueskyPreview).toContainText('Own text');
  for (const preview of [mastodonPreview, blueskyPreview]) {
    await expect(preview.getByRole('img')).toBeVisible();
    await expect(preview).toContainText(comment);
  }
  await expectAccessible(page, 'compose with an override, a first comment and alt text');

  const sent = nextCreatePost(page);
  await page.getByRole('button', { name: 'Publish now' }).click();
  const input = (await sent).postDataJSON().variables.input;
  expect(Object.values(input.contentOverrides)).toEqual([own]);
  expect(Object.keys(input.contentOverrides)[0]).toMatch(/^bluesky-/);
  expect(input.firstComment).toBe(comment);
  expect(input.mediaAltTexts).toEqual([{ mediaId: input.mediaIds[0], altText: alt }]);
  await expect(page.getByRole('heading', { name: 'Posts', level: 1 })).toBeVisible();

  // Mastodon: the main text, the image's description, and the comment as a reply to it.
  type Status = { id: string; text: string; inReplyToId: string | null; media: Array<{ description?: string | null }> };
  const statuses = async () => (await received<Status>(page, 'mastodon/posts')).filter((s) => s.text.includes(stamp));
  await expect.poll(async () => (await statuses()).length, { timeout: 20_000 }).toBe(2);
  const [post, reply] = await statuses();
  expect(post).toMatchObject({ text: main, inReplyToId: null });
  expect(post.media.map((m) => m.description)).toEqual([alt]);
  expect(reply).toMatchObject({ text: comment, inReplyToId: post.id });

  // Bluesky: its own text, the image's alt, and the comment as a reply to it.
  type Record = { uri: string; value: { text: string; embed?: { images?: Array<{ alt: string }> }; reply?: { parent: { uri: string } } } };
  const records = async () => (await received<Record>(page, 'bluesky/posts')).filter((r) => r.value.text.includes(stamp));
  await expect.poll(async () => (await records()).length, { timeout: 20_000 }).toBe(2);
  const [skeet, skeetReply] = await records();
  expect(skeet.value.text).toBe(own);
  expect(skeet.value.embed?.images?.map((i) => i.alt)).toEqual([alt]);
  expect(skeetReply.value).toMatchObject({ text: comment, reply: { parent: { uri: skeet.uri } } });

  // The post's detail: each account's first comment posted, with its link; Bluesky's own text.
  await page.getByRole('button', { name: `Open “${main}”` }).click();
  const outcomes = page.getByRole('dialog', { name: 'Post' }).getByRole('table', { name: 'Platforms of this post' });
  await expect(outcomes.getByRole('group', { name: /^First comment on mastodon-/ })).toContainText('First comment: posted');
  await expect(outcomes.getByRole('group', { name: /^First comment on bluesky-/ })).toContainText('First comment: posted');
  await expect(outcomes).toContainText(`Own text: ${own}`);
  await expectAccessible(page, 'post detail with first comments');
  expect(errors).toEqual([]);
});

test('a PDF for LinkedIn: its title beside the file, counted and previewed as publishing names it, sent as the linkedin documentTitle', async ({ page }) => {
  const errors = watchConsole(page);
  await signUp(page, uniqueEmail('compose-document'));
  await seedConnection(page, 'linkedin', 'acme_li');
  await page.goto('/compose');
  await page.getByRole('checkbox', { name: 'acme_li (linkedin)' }).check();
  await page.getByRole('textbox', { name: 'Post text' }).fill('Our quarter in ten slides');
  await page.getByLabel('Media files').setInputFiles({ name: 'q3-deck.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await expect(page.getByRole('listitem', { name: 'q3-deck.pdf' }).getByText('Uploaded')).toBeVisible();

  // Left empty, the title is the file name without its extension, as the adapter sends it.
  const title = page.getByRole('textbox', { name: 'LinkedIn title for q3-deck.pdf' });
  await expect(title).toHaveAccessibleDescription('0 / 400. Left empty, the title is the file name.');
  const preview = page.getByRole('region', { name: 'Preview for acme_li on LinkedIn' });
  await expect(preview).toContainText('Document: q3-deck');

  // Past LinkedIn's 400 characters: said in place, and saving is blocked.
  await title.fill('T'.repeat(401));
  await expect(title).toHaveAccessibleDescription(/At most 400 characters \(currently 401\)/);
  await expect(page.getByRole('button', { name: 'Save draft' })).toBeDisabled();
  await title.fill('Q3 results');
  await expect(preview).toContainText('Document: Q3 results');
  await expectAccessible(page, 'compose with a LinkedIn document');

  const sent = nextCreatePost(page);
  await page.getByRole('button', { name: 'Save draft' }).click();
  const input = (await sent).postDataJSON().variables.input;
  expect(input.platformSettings).toEqual({ linkedin: { documentTitle: 'Q3 results' } });
  expect(input.mediaIds).toHaveLength(1);
  await expect(page.getByRole('heading', { name: 'Posts', level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
});
