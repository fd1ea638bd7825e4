const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** A schedule's slots: these local times on every day of the week. */
export const everyDay = (...times: string[]) => WEEKDAYS.flatMap((weekday) => times.map((time) => ({ weekday, time })));

/** An instant's local `HH:mm` in a zone. */
export const localTime = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

/** The weekday (monday … sunday) `days` from today in UTC. */
export const weekdayIn = (days: number) => WEEKDAYS[(new Date().getUTCDay() + 6 + days) % 7];
