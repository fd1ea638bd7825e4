import { expect, test, type Page, type Request } from '@playwright/test';
import { expectAccessible, seedConnection, signUp, uniqueEmail, watchConsole } from './helpers';

/** The updatePost input the text edit sends with its next save. */
function nextTextEdit(page: Page): Promise<Request> {
  return page.waitForRequest((r) => r.url().endsWith('/graphql') && r.postDataJSON()?.operationName === 'EditPostTexts');
}

/** A draft to the accounts named as Compose's checkboxes name them ("<username> (<platform>)"), saved through Compose. */
async function draftInCompose(page: Page, accounts: string[], content: string): Promise<void> {
  await page.goto('/compose');
  for (const name of accounts) await page.getByRole('checkbox', { name }).check();
  await page.getByRole('textbox', { name: 'Post text' }).fill(content);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('heading', { name: 'Posts', level: 1 })).toBeVisible();
}

test('a draft’s texts edited in its detail: the post’s text, an account’s own text and a first comment, then the own text removed', async ({ page }) => {
  test.slow();
  const errors = watchConsole(page);
  await signUp(page, uniqueEmail('edit-post'));
  await seedConnection(page, 'mastodon', 'alice_m');
  const bluesky = await seedConnection(page, 'bluesky', 'acme.bsky.social');
  const stamp = Date.now().toString(36);
  const main = `Bakery opens Monday ${stamp}`;
  const edited = `Bakery opens Tuesday ${stamp}`;
  const own = `Bluesky: fresh bread on Tuesday ${stamp}`;
  const comment = `Hours: https://example.com/hours ${stamp}`;
  await draftInCompose(page, ['alice_m (mastodon)', 'acme.bsky.social (bluesky)'], main);

  await page.getByRole('button', { name: `Open “${main}”` }).click();
  const dialog = page.getByRole('dialog', { name: 'Post' });
  await dialog.getByRole('button', { name: 'Edit texts' }).click();
  const form = dialog.getByRole('form', { name: 'Edit texts' });

  // The saved texts, with Compose's counters: no account has its own text yet, no first comment.
  const text = form.getByRole('textbox', { name: 'Post text' });
  await expect(text).toBeFocused();
  await expect(text).toHaveValue(main);
  const counts = form.getByRole('list', { name: 'Length per platform' });
  await expect(counts).toContainText(`Bluesky: ${[...main].length} / 300`);
  await expect(counts).toContainText(`Mastodon: ${[...main].length} / 500`);
  await expect(form.getByRole('button', { name: 'Customize text for alice_m (Mastodon)' })).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'First comment' })).toHaveValue('');

  // An empty text blocks saving, with the reason at the field.
  await text.fill(' ');
  await expect(text).toHaveAccessibleDescription(/Write the post’s text/);
  await expect(form.getByRole('button', { name: 'Save texts' })).toBeDisabled();

  await text.fill(edited);
  await expect(counts).toContainText(`Bluesky: ${[...edited].length} / 300`);
  await form.getByRole('button', { name: 'Customize text for acme.bsky.social (Bluesky)' }).click();
  const ownText = form.getByRole('textbox', { name: 'Text for acme.bsky.social (Bluesky)' });
  await expect(ownText).toBeFocused();
  await expect(ownText).toHaveValue(edited);
  await ownText.fill(own);
  await expect(ownText).toHaveAccessibleDescription(`Bluesky: ${[...own].length} / 300`);
  await form.getByRole('textbox', { name: 'First comment' }).fill(comment);
  await expectAccessible(page, 'the text edit of a draft');

  // The three changed texts, the own text keyed by the account's compound id; the button busy
  // while the service answers (held back a moment here), then the detail again.
  await page.route('**/graphql', async (route) => {
    if (route.request().postDataJSON()?.operationName === 'EditPostTexts') await new Promise((done) => setTimeout(done, 700));
    await route.continue();
  });
  const sent = nextTextEdit(page);
  const save = form.getByRole('button', { name: 'Save texts' });
  await save.click();
  expect((await sent).postDataJSON().variables.input).toEqual({ content: edited, contentOverrides: { [bluesky]: own }, firstComment: comment });
  await expect(save).toHaveAttribute('data-loading', 'true');
  await page.unrouteAll({ behavior: 'wait' });
  await expect(page.getByText('The post’s texts were saved')).toBeVisible();
  await expect(form).toBeHidden();
  await expect(dialog.getByRole('button', { name: 'Edit texts' })).toBeFocused();
  await expect(dialog.getByText(edited, { exact: true })).toBeVisible();
  await expect(dialog.getByText(`First comment: ${comment}`)).toBeVisible();
  const outcomes = dialog.getByRole('table', { name: 'Platforms of this post' });
  await expect(outcomes.getByRole('row', { name: /^bluesky-/ })).toContainText(`Own text: ${own}`);
  await expect(outcomes.getByRole('row', { name: /^mastodon-/ })).not.toContainText('Own text');
  await expectAccessible(page, 'post detail after a text edit');

  // Opened again: the saved texts. The own text removed is the only change sent ({} clears the overrides).
  await dialog.getByRole('button', { name: 'Edit texts' }).click();
  await expect(form.getByRole('textbox', { name: 'Post text' })).toHaveValue(edited);
  await expect(ownText).toHaveValue(own);
  await expect(form.getByRole('textbox', { name: 'First comment' })).toHaveValue(comment);
  await form.getByRole('button', { name: 'Use the main text for acme.bsky.social (Bluesky)' }).click();
  await expect(form.getByRole('button', { name: 'Customize text for acme.bsky.social (Bluesky)' })).toBeFocused();
  const removal = nextTextEdit(page);
  await form.getByRole('button', { name: 'Save texts' }).click();
  expect((await removal).postDataJSON().variables.input).toEqual({ contentOverrides: {} });
  await expect(form).toBeHidden();
  await expect(outcomes).not.toContainText('Own text');
  await expect(dialog.getByText(`First comment: ${comment}`)).toBeVisible();

  // Cancel leaves everything as it was; the list shows the new text.
  await dialog.getByRole('button', { name: 'Edit texts' }).click();
  await form.getByRole('textbox', { name: 'Post text' }).fill('Not kept');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();
  await expect(dialog.getByText(edited, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByRole('button', { name: `Open “${edited}”` })).toBeVisible();
  expect(errors).toEqual([]);
});

