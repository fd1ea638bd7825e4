import { expect, type Locator, type Page } from '@playwright/test';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * Chooses `when` (its date, and its hours and minutes on the browser's clock) in the dashboard's
 * "Publish at" picker (Mantine's DateTimePicker) the way a person does: open it, step to the month,
 * click the day, type the time, confirm. `scope` is the page or the dialog the picker is in.
 */
export async function pickDateTime(page: Page, scope: Page | Locator, when: { year: number; month: number; day: number; hour: number; minute: number }) {
  await scope.getByRole('button', { name: 'Publish at (your time zone)' }).click();
  const picker = page.getByRole('dialog', { name: 'Publish at (your time zone)' });
  await expect(picker).toBeVisible();
  const dayName = `${when.day} ${MONTHS[when.month]} ${when.year}`;
  const day = picker.getByRole('button', { name: dayName, exact: true });
  for (let i = 0; i < 24 && !(await day.isVisible()); i++) await picker.getByRole('button', { name: 'Next month' }).click();
  await day.click();
  await picker.getByRole('spinbutton', { name: 'Hour' }).fill(String(when.hour).padStart(2, '0'));
  await picker.getByRole('spinbutton', { name: 'Minute' }).fill(String(when.minute).padStart(2, '0'));
  await picker.getByRole('button', { name: 'Use this date and time' }).click();
  await expect(picker).toBeHidden();
}

/** `days` from now at `hour`:00 on the browser's clock, as the picker and `new Date(y, m, d, h)` see it. */
export function localDay(days: number, hour = 10): { year: number; month: number; day: number; hour: number; minute: number; date: Date } {
  const d = new Date();
  d.setDate(d.getDate() + days);
  d.setHours(hour, 0, 0, 0);
  return { year: d.getFullYear(), month: d.getMonth(), day: d.getDate(), hour, minute: 0, date: d };
}
