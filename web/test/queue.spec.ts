import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible, expectFitsScreen, refuseOperationOnce, seedConnection, setPlan, signUp, uniqueEmail, watchConsole } from './helpers';

const ZONE = 'Europe/Berlin';

/**
 * The days `from` days ahead on the browser's clock: the service's weekday name, the calendar's
 * name for the day, and how the dashboard shows that day at 10:00 (format.ts's formatDateTime).
 */
async function dayAhead(page: Page, from: number) {
  return page.evaluate((days) => {
    const d = new Date();
    const at = new Date(d.getFullYear(), d.getMonth(), d.getDate() + days, 10, 0);
    return {
      weekday: at.toLocaleDateString('en-US', { weekday: 'long' }).toLowerCase(),
      label: at.toLocaleDateString('en-US', { weekday: 'long' }),
      dayName: at.toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long' }),
      shown: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(at),
      clock: at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' }),
      startsNextWeek: (() => {
        const monday = (x: Date) => new Date(x.getFullYear(), x.getMonth(), x.getDate() - ((x.getDay() + 6) % 7)).getTime();
        return monday(at) !== monday(d);
      })(),
    };
  }, from);
}

async function addSlot(page: Page, weekdayLabel: string, time: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Add slot' });
  await form.getByLabel('Weekday').selectOption({ label: weekdayLabel });
  await form.getByLabel('Time', { exact: true }).fill(time);
  await form.getByRole('button', { name: 'Add slot' }).click();
}

/** The queue's rows as [content, time] pairs, in order. */
async function queueRows(table: Locator): Promise<string[][]> {
  const rows = table.getByRole('row');
  const out: string[][] = [];
  const count = await rows.count();
  for (let i = 1; i < count; i++) {
    const cells = rows.nth(i);
    out.push([(await cells.getByRole('rowheader').innerText()).trim(), (await cells.getByRole('cell').nth(1).innerText()).trim()]);
  }
  return out;
}

async function queueThroughCompose(page: Page, account: string, content: string, slot: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Compose' }).click();
  await page.getByRole('checkbox', { name: account }).check();
  await page.getByRole('textbox', { name: 'Post text' }).fill(content);
  // The slot it will get, announced before adding.
  await expect(page.getByText(`Next free slot: ${slot}`)).toBeVisible();
  await page.getByRole('button', { name: 'Add to queue' }).click();
  // The notice of the one before may still be showing.
  await expect(page.getByRole('alert').filter({ hasText: `It goes out ${slot}.` })).toContainText('Added to the queue');
  await expect(page.getByRole('heading', { name: 'Posts', level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(content) })).toContainText('scheduled');
}