test('refusals: a first comment with a Telegram account is blocked in the form; the service’s refusal is shown and nothing changes', async ({ page }) => {
  const errors = watchConsole(page);
  await signUp(page, uniqueEmail('edit-post-refused'));
  const mastodon = await seedConnection(page, 'mastodon', 'alice_m');
  await seedConnection(page, 'telegram', 'acme_news');
  const main = `Market day ${Date.now().toString(36)}`;
  await draftInCompose(page, ['alice_m (mastodon)', 'acme_news (telegram)'], main);

  await page.getByRole('button', { name: `Open “${main}”` }).click();
  const dialog = page.getByRole('dialog', { name: 'Post' });
  await dialog.getByRole('button', { name: 'Edit texts' }).click();
  const form = dialog.getByRole('form', { name: 'Edit texts' });

  // Telegram takes no first comment: said at the field, in the service's words, and saving is blocked.
  const comment = form.getByRole('textbox', { name: 'First comment' });
  await comment.fill('See you there');
  await expect(comment).toHaveAccessibleDescription(/A first comment is not supported on Telegram: remove the first comment or those accounts/);
  await expect(form.getByRole('button', { name: 'Save texts' })).toBeDisabled();
  await comment.fill('');
  await expect(form.getByRole('button', { name: 'Save texts' })).toBeEnabled();

  // Meanwhile the post loses its Telegram account elsewhere: the service refuses Telegram's own text.
  const posts = await (await page.request.post('/graphql', { data: { query: '{ posts { items { id content } } }' } })).json();
  const id = posts.data.posts.items.find((p: { content: string }) => p.content === main).id;
  const moved = await (
    await page.request.post('/graphql', {
      data: {
        query: 'mutation($id: ID!, $input: UpdatePostInput!) { updatePost(id: $id, input: $input) { id } }',
        variables: { id, input: { platforms: [mastodon] } },
      },
    })
  ).json();
  expect(moved.errors).toBeUndefined();
  await form.getByRole('button', { name: 'Customize text for acme_news (Telegram)' }).click();
  await form.getByRole('textbox', { name: 'Text for acme_news (Telegram)' }).fill('Only on Telegram');
  await form.getByRole('button', { name: 'Save texts' }).click();
  const refusal = form.getByRole('alert').filter({ hasText: 'The texts were not saved' });
  await expect(refusal).toContainText(/contentOverrides key "telegram-[^"]+" is not one of the chosen platforms/);
  await expect(form).toBeVisible();
  await expectAccessible(page, 'the text edit with the service’s refusal');

  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.getByText(main, { exact: true })).toBeVisible();
  await expect(dialog.getByRole('table', { name: 'Platforms of this post' })).not.toContainText('Own text');
  expect(errors).toEqual([]);
});
