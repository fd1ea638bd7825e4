import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, refuseOperationOnce, seedConnection, setPlan, signUp, uniqueEmail, watchConsole } from './helpers';
import { pickDateTime } from './pickers';

/** A 1×1 PNG (the service checks that the bytes are what the type says). */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
/** The start of a QuickTime movie (an ISO media `ftyp` box of brand `qt`): enough for the upload's type check. */
const MOV = Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from('ftypqt  \0\0\0\0qt  ', 'latin1'), Buffer.alloc(64)]).toString('base64');

type DropFile = { name: string; type: string; base64: string };

/**
 * Drags files onto the composer's drop zone the way a browser does: a DataTransfer built in the
 * page, `dragenter` (the zone says it is ready), then `drop`.
 */
async function dropFiles(page: Page, files: DropFile[]): Promise<void> {
  const zone = page.getByRole('group', { name: 'Drop zone for images and video' });
  const dataTransfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) dt.items.add(new File([Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
    return dt;
  }, files);
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await expect(zone).toContainText('Drop the files to upload them');
  await zone.dispatchEvent('drop', { dataTransfer });
}

const sentences = (n: number) => Array.from({ length: n }, (_, i) => `Sentence ${String(i + 1).padStart(3, '0')} of the spring release notes.`).join(' ');

test('counters for Bluesky, Threads, Telegram, Mastodon and X; the Threads reply chain; media dropped with progress, Telegram’s caption limit and per-platform refusals', async ({
  page,
}) => {
  test.slow(); // about 40 uploads, counters and scans: more than the default 45 s on a busy machine
  const errors = watchConsole(page);
  await signUp(page, uniqueEmail('compose'));
  await setPlan(page, 'pro', 6);
  for (const [platform, name] of [
    ['twitter', 'acme_x'],
    ['bluesky', 'acme.bsky.social'],
    ['threads', 'acme_threads'],
    ['telegram', 'acme_news'],
    ['mastodon', 'acme_masto'],
  ]) {
    await seedConnection(page, platform, name);
  }
  await page.goto('/compose');
  for (const name of ['acme_x (twitter)', 'acme.bsky.social (bluesky)', 'acme_threads (threads)', 'acme_news (telegram)', 'acme_masto (mastodon)']) {
    await page.getByRole('checkbox', { name }).check();
  }
  const text = page.getByRole('textbox', { name: 'Post text' });
  const counters = page.getByRole('list', { name: 'Length per platform' });

  // One family emoji: 1 grapheme (Bluesky), 5 code points (Threads, Telegram, Mastodon), weight 2 (X).
  await text.fill('Family 👨‍👩‍👧 time');
  await expect(counters.getByRole('listitem')).toHaveText([
    'Twitter/X: 14 / 280',
    'Bluesky: 13 / 300',
    'Threads: 17 / 500',
    'Telegram: 17 / 4096',
    'Mastodon: 17 / 500',
  ]);
  await expect(page.getByText('Mastodon is counted against 500 characters')).toBeVisible();

  // 14 sentences, 587 characters: Threads and X split it into a reply chain (the service's own
  // splitter); Bluesky and Mastodon refuse it.
  await text.fill(sentences(14));
  await expect(counters).toContainText('Threads: 587 / 500 — goes out as 2 posts (a reply chain)');
  await expect(counters).toContainText('Twitter/X: 587 / 280 — goes out as 3 posts (a reply chain)');
  await expect(counters).toContainText('Bluesky: 587 / 300 — too long');
  await expect(counters).toContainText('Mastodon: 587 / 500 — too long');
  await expect(counters).toContainText('Telegram: 587 / 4096');
  const chain = page.getByRole('region', { name: 'Threads reply chain' });
  await expect(chain.getByRole('listitem')).toHaveCount(2);
  await expect(chain.getByRole('listitem').first()).toContainText('Sentence 001');
  await expect(chain.getByRole('listitem').last()).toContainText('Sentence 014');
  await expect(page.getByRole('region', { name: 'Twitter/X reply chain' }).getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('alert').filter({ hasText: 'Too long for some platforms' })).toContainText('Shorten the text for Bluesky, Mastodon.');

  // Telegram: 4,096 for a text, 1,024 for a caption once media is attached.
  await text.fill(sentences(26));
  const telegram = counters.getByRole('listitem').filter({ hasText: 'Telegram' });
  await expect(telegram).toHaveText('Telegram: 1091 / 4096');

  // A QuickTime video dropped on the zone: uploaded with its progress bar; Bluesky takes only MP4.
  await dropFiles(page, [{ name: 'clip.mov', type: 'video/quicktime', base64: MOV }]);
  const clip = page.getByRole('listitem', { name: 'clip.mov' });
  await expect(clip.getByRole('progressbar', { name: 'Upload of clip.mov' })).toBeVisible();
  await expect(clip.getByText('Uploaded')).toBeVisible();
  await expect(clip.getByRole('progressbar', { name: 'Upload of clip.mov' })).toHaveAttribute('aria-valuenow', '100');
  const refusals = page.getByRole('alert').filter({ hasText: 'Media some platforms will refuse' });
  await expect(refusals).toContainText('Bluesky does not accept video/quicktime video (accepted: video/mp4)');
  await expect(telegram).toHaveText('Telegram: 1091 / 1024 (caption: media attached) — too long');
  await expectAccessible(page, 'compose with a video');

  // Five images instead: X takes four.
  await page.getByRole('button', { name: 'Remove clip.mov' }).click();
  await expect(refusals).toBeHidden();
  await expect(telegram).toHaveText('Telegram: 1091 / 4096');
  await dropFiles(
    page,
    Array.from({ length: 5 }, (_, i) => ({ name: `photo-${i + 1}.png`, type: 'image/png', base64: PNG })),
  );
  for (let i = 1; i <= 5; i++) await expect(page.getByRole('listitem', { name: `photo-${i}.png` }).getByText('Uploaded')).toBeVisible();
  await expect(refusals).toContainText('Twitter/X allows at most 4 images per post (got 5)');
  await expect(page.getByRole('listitem', { name: 'photo-1.png' }).getByRole('img', { name: 'Preview of photo-1.png' })).toBeVisible();
  await expectAccessible(page, 'compose with five images');

  // A file no platform takes is listed with the reason, not uploaded.
  await dropFiles(page, [{ name: 'notes.txt', type: 'text/plain', base64: Buffer.from('hi').toString('base64') }]);
  await expect(page.getByRole('listitem', { name: 'notes.txt' }).getByRole('alert')).toContainText('text/plain cannot be posted');
  expect(errors).toEqual([]);
});