test.describe('in Berlin', () => {
  test.use({ timezoneId: ZONE });

  test('a weekly schedule, two posts added to the queue from Compose at its free slots, the schedule changed (the posts move), a post moved down', async ({
    page,
  }) => {
    test.slow(); // two composes, several saves and scans
    const errors = watchConsole(page);
    await signUp(page, uniqueEmail('queue'));
    // Starter schedules at most 7 days ahead, and the re-timed posts go a week further.
    await setPlan(page, 'pro');
    await seedConnection(page, 'bluesky', 'queue.bsky.social');
    await seedConnection(page, 'mastodon', 'queue_masto');
    const account = 'queue_masto (mastodon)';

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Queue' }).click();
    await expect(page.getByRole('heading', { name: 'Queue', level: 1 })).toBeVisible();
    await page.getByRole('combobox', { name: 'Account' }).selectOption({ label: account });
    // A schedule never set: no slots, the browser's time zone, nothing queued, nothing free.
    await expect(page.getByText('No slots yet')).toBeVisible();
    await expect(page.getByLabel('Time zone')).toHaveValue(ZONE);
    await expect(page.getByText('No posts in this queue yet')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Next free slots' })).toContainText('None yet');
    await expectAccessible(page, 'queue, no schedule');

    // Two slots, tomorrow's and the next day's weekday at 10:00: the first free ones are those days.
    const first = await dayAhead(page, 1);
    const second = await dayAhead(page, 2);
    await addSlot(page, first.label, '10:00');
    await addSlot(page, second.label, '10:00');
    // The same slot twice is refused before it reaches the service.
    await addSlot(page, second.label, '10:00');
    await expect(page.getByText(`${second.weekday} 10:00 is already a slot`)).toBeVisible();
    await expect(page.getByRole('button', { name: `Remove ${first.weekday} 10:00` })).toBeVisible();
    await expect(page.getByText('Unsaved changes')).toBeVisible();

    // The service's refusal, in its words.
    await page.getByLabel('Time zone').fill('Mars/Olympus');
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The schedule was not saved' })).toContainText(
      'timeZone must be an IANA time zone, such as Europe/Berlin',
    );
    await page.getByLabel('Time zone').fill(ZONE);
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Schedule saved' })).toBeVisible();
    await expect(page.getByText('Unsaved changes')).toBeHidden();
    await expect(page.getByRole('alert').filter({ hasText: 'The schedule was not saved' })).toBeHidden();

    const nextSlots = page.getByRole('list', { name: 'Next free slots' }).getByRole('listitem');
    await expect(nextSlots).toHaveCount(5);
    await expect(nextSlots.first()).toHaveText(first.shown);
    await expect(nextSlots.nth(1)).toHaveText(second.shown);
    // Weekly: the same two weekdays again, a week on each time.
    const free = (await nextSlots.allInnerTexts()).map((t) => t.trim());
    await expectAccessible(page, 'queue with a schedule');

    // The week calendar shows the free slots, muted, on their days.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Posts' }).click();
    await page.getByRole('radiogroup', { name: 'View' }).getByText('Week', { exact: true }).click();
    if (first.startsNextWeek) await page.getByRole('button', { name: 'Next week' }).click();
    await expect(page.getByRole('region', { name: first.dayName })).toContainText(`Free slot ${first.clock} · queue_masto`);
    await expectAccessible(page, 'posts week with free slots');

    // Two posts added to the queue take the first two free slots.
    await queueThroughCompose(page, account, 'First queued post', free[0]);
    await queueThroughCompose(page, account, 'Second queued post', free[1]);

    // In the week calendar, the queued post is marked as such.
    await page.getByRole('radiogroup', { name: 'View' }).getByText('Week', { exact: true }).click();
    if (first.startsNextWeek) await page.getByRole('button', { name: 'Next week' }).click();
    await expect(page.getByRole('region', { name: first.dayName }).getByRole('button', { name: /First queued post/ })).toContainText('Queue');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Queue' }).click();
    await page.getByRole('combobox', { name: 'Account' }).selectOption({ label: account });
    const queue = page.getByRole('table', { name: `Queue of ${account}` });
    await expect(queue.getByRole('rowheader')).toHaveText(['First queued post', 'Second queued post']);
    expect(await queueRows(queue)).toEqual([
      ['First queued post', free[0]],
      ['Second queued post', free[1]],
    ]);
    // Those two are taken: the next free slot is the week after's.
    await expect(nextSlots.first()).toHaveText(free[2]);
    await expect(page.getByRole('button', { name: 'Move "First queued post" up' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Move "Second queued post" down' })).toBeDisabled();
    await expectAccessible(page, 'queue with posts');

    // Without the first weekday, the posts move onto the second one's slots, in order: this week's and next week's.
    await page.getByRole('button', { name: `Remove ${first.weekday} 10:00` }).click();
    await expect(page.getByRole('button', { name: `Remove ${first.weekday} 10:00` })).toHaveCount(0);
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Schedule saved' }).first()).toBeVisible();
    await expect(queue.getByRole('row', { name: /First queued post/ })).toContainText(free[1]);
    expect(await queueRows(queue)).toEqual([
      ['First queued post', free[1]],
      ['Second queued post', free[3]],
    ]);

    // Move the first down: the two swap places, and their slots stay in order.
    await page.getByRole('button', { name: 'Move "First queued post" down' }).click();
    await expect(queue.getByRole('rowheader')).toHaveText(['Second queued post', 'First queued post']);
    expect(await queueRows(queue)).toEqual([
      ['Second queued post', free[1]],
      ['First queued post', free[3]],
    ]);
    // The moved post is now last: the focus is on its other button.
    await expect(page.getByRole('button', { name: 'Move "First queued post" up' })).toBeFocused();

    // Compacting a queue without gaps changes nothing.
    await page.getByRole('button', { name: 'Compact queue' }).click();
    await expect(queue.getByRole('rowheader')).toHaveText(['Second queued post', 'First queued post']);
    expect(await queueRows(queue)).toEqual([
      ['Second queued post', free[1]],
      ['First queued post', free[3]],
    ]);

    // Paused: the posts are held, and nothing is free.
    await page.getByRole('switch', { name: 'Paused' }).check();
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await expect(queue.getByRole('row', { name: /Second queued post/ })).toContainText('Held');
    await expect(queue.getByRole('row', { name: /First queued post/ })).toContainText('Held');
    await expect(page.getByRole('region', { name: 'Next free slots' })).toContainText('None while the schedule is paused.');
    // A held post keeps its place: the service says so.
    await page.getByRole('button', { name: 'Move "Second queued post" down' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The queue was not changed' })).toContainText(
      'A held post keeps its place until its schedule gives it a slot',
    );
    await expect(queue.getByRole('rowheader')).toHaveText(['Second queued post', 'First queued post']);
    await expectAccessible(page, 'queue paused, a move refused');
    // In Compose, these accounts share no free slot now: "Add to queue" is off and says where to set one.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Compose' }).click();
    await page.getByRole('checkbox', { name: account }).check();
    await page.getByRole('textbox', { name: 'Post text' }).fill('Nowhere to go');
    await expect(page.getByText('These accounts share no free queue slot; set one on the Queue page')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to queue' })).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Queue page' })).toHaveAttribute('href', '/queue');
    await expectAccessible(page, 'compose without a free queue slot');
    expect(errors).toEqual([]);
  });
});

test('the queue says when it cannot be loaded, and tries again', async ({ page }) => {
  const errors = watchConsole(page);
  await signUp(page, uniqueEmail('queue-error'));
  await seedConnection(page, 'mastodon', 'retry_masto');
  // The service answers the queue's query with an error once (a GraphQL error, which the browser does not log).
  await refuseOperationOnce(page, 'Queue');
  await page.goto('/queue');
  const failed = page.getByRole('alert').filter({ hasText: 'Could not load the queue' });
  await expect(failed).toContainText('Internal server error');
  // The rest of the page is there: the schedule and its free slots do not depend on it.
  await expect(page.getByRole('button', { name: 'Save schedule' })).toBeVisible();
  await expectAccessible(page, 'queue, failed');
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('No posts in this queue yet')).toBeVisible();
  await expect(failed).toHaveCount(0);
  expect(errors).toEqual([]);
});

test.describe('on a 375 px wide phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the queue page fits the screen, with a schedule and a queued post', async ({ page }) => {
    const errors = watchConsole(page);
    await signUp(page, uniqueEmail('queue-phone'));
    const platformId = await seedConnection(page, 'mastodon', 'phone_masto');
    const gql = async (query: string, variables: Record<string, unknown>) => {
      const body = await (await page.request.post('/graphql', { data: { query, variables } })).json();
      expect(body.errors).toBeUndefined();
    };
    const slots = ['monday', 'wednesday', 'friday'].flatMap((weekday) => [
      { weekday, time: '09:00' },
      { weekday, time: '17:30' },
    ]);
    await gql('mutation($id: String!, $input: QueueScheduleInput!) { setQueueSchedule(platformId: $id, input: $input) { configured } }', {
      id: platformId,
      input: { timeZone: 'UTC', slots },
    });
    await gql('mutation($input: AddToQueueInput!) { addToQueue(input: $input) { scheduledTime } }', {
      input: { content: 'A queued post with a long enough text to wrap on a phone', platforms: [platformId] },
    });
    await page.goto('/queue');
    await expect(page.getByRole('table', { name: 'Queue of phone_masto (mastodon)' })).toBeVisible();
    await expectFitsScreen(page);
    await expectAccessible(page, 'queue at 375 px');
    expect(errors).toEqual([]);
  });
});

