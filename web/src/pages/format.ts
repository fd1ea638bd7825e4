const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A server timestamp in the person's own time zone and locale. */
export function formatDateTime(iso: string | null | undefined, none = 'Never'): string {
  return iso ? dateTime.format(new Date(iso)) : none;
}