test.describe('in another time zone', () => {
  test.use({ timezoneId: 'Asia/Kolkata' });

  test('the date-time picker schedules at the person’s own clock time', async ({ page }) => {
    const errors = watchConsole(page);
    await signUp(page, uniqueEmail('compose-zone'));
    await seedConnection(page, 'mastodon', 'zone_user');
    await page.goto('/compose');
    await page.getByRole('checkbox', { name: 'zone_user (mastodon)' }).check();
    await page.getByRole('textbox', { name: 'Post text' }).fill('Ten o’clock in Kolkata.');
    // Chromium's ICU still names it by its old name.
    await expect(page.getByText(/^Times are in Asia\/(Kolkata|Calcutta)\.$/)).toBeVisible();
    // Tomorrow in Kolkata (UTC+5:30), whatever the zone of the machine running the test.
    const day = await page.evaluate(() => {
      const d = new Date(Date.now() + 24 * 3600_000);
      return { year: d.getFullYear(), month: d.getMonth(), day: d.getDate(), hour: 10, minute: 0 };
    });
    await pickDateTime(page, page, day);
    await expectAccessible(page, 'compose with a time chosen');
    await page.getByRole('button', { name: 'Schedule' }).click();
    await expect(page.getByRole('heading', { name: 'Posts', level: 1 })).toBeVisible();
    await expect(page.getByRole('row', { name: /Ten o’clock in Kolkata/ })).toContainText('scheduled');

    const body = await (await page.request.post('/graphql', { data: { query: '{ posts { items { content scheduledTime } } }' } })).json();
    const stored = body.data.posts.items.find((p: { content: string }) => p.content.startsWith('Ten o’clock')).scheduledTime as string;
    // 10:00 in Kolkata is 04:30 UTC on the same day.
    expect(stored).toBe(new Date(Date.UTC(day.year, day.month, day.day, 4, 30)).toISOString());
    expect(errors).toEqual([]);
  });
});

test('the composer says when the accounts cannot be loaded, and tries again', async ({ page }) => {
  const errors = watchConsole(page);
  await signUp(page, uniqueEmail('compose-error'));
  await seedConnection(page, 'bluesky', 'retry.bsky.social');
  // The service answers the composer's query with an error once (a GraphQL error, which the browser does not log).
  await refuseOperationOnce(page, 'ComposeConnections');
  await page.goto('/compose');
  const failed = page.getByRole('alert').filter({ hasText: 'Could not load your accounts' });
  await expect(failed).toContainText('Internal server error');
  await expectAccessible(page, 'compose, accounts failed');
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('checkbox', { name: 'retry.bsky.social (bluesky)' })).toBeVisible();
  expect(errors).toEqual([]);
});