const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

/** Presses Tab (or Shift+Tab) until `target` has the focus, at most `max` times. */
async function tabTo(page: Page, target: Locator, max = 40, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  for (let i = 0; i < max && !(await isFocused(target).catch(() => false)); i++) await page.keyboard.press(key);
  await expect(target).toBeFocused();
}

test.describe('by keyboard', () => {
  // A 24-hour clock in the browser's time field: its hours and minutes are typed as they read.
  test.use({ locale: 'en-GB', timezoneId: ZONE });

  test('the slot editor by keyboard alone: slots added with Enter and Space, removed with Enter (the focus moves on), paused with Space, saved with Enter', async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await signUp(page, uniqueEmail('queue-keyboard'));
    await seedConnection(page, 'mastodon', 'keys_masto');
    await page.goto('/queue');
    await expect(page.getByRole('heading', { name: 'Queue', level: 1 })).toBeVisible();

    // Tuesday (typed: a select picks the option its letters start), 11:30, added with Enter in the time.
    const weekday = page.getByLabel('Weekday');
    const time = page.getByLabel('Time', { exact: true });
    await tabTo(page, weekday);
    await page.keyboard.type('tu');
    await expect(weekday).toHaveValue('tuesday');
    await tabTo(page, time, 3);
    await page.keyboard.type('1130');
    await expect(time).toHaveValue('11:30');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Remove tuesday 11:30' })).toBeVisible();

    // Friday 08:15, added with Space on the button.
    await tabTo(page, weekday, 10, 'Shift+Tab');
    await page.keyboard.type('f');
    await expect(weekday).toHaveValue('friday');
    await tabTo(page, time, 3);
    await page.keyboard.type('0815');
    await expect(time).toHaveValue('08:15');
    await tabTo(page, page.getByRole('button', { name: 'Add slot' }), 4);
    await page.keyboard.press('Space');
    await expect(page.getByRole('button', { name: 'Remove friday 08:15' })).toBeVisible();

    // Removed with Enter: the focus goes to the next slot's button, then (none left) to the weekday.
    await tabTo(page, page.getByRole('button', { name: 'Remove tuesday 11:30' }), 20, 'Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Remove tuesday 11:30' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Remove friday 08:15' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('No slots yet')).toBeVisible();
    await expect(weekday).toBeFocused();

    // Friday 08:15 again; Paused with Space; saved with Enter on the button.
    await page.keyboard.type('f');
    await tabTo(page, time, 3);
    await page.keyboard.type('0815');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Remove friday 08:15' })).toBeVisible();
    const paused = page.getByRole('switch', { name: 'Paused' });
    await tabTo(page, paused, 10);
    await page.keyboard.press('Space');
    await expect(paused).toBeChecked();
    const save = page.getByRole('button', { name: 'Save schedule' });
    await tabTo(page, save, 5);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'Schedule saved' })).toContainText('paused');
    await expect(page.getByRole('region', { name: 'Next free slots' })).toContainText('None while the schedule is paused.');
    await expectAccessible(page, 'queue by keyboard');

    // What was saved is what the service has.
    const body = await (await page.request.post('/graphql', { data: { query: '{ connections { platformId } }' } })).json();
    const platformId = body.data.connections[0].platformId as string;
    const saved = await (
      await page.request.post('/graphql', {
        data: { query: 'query($id: String!) { queueSchedule(platformId: $id) { timeZone paused slots { weekday time } } }', variables: { id: platformId } },
      })
    ).json();
    expect(saved.data.queueSchedule).toEqual({ timeZone: ZONE, paused: true, slots: [{ weekday: 'friday', time: '08:15' }] });
    expect(errors).toEqual([]);
  });
});
