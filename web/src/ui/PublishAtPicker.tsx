import '@mantine/dates/styles.css';
import { DateTimePicker } from '@mantine/dates';
import dayjs from 'dayjs';
import { TIME_ZONE } from './format';

/** Names for the picker's controls (screen readers, and the browser tests, find them by these). */
const ARIA_LABELS = {
  nextMonth: 'Next month',
  previousMonth: 'Previous month',
  nextYear: 'Next year',
  previousYear: 'Previous year',
  nextDecade: 'Next decade',
  previousDecade: 'Previous decade',
  monthLevelControl: 'Choose the month',
  yearLevelControl: 'Choose the year',
};

/**
 * A date and time in the person's time zone (Mantine's DateTimePicker, dayjs): the picker works in
 * local wall-clock strings (`YYYY-MM-DD HH:mm:ss`), and this component speaks ISO instants, so the
 * service always gets an absolute time and the person always sees their own clock.
 */
export function PublishAtPicker({ value, onChange, maw }: { value: string | null; onChange: (iso: string | null) => void; maw?: number }) {
  return (
    <DateTimePicker
      label="Publish at (your time zone)"
      description={`Times are in ${TIME_ZONE}.`}
      placeholder="Choose a date and time"
      value={value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : null}
      onChange={(local) => onChange(local ? dayjs(local).toDate().toISOString() : null)}
      valueFormat="D MMM YYYY, HH:mm"
      minDate={dayjs().format('YYYY-MM-DD')}
      defaultTimeValue="10:00"
      clearable
      clearButtonProps={{ 'aria-label': 'Clear the date and time' }}
      ariaLabels={ARIA_LABELS}
      timePickerProps={{ hoursInputLabel: 'Hour', minutesInputLabel: 'Minute' }}
      submitButtonProps={{ 'aria-label': 'Use this date and time' }}
      maw={maw}
    />
  );
}
