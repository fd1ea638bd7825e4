const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A server timestamp in the person's own time zone and locale. */
export function formatDateTime(iso: string | null | undefined, none = 'Never'): string {
  return iso ? dateTime.format(new Date(iso)) : none;
}

/** The person's time zone: the browser's, which is what every time on the dashboard is shown in. */
export const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** At most `n` characters of `text`, ending in an ellipsis where it was cut. */
export const shorten = (text: string, n = 80) => (text.length > n ? `${text.slice(0, n - 1)}…` : text);
